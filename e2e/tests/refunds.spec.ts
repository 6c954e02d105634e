import { type APIRequestContext, type Page } from '@playwright/test';
import { daysAhead } from './booking-support.ts';
import { buyRoundTrip, MT, searchBy } from './my-tickets-support.ts';
import { createBooking, staffContext } from './staff-support.ts';
import { apiPost, expect, expectAccessible, expectOnPhoneScreen, test } from './support.ts';

/**
 * Refunds people can see (issue 51 items 4 and 7), against the real server: a card-paid ticket
 * cancelled in my tickets is refunded through the sandbox bank and shown as sent; a change paid
 * with PayPal, then cancelled, is refunded in part at the PayPal stand-in; a cash refund is
 * recorded by the cashier on /admin/refunds. The worker runs after the commit that creates a
 * refund and on every sweep, so the states are polled.
 */

const CASHIER = 'cassa@heliline.test';
/** The worker may wait for the next sweep (30 s by default). */
const WORKER_MS = 45_000;

interface Row {
  ticketNr: string;
  firstname: string;
  dw_flight: 'd' | 'c';
  cancelled: boolean;
}

interface LedgerRefund {
  id: string;
  bookingCode: string;
  amount: number;
  state: string;
  source: string;
}

async function rowsOf(request: APIRequestContext, code: string): Promise<Row[]> {
  const res = await request.get('/api/my-tickets', { params: { bookingCode: code.slice(0, 6) } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { bookings: Row[] }).bookings;
}

/** The refunds of a booking group as its owner reads them. */
async function refundsOf(request: APIRequestContext, group: string): Promise<LedgerRefund[]> {
  const res = await request.get('/api/my-tickets/refunds', { params: { groups: group } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { refunds: LedgerRefund[] }).refunds;
}

/** Cancels a ticket through the API as its owner (the change applies at once: nothing to pay). */
async function cancelThroughApi(request: APIRequestContext, code: string, ticketNr: string): Promise<void> {
  const res = await request.put(`/api/bookings/${code.slice(0, 6)}`, { data: { type: 1, cancellations: [{ ticketNr }] }, headers: await csrf(request) });
  expect(res.status(), await res.text()).toBe(200);
}

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/sanctum/csrf-cookie');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
}

test('a card-paid ticket cancelled in my tickets: the refund is sent to the sandbox bank and shown next to the booking', async ({ page }) => {
  test.setTimeout(240_000);
  const mine = await buyRoundTrip(page, 'rf-card', 28);
  const group = mine.bookingCode.slice(0, 6);
  const rows = await rowsOf(page.request, mine.bookingCode);
  const theirs = rows.find((r) => r.firstname === mine.companion && r.dw_flight === 'd')!;

  // Cancelled in edit mode, as a customer does it.
  await page.goto('/my-tickets');
  await searchBy(page, MT.bookingCode, mine.bookingCode);
  await page.getByRole('button', { name: `Modifica il biglietto ${theirs.ticketNr}` }).click();
  await page
    .getByRole('checkbox', { name: `Cancella Bianchi ${mine.companion}` })
    .first()
    .check();
  await page.getByRole('button', { name: 'Calcola importo' }).click();
  await page.getByRole('button', { name: /^(Conferma le modifiche|Paga)$/ }).click();
  await expect(page.getByText(/Modifica effettuata|Modifiche registrate/)).toBeVisible();

  await expect.poll(async () => (await refundsOf(page.request, group)).map((r) => `${r.source}:${r.state}`), { timeout: WORKER_MS }).toEqual(['sandbox:sent']);
  const [refund] = await refundsOf(page.request, group);
  expect(refund!.amount).toBeGreaterThan(0);

  // My tickets: the state next to the booking, in words.
  await page.goto('/my-tickets');
  await searchBy(page, MT.bookingCode, mine.bookingCode);
  const shown = page.getByTestId(`refunds-${group}`).first();
  await expect(shown).toContainText('inviato (sulla carta)');
  await expectAccessible(page);

  // The sandbox bank has the refund on its side: its status API and the order's page list it.
  const orderId = new URL(mine.bankLink, 'http://x').pathname.split('/').pop()!;
  const bank = await page.request.get(`/sandbox-bank/api/orders/${orderId}`);
  expect(bank.status(), await bank.text()).toBe(200);
  const { refunds } = (await bank.json()) as { refunds: { amountCents: number }[] };
  expect(refunds.map((r) => r.amountCents)).toEqual([Math.round(refund!.amount * 100)]);
  await page.goto(mine.bankLink);
  await expect(page.locator('table.refunds tbody tr')).toHaveCount(1);
});

test('a change paid with PayPal, then cancelled: a partial refund at the stand-in', async ({ page }) => {
  test.setTimeout(240_000);
  const mine = await buyRoundTrip(page, 'rf-paypal', 30);
  const group = mine.bookingCode.slice(0, 6);
  const rows = await rowsOf(page.request, mine.bookingCode);
  const theirs = rows.find((r) => r.firstname === mine.companion && r.dw_flight === 'c')!;

  // Move the companion's return to a later flight (Tremiti → Vieste) and pay the difference at the PayPal stand-in.
  const later = await laterReturn(page.request, daysAhead(33));
  const change = await page.request.put(`/api/bookings/${group}`, {
    data: { type: 1, travels: [{ origin: 1511, destination: 1349, flightId: later, paxes: [{ ticketNr: theirs.ticketNr }] }] },
    headers: await csrf(page.request),
  });
  expect(change.status(), await change.text()).toBe(200);
  const { bookingRequestUuid } = (await change.json()) as { bookingRequestUuid: string };
  const order = await apiPost(page.request, '/api/paypal/api/orders', { bookingRequestUuid });
  expect(order.status(), await order.text()).toBe(200);
  const { approveLink, id: orderId } = (await order.json()) as { approveLink: string; id: string };
  await page.goto(approveLink);
  await page.locator('button[name=choice][value="approve"]').click();
  await expect(page).toHaveURL(/\/my-tickets\?paypal=approved/);
  await expect(page.getByTestId('payment-view')).toContainText(/Modifica effettuata|Pagamento completato/, { timeout: 30_000 });

  // The new return ticket, cancelled by the booking office with a refund of 1 % of its fare (less than the
  // change's capture): the newest payment, the PayPal capture, pays it back first, in part.
  const moved = (await rowsOf(page.request, mine.bookingCode)).find((r) => r.firstname === mine.companion && r.dw_flight === 'c')!;
  const office = await staffContext(page.context().browser()!, 'admin@heliline.test');
  const cancel = await office.page.request.put(`/api/bookings/${group}`, {
    data: { type: 1, cancellations: [{ ticketNr: moved.ticketNr, refunded_perc: 1, refunded_fee: 0, refunded_tax: false, refunded_landingFee: false }] },
    headers: await csrf(office.page.request),
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await office.context.close();
  await expect
    .poll(async () => (await refundsOf(page.request, group)).filter((r) => r.source === 'paypal').map((r) => r.state), { timeout: WORKER_MS })
    // PayPal answers COMPLETED at once: the refund is confirmed, not only sent.
    .toEqual([expect.stringMatching(/^(sent|confirmed)$/)]);
  const paypalRefund = (await refundsOf(page.request, group)).find((r) => r.source === 'paypal')!;
  expect(orderId).toBeTruthy();

  // At the stand-in: a refund of exactly that amount, against the change's capture.
  const { context, page: admin } = await staffContext(page.context().browser()!, 'admin@heliline.test');
  const listed = await admin.request.get('/api/admin/refunds', { params: { code: group, source: 'paypal' } });
  const [row] = ((await listed.json()) as { refunds: { gatewayRefundId: string }[] }).refunds;
  await context.close();
  const token = await standInToken(page.request);
  const made = await page.request.get(`/paypal-standin/v2/payments/refunds/${row!.gatewayRefundId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(made.status(), await made.text()).toBe(200);
  const body = (await made.json()) as { status: string; amount: { value: string }; links: { rel: string; href: string }[] };
  expect(body).toMatchObject({ status: 'COMPLETED', amount: { value: paypalRefund.amount.toFixed(2) } });
  const capture = await page.request.get(new URL(body.links.find((l) => l.rel === 'up')!.href).pathname, { headers: { Authorization: `Bearer ${token}` } });
  const captured = (await capture.json()) as { status: string; amount: { value: string } };
  expect(paypalRefund.amount).toBeGreaterThan(0);
  expect(paypalRefund.amount).toBeLessThan(Number(captured.amount.value));
  expect(captured.status).toBe('PARTIALLY_REFUNDED');
});

/** An access token of the PayPal stand-in (its development client id and secret). */
async function standInToken(request: APIRequestContext): Promise<string> {
  const basic = Buffer.from('heliline-standin-client:development-only-paypal-secret-0123456789').toString('base64');
  const res = await request.post('/paypal-standin/v1/oauth2/token', { form: { grant_type: 'client_credentials' }, headers: { Authorization: `Basic ${basic}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A bookable Tremiti → Vieste flight on a day. */
async function laterReturn(request: APIRequestContext, date: string): Promise<number> {
  const res = await request.get('/api/flights', { params: { origin: 1511, destination: 1349, departureDate: date, men: 1 } });
  expect(res.status(), await res.text()).toBe(200);
  const { flights } = (await res.json()) as { flights: { flightId: number; bookable?: boolean; availableSeats: number }[] };
  const flight = flights.find((f) => f.bookable !== false && f.availableSeats > 0);
  expect(flight, `a Tremiti → Vieste flight on ${date}`).toBeTruthy();
  return flight!.flightId;
}

async function openRefunds(page: Page, query: string): Promise<void> {
  await page.goto(`/admin/refunds?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rimborsi' })).toBeVisible();
}

test('a cash refund recorded by the cashier on /admin/refunds', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await staffContext(browser, CASHIER);
  // A one-way cash booking the cashier takes at the desk (type 2), for her own passenger profile.
  const { code } = await createBooking(page.request, 2);
  const [ticket] = await rowsOf(page.request, code);
  await cancelThroughApi(page.request, code, ticket!.ticketNr);
  const group = code.slice(0, 6);
  const [refund] = await refundsOf(page.request, group);
  expect(refund).toMatchObject({ source: 'cash', state: 'pending' });

  await openRefunds(page, `source=cash&code=${group}`);
  const row = page.locator(`[data-refund="${refund!.id}"]`);
  await expect(row).toContainText('In attesa');
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Registra pagamento: rimborso di/ }).click();
  const how = row.getByRole('textbox', { name: /Come è stato pagato/ });
  await expect(how).toBeVisible();
  // Empty: told next to the field, nothing sent.
  await row.getByRole('button', { name: /^Registra €/ }).click();
  await expect(row.getByText('Indicare come è stato pagato il rimborso')).toBeVisible();
  await how.fill('contanti allo sportello');
  await how.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Rimborso registrato come pagato.' })).toBeVisible();
  await expect(row).toContainText('Confermato');
  await expect(row).toContainText(`Pagato da ${CASHIER}: contanti allo sportello`);
  await expectAccessible(page);
  expect((await refundsOf(page.request, group))[0]).toMatchObject({ state: 'confirmed' });
  await context.close();
});

test('the refund list on a phone: one card per refund, no sideways scroll @mobile', async ({ browser }) => {
  const { context, page } = await staffContext(browser, 'admin@heliline.test');
  await page.setViewportSize({ width: 360, height: 740 });
  await openRefunds(page, '');
  await expectOnPhoneScreen(page.getByRole('search'));
  const cards = page.getByTestId('refunds-cards');
  if (await cards.count()) await expectOnPhoneScreen(cards);
  await expectAccessible(page);
  await context.close();
});
