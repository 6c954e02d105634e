import { type APIRequestContext, type Browser } from '@playwright/test';
import { daysAhead, payAtBank } from './booking-support.ts';
import { storeCardBooking } from './payments-support.ts';
import { ADMIN, staffContext } from './staff-support.ts';
import { createVerifiedUser, expect, expectAccessible, expectOnPhoneScreen, linkIn, loginAs, test, waitForMail } from './support.ts';

/**
 * Issue 13 part B against the real server: staff cancel a flight with a reason; two passengers
 * follow their personal links from the cancellation e-mail — one moves to another flight, the
 * other takes the full refund; the staff answers view shows both. axe on each new screen.
 */

/** A Foggia → Tremiti flight far from the other tests' dates (30–49 days), with seats: its id, code and two later flights. */
async function pickFlight(request: APIRequestContext): Promise<{ date: string; flightId: number; flightCode: string }> {
  for (let days = 55; days < 75; days++) {
    const date = daysAhead(days + Math.floor(Math.random() * 3));
    const res = await request.get('/api/flights', { params: { origin: 1348, destination: 1511, departureDate: date, women: 1 } });
    const { flights } = (await res.json()) as { flights: { flightId: number; flightCode: string; bookable?: boolean; availableSeats: number }[] };
    const f = flights.find((x) => x.bookable !== false && x.availableSeats >= 2);
    if (f) return { date, flightId: f.flightId, flightCode: f.flightCode };
  }
  throw new Error('no Foggia–Tremiti flight with seats 55–75 days ahead');
}

/** A new verified buyer books one seat on the flight and pays at the sandbox bank: her e-mail. */
async function paidBooking(browser: Browser, flight: { date: string; flightId: number }): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email } = await createVerifiedUser(page.request, 'cancel');
  await loginAs(page, email);
  const { bankLink } = await storeCardBooking(page, flight.date, flight.flightId, email);
  await page.goto(bankLink);
  await payAtBank(page, 'approve');
  await expect(page).toHaveURL(/\/booking-status\//);
  await context.close();
  return email;
}

test('staff cancel a flight; one passenger moves, another takes the refund; the answers view shows both', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const flight = await pickFlight(page.request);
  const mover = await paidBooking(browser, flight);
  const refunded = await paidBooking(browser, flight);
  const isoDate = flight.date.split('/').reverse().join('-');

  // Staff: the cancel screen, the reason, the confirmation.
  const staff = await staffContext(browser, ADMIN);
  await staff.page.goto(`/admin/cancellations?date=${isoDate}`);
  await expect(staff.page.getByRole('heading', { level: 1, name: 'Cancellazione voli' })).toBeVisible();
  const cancelButton = staff.page.getByRole('button', { name: `Cancella il volo ${flight.flightCode}` });
  await expect(cancelButton).toBeVisible();
  await expectAccessible(staff.page);
  // On a phone each flight is a card with its cancel button on screen.
  const desk = staff.page.viewportSize()!;
  await staff.page.setViewportSize({ width: 360, height: 780 });
  await expectOnPhoneScreen(cancelButton);
  await staff.page.setViewportSize(desk);
  await cancelButton.click();
  await staff.page.getByLabel('Motivo (mostrato ai passeggeri)').fill('Vento forte sulle Tremiti');
  await staff.page.getByRole('button', { name: `Conferma la cancellazione di ${flight.flightCode}` }).click();
  await expect(staff.page.getByRole('status').filter({ hasText: `Volo ${flight.flightCode} cancellato` })).toBeVisible();
  await expectAccessible(staff.page);

  // The search no longer offers it.
  const search = await page.request.get('/api/flights', { params: { origin: 1348, destination: 1511, departureDate: flight.date, women: 1 } });
  expect(((await search.json()) as { flights: { flightId: number }[] }).flights.map((f) => f.flightId)).not.toContain(flight.flightId);

  // Passenger 1 (no login): the link from the e-mail, a move to the first flight offered.
  const moveMail = await waitForMail(page.request, mover, 'flight-cancelled');
  expect(moveMail.subject).toContain(flight.flightCode);
  const moveContext = await browser.newContext();
  const movePage = await moveContext.newPage();
  await movePage.goto(linkIn(moveMail, /\/flight-change\//));
  await expect(movePage.getByRole('heading', { level: 1, name: 'Volo cancellato: scegli cosa fare' })).toBeVisible();
  await expect(movePage.getByText('Vento forte sulle Tremiti', { exact: false })).toBeVisible();
  const move = movePage.getByRole('radio', { name: 'Spostami su un altro volo della stessa tratta' });
  await expect(move).toBeVisible();
  await expectAccessible(movePage);
  // The flights on offer come in one field once "move" is chosen, the earliest selected.
  await move.check();
  const offers = movePage.getByLabel('Volo', { exact: true });
  await expect(offers.locator('option').first()).toHaveText(/^LID\d{3} del \d\d\/\d\d\/\d{4}, \d\d:\d\d–\d\d:\d\d · \d+ posti liberi$/);
  await expect(offers).toHaveValue((await offers.locator('option').first().getAttribute('value')) ?? '');
  await expectAccessible(movePage);
  await movePage.getByRole('button', { name: 'Conferma la scelta' }).click();
  await expect(movePage.getByText('Scelta registrata')).toBeVisible();
  await expect(movePage.getByText(/spostamento sul volo LID\d{3}/)).toBeVisible();
  await expectAccessible(movePage);
  await moveContext.close();

  // Passenger 2: the refund.
  const refundMail = await waitForMail(page.request, refunded, 'flight-cancelled');
  const refundContext = await browser.newContext();
  const refundPage = await refundContext.newPage();
  await refundPage.goto(linkIn(refundMail, /\/flight-change\//));
  // Nothing chosen: the error sits with the choices. Amounts read the Italian way (48,16).
  await refundPage.getByRole('button', { name: 'Conferma la scelta' }).click();
  await expect(refundPage.getByRole('radiogroup')).toHaveAccessibleDescription(/Scegli una delle opzioni/);
  await refundPage.getByRole('radio', { name: /^Rimborso completo di € \d+,\d{2}$/ }).check();
  await refundPage.getByRole('button', { name: 'Conferma la scelta' }).click();
  await expect(refundPage.getByText(/rimborso completo di/)).toBeVisible();
  await waitForMail(page.request, refunded, 'ticket-refund');
  await refundContext.close();

  // Staff: the answers view shows who chose what.
  await staff.page
    .getByRole('link', { name: `Risposte del volo ${flight.flightCode}` })
    .first()
    .click();
  await expect(staff.page.getByRole('heading', { level: 1, name: new RegExp(`Risposte — volo ${flight.flightCode}`) })).toBeVisible();
  await expect(staff.page.getByText('Hanno risposto 2 prenotazioni su 2; in attesa: 0.')).toBeVisible();
  await expect(staff.page.getByText('spostamento', { exact: true })).toBeVisible();
  await expect(staff.page.getByText('rimborso', { exact: true })).toBeVisible();
  await expectAccessible(staff.page);
  await staff.context.close();
});
