import { type Page } from '@playwright/test';
import { T, codeFromStatusUrl, daysAhead, fillPassenger, fillStep1, next, payAtBank, pickFirstFlight } from './booking-support.ts';
import { waitForSmtpMail } from './smtp.ts';
import { AXE_VIEWPORTS, expect, expectAccessible, field, loginAs, test, uniqueEmail } from './support.ts';

/**
 * The staff side of the wizard (issue 9, spec booking-wizard §2, §4, §5) against the real server:
 * Admin's cash booking, Prenotazioni's payment link paid by the customer in a browser of their
 * own, blocked seats booked from step 0, a pet and an unaccompanied minor; axe on the staff
 * screens at 360 and 1280 px. Demo staff: Admin is Antonio De Santis (M), Prenotazioni is
 * Francesca Colella (F); each pre-fills passenger 1.
 */
const it = T.it;
const SHOTS = '/tmp/shots-staff-wizard';

/** axe at both widths and a screenshot at each for the reviewer's eyes. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  const original = page.viewportSize();
  for (const size of AXE_VIEWPORTS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Step 3 finished for passenger 1 (pre-filled) and the extra passengers given; contact e-mail set. */
async function finishStep3(page: Page, contactEmail: string, others: { position: number; lastname: string; firstname: string; birthDate: string }[] = []) {
  for (const p of others) await fillPassenger(page, it, p.position, { ...p, documentNum: `CA${String(p.position).padStart(5, '0')}ZZ` });
  await field(page, 'Email di contatto').fill(contactEmail);
  await page.getByLabel(it.conditions).check();
}

/** Step 4's locked payment: open its lock, press it. */
async function payLocked(page: Page, which: 'Pagamento in contanti' | 'Pagamento su conto operatore') {
  await page.getByRole('button', { name: `Sblocca: ${which}` }).click();
  await page.getByRole('button', { name: which, exact: true }).click();
}

/** The receipt after the 3-second countdown: the booking code shown there. */
async function receiptCode(page: Page): Promise<string> {
  await expect(page.getByTestId('receipt-countdown')).toContainText(/La ricevuta si apre tra \d secondi?/);
  await expect(page).toHaveURL(/\/booking-status\//, { timeout: 10_000 });
  const code = codeFromStatusUrl(page.url());
  await expect(page.getByTestId('booking-code')).toHaveText(code);
  return code;
}

test.describe.configure({ timeout: 180_000 });

test('Admin: cash booking behind its lock, no card Checkout, receipt after the countdown, tickets mailed', async ({ page }) => {
  await loginAs(page, 'admin@heliline.test');
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(8) });
  await next(page, it);
  await pickFirstFlight(page, 0);
  // Staff see the Info column and may block seats.
  await expect(page.getByTestId('flights-0').getByRole('columnheader', { name: 'Info' }).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByTestId('flights-0').getByRole('columnheader', { name: 'Aeromobile' }).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Blocca posti' })).toBeVisible();
  await checkScreen(page, 'staff-step2');
  await next(page, it);

  const contact = uniqueEmail('cash');
  await finishStep3(page, contact);
  // Admin sets no discounts (Prenotazioni and PrenotaFull only).
  await expect(page.getByLabel('Sconto sul biglietto')).toHaveCount(0);
  await checkScreen(page, 'staff-step3-admin');
  await next(page, it);

  await expect(page.getByRole('button', { name: it.checkout })).toHaveCount(0);
  const area = page.getByTestId('staff-payment-area');
  await expect(area.getByLabel('Email per invio link di pagamento')).toHaveValue(contact);
  await expect(area.getByRole('button', { name: 'Invia link di pagamento' })).toHaveCount(0);
  const cash = area.getByRole('button', { name: 'Pagamento in contanti', exact: true });
  const account = area.getByRole('button', { name: 'Pagamento su conto operatore', exact: true });
  const cashLock = area.getByRole('button', { name: 'Sblocca: Pagamento in contanti' });
  const accountLock = area.getByRole('button', { name: 'Sblocca: Pagamento su conto operatore' });
  await expect(cash).toBeDisabled();
  await expect(account).toBeDisabled();
  await expect(cashLock).toHaveAttribute('aria-pressed', 'false');
  // Unlocking one re-locks the other.
  await cashLock.click();
  await expect(cashLock).toHaveAttribute('aria-pressed', 'true');
  await expect(cash).toBeEnabled();
  await accountLock.click();
  await expect(accountLock).toHaveAttribute('aria-pressed', 'true');
  await expect(cashLock).toHaveAttribute('aria-pressed', 'false');
  await expect(cash).toBeDisabled();
  await expect(account).toBeEnabled();
  await checkScreen(page, 'staff-step4-admin');

  await payLocked(page, 'Pagamento in contanti');
  const code = await receiptCode(page);
  await expect(page.getByRole('link', { name: 'Torna alla gestione prenotazioni' })).toHaveAttribute('href', '/admin/gestione-prenotazioni');
  const mail = await waitForSmtpMail(contact, (m) => m.text.includes(code.slice(0, 6)));
  expect(mail.attachments.filter((a) => a.contentType === 'application/pdf' && a.pdf)).toHaveLength(1);
});

test('Prenotazioni: discount reset on step 3, payment link (state 42), paid by the customer in a browser of their own', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'prenotazioni@heliline.test');
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(9) });
  await next(page, it);
  await pickFirstFlight(page, 0);
  await next(page, it);

  // A 20 % discount on passenger 1: the ticket struck through with its percentage.
  const pax1 = page.getByTestId('pax-1');
  await field(pax1, 'Sconto sul biglietto').fill('20');
  await expect(page.getByRole('table', { name: 'Costi per passeggero' }).filter({ visible: true }).getByText('(−20%)')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Totale scontato' })).toBeVisible();
  // Leaving step 3 and coming back resets every discount (spec §4).
  await page.getByRole('button', { name: it.back }).click();
  await next(page, it);
  await expect(field(pax1, 'Sconto sul biglietto')).toHaveValue('0 %');
  await expect(page.getByText('(−20%)')).toHaveCount(0);
  await field(pax1, 'Sconto sul biglietto').fill('10');
  await pax1.getByLabel('Esente dalla tassa di sbarco').check();

  const customer = uniqueEmail('link');
  await finishStep3(page, customer);
  await checkScreen(page, 'staff-step3-prenotazioni');
  await next(page, it);

  const area = page.getByTestId('staff-payment-area');
  const linkEmail = area.getByLabel('Email per invio link di pagamento');
  await expect(linkEmail).toHaveValue(customer);
  // Prenotazioni has neither cash nor the operator account.
  await expect(area.getByRole('button', { name: /Pagamento in contanti|conto operatore/ })).toHaveCount(0);
  await linkEmail.fill('cliente@esempio');
  await area.getByRole('button', { name: 'Invia link di pagamento' }).click();
  await expect(linkEmail).toHaveAttribute('aria-invalid', 'true');
  await expect(area.getByText('Email per invio link non valida!')).toBeVisible();
  await linkEmail.fill(customer);
  await checkScreen(page, 'staff-step4-prenotazioni');
  await area.getByRole('button', { name: 'Invia link di pagamento' }).click();

  const state42 = page.getByTestId('state-42');
  await expect(state42.getByRole('heading', { name: 'Link di pagamento inviato' })).toBeVisible();
  await expect(state42.getByTestId('payment-link-email')).toHaveText(customer);
  const link = await state42.getByLabel('Link di pagamento').inputValue();
  expect(link).toMatch(/^https?:\/\//);
  const code = (await state42.getByTestId('booking-code').textContent())!.trim();
  const copyLink = state42.getByRole('button', { name: 'Copia il link' });
  await copyLink.click();
  await expect(state42.getByRole('status').filter({ hasText: 'Link copiato negli appunti' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The copied state under the pointer: axe reads its hover colours too.
  await copyLink.hover();
  await checkScreen(page, 'state-42');
  await waitForSmtpMail(customer, (m) => m.text.includes(link) || m.text.includes(code));

  // The customer: a third, fresh browser context without any login opens the link and pays.
  const theirs = await browser.newContext();
  try {
    const pay = await theirs.newPage();
    await pay.goto(link);
    await payAtBank(pay, 'approve');
    const tickets = await waitForSmtpMail(customer, (m) => m.text.includes(code.slice(0, 6)) && m.attachments.some((a) => a.pdf));
    expect(tickets.attachments.filter((a) => a.contentType === 'application/pdf' && a.pdf)).toHaveLength(1);
  } finally {
    await theirs.close();
  }
  // Staff see the tickets issued on the receipt.
  await page.goto(`/booking-status/${encodeURIComponent(Buffer.from(code).toString('base64'))}`);
  await expect(page.getByTestId('booking-code')).toHaveText(code);
  await expect(page.getByRole('row').filter({ hasText: 'Colella' }).getByText(/\d{7}/)).toBeVisible();
});

test('Admin blocks seats with a reason, then books them from step 0; a block is removed', async ({ page }) => {
  const reason = `Gruppo scuola ${Date.now().toString(36)}`;
  await loginAs(page, 'admin@heliline.test');
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(10), men: 1 });
  await next(page, it);
  await pickFirstFlight(page, 0);

  await page.getByRole('button', { name: 'Blocca posti' }).click();
  // Next is hidden while blocking.
  await expect(page.getByRole('button', { name: it.next, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Conferma blocco posti' }).click();
  const reasonField = field(page, 'Motivazione');
  await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('block-seats').getByText('Motivazione obbligatoria')).toBeVisible();
  // The pointer off the confirm button: its resting colours are the ones to read.
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await reasonField.fill(reason);
  await page.getByRole('button', { name: 'Conferma blocco posti' }).click();

  // Back on step 1 with the closeable confirmation.
  const confirmed = page.getByTestId('block-confirmed');
  await expect(confirmed).toContainText('Posti bloccati');
  const code = /([2-9A-HJ-NP-Z]{8})/.exec((await confirmed.textContent()) ?? '')![1]!;
  await expect(page.getByRole('heading', { name: 'Passaggio 1 di 5: Tratta' })).toBeAttached();
  await confirmed.getByRole('button', { name: 'Chiudi' }).click();
  await expect(confirmed).toHaveCount(0);

  // Step 0: the list with the reason.
  await page.goto('/admin/posti-bloccati');
  const row = page.getByTestId(`blocked-${code}`);
  await expect(row).toContainText(reason);
  await expect(row).toContainText('Foggia');
  await expect(row).toContainText('2');
  await checkScreen(page, 'step0');

  await row.getByRole('button', { name: `Continua la prenotazione ${code}` }).click();
  await expect(page.getByRole('heading', { name: 'Passaggio 3 di 5: Passeggeri' })).toBeAttached();
  await expect(page.getByTestId('pax-2')).toBeVisible();
  // The summary shows the blocked flight as the search lists it (code and time).
  await expect(page.getByRole('table', { name: 'Voli scelti' }).filter({ visible: true })).toContainText(/LID\d{3}.*\d{2}:\d{2}/);
  await finishStep3(page, uniqueEmail('blocked'), [{ position: 2, lastname: 'Rossi', firstname: 'Marco', birthDate: '02/05/1980' }]);
  await next(page, it);
  await payLocked(page, 'Pagamento in contanti');
  await receiptCode(page);

  // The block is used up: step 0 no longer lists it.
  await page.goto('/admin/posti-bloccati');
  await expect(page.getByTestId('blocked-seats')).toBeVisible();
  await expect(page.getByTestId(`blocked-${code}`)).toHaveCount(0);

  // Another block, removed from step 0 with the spec's notice.
  await page.getByRole('button', { name: 'Nuova prenotazione' }).click();
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(11) });
  await next(page, it);
  await pickFirstFlight(page, 0);
  await page.getByRole('button', { name: 'Blocca posti' }).click();
  await field(page, 'Motivazione').fill(`${reason} bis`);
  await page.getByRole('button', { name: 'Conferma blocco posti' }).click();
  const second = /([2-9A-HJ-NP-Z]{8})/.exec((await page.getByTestId('block-confirmed').textContent()) ?? '')![1]!;
  await page.getByRole('button', { name: it.back }).click();
  const secondRow = page.getByTestId(`blocked-${second}`);
  await secondRow.getByRole('button', { name: `Elimina la prenotazione ${second}` }).click();
  await expect(page.getByText(`Prenotazione ${second} eliminata!`)).toBeVisible();
  await expect(secondRow).toHaveCount(0);

  // The staff wizard's banner: the count of failed bookings, linking to their screen.
  const banner = page.getByTestId('failed-banner');
  await expect(banner).toContainText(/\d+ prenotazion[ei] con transazione non completata nelle ultime 24 ore/);
  await expect(banner.getByRole('link', { name: 'Vai alle prenotazioni non completate' })).toHaveAttribute('href', '/bookings-failed');
});

test('a pet (Admin, cash) and an unaccompanied minor (Prenotazioni, payment link)', async ({ page }) => {
  await loginAs(page, 'admin@heliline.test');
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(12) });
  // Right after the counters change the step re-renders: tick until the box holds.
  await expect(async () => {
    await page.getByLabel('Viaggia un animale').check({ timeout: 2_000 });
  }).toPass();
  await expect(page.getByText('Totale passeggeri: 1')).toBeVisible();
  await next(page, it);
  await pickFirstFlight(page, 0);
  await next(page, it);
  const pet = page.getByTestId('pet');
  // The pet asks only for its companion, passenger 1 by default.
  await expect(pet.getByRole('combobox', { name: "Passeggero che accompagna l'animale" })).toHaveValue(/Passeggero 1/);
  await expect(pet.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Costi per passeggero' }).filter({ visible: true }).getByRole('row').filter({ hasText: 'Animale' })).toContainText('CH');
  await finishStep3(page, uniqueEmail('pet'));
  await next(page, it);
  await payLocked(page, 'Pagamento in contanti');
  await receiptCode(page);
  await expect(page.getByRole('row').filter({ hasText: /Animale/ })).toHaveCount(1);

  // Unaccompanied minor: Prenotazioni takes their own passenger off and books a child alone.
  await page.context().clearCookies();
  await loginAs(page, 'prenotazioni@heliline.test');
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(12) });
  await page.getByRole('button', { name: it.removeWoman }).click();
  await page.getByRole('button', { name: it.addChild }).click();
  await next(page, it);
  await expect(page.getByText(/I minori non possono viaggiare senza un adulto/).first()).toBeVisible();
  await page.getByLabel('Prenotazione per minore non accompagnato').check();
  await next(page, it);
  await expect(page.getByText('Per un minore non accompagnato bisogna accettare la dichiarazione: il modulo firmato va consegnato al check-in').first()).toBeVisible();
  await page.getByLabel('Dichiaro che il modulo per minore non accompagnato sarà consegnato firmato al check-in').check();
  await next(page, it);
  await pickFirstFlight(page, 0);
  await next(page, it);
  const child = page.getByTestId('pax-1');
  await expect(child).toContainText('bambino');
  await child.getByLabel('Femmina').check();
  const guardian = uniqueEmail('minor');
  await finishStep3(page, guardian, [{ position: 1, lastname: 'Colella', firstname: 'Sara', birthDate: '15/06/2017' }]);
  await next(page, it);
  await page.getByRole('button', { name: 'Invia link di pagamento' }).click();
  await expect(page.getByTestId('state-42')).toContainText(guardian);
});

test('a cashier (PagamentoCash) keeps the card Checkout and gets only the cash button, locked', async ({ page }) => {
  await loginAs(page, 'cassa@heliline.test');
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(13) });
  await next(page, it);
  await pickFirstFlight(page, 0);
  // No seat blocking, no aircraft or Info column for this role.
  await expect(page.getByRole('button', { name: 'Blocca posti' })).toHaveCount(0);
  await expect(page.getByTestId('flights-0').getByRole('columnheader', { name: /^(Info|Aeromobile)$/ })).toHaveCount(0);
  await next(page, it);
  await page.getByLabel(it.conditions).check();
  await next(page, it);
  await expect(page.getByRole('button', { name: it.checkout })).toBeVisible();
  const area = page.getByTestId('staff-payment-area');
  await expect(area.getByRole('button', { name: 'Pagamento in contanti', exact: true })).toBeDisabled();
  await expect(area.getByRole('button', { name: /conto operatore|Invia link/ })).toHaveCount(0);
  await expect(area.getByLabel('Email per invio link di pagamento')).toHaveCount(0);
});
