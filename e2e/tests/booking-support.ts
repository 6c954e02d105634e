import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiPost, createVerifiedUser, DEMO_PASSWORD, expectAccessible, field } from './support.ts';

/**
 * Helpers of the booking e2e tests: dates far enough from the purchase cut-offs, the wizard's
 * steps driven like a user does (labels, buttons), the sandbox bank's choices, and the hold
 * sweeper the server exposes to tests.
 */

/** A Rome calendar date `days` from today as DD/MM/YYYY (cut-offs are 6–12 h: ≥ 2 days is safe). */
export function daysAhead(days: number): string {
  const rome = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${rome}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const iso = d.toISOString().slice(0, 10);
  const [y, m, dd] = iso.split('-');
  return `${dd}/${m}/${y}`;
}

export const T = {
  it: {
    next: 'Avanti',
    back: 'Indietro',
    roundTrip: 'Andata e ritorno',
    oneWay: 'Solo andata',
    origin: 'Da',
    destination: 'A',
    departureDate: 'Data di andata',
    comebackDate: 'Data di ritorno',
    addMan: 'Aggiungi: Adulti uomini',
    addChild: 'Aggiungi: Bambini',
    addInfant: 'Aggiungi: Neonati',
    removeWoman: 'Togli: Adulte donne',
    lastname: 'Cognome',
    firstname: 'Nome',
    birthDate: 'Data di nascita',
    documentType: 'Tipo di documento',
    documentNum: 'Numero del documento',
    conditions: 'Accetto le condizioni di trasporto',
    checkout: 'Procedi al pagamento',
    coupon: 'Codice coupon',
    applyCoupon: 'Applica',
  },
  en: {
    next: 'Next',
    back: 'Back',
    roundTrip: 'Round trip',
    oneWay: 'One way',
    origin: 'From',
    destination: 'To',
    departureDate: 'Departure date',
    comebackDate: 'Return date',
    addMan: 'Add: Adult men',
    addChild: 'Add: Children',
    addInfant: 'Add: Infants',
    removeWoman: 'Remove: Adult women',
    lastname: 'Last name',
    firstname: 'First name',
    birthDate: 'Date of birth',
    documentType: 'Document type',
    documentNum: 'Document number',
    conditions: 'I accept the conditions of carriage',
    checkout: 'Checkout',
    coupon: 'Coupon code',
    applyCoupon: 'Apply',
  },
} as const;
export type Texts = (typeof T)[keyof typeof T];

/** Step 1's place fields (native selects): pick the option by its text. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.selectOption({ label: option });
  await expect(select.locator('option:checked')).toHaveText(option);
}

/** A date field typed as dd/mm/yyyy (components/DateField). */
export async function typeDate(page: Page, label: string, date: string): Promise<void> {
  const input = field(page, label);
  await input.fill(date);
  await input.press('Escape');
  await expect(input).toHaveValue(date);
}

export interface RouteChoice {
  roundTrip: boolean;
  origin: string;
  destination: string;
  departureDate: string;
  comebackDate?: string;
  /** Extra adult men besides the account holder (a woman in the tests' accounts). */
  men?: number;
}

/** Step 1 filled in; stays on step 1. */
export async function fillStep1(page: Page, t: Texts, r: RouteChoice): Promise<void> {
  // The radio is drawn by its label's text (LabeledSegments), so the text is what a person
  // clicks. On a loaded CI machine a click landing while the step first renders has not held
  // (seen once in many runs): click again until the radio is checked.
  const kind = r.roundTrip ? t.roundTrip : t.oneWay;
  await expect(async () => {
    await page.getByText(kind, { exact: true }).click({ timeout: 2_000 });
    await expect(page.getByRole('radio', { name: kind, exact: true })).toBeChecked({ timeout: 1_000 });
  }).toPass();
  await choose(page, t.origin, r.origin);
  await choose(page, t.destination, r.destination);
  await typeDate(page, t.departureDate, r.departureDate);
  if (r.roundTrip && r.comebackDate) await typeDate(page, t.comebackDate, r.comebackDate);
  for (let i = 0; i < (r.men ?? 0); i++) await page.getByRole('button', { name: t.addMan }).click();
}

export async function next(page: Page, t: Texts): Promise<void> {
  await page.getByRole('button', { name: t.next, exact: true }).click();
}

/** Step 2: the first selectable flight of a leg (outbound = 0, return = 1), table or phone cards. */
export async function pickFirstFlight(page: Page, leg: 0 | 1): Promise<string> {
  // Returns the flight code, read from the radio's accessible name ("… LID101 …").
  const radio = page.getByTestId(`flights-${leg}`).getByRole('radio', { disabled: false }).filter({ visible: true }).first();
  await expect(radio).toBeVisible();
  const name = (await radio.getAttribute('aria-label')) ?? '';
  await radio.click();
  await expect(radio).toBeChecked();
  return /LID\w+/.exec(name)?.[0] ?? name;
}

export interface PaxData {
  lastname: string;
  firstname: string;
  birthDate: string;
  documentNum: string;
}

/** Step 3: one passenger block (by its position) filled in, document type "Carta d'identità"/first type. */
export async function fillPassenger(page: Page, t: Texts, position: number, p: PaxData): Promise<void> {
  const block = page.getByTestId(`pax-${position}`);
  await field(block, t.lastname).fill(p.lastname);
  await field(block, t.firstname).fill(p.firstname);
  await field(block, t.birthDate).pressSequentially(p.birthDate.replaceAll('/', ''));
  // The first option asks for a choice; the first type follows it.
  await block.getByRole('combobox', { name: t.documentType }).selectOption({ index: 1 });
  await field(block, t.documentNum).fill(p.documentNum);
}

/** On the sandbox bank's page: approve, decline with a code (51, 54 …) or leave it. */
export async function payAtBank(page: Page, choice: 'approve' | `decline-${string}`): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-bank\//);
  await page.locator(`input[name=choice][value="${choice}"]`).check();
  await page.locator('button.primary').click();
}

/** The booking code in a /booking-status/{base64} address. */
export function codeFromStatusUrl(url: string): string {
  const b64 = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return Buffer.from(b64, 'base64').toString('utf8');
}

/** Runs the server's hold sweeper now, first moving the booking's deadline to now (dev/e2e only). */
export async function expireAndSweep(request: APIRequestContext, code: string): Promise<number> {
  const res = await apiPost(request, '/api/dev/booking-sweep', { expireNow: code });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { expired: number }).expired;
}

/** Free seats of a flight as the search reports them (for the sweeper test). */
export async function seatsOf(request: APIRequestContext, q: Record<string, string | number>, flightCode: string): Promise<number> {
  const res = await request.get('/api/flights', { params: q });
  expect(res.status(), await res.text()).toBe(200);
  const { flights } = (await res.json()) as { flights: { flightCode: string; availableSeats: number }[] };
  const f = flights.find((x) => x.flightCode === flightCode);
  expect(f, `flight ${flightCode}`).toBeTruthy();
  return f!.availableSeats;
}

/** axe and a screenshot for the reviewer's eyes. */
export async function checkPage(page: Page, shot: string): Promise<void> {
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/shots-booking-web/${shot}.png`, fullPage: true });
}

/** A flight of the search by its code: id and free seats (the Foggia → Tremiti search of one person). */
export async function flightOf(request: APIRequestContext, date: string, flightCode: string): Promise<{ flightId: number; availableSeats: number }> {
  const res = await request.get('/api/flights', {
    params: { reverse: 0, origin: 1348, destination: 1511, departureDate: date, men: 0, women: 1, children: 0, infants: 0 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { flights } = (await res.json()) as { flights: { flightId: number; flightCode: string; availableSeats: number }[] };
  const f = flights.find((x) => x.flightCode === flightCode);
  expect(f, `flight ${flightCode} on ${date}`).toBeTruthy();
  return f!;
}

/**
 * Another buyer holds every free seat of a Foggia → Tremiti flight through the API (a card
 * booking left unpaid): their own passenger with its profile id and no names (spec §5 Other),
 * the others new. `request` must not share cookies with the page.
 */
export async function holdAllSeats(request: APIRequestContext, date: string, flightCode: string): Promise<void> {
  const { flightId, availableSeats } = await flightOf(request, date, flightCode);
  const { email } = await createVerifiedUser(request, 'seats');
  const login = await apiPost(request, '/api/auth/login', { email, password: DEMO_PASSWORD });
  expect(login.status(), await login.text()).toBe(200);
  const { user } = (await login.json()) as { user: { pax: { id: number } } };
  const pax = { category: 'a', birthDate: '14/03/1988', residence: 'Vieste', document_type: 1, document_num: 'CA12345BD' };
  const others = Array.from({ length: availableSeats - 1 }, (_, i) => ({ ...pax, id: -(i + 2), lastname: 'Bianchi', firstname: `Sorella ${i + 1}`, gender: 'F' }));
  const res = await apiPost(request, '/api/bookings', {
    type: 1,
    bookingChannel: 'WEB',
    form: {
      flightType: 'OW',
      originId: 1348,
      destinationId: 1511,
      departureDate: date,
      departureFlightId: flightId,
      men: 0,
      women: availableSeats,
      children: 0,
      infants: 0,
      paxes: [{ ...pax, id: user.pax.id }, ...others],
      contacts: { email, telephone: '+39 0884 700100', email_payment_link: email },
      conditions: true,
      coupon: { code: '', perc: 0 },
    },
    invoice: { requested: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await flightOf(request, date, flightCode)).availableSeats).toBe(0);
}

/** Moves a flight so it takes off `inMinutes` from now (dev/e2e only): its purchase cut-off passes. */
export async function moveDeparture(request: APIRequestContext, flightId: number, inMinutes: number): Promise<void> {
  const res = await apiPost(request, '/api/dev/flight-departure', { flightId, inMinutes });
  expect(res.status(), await res.text()).toBe(200);
}
