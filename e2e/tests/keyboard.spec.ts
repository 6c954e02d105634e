import { type Locator, type Page } from '@playwright/test';
import { codeFromStatusUrl, daysAhead } from './booking-support.ts';
import { apiPost, DEMO_PASSWORD, expect, expectAccessible, field, linkIn, loginAs, test, uniqueEmail, userSignup, waitForMail } from './support.ts';

/**
 * Keyboard alone (issue 14, items 3 and 6): every action below is a key press or typed text
 * through page.keyboard; locators only read where focus is and what the page says.
 */

/** Presses Tab (or Shift+Tab) until `target` has focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

async function isFocused(target: Locator): Promise<boolean> {
  // One query a press (not a count, then the first): the purchase walks press Tab a few hundred times.
  return target.evaluateAll((els) => els.length > 0 && els[0] === document.activeElement);
}

/** The focused element (for reading what a screen reader would land on). */
const focused = (page: Page) => page.locator('*:focus');

/** A native select reached by Tab and moved through with the arrow key until it shows the option. */
async function chooseByKeyboard(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await tabTo(page, box);
  const checked = box.locator('option:checked');
  for (let i = 0; i < 10 && (await checked.textContent()) !== option; i++) await page.keyboard.press('ArrowDown');
  await expect(checked).toHaveText(option);
}

/** A date field: focus it, type dd/mm/yyyy, close the picker. */
async function typeDateByKeyboard(page: Page, label: string, date: string): Promise<void> {
  const input = field(page, label);
  await tabTo(page, input);
  await page.keyboard.type(date);
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue(date);
}

async function pressNext(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: 'Avanti', exact: true }));
  await page.keyboard.press('Enter');
}

/** Login form → one-way Foggia → Tremiti wizard up to step 4 (the demo buyer alone). */
async function toPurchaseStep(page: Page, email: string, opts: { refuseFirst?: boolean } = {}): Promise<void> {
  await page.goto('/login?lang=it');
  await tabTo(page, field(page, 'Email'));
  await page.keyboard.type(email);
  await tabTo(page, field(page, 'Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/booking?lang=it');
  await expect(page.getByRole('combobox', { name: 'Da', exact: true })).toBeVisible();
  if (opts.refuseFirst) {
    // Next with nothing chosen: the error summary takes focus; its link moves focus to the field.
    await pressNext(page);
    const summary = page.getByTestId('error-summary');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("C'è un problema");
    await page.keyboard.press('Tab');
    await expect(focused(page)).toHaveText('origine o destinazione mancante!');
    await page.keyboard.press('Enter');
    const origin = page.getByRole('combobox', { name: 'Da', exact: true });
    await expect(origin).toBeFocused();
    await expect(origin).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await origin.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('-error'))}"]`)).toHaveText('origine o destinazione mancante!');
  }

  // Step 1: trip kind by arrows (round trip → one way), route, date.
  await tabTo(page, page.getByRole('radio', { name: 'Andata e ritorno' }), { back: opts.refuseFirst });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Solo andata' })).toBeChecked();
  await chooseByKeyboard(page, 'Da', 'Foggia');
  await chooseByKeyboard(page, 'A', 'Isole Tremiti');
  await typeDateByKeyboard(page, 'Data di andata', daysAhead(5));
  await pressNext(page);
  await expect(focused(page)).toHaveText('Passaggio 2 di 5: Voli');

  // Step 2: Tab into the outbound table's radios, Space picks the flight focus lands on.
  const radios = page.getByTestId('flights-0').getByRole('radio', { disabled: false });
  await expect(radios.first()).toBeVisible();
  await tabTo(page, radios.first());
  await page.keyboard.press('Space');
  await expect(radios.first()).toBeChecked();
  await pressNext(page);
  await expect(focused(page)).toHaveText('Passaggio 3 di 5: Passeggeri');

  // Step 3: the holder is pre-filled; accept the conditions with Space.
  const conditions = page.getByRole('checkbox', { name: 'Accetto le condizioni di trasporto' });
  await tabTo(page, conditions);
  await page.keyboard.press('Space');
  await expect(conditions).toBeChecked();
  await pressNext(page);
  await expect(focused(page)).toHaveText('Passaggio 4 di 5: Acquisto');
}

test('the whole purchase with the keyboard alone: login, wizard, sandbox bank, receipt', async ({ page }) => {
  // Hundreds of key presses, each a round trip and a query: on CI's two cores, shared by two
  // browsers and the server, this walk took up to 65 s of the default 60.
  test.slow();
  await toPurchaseStep(page, 'user@heliline.test', { refuseFirst: true });

  // Back and forth on the step bar: focus lands on the step's heading each time.
  await tabTo(page, page.getByRole('button', { name: 'Indietro', exact: true }));
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveText('Passaggio 3 di 5: Passeggeri');
  await tabTo(page, page.getByRole('button', { name: /Acquisto/ }).first(), { back: true });
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveText('Passaggio 4 di 5: Acquisto');

  await tabTo(page, page.getByRole('button', { name: 'Procedi al pagamento' }));
  await page.keyboard.press('Enter');

  // The sandbox bank: arrows move off and back onto 'approve' (the default), Enter confirms.
  await expect(page).toHaveURL(/\/sandbox-bank\//);
  const approve = page.locator('input[name=choice][value="approve"]');
  await tabTo(page, approve);
  await page.keyboard.press('ArrowDown');
  await expect(approve).not.toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(approve).toBeChecked();
  await tabTo(page, page.locator('button.primary'));
  await page.keyboard.press('Enter');

  // The receipt, and its back link reachable by Tab.
  await expect(page).toHaveURL(/\/booking-status\//);
  await expect(page.getByTestId('booking-code')).toHaveText(codeFromStatusUrl(page.url()));
  await tabTo(page, page.getByRole('link', { name: 'Vai ai miei biglietti' }));
});

test("a trip date from the calendar with the keyboard alone: today's month, past days unavailable, the pick typed into the field", async ({ page }) => {
  await loginAs(page, 'user@heliline.test');
  await page.goto('/booking?lang=it');
  const date = field(page, 'Data di andata');
  await tabTo(page, date);
  // The calendar button is the next tab stop after the field; its name says what it opens.
  await page.keyboard.press('Tab');
  // The departure date's button comes first (the return date's is named the same).
  const opener = page.getByRole('button', { name: 'Apri il calendario', exact: true }).first();
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAccessibleDescription(/Data di andata/);
  await page.keyboard.press('Enter');

  const calendar = page.getByRole('dialog', { name: 'Calendario: Data di andata' });
  await expect(calendar).toBeVisible();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  // Focus starts on today; yesterday is reachable but unavailable, and Enter there picks nothing.
  await expect(focused(page)).toHaveAccessibleName(/^Oggi, /);
  await expectAccessible(page);
  await page.keyboard.press('ArrowLeft');
  await expect(focused(page)).toHaveAccessibleName(/, non disponibile$/);
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await expect(date).toHaveValue('');

  // Down a week from yesterday, back a day and on two: seven days from today. Enter picks it, the
  // field shows it as dd/mm/yyyy, the calendar closes and focus goes back to its button.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(date).toHaveValue(daysAhead(7));
  await expect(opener).toBeFocused();

  // Reopened, it shows the picked day as selected; Escape closes it and leaves the value alone.
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAccessibleName(/, selezionato$/);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(date).toHaveValue(daysAhead(7));

  // A typed date below the first possible day is not taken: leaving the field puts the value back.
  await tabTo(page, date, { back: true });
  await page.keyboard.press('Control+A');
  await page.keyboard.type(daysAhead(-1));
  await page.keyboard.press('Tab');
  await expect(date).toHaveValue(daysAhead(7));
});

test('a staff flow with the keyboard alone: the Admin authorises an agency', async ({ page }) => {
  const email = uniqueEmail('kbd-agency');
  const company = `Keyboard Tour ${Date.now()}`;
  const res = await apiPost(
    page.request,
    '/api/auth/register',
    userSignup(email, { type: 'agency', lastname: company, firstname: 'IT01234567890', gender: null, birthdate: null, document_type: null, document_num: null }),
  );
  expect(res.status(), await res.text()).toBe(201);
  const verify = await page.request.get(linkIn(await waitForMail(page.request, email, 'verify-email'), /\/email\/verify\//), { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  await page.context().clearCookies();

  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await loginAs(page, 'admin@heliline.test');
  await page.goto('/admin/agencies');
  const authorise = page.getByRole('button', { name: `Authorise ${company}` });
  await expect(authorise).toBeVisible();
  await tabTo(page, authorise);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Authorise the agency?')).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Authorise', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Agency authorised').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: company })).toHaveCount(0);
  await waitForMail(page.request, email, 'agency-authorised');
});

test('what the live regions say during the purchase: step heading, error summary, payment countdown at 5 minutes', async ({ page }) => {
  // The same walk as the purchase above, with a wait for the countdown.
  test.slow();
  await page.clock.install();
  // A fresh buyer (Giulia Bianchi, pre-filled) keeps this test's hold apart from the others'.
  const email = uniqueEmail('kbd-live');
  const reg = await apiPost(page.request, '/api/auth/register', userSignup(email));
  expect(reg.status(), await reg.text()).toBe(201);
  const verify = await page.request.get(linkIn(await waitForMail(page.request, email, 'verify-email'), /\/email\/verify\//), { maxRedirects: 0 });
  expect(verify.status()).toBe(302);

  await toPurchaseStep(page, email);

  // A refused step 4 (an invoice without its data): the summary is an alert, focused, with the spec's texts.
  const invoice = page.getByRole('checkbox', { name: 'Desidero la fattura' });
  await tabTo(page, invoice);
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Procedi al pagamento' }));
  let bookingCode = '';
  await page.route('**/api/bookings', async (route) => {
    const response = await route.fetch();
    bookingCode = ((await response.json()) as { bookingCode: string }).bookingCode;
    await route.fulfill({ response });
  });
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert').filter({ hasText: "C'è un problema" });
  await expect(summary).toBeFocused();
  const links = summary.getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  const first = await links.first().textContent();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('aria-invalid', 'true');
  const describedBy = ((await focused(page).getAttribute('aria-describedby')) ?? '').split(' ');
  const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(messages.join(' ')).toContain(first!);

  // Without the invoice the purchase goes to the bank; the buyer comes back before paying.
  await tabTo(page, invoice, { back: true });
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Procedi al pagamento' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sandbox-bank\//);
  expect(bookingCode).not.toBe('');
  await page.goto(`/booking-status/${Buffer.from(bookingCode).toString('base64')}`);
  await expect(page.getByTestId('deadline')).toContainText(/: 0\d:\d\d/);
  const region = page.getByTestId('deadline-announcer');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText('');
  // A minute later: not a threshold, nothing said (the timer itself is not a live region).
  await page.clock.fastForward('01:00');
  await expect(page.getByTestId('deadline')).toContainText(/: 08:\d\d/);
  await expect(region).toHaveText('');
  await expect(page.getByTestId('deadline').locator('xpath=ancestor-or-self::*[@aria-live]')).toHaveCount(0);
  // Into the last 5 minutes: read out once, with how to get more time; the button is the next Tab stop.
  await page.clock.fastForward('04:00');
  await expect(page.getByTestId('deadline')).toContainText(/: 04:\d\d/);
  await expect(region).toContainText('Restano 5 minuti per pagare');
  await expect(region).toContainText('Mi serve più tempo (una volta)');
  const extend = page.getByRole('button', { name: 'Mi serve più tempo (una volta)' });
  await tabTo(page, extend);
  await page.keyboard.press('Enter');
  await expect(region).toContainText('Tempo per il pagamento esteso');
});
