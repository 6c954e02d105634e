import { type APIRequestContext, type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { daysAhead } from './booking-support.ts';
import { apiPost, DEMO_PASSWORD } from './support.ts';

/**
 * Helpers of the staff screens' e2e tests (failed bookings, retry, management list): staff
 * browser contexts logged in through the API, and bookings created through the real API so a
 * failed booking exists without driving the wizard.
 */

export const ADMIN = 'admin@heliline.test';
export const PRENOTAZIONI = 'prenotazioni@heliline.test';
export const PRENOTAFULL = 'prenotafull@heliline.test';
export const BUYER = 'user@heliline.test';

/** A new browser context logged in as a demo account, in Italian unless told otherwise. */
export async function staffContext(browser: Browser, email: string, lang: 'it' | 'en' = 'it'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await apiPost(page.request, '/api/auth/login', { email, password: DEMO_PASSWORD });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = (await res.json()) as { user: Record<string, unknown> };
  const { token: _token, ...stored } = user;
  await page.addInitScript(
    ([u, l]) => {
      window.localStorage.setItem('user', JSON.stringify(u));
      window.localStorage.setItem('lang', l as string);
    },
    [stored, lang] as const,
  );
  return { context, page };
}

interface Created {
  code: string;
  bankLink: string | null;
}

/**
 * A one-way Foggia → Tremiti booking stored through POST /api/bookings by whoever `request` is
 * logged in as: type 1 (a buyer on the bank's page, seats held), -1 (staff payment link) or 2 (cash at the desk, ticketed at once).
 * Days are spread (30 to 49 days ahead, where no other test books) so parallel tests do not run out of seats on one flight.
 */
export async function createBooking(request: APIRequestContext, type: 1 | -1 | 2 = 1): Promise<Created> {
  const departureDate = daysAhead(30 + Math.floor(Math.random() * 20));
  const search = await request.get('/api/flights', { params: { origin: 1348, destination: 1511, departureDate, women: 1 } });
  expect(search.status(), await search.text()).toBe(200);
  const { flights } = (await search.json()) as { flights: { flightId: number; bookable?: boolean; availableSeats: number }[] };
  const flight = flights.find((f) => f.bookable !== false && f.availableSeats > 0);
  expect(flight, `a bookable Foggia–Tremiti flight on ${departureDate}`).toBeTruthy();
  const me = (await (await request.get('/api/auth/user')).json()) as { user: { email: string; pax: { id: number; gender: 'M' | 'F' } } };
  const own = me.user.pax;
  const res = await apiPost(request, '/api/bookings', {
    type,
    form: {
      flightType: 'OW',
      originId: 1348,
      destinationId: 1511,
      departureDate,
      comebackDate: null,
      departureFlightId: flight!.flightId,
      comebackFlightId: null,
      men: own.gender === 'M' ? 1 : 0,
      women: own.gender === 'F' ? 1 : 0,
      children: 0,
      infants: 0,
      paxes: [{ id: own.id, category: 'a', birthDate: '14/03/1980', residence: 'Foggia', document_type: 1, document_num: 'CA12345BD' }],
      contacts: { email: me.user.email, telephone: '+39 0881 000000', email_payment_link: type === -1 ? 'cliente.retry@example.test' : undefined },
      conditions: true,
      coupon: null,
    },
    invoice: null,
    bookingChannel: 'WEB',
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { bookingCode: string; bank_link: string | null; status: string };
  expect(body.status).toBe('success');
  return { code: body.bookingCode, bankLink: body.bank_link };
}

/** A buyer's card booking left on the bank's page: a failed booking still holding seats (pending). */
export async function abandonedBuyerBooking(browser: Browser): Promise<string> {
  const { context, page } = await staffContext(browser, BUYER);
  const { code } = await createBooking(page.request, 1);
  await context.close();
  return code;
}

/** The table row of a booking on the failed-bookings screen. */
export const failedRow = (page: Page, code: string): Locator => page.getByTestId('failed-bookings-table').locator(`tr[data-code="${code}"]`);

/** How long a staff screen may take to subscribe: two slow handshakes (10 s each) and a backoff. */
export const LIVE_CONNECT_MS = 30_000;

/** Opens /bookings-failed and waits until the live channel is subscribed. */
export async function openFailedList(page: Page): Promise<void> {
  await page.goto('/bookings-failed');
  // Parallel workers load the server: a greeting may come late (the client allows 10 s) or the
  // first socket be given up and a second one opened after the backoff.
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', { timeout: LIVE_CONNECT_MS });
}
