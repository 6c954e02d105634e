import { type Page } from '@playwright/test';
import { daysAhead } from './booking-support.ts';
import { buyRoundTrip, MT, searchBy, shots } from './my-tickets-support.ts';
import { expect, expectAccessible, test } from './support.ts';

/**
 * Edit mode against the real server (issue 10): moving one passenger of a round trip to a later
 * flight and paying the difference through the PayPal stand-in (a declined instrument first,
 * then a retry), and cancelling one passenger with a refund.
 */

interface Row {
  ticketNr: string;
  firstname: string;
  dw_flight: 'd' | 'c';
  flightCode: string;
  takeOffDate: string;
  cancelled: boolean;
}

async function rowsOf(page: Page, bookingCode: string, includeCancelled = false): Promise<Row[]> {
  const res = await page.request.get('/api/my-tickets', { params: { bookingCode: bookingCode.slice(0, 6), includeCancelled: includeCancelled ? 1 : 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { bookings: Row[] }).bookings;
}

async function openEditMode(page: Page, bookingCode: string, ticketNr: string): Promise<void> {
  await page.goto('/my-tickets');
  await searchBy(page, MT.bookingCode, bookingCode);
  await page.getByRole('button', { name: `Modifica il biglietto ${ticketNr}` }).click();
  // Focus starts on the edit view's heading (the list it replaced is gone).
  await expect(page.getByRole('heading', { name: `Modifica della prenotazione ${bookingCode.slice(0, 6)}` })).toBeFocused();
  await expect(page.getByTestId('slot-2')).toBeVisible();
  // This server takes PayPal: no notice that differences cannot be paid (my-tickets-paypal-off.spec.ts).
  await expect(page.getByTestId('paid-changes-unavailable')).toHaveCount(0);
}

async function searchAndPick(page: Page, slot: number, flightCode?: string): Promise<void> {
  const panel = page.getByTestId(`slot-${slot}`);
  await panel.getByRole('button', { name: 'Cerca volo' }).click();
  const radios = panel.getByRole('radio', { disabled: false });
  const radio = flightCode ? panel.getByRole('radio', { name: new RegExp(`Scegli il volo ${flightCode} `) }) : radios.first();
  await radio.check();
  await expect(radio).toBeChecked();
}

async function payAtPaypal(page: Page, choice: 'approve' | 'decline-instrument'): Promise<void> {
  await page.getByRole('button', { name: 'Paga con PayPal' }).click();
  await page.locator(`button[name=choice][value="${choice}"]`).click();
  await expect(page).toHaveURL(/\/my-tickets\?paypal=approved/);
}

test('move one passenger of a round trip to a later flight and pay the difference (declined, then paid)', async ({ page }) => {
  test.setTimeout(240_000);
  const mine = await buyRoundTrip(page, 'mt-move', 16);
  const rows = await rowsOf(page, mine.bookingCode);
  const theirReturn = rows.find((r) => r.firstname === mine.companion && r.dw_flight === 'c')!;
  const myReturn = rows.find((r) => r.firstname !== mine.companion && r.dw_flight === 'c')!;
  await openEditMode(page, mine.bookingCode, theirReturn.ticketNr);
  await expectAccessible(page);
  await shots(page, 'edit-mode');

  // Nothing changed yet: the spec's message.
  await page.getByRole('button', { name: 'Calcola importo' }).click();
  await expect(page.getByText('Voli non selezionati')).toBeVisible();

  await page.getByRole('button', { name: 'Aggiungi volo' }).click();
  await expect(page.getByRole('button', { name: 'Aggiungi volo' })).toBeEnabled();
  const slot3 = page.getByTestId('slot-3');
  // An empty slot must be removed (or filled) before continuing.
  await page.getByRole('button', { name: 'Calcola importo' }).click();
  await expect(page.getByText('Completare la selezione di tutti i voli richiesti (o rimuovere i vuoti)')).toBeVisible();
  await expect(slot3.getByRole('button', { name: 'Cerca volo' })).toBeDisabled();

  await page.getByTestId(`edit-ticket-${theirReturn.ticketNr}`).getByRole('combobox').selectOption('3');
  await slot3.getByLabel('Partenza').selectOption('1511');
  await slot3.getByLabel('Destinazione').selectOption('1349');
  const later = daysAhead(19);
  await slot3.getByLabel('Nuova data del volo').fill(later);
  await slot3.getByLabel('Nuova data del volo').press('Escape');
  await searchAndPick(page, 3);
  // Slot 2 lost a passenger: its selection was reset; the holder keeps their own return flight.
  await expect(page.getByTestId('slot-2').getByRole('button', { name: 'Annulla selezione' })).toBeDisabled();
  await searchAndPick(page, 2, myReturn.flightCode);

  await page.getByRole('button', { name: 'Calcola importo' }).click();
  await expect(page.getByRole('heading', { name: 'Riepilogo delle modifiche' })).toBeVisible();
  await expect(page.getByTestId('final-after').locator('tr[data-state="new"]')).toHaveCount(1);
  await expect(page.getByTestId('final-before').locator('tr[data-state="moved"]')).toContainText('Spostato');
  await expect(page.getByTestId('final-summary')).toContainText('Biglietti modificati');
  await expectAccessible(page);
  await shots(page, 'final-step');

  await page.getByRole('button', { name: 'Paga', exact: true }).click();
  await expect(page.getByTestId('payment-view')).toBeVisible();
  await expect(page.getByTestId('payment-countdown')).toHaveText(/Tempo rimasto per pagare: (10:00|0\d:\d\d)/);
  await expect(page.getByText('Prenotazione in attesa di convalida')).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'payment-view');

  // Meanwhile the list marks the booking as pending (bookingsPending).
  const list = await page.context().newPage();
  await list.goto('/my-tickets');
  await searchBy(list, MT.bookingCode, mine.bookingCode);
  await expect(list.getByTestId('pending-marker').first()).toBeVisible();
  await list.close();

  // A declined instrument restarts the payment.
  await payAtPaypal(page, 'decline-instrument');
  await expect(page.getByTestId('payment-notice')).toContainText('Pagamento rifiutato');
  await payAtPaypal(page, 'approve');
  await expect(page.getByTestId('payment-view')).toContainText(/Modifica effettuata|Pagamento completato/, { timeout: 30_000 });

  // The companion now has a return ticket on the later day; the holder's return is unchanged.
  const after = await rowsOf(page, mine.bookingCode);
  expect(after.filter((r) => r.firstname === mine.companion && r.dw_flight === 'c').map((r) => r.takeOffDate)).toEqual([later]);
  expect(after.filter((r) => r.firstname !== mine.companion && r.dw_flight === 'c').map((r) => r.takeOffDate)).toEqual([myReturn.takeOffDate]);
});

test('cancel one passenger with a refund', async ({ page }) => {
  test.setTimeout(180_000);
  const mine = await buyRoundTrip(page, 'mt-cancel', 26);
  const rows = await rowsOf(page, mine.bookingCode);
  const theirOutbound = rows.find((r) => r.firstname === mine.companion && r.dw_flight === 'd')!;
  await openEditMode(page, mine.bookingCode, theirOutbound.ticketNr);
  await page
    .getByRole('checkbox', { name: `Cancella Bianchi ${mine.companion}` })
    .first()
    .check();
  const refund = page.getByTestId(`refund-${theirOutbound.ticketNr}`);
  await expect(refund).toBeVisible();
  // Ten days ahead: the customer's policy refunds everything paid.
  await expect(refund.getByTestId('refund-amount')).toHaveText(/^[1-9]\d*,\d\d €$/);
  await expect(refund.getByRole('textbox').first()).toHaveValue('100');
  await expectAccessible(page);
  await shots(page, 'refunds');

  await page.getByRole('button', { name: 'Calcola importo' }).click();
  await expect(page.getByTestId('final-before').locator('tr[data-state="cancelled"]')).toContainText('Cancellato');
  await page.getByRole('button', { name: /^(Conferma le modifiche|Paga)$/ }).click();
  await expect(page.getByText(/Modifica effettuata|Modifiche registrate/)).toBeVisible();

  // The booking as edit mode loads it: the ticket is cancelled with its refund.
  const res = await page.request.get(`/api/manage-bookings/${mine.bookingCode.slice(0, 6)}`);
  expect(res.status(), await res.text()).toBe(200);
  const { bookings } = (await res.json()) as { bookings: { ticketNr: string; cancelled: boolean; refund: number | null }[] };
  const gone = bookings.find((b) => b.ticketNr === theirOutbound.ticketNr)!;
  expect(gone.cancelled).toBe(true);
  expect(gone.refund).toBeGreaterThan(0);
  expect(bookings.filter((b) => !b.cancelled)).toHaveLength(3);
  // The list shows it only with 'include cancelled', marked as cancelled.
  await page.goto('/my-tickets');
  await searchBy(page, MT.bookingCode, mine.bookingCode);
  await expect(page.getByTestId('shown-counts')).toContainText('risultati trovati 3');
  await page.getByLabel(MT.includeCancelled).check();
  await page.getByRole('button', { name: MT.seeList }).click();
  await expect(page.getByTestId('shown-counts')).toContainText('risultati trovati 4');
  await expect(page.getByTestId(`ticket-${theirOutbound.ticketNr}`)).toContainText('Cancellato');
});
