import { apiPost, field, DEMO_PASSWORD, expect, expectAccessible, linkIn, loginAs, test, uniqueEmail, userSignup, waitForMail } from './support.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
});

test('an agency signs up, waits on /pending, is authorised by an Admin, then reaches booking', async ({ page, browser }) => {
  const email = uniqueEmail('agency');
  const company = `Gargano Viaggi ${Date.now()}`;

  await page.goto('/sign-up');
  await page.getByRole('radio', { name: 'Agency' }).check();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await field(page, 'Confirm password').fill(DEMO_PASSWORD);
  await field(page, 'Company name').fill(company);
  await field(page, 'VAT number').fill('IT01234567890');
  await field(page, 'Address').fill('Piazza Cavour 1');
  await field(page, 'City').fill('Foggia');
  await field(page, 'Province').fill('FG');
  await field(page, 'Zip code').fill('71121');
  await field(page, 'Telephone').fill('+39 0881 111222');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('The agency account is unlocked only after the administrator confirms it.').first()).toBeVisible();

  const mail = await waitForMail(page.request, email, 'verify-email');
  await page.goto(linkIn(mail, /\/email\/verify\//));
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/pending');
  await expect(page.getByRole('heading', { name: 'Agency account awaiting authorisation' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/booking');
  await page.waitForURL('**/pending');

  // The Admin authorises it from the staff page
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await loginAs(admin, 'admin@heliline.test');
  await admin.goto('/admin/agencies');
  await expect(admin.getByRole('heading', { name: 'Agencies' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: company });
  await expect(row).toBeVisible();
  await expectAccessible(admin);
  await row.getByRole('button', { name: `Authorise ${company}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Authorise the agency?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Authorise' }).click();
  await expect(admin.getByText('Agency authorised').first()).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: company })).toHaveCount(0);
  await adminContext.close();

  await waitForMail(page.request, email, 'agency-authorised');

  // The agency logs in again: now it lands on booking, not on /pending
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/booking', { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Booking' })).toBeVisible();

  // The account screen speaks of the company, and has no personal fields
  await page.goto('/account');
  await expect(field(page, 'Company name')).toHaveValue(company);
  await expect(field(page, 'VAT number')).toHaveValue('IT01234567890');
  await expect(field(page, 'Date of birth')).toHaveCount(0);
  await expect(field(page, 'Gender')).toHaveCount(0);
  await expect(field(page, 'Document number')).toHaveCount(0);
  await expectAccessible(page);
});

test('the agencies page is for Admins only', async ({ page }) => {
  await loginAs(page, 'user@heliline.test');
  await page.goto('/admin/agencies');
  await expect(page.getByText('Your account is not allowed to see this page.').first()).toBeVisible();
  const api = await page.request.get('/api/admin/agencies');
  expect(api.status()).toBe(403);
});

test('an agency that has not confirmed its e-mail yet learns on /pending that an administrator must also authorise it', async ({ page }) => {
  const email = uniqueEmail('agency-unverified');
  const res = await apiPost(
    page.request,
    '/api/auth/register',
    userSignup(email, {
      type: 'agency',
      lastname: `Tremiti Tour ${Date.now()}`,
      firstname: 'IT09876543210',
      gender: null,
      birthdate: null,
      document_type: null,
      document_num: null,
    }),
  );
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/pending');
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend the verification email' })).toBeVisible();
  await expect(page.getByText('an administrator will also have to authorise the agency account')).toBeVisible();
  await expectAccessible(page);

  // The same in Italian.
  await page.getByRole('navigation', { name: 'Language' }).first().getByRole('link', { name: 'IT – Italiano' }).click();
  await expect(page.getByText('dovrà essere autorizzato anche da un amministratore')).toBeVisible();
});

test('a private user who has not confirmed the e-mail is told nothing about an administrator', async ({ page }) => {
  await page.goto('/login');
  await field(page, 'Email').fill('unverified@heliline.test');
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/pending');
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByText(/administrator/)).toHaveCount(0);
});
