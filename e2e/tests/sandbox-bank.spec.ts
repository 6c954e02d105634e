import { expect, test } from '@playwright/test';
import { bankLinkFor } from './payments-support.ts';
import { expectAccessible } from './support.ts';

/**
 * The built-in sandbox bank's hosted page as a buyer sees it: both languages, accessible,
 * amount/merchant/description, no card fields; each choice reaches the merchant's signed
 * notify endpoint and brings the buyer back to /booking-status/{base64(code)}.
 */

/** /booking-status/{base64(code)}: either base64 alphabet, padding optional. */
const statusUrl = (code: string) => (url: URL) => {
  const m = url.pathname.match(/^\/booking-status\/([\w+/=-]+)$/);
  return Boolean(m) && Buffer.from(decodeURIComponent(m![1]!).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8') === code;
};

test('Italian page: merchant, amount, description, the outcomes, no card data; approve returns to the booking status', async ({ page }) => {
  const { bankLink, bookingCode } = await bankLinkFor(page, 'it');
  await page.goto(bankLink);
  await expect(page).toHaveTitle(/Pagamento sicuro – Banca Sandbox/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamento sicuro');
  await expect(page.getByText('Heliline', { exact: true })).toBeVisible();
  await expect(page.locator('.amount')).toHaveText(/\d+,\d\d\s€/);
  await expect(page.getByRole('group', { name: 'Esito da simulare' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Autorizza il pagamento' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Rifiuta: Fondi insufficienti (51)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Rifiuta: Carta scaduta (54)' })).toBeVisible();
  await expect(page.locator('input[type=text], input[type=number], input[type=tel]')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(page).toHaveURL(statusUrl(bookingCode));

  // Back on the bank page, the order is closed.
  await page.goto(bankLink);
  await expect(page.getByRole('status')).toHaveText('Questo pagamento è già stato elaborato.');
  await expectAccessible(page);
});

test('English page through the language link; decline "expired card" returns to the booking status', async ({ page }) => {
  const { bankLink, bookingCode } = await bankLinkFor(page, 'it', 4);
  await page.goto(bankLink);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure payment');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.amount')).toHaveText(/€\d+\.\d\d/);
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Decline: Expired card (54)' }).check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(statusUrl(bookingCode));
});

test('@mobile cancel at phone width: no sideways scrolling, accessible, back to the merchant', async ({ page }) => {
  const { bankLink, bookingCode } = await bankLinkFor(page, 'it', 5);
  await page.goto(bankLink);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Annulla e torna all’esercente' }).click();
  await expect(page).toHaveURL(statusUrl(bookingCode));
});
