import { type Page } from '@playwright/test';
import {
  T,
  type Texts,
  checkPage,
  codeFromStatusUrl,
  daysAhead,
  expireAndSweep,
  fillPassenger,
  fillStep1,
  flightOf,
  holdAllSeats,
  moveDeparture,
  next,
  payAtBank,
  pickFirstFlight,
  seatsOf,
  typeDate,
} from './booking-support.ts';
import { waitForSmtpMail } from './smtp.ts';
import { createVerifiedUser, expect, expectOnPhoneScreen, field, loginAs, test, waitForMail } from './support.ts';

/**
 * The buyer's booking journey against the real server: wizard → sandbox bank → receipt.
 * Accounts from createVerifiedUser are Giulia Bianchi (F, 14/03/1988) with an ID card; the
 * full purchase uses the seeded demo user. Flights are picked ≥ 3 days ahead (cut-offs).
 */
const it = T.it;

async function toStep3(page: Page, t: Texts, route: Parameters<typeof fillStep1>[2], shots?: string): Promise<string> {
  await fillStep1(page, t, route);
  if (shots) await checkPage(page, `${shots}-step1`);
  await next(page, t);
  const code = await pickFirstFlight(page, 0);
  if (route.roundTrip) await pickFirstFlight(page, 1);
  if (shots) await checkPage(page, `${shots}-step2`);
  await next(page, t);
  await expect(page.getByTestId('pax-1')).toBeVisible();
  return code;
}

async function acceptAndCheckout(page: Page, t: Texts, shots?: string) {
  await page.getByLabel(t.conditions).check();
  if (shots) await checkPage(page, `${shots}-step3`);
  await next(page, t);
  await expect(page.getByRole('button', { name: t.checkout })).toBeVisible();
  if (shots) await checkPage(page, `${shots}-step4`);
  await page.getByRole('button', { name: t.checkout }).click();
}

test('full purchase: round trip with a coupon, bank approves, the receipt lists the tickets and the mail arrives', async ({ page }) => {
  await loginAs(page, 'user@heliline.test');
  await page.goto('/booking');
  await toStep3(page, it, { roundTrip: true, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(4), comebackDate: daysAhead(6), men: 1 }, 'buy');

  // Passenger 1 is the account holder, pre-filled; passenger 2 is new.
  await expect(field(page.getByTestId('pax-1'), it.lastname)).toHaveValue('Lombardi');
  await fillPassenger(page, it, 2, { lastname: 'Rossi', firstname: 'Marco', birthDate: '02/05/1980', documentNum: 'CA11223AB' });
  await expect(page.getByTestId('grand-total')).toBeVisible();
  await page.getByLabel(it.conditions).check();
  await next(page, it);

  // Coupon: an unknown code fails, the demo code applies 10% and the input goes away.
  await field(page, it.coupon).fill('NOPE99');
  await page.getByRole('button', { name: it.applyCoupon }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Coupon non valido' }).first()).toBeVisible();
  await expect(field(page, it.coupon)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, it.coupon)).toHaveAccessibleDescription(/Coupon non valido/);
  await field(page, it.coupon).fill('HELI10');
  await page.getByRole('button', { name: it.applyCoupon }).click();
  await expect(page.getByTestId('grand-total-discounted')).toBeVisible();
  await expect(field(page, it.coupon)).toHaveCount(0);
  // The input is gone: focus is on the line saying the coupon applies, not on <body>.
  await expect(page.getByRole('status').filter({ hasText: 'HELI10' })).toBeFocused();
  await checkPage(page, 'buy-step4');

  await page.getByRole('button', { name: it.checkout }).click();
  await payAtBank(page, 'approve');

  await expect(page).toHaveURL(/\/booking-status\//);
  const code = codeFromStatusUrl(page.url());
  await expect(page.getByTestId('booking-code')).toHaveText(code);
  await expect(page.getByTestId('tickets-email')).toHaveText('user@heliline.test');
  await expect(page.getByRole('row')).toHaveCount(3); // header + 2 passengers
  // The account holder was sent by profile id without names: the server wrote the profile's.
  await expect(page.getByRole('row').filter({ hasText: 'Lombardi' })).toHaveCount(1);
  await expect(page.getByText('Il check-in apre 30 minuti prima')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vai ai miei biglietti' })).toHaveAttribute('href', '/my-tickets');
  await checkPage(page, 'buy-status');
  const mail = await waitForMail(page.request, 'user@heliline.test', 'booking-tickets');
  expect(mail.text).toContain(code.slice(0, 6));
  // Delivered for real: the SMTP server received it with one PDF ticket per passenger and leg.
  const delivered = await waitForSmtpMail('user@heliline.test', (m) => m.text.includes(code.slice(0, 6)));
  expect(delivered.attachments.filter((a) => a.contentType === 'application/pdf' && a.pdf)).toHaveLength(4);

  // A ticket sent to another address: a bad address is refused in place, a good one is sent.
  const row = page.getByRole('row').filter({ hasText: 'Marco Rossi' });
  await row.getByRole('textbox').fill('marco.rossi@');
  await row.getByRole('button').click();
  await expect(row.getByText('email non valida')).toBeVisible();
  await row.getByRole('textbox').fill('marco.rossi@example.test');
  await row.getByRole('button').click();
  await expect(row.getByText('biglietto inviato')).toBeVisible();
  await waitForMail(page.request, 'marco.rossi@example.test', 'ticket');
});

test("the browser's Back and Forward move between the wizard's steps, and a reload keeps the step and what was typed", async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'history');
  await loginAs(page, email);
  await page.goto('/fares');
  await page.goto('/booking');
  await toStep3(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(6), men: 1 });
  await expect(page).toHaveURL(/\/booking\?step=3$/);
  await field(page.getByTestId('pax-2'), it.lastname).fill('Neri');

  // Back: step 2 with the flight still chosen, not the page before the wizard; Forward: the passengers as they were.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking\?step=2$/);
  await expect(page.getByTestId('flights-0').getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: /^Passaggio 2 di 5/ })).toBeFocused();
  await page.goForward();
  await expect(page).toHaveURL(/\/booking\?step=3$/);
  await expect(field(page.getByTestId('pax-2'), it.lastname)).toHaveValue('Neri');

  // A reload (or a phone dropping the tab) comes back to the same step with the same data.
  await page.reload();
  await expect(page).toHaveURL(/\/booking\?step=3$/);
  await expect(field(page.getByTestId('pax-2'), it.lastname)).toHaveValue('Neri');
  await expect(field(page.getByTestId('pax-1'), it.lastname)).toHaveValue('Bianchi');

  // Back to step 1 clears the flights (spec §4), so Forward cannot skip choosing them again.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByLabel(it.departureDate)).not.toHaveValue('');
  await page.goForward();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('heading', { level: 2, name: /^Passaggio 1 di 5/ })).toBeAttached();

  // A fresh visit to /booking starts anew.
  await page.goto('/booking');
  await expect(page.getByLabel(it.departureDate)).toHaveValue('');
});

test('declined payment, in English: the receipt shows the bank message, its code and a way to book again', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'declined');
  await loginAs(page, email);
  const en = T.en;
  await page.goto('/booking?lang=en');
  await toStep3(page, en, { roundTrip: false, origin: 'Tremiti Islands', destination: 'Foggia', departureDate: daysAhead(5) });
  await acceptAndCheckout(page, en);
  await payAtBank(page, 'decline-51');

  await expect(page).toHaveURL(/\/booking-status\//);
  await expect(page.getByTestId('bank-message')).toHaveText('We apologize, bank response is: Insufficient funds. No ticket has been issued.');
  await expect(page.getByTestId('bank-code')).toHaveText('# 51');
  await expect(page.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking');
  await checkPage(page, 'declined-status-en');
});

test('abandoned payment: the hold shows its deadline, the sweeper releases the seats and the receipt says so', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'abandon');
  await loginAs(page, email);
  const date = daysAhead(7);
  const search = { reverse: 0, origin: 1348, destination: 1511, departureDate: date, men: 0, women: 1, children: 0, infants: 0 };
  await page.goto('/booking');
  const flightCode = await toStep3(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: date });
  const before = await seatsOf(page.request, search, flightCode);
  // The store answer carries the code; read it on its way to the page (which then leaves for the bank).
  let bookingCode = '';
  await page.route('**/api/bookings', async (route) => {
    const response = await route.fetch();
    bookingCode = ((await response.json()) as { bookingCode: string }).bookingCode;
    await route.fulfill({ response });
  });
  await acceptAndCheckout(page, it);
  await expect(page).toHaveURL(/\/sandbox-bank\//);
  expect(await seatsOf(page.request, search, flightCode)).toBe(before - 1);

  // The buyer leaves the bank page without choosing: the receipt waits, deadline visible.
  await page.goto(`/booking-status/${Buffer.from(bookingCode).toString('base64')}`);
  await expect(page.getByTestId('deadline')).toContainText(/: 0\d:\d\d/);
  await checkPage(page, 'abandon-pending');
  // The one-time extension adds 10 minutes and then is gone.
  await page.getByRole('button', { name: 'Mi serve più tempo (una volta)' }).click();
  await expect(page.getByTestId('deadline')).toContainText(/: 1\d:\d\d/);
  await expect(page.getByRole('button', { name: 'Mi serve più tempo (una volta)' })).toHaveCount(0);

  expect(await expireAndSweep(page.request, bookingCode)).toBeGreaterThanOrEqual(1);
  expect(await seatsOf(page.request, search, flightCode)).toBe(before);
  await expect(page.getByTestId('bank-message')).toContainText('Il tempo per il pagamento (10 minuti) è scaduto');
  await checkPage(page, 'abandon-expired');
});

test('step validation messages, in Italian and English, and axe on each step', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'rules');
  await loginAs(page, email);
  const en = T.en;
  await page.goto('/booking?lang=en');
  await next(page, en);
  await expect(page.getByRole('alert').filter({ hasText: 'origin or destination missing!' }).first()).toBeVisible();
  await checkPage(page, 'rules-step1-en');
  await fillStep1(page, en, { roundTrip: false, origin: 'Foggia', destination: 'Tremiti Islands', departureDate: daysAhead(3) });
  // The account holder's own passenger cannot be removed.
  await expect(page.getByRole('button', { name: en.removeWoman })).toBeDisabled();
  await page.getByRole('button', { name: en.addInfant }).click();
  await page.getByRole('button', { name: en.addInfant }).click();
  await next(page, en);
  await expect(page.getByRole('alert').filter({ hasText: 'Infants allowed at most: 1 (adults: 1)' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Remove: Infants' }).click();
  await page.getByRole('button', { name: 'Remove: Infants' }).click();

  // Step 2 in Italian: next without a flight.
  await page.goto('/booking?lang=it');
  // The return picker starts at the departure date; moving the departure later breaks the rule.
  await fillStep1(page, it, { roundTrip: true, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(3), comebackDate: daysAhead(4) });
  await typeDate(page, it.departureDate, daysAhead(5));
  await next(page, it);
  await expect(page.getByRole('alert').filter({ hasText: 'La data di ritorno non può precedere la data di partenza' }).first()).toBeVisible();
  // A return typed before the departure is kept (not silently emptied) and the same rule explains it.
  await typeDate(page, it.comebackDate, daysAhead(2));
  await next(page, it);
  await expect(page.getByRole('alert').filter({ hasText: 'La data di ritorno non può precedere la data di partenza' }).first()).toBeVisible();
  await typeDate(page, it.comebackDate, daysAhead(6));
  await next(page, it);
  await expect(page.locator('table').first()).toBeVisible();
  await next(page, it);
  await expect(page.getByRole('alert').filter({ hasText: 'Selezionare il volo di andata' }).first()).toBeVisible();
  await checkPage(page, 'rules-step2-it');
  await pickFirstFlight(page, 0);
  await pickFirstFlight(page, 1);
  await next(page, it);

  // Step 3: contacts cleared, conditions not accepted, no document.
  const block = page.getByTestId('pax-1');
  await field(block, it.documentNum).fill('');
  await field(page, 'Email di contatto').fill('not-an-email');
  await next(page, it);
  await expect(page.getByRole('alert').filter({ hasText: 'per tutti i passeggeri è obbligatorio un documento' }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'email di contatto non valida' }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'È necessario accettare le condizioni di trasporto' }).first()).toBeVisible();
  await checkPage(page, 'rules-step3-it');
  // The conditions open in a modal frame with the Italian document.
  await page.getByRole('button', { name: '(leggi le condizioni)' }).click();
  const frame = page.getByRole('dialog', { name: 'Condizioni di trasporto' }).locator('iframe');
  await expect(frame).toHaveAttribute('src', '/documents/it/conditions-of-carriage.pdf');
  // Phones that show no PDF inside a page: the same file, opened by a link.
  await expect(page.getByRole('dialog', { name: 'Condizioni di trasporto' }).getByRole('link', { name: 'Apri il PDF delle condizioni (nuova scheda)' })).toHaveAttribute(
    'href',
    '/documents/it/conditions-of-carriage.pdf',
  );
  const doc = await page.request.get('/documents/it/conditions-of-carriage.pdf');
  expect(doc.status()).toBe(200);
  expect(doc.headers()['content-type']).toContain('application/pdf');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await field(block, it.documentNum).fill('CA12345BD');
  await page.getByRole('button', { name: "Usa l'email del mio account" }).click();
  await page.getByLabel(it.conditions).check();
  await next(page, it);

  // Step 4: a company invoice without VAT number and business name.
  await page.getByLabel('Desidero la fattura').check();
  await page.getByText('Società', { exact: true }).click();
  await page.getByRole('button', { name: it.checkout }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Per la fattura a una società sono obbligatori partita IVA e ragione sociale' }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Indirizzo, città e CAP sono obbligatori' }).first()).toBeVisible();
  await checkPage(page, 'rules-step4-it');

  // The step bar goes back freely and never beyond the furthest step reached.
  await page.getByRole('button', { name: /Tratta/ }).click();
  await expect(page.getByRole('combobox', { name: it.origin, exact: true })).toBeVisible();
});

test('@mobile the wizard works at phone width', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'mobile');
  await loginAs(page, email);
  await page.goto('/booking');
  await toStep3(page, it, { roundTrip: false, origin: 'Isole Tremiti', destination: 'Foggia', departureDate: daysAhead(9) }, 'mobile');
  await page.getByLabel(it.conditions).check();
  await checkPage(page, 'mobile-step3');
  // The cost table scrolls sideways; the amount to pay is on screen under it.
  await expectOnPhoneScreen(page.getByTestId('grand-total-phone'), page.viewportSize()!.width);
  await expect(page.getByTestId('grand-total-phone')).toHaveText(/^Totale complessivo: \d+,\d\d\s€$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  expect(width, 'no horizontal page scroll at phone width').toBe(true);
  await next(page, it);
  await checkPage(page, 'mobile-step4');
  await page.getByRole('button', { name: it.checkout }).click();
  await payAtBank(page, 'approve');
  await expect(page.getByTestId('booking-code')).toBeVisible();
  await checkPage(page, 'mobile-status');
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  expect(fits, 'receipt without horizontal page scroll').toBe(true);
  // Each passenger is a card: the send-to field and its button on screen, not off to the right.
  await expectOnPhoneScreen(page.getByRole('button', { name: /^Invia il biglietto di / }).first(), page.viewportSize()!.width);
  await expectOnPhoneScreen(page.getByTestId('boarding-pass-qr').first(), page.viewportSize()!.width);
});

test('@mobile a trip date picked from the calendar at phone width: on screen, a tap picks, a tap outside closes', async ({ page }) => {
  await loginAs(page, 'user@heliline.test');
  await page.goto('/booking');
  const comeback = field(page, it.comebackDate);
  // The return date's calendar, in the right-hand field on wider screens, stays on the screen.
  await page.getByRole('button', { name: 'Apri il calendario', exact: true }).last().click();
  const calendar = page.getByRole('dialog', { name: `Calendario: ${it.comebackDate}` });
  await expect(calendar).toBeVisible();
  await expectOnPhoneScreen(calendar, page.viewportSize()!.width);
  await calendar.getByRole('button', { name: 'Mese successivo' }).click();
  const wanted = daysAhead(40);
  const [dd, mm, yyyy] = wanted.split('/');
  // Any day of the next month: the one 40 days ahead may be two months on; move until it shows.
  for (let i = 0; i < 2 && (await calendar.locator(`[data-day="${yyyy}-${mm}-${dd}"]`).count()) === 0; i++) {
    await calendar.getByRole('button', { name: 'Mese successivo' }).click();
  }
  await calendar.locator(`[data-day="${yyyy}-${mm}-${dd}"]`).click();
  await expect(calendar).toBeHidden();
  await expect(comeback).toHaveValue(wanted);
  // Opened again and left by a tap elsewhere: closed, value kept.
  await page.getByRole('button', { name: 'Apri il calendario', exact: true }).last().click();
  await expect(calendar).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(calendar).toBeHidden();
  await expect(comeback).toHaveValue(wanted);
});

test('session expired before checkout: state 401 with a login link in the language, no step bar', async ({ page, context }) => {
  const { email } = await createVerifiedUser(page.request, 'expired');
  await loginAs(page, email);
  await page.goto('/booking');
  await toStep3(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(8) });
  await page.getByLabel(it.conditions).check();
  await next(page, it);
  await context.clearCookies();
  await page.getByRole('button', { name: it.checkout }).click();
  await expect(page.getByRole('heading', { name: 'Sessione scaduta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accedi', exact: true })).toHaveAttribute('href', '/login?lang=it');
  await expect(page.getByRole('button', { name: /Tratta/ })).toHaveCount(0);
  await checkPage(page, 'expired-401');
});

test('staff (Prenotazioni): unaccompanied-minor booking needs the declaration; flights show the Info column', async ({ page }) => {
  await loginAs(page, 'prenotazioni@heliline.test');
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(11) });
  // Prenotazioni may remove their own passenger (spec §5): only a child travels.
  await page.getByRole('button', { name: it.removeWoman }).click();
  await page.getByRole('button', { name: it.addChild }).click();
  await next(page, it);
  await expect(page.getByRole('alert').filter({ hasText: 'I minori non possono viaggiare senza un adulto' }).first()).toBeVisible();
  await page.getByLabel('Prenotazione per minore non accompagnato').check();
  await next(page, it);
  await expect(page.getByRole('alert').filter({ hasText: 'Per un minore non accompagnato bisogna accettare la dichiarazione' }).first()).toBeVisible();
  await page.getByLabel(/Dichiaro che il modulo/).check();
  await next(page, it);
  await expect(page.getByTestId('flights-0').getByRole('columnheader', { name: 'Info' })).toBeVisible();
  // Under the pointer: axe passes a label drawn in its own background's colour, but not its hover.
  await page.getByRole('button', { name: 'Blocca posti' }).hover();
  await checkPage(page, 'staff-step2');
});

test('a flight with fewer free seats than the party says how many are left instead of "full"', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'party');
  await loginAs(page, email);
  const date = daysAhead(16);
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: date, men: 6 });
  await next(page, it);
  const first = page.getByTestId('flights-0').getByRole('row').nth(1);
  const seats = (await flightOf(page.request, date, (await first.getByRole('cell').nth(1).textContent())!.trim())).availableSeats;
  expect(seats).toBeGreaterThan(0);
  expect(seats).toBeLessThan(7);
  await expect(first).toContainText(`Solo ${seats} posti: meno dei passeggeri`);
  await expect(first.getByRole('radio')).toBeDisabled();
  await checkPage(page, 'party-too-big');
});

test('seats gone while on step 4: the server refuses (409), state 41 shows its message and the retry link', async ({ page, request }) => {
  const { email } = await createVerifiedUser(page.request, 'gone');
  await loginAs(page, email);
  const date = daysAhead(12);
  await page.goto('/booking');
  const flightCode = await toStep3(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: date });
  await page.getByLabel(it.conditions).check();
  await next(page, it);
  await expect(page.getByRole('button', { name: it.checkout })).toBeVisible();
  // Spec §9: split-payment bodies are sent to the call center.
  await expect(page.getByTestId('split-payment-notice')).toHaveText('Gli enti soggetti a split payment (scissione dei pagamenti) devono contattare il call center.');

  await holdAllSeats(request, date, flightCode);
  await page.getByRole('button', { name: it.checkout }).click();
  await expect(page.getByText('Non è stato possibile completare la prenotazione')).toBeVisible();
  await expect(page.getByText('I posti richiesti non sono più disponibili su questo volo: sceglierne un altro.')).toBeVisible();
  await checkPage(page, 'gone-41');
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByRole('button', { name: it.checkout })).toBeVisible();
});

test('cut-off passed while on step 4, in English: the server refuses (422), state 41 shows its English message', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'cutoff');
  await loginAs(page, email);
  const en = T.en;
  const date = daysAhead(13);
  await page.goto('/booking?lang=en');
  const flightCode = await toStep3(page, en, { roundTrip: false, origin: 'Foggia', destination: 'Tremiti Islands', departureDate: date });
  await page.getByLabel(en.conditions).check();
  await next(page, en);
  await expect(page.getByTestId('split-payment-notice')).toHaveText('Bodies subject to split payment must contact the call center.');

  // The flight now leaves in 5 hours: inside the 6-hour Foggia–Tremiti cut-off.
  const { flightId } = await flightOf(page.request, date, flightCode);
  await moveDeparture(page.request, flightId, 5 * 60);
  await page.getByRole('button', { name: en.checkout }).click();
  await expect(page.getByText('The booking could not be completed')).toBeVisible();
  await expect(page.getByText('Tickets cannot be bought within 6 hours before the flight')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await checkPage(page, 'cutoff-41-en');
});

test('coupon: three failures remove the input for good on this wizard; the server then refuses with its own text', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'coupons');
  await loginAs(page, email);
  const route = { roundTrip: false, origin: 'Isole Tremiti', destination: 'Foggia', departureDate: daysAhead(10) };
  await page.goto('/booking');
  await toStep3(page, it, route);
  await page.getByLabel(it.conditions).check();
  await next(page, it);
  for (const [i, code] of ['NOPE1', 'NOPE2', 'NOPE3'].entries()) {
    await field(page, it.coupon).fill(code);
    await page.getByRole('button', { name: it.applyCoupon }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Coupon non valido' }).first()).toBeVisible();
    if (i < 2) await expect(page.getByText(`Tentativi rimasti: ${2 - i}`)).toBeVisible();
  }
  await expect(field(page, it.coupon)).toHaveCount(0);
  // Leaving step 4 and coming back keeps the count.
  await page.getByRole('button', { name: it.back }).click();
  await expect(page.getByTestId('pax-1')).toBeVisible();
  await next(page, it);
  await expect(page.getByRole('button', { name: it.checkout })).toBeVisible();
  await expect(field(page, it.coupon)).toHaveCount(0);

  // A new wizard starts at 0, but the server counts per account: its refusal text is shown.
  await page.goto('/booking');
  await toStep3(page, it, route);
  await page.getByLabel(it.conditions).check();
  await next(page, it);
  await field(page, it.coupon).fill('NOPE4');
  await page.getByRole('button', { name: it.applyCoupon }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Numero massimo di tentativi raggiunto' }).first()).toBeVisible();
  await expect(page.getByText('Errore del server. Sconto non disponibile.')).toHaveCount(0);
  await expect(field(page, it.coupon)).toHaveCount(0);
});
