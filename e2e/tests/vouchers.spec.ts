import { type Page } from '@playwright/test';
import { T, checkPage, codeFromStatusUrl, daysAhead, fillStep1, next, payAtBank, pickFirstFlight } from './booking-support.ts';
import { apiPost, createVerifiedUser, expect, field, loginAs, test } from './support.ts';

/**
 * Issue 51 item 5 in the wizard: a voucher pays the whole total up to its balance. One covering
 * everything is confirmed without a card and ticketed at once, the rest staying on it; one
 * covering part leaves the rest to the card. Vouchers come from the dev route (not in production).
 */
const it = T.it;

async function voucherOf(page: Page, amountCents: number): Promise<string> {
  const res = await apiPost(page.request, '/api/dev/voucher', { amountCents });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

/** A new buyer on step 4 of a one-way Foggia → Tremiti booking, the voucher applied. */
async function step4WithVoucher(page: Page, amountCents: number, days: number): Promise<string> {
  const { email } = await createVerifiedUser(page.request, 'voucher');
  await loginAs(page, email);
  const code = await voucherOf(page, amountCents);
  await page.goto('/booking');
  await fillStep1(page, it, { roundTrip: false, origin: 'Foggia', destination: 'Isole Tremiti', departureDate: daysAhead(days) });
  await next(page, it);
  await pickFirstFlight(page, 0);
  await next(page, it);
  await page.getByLabel(it.conditions).check();
  await next(page, it);
  await field(page, it.coupon).fill(code.toLowerCase());
  await page.getByRole('button', { name: it.applyCoupon }).click();
  return code;
}

test('a voucher covering everything: no card, ticketed at once, the message says what is left', async ({ page }) => {
  const code = await step4WithVoucher(page, 100_000, 21);
  const line = page.getByRole('status').filter({ hasText: `Buono ${code}:` });
  await expect(line).toHaveText(new RegExp(`^Buono ${code}: [\\d.,]+\\s€ applicati, [\\d.,]+\\s€ residui fino al \\d\\d/\\d\\d/\\d{4}$`));
  await expect(page.getByRole('button', { name: it.checkout })).toHaveCount(0);
  await expect(page.getByText("Il buono paga l'intero importo: non serve la carta.")).toBeVisible();
  await checkPage(page, 'voucher-all-step4');
  await page.getByRole('button', { name: 'Conferma, pagato con il buono' }).click();
  await expect(page).toHaveURL(/\/booking-status\//, { timeout: 20_000 });
  await expect(page.getByTestId('booking-code')).toHaveText(codeFromStatusUrl(page.url()));
  await expect(page.getByRole('row')).toHaveCount(2); // header + the account holder
});

test('a voucher covering part: the card pays the rest', async ({ page }) => {
  const code = await step4WithVoucher(page, 1_000, 22);
  await expect(page.getByRole('status').filter({ hasText: `Buono ${code}:` })).toHaveText(`Buono ${code}: 10,00\u00a0€ applicati, nessun residuo`);
  await expect(page.getByText(/^Resta da pagare: [\d.,]+\s€$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conferma, pagato con il buono' })).toHaveCount(0);
  await page.getByRole('button', { name: it.checkout }).click();
  await payAtBank(page, 'approve');
  await expect(page).toHaveURL(/\/booking-status\//);
  await expect(page.getByTestId('booking-code')).toHaveText(codeFromStatusUrl(page.url()));
});
