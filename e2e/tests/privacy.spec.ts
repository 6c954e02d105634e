import { readFile } from 'node:fs/promises';
import { apiPost, createVerifiedUser, expect, expectAccessible, field, loginAs, test } from './support.ts';
import { ADMIN, BUYER, createBooking, staffContext } from './staff-support.ts';

/** GDPR on the account page: download my data, delete my account, and the login refused after. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
});

test('a user downloads their data, then deletes the account; logging in again is refused', async ({ page }) => {
  const user = await createVerifiedUser(page.request, 'privacy');
  await loginAs(page, user.email);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectAccessible(page);

  // The export: a JSON file with the account, announced when saved.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^heliline-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file.account.email).toBe(user.email);
  expect(JSON.stringify(file)).not.toMatch(/argon2|password_hash/);
  await expect(page.getByTestId('privacy-announcer')).toContainText(download.suggestedFilename());

  // The deletion: consequences, a wrong password refused next to the field, then the right one.
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('tickets already paid for flights still to come stay valid', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await field(dialog, 'Your password, to confirm').fill('NotMyPassword1');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(field(dialog, 'Your password, to confirm')).toHaveAccessibleDescription(/The password is wrong/);
  await field(dialog, 'Your password, to confirm').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted').first()).toBeVisible();

  // Logged out, and the e-mail and password no longer open it.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const again = await apiPost(page.request, '/api/auth/login', { email: user.email, password: user.password });
  expect(again.status()).toBe(422);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Wrong email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('staff open a booking’s history (audit log) in the management list', async ({ browser }) => {
  const buyer = await staffContext(browser, BUYER);
  const { code } = await createBooking(buyer.page.request, 1);
  await buyer.context.close();

  const { context, page } = await staffContext(browser, ADMIN);
  await page.goto(`/admin/gestione-prenotazioni?code=${code}`);
  const row = page.getByTestId('staff-bookings-table').locator('tbody tr').filter({ hasText: code });
  const toggle = row.getByRole('button', { name: 'Cronologia' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const history = row.getByRole('list', { name: `Cronologia della prenotazione ${code}` });
  await expect(history.getByRole('listitem').first()).toContainText('Creata');
  await expectAccessible(page);
  await context.close();
});
