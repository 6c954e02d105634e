import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { daysAhead, payAtBank } from './booking-support.ts';
import { apiPost, createVerifiedUser, loginAs } from './support.ts';

/**
 * Helpers of the my-tickets e2e tests: a fresh buyer who really bought tickets (a card booking
 * through the API, paid at the sandbox bank in the browser, as payments-support does), and the
 * screen's Italian texts.
 */

export const MT = {
  seeList: 'Vedi lista',
  clear: 'Pulisci filtri',
  noFilter: 'Inserire almeno un filtro di ricerca!',
  lastname: 'Cognome',
  firstname: 'Nome',
  bookingCode: 'Codice prenotazione',
  ticketNr: 'Numero biglietto',
  flightDate: 'Data del volo',
  includeCancelled: 'Includi cancellati',
} as const;

interface FlightRow {
  flightId: number;
  flightCode: string;
  takeOffTime: string;
  bookable?: boolean;
  availableSeats: number;
}

async function flights(request: APIRequestContext, params: Record<string, string | number>): Promise<FlightRow[]> {
  const res = await request.get('/api/flights', { params });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { flights: FlightRow[] }).flights.filter((f) => f.bookable !== false && f.availableSeats >= 2);
}

export interface Bought {
  email: string;
  bookingCode: string;
  departureDate: string;
  comebackDate: string;
  /** The companion's first name (the account holder is Giulia Bianchi). */
  companion: string;
  /** The sandbox bank's page of the payment (/sandbox-bank/pay/{orderId}…). */
  bankLink: string;
}

/**
 * Logs a fresh buyer in and buys a Foggia ⇄ Tremiti round trip for two (the account holder and
 * a companion), paid at the sandbox bank: four tickets. `days` ahead keeps clear of the cut-offs;
 * each test takes days of its own, so parallel tests never fill each other's flights.
 */
export async function buyRoundTrip(page: Page, prefix: string, days: number): Promise<Bought> {
  const { email } = await createVerifiedUser(page.request, prefix);
  await loginAs(page, email);
  const departureDate = daysAhead(days);
  const comebackDate = daysAhead(days + 1);
  const base = { origin: 1348, destination: 1511, departureDate, comebackDate, men: 1, women: 1 };
  const [out] = await flights(page.request, { ...base, reverse: 0 });
  const [back] = await flights(page.request, { ...base, reverse: 1 });
  expect(out && back, `Foggia ⇄ Tremiti flights on ${departureDate} / ${comebackDate}`).toBeTruthy();
  const me = (await (await page.request.get('/api/auth/user')).json()) as { user: { pax: { id: number } } };
  const companion = `Marco${Date.now() % 100000}`;
  const pax = { category: 'a', residence: 'Vieste', document_type: 1 };
  const res = await apiPost(page.request, '/api/bookings', {
    type: 1,
    bookingChannel: 'WEB',
    form: {
      flightType: 'DW',
      originId: 1348,
      destinationId: 1511,
      departureDate,
      comebackDate,
      departureFlightId: out!.flightId,
      comebackFlightId: back!.flightId,
      men: 1,
      women: 1,
      children: 0,
      infants: 0,
      paxes: [
        { ...pax, id: me.user.pax.id, gender: 'F', birthDate: '14/03/1988', document_num: 'CA12345BD' },
        { ...pax, id: -2, gender: 'M', lastname: 'Bianchi', firstname: companion, birthDate: '02/06/1985', document_num: 'CA54321XY' },
      ],
      contacts: { email, telephone: '+39 0884 700100' },
      conditions: true,
      coupon: null,
    },
    invoice: null,
  });
  expect(res.status(), await res.text()).toBe(200);
  const { bank_link: bankLink, bookingCode } = (await res.json()) as { bank_link: string; bookingCode: string };
  await page.goto(bankLink);
  await payAtBank(page, 'approve');
  await expect(page).toHaveURL(/\/booking-status\//);
  // The tickets exist once the bank's notification is processed.
  await expect
    .poll(async () => {
      const r = await page.request.get('/api/my-tickets', { params: { bookingCode: bookingCode.slice(0, 6) } });
      return r.ok() ? ((await r.json()) as { bookings: unknown[] }).bookings.length : -1;
    })
    .toBe(4);
  return { email, bookingCode, departureDate, comebackDate, companion, bankLink };
}

/** The list searched by one filter (a text field, or the date typed as DD/MM/YYYY). */
export async function searchBy(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('button', { name: MT.clear }).click();
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  if (label === MT.flightDate) await input.press('Escape');
  await page.getByRole('button', { name: MT.seeList }).click();
}

/** Ticket numbers shown in the list (table rows on a desktop). */
export async function listedTickets(page: Page): Promise<string[]> {
  const rows = page.locator('[data-testid^="ticket-"]:not([data-testid^="ticket-card-"])');
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('ticket-', '')));
  return ids.sort();
}

/** A full-page screenshot at phone and desktop width for the reviewer's eyes (after the axe check). */
export async function shots(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `/tmp/shots-my-tickets/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
