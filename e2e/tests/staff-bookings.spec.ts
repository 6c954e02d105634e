import { expectAccessible, expect, test } from './support.ts';
import { ADMIN, BUYER, createBooking, staffContext } from './staff-support.ts';

/** The staff booking list at /admin/gestione-prenotazioni: filters, 25 a page, links to the status and the PDF. */

test('filters by code and status, links to the booking status (base64 code) and to the PDF', async ({ browser }) => {
  const buyer = await staffContext(browser, BUYER);
  const { code } = await createBooking(buyer.page.request, 1);
  await buyer.context.close();

  const { context, page } = await staffContext(browser, ADMIN);
  await page.goto('/admin/gestione-prenotazioni');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione prenotazioni' })).toBeVisible();
  await expect(page.getByTestId('staff-bookings-table')).toBeVisible();

  // A typed date that is not DD/MM/YYYY is refused next to the field; nothing is searched.
  await page.getByLabel('Data del volo').fill('2026-11-24');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.getByText('Data non valida: usa il formato GG/MM/AAAA')).toBeVisible();
  await expect(page.getByLabel('Data del volo')).toBeFocused();
  await page.getByLabel('Data del volo').fill('');

  await page.getByLabel('Codice prenotazione').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page).toHaveURL(new RegExp(`code=${code.toLowerCase()}`));
  const rows = page.getByTestId('staff-bookings-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(code);
  await expect(rows.first()).toContainText('in pagamento');

  // Status filter: a status the booking does not have empties the list; its own brings it back.
  await page.getByRole('combobox', { name: 'Stato' }).click();
  await page.getByRole('option', { name: 'pagata', exact: true }).click();
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nessuna prenotazione corrisponde ai filtri.' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Stato' }).click();
  await page.getByRole('option', { name: 'in pagamento', exact: true }).click();
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(rows).toHaveCount(1);

  const pdf = page.getByRole('link', { name: `PDF della prenotazione ${code}` });
  await expect(pdf).toHaveAttribute('href', `/api/bookings/${code}/pdf`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/staff-bookings-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/staff-bookings-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: `Stato della prenotazione ${code}` }).click();
  // /booking-status/{base64 of the code}, padding optional
  const base64 = Buffer.from(code).toString('base64').replace(/=+$/, '');
  await expect(page).toHaveURL(new RegExp(`/booking-status/${base64}=*$`));
  expect(Buffer.from(new URL(page.url()).pathname.split('/').pop()!, 'base64').toString()).toBe(code);
  await context.close();
});

test('25 a page: first, a range of pages and last; the address keeps the page', async ({ browser }) => {
  const buyer = await staffContext(browser, BUYER);
  for (let i = 0; i < 26; i++) await createBooking(buyer.page.request, 1);
  await buyer.context.close();

  const { context, page } = await staffContext(browser, ADMIN, 'en');
  await page.goto('/admin/gestione-prenotazioni');
  const rows = page.getByTestId('staff-bookings-table').locator('tbody tr');
  await expect(rows).toHaveCount(25);
  await expect(page.getByTestId('bookings-range')).toHaveText(/^1–25 of (\d+) \(25 a page\)$/);
  const pages = page.getByRole('navigation', { name: 'Pages of the booking list' });
  await expect(pages.getByRole('button', { name: 'First page' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/page=\d+/);
  await expect(page.getByTestId('bookings-range')).toHaveText(/^\d+–(\d+) of \1 \(25 a page\)$/);
  await expect(pages.getByRole('button', { name: 'Last page' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(page.getByTestId('bookings-range')).toHaveText(/^1–25 of/);
  await page.goBack();
  await expect(pages.getByRole('button', { name: 'Last page' })).toBeDisabled();
  await context.close();
});

test('a user without the staff roles sees the forbidden message', async ({ browser }) => {
  const { context, page } = await staffContext(browser, 'cassa@heliline.test');
  await page.goto('/admin/gestione-prenotazioni');
  await expect(page.getByRole('alert')).toContainText('Accesso non consentito');
  await context.close();
});
