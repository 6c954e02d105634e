import { readFile } from 'node:fs/promises';
import { ADMIN, createBooking, staffContext } from './staff-support.ts';
import { expect, expectAccessible, expectOnPhoneScreen, field, test } from './support.ts';

/**
 * The money reports at /admin/reports (issue 51 items 6, 7): a cash sale at the desk shows in
 * today's report (its line, the cashier's closing), the CSV of every line downloads, the page
 * prints without the site's frame; a cashier sees only their own cash; axe at 360 and 1280 px.
 */

const CASHIER = 'cassa@heliline.test';

test("today's report shows a cash sale, its cashier's closing and every line as CSV", async ({ browser }) => {
  const cashier = await staffContext(browser, CASHIER);
  const { code } = await createBooking(cashier.page.request, 2);

  const { context, page } = await staffContext(browser, ADMIN);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await page.getByRole('button', { name: /^Menu account/ }).click();
  await expect(page.getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/admin/reports');
  await page.keyboard.press('Escape');

  const line = page.getByTestId('report-lines').locator('tr', { hasText: code });
  await expect(line).toContainText('Vendita');
  await expect(line).toContainText('Contanti');
  await expect(line).toContainText(CASHIER);
  await expect(page.getByTestId('report-closings')).toContainText(CASHIER);
  await expect(page.getByTestId('report-by-type').locator('tr[data-key="cash"]')).toBeVisible();
  await expectAccessible(page);

  // Every line as CSV: the sale is a row of it, in euros with a dot and in cents.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Scarica CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^heliline-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe('datetime_rome,booking_code,kind,payment_type,refund_source,direction,amount_eur,amount_cents,route,channel,staff_user,ledger_ref');
  expect(rows.find((r) => r.includes(code))).toMatch(new RegExp(`,${code},sale,cash,,in,\\d+\\.\\d\\d,\\d+,Foggia → Isole Tremiti,staff,${CASHIER},staff:\\d+$`));

  // Printed: the report without the site's header, menus and the period form.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stampa' })).toBeHidden();
  await expect(page.getByTestId('report-closings')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // On a phone: one card per line, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectOnPhoneScreen(page.getByTestId('report-cards').locator('li', { hasText: code }));
  await context.close();

  // The cashier sees only their own cash.
  await cashier.page.goto('/admin/reports');
  await expect(cashier.page.getByTestId('report-period')).toContainText('solo i tuoi contanti');
  await expect(cashier.page.getByTestId('report-lines').locator('tr', { hasText: code })).toBeVisible();
  await expect(cashier.page.getByTestId('report-by-type').locator('tr[data-key="card"]')).toContainText('€ 0,00');
  await cashier.context.close();
});

test('a period that ends before it starts is refused on the page, in the words of the server', async ({ browser }) => {
  const { context, page } = await staffContext(browser, ADMIN, 'en');
  await page.goto('/admin/reports?from=2026-12-01&to=2026-12-07');
  await expect(page.getByTestId('report-period')).toHaveText('Report of 01/12/2026 – 07/12/2026');
  await field(page, 'To').fill('2026-11-30');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The end date cannot be before the start date.')).toBeVisible();
  await expect(field(page, 'To')).toBeFocused();
  await context.close();
});
