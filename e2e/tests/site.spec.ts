import { field, DEMO_PASSWORD, expect, expectAccessible, expectLabelInName, test } from './support.ts';

/**
 * The home page and the app's own screens, each language by the stored choice. The other public
 * pages (company, timetable, fares, contacts, directions, posts) are checked the same way, at
 * their Italian and English addresses, by public-pages.spec.ts.
 */
const HOME_AND_ACCOUNT_PAGES = ['/', '/home-preview', '/sign-up', '/login', '/password/reset', '/password/reset/abc?email=a%40b.it', '/login/google'];

for (const lang of ['it', 'en'] as const) {
  test(`the home page and the account screens render with a title and pass axe (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    for (const path of HOME_AND_ACCOUNT_PAGES) {
      await page.goto(path);
      await expect(page.locator('main h1').first(), path).toBeVisible();
      await expect(page, path).toHaveTitle(/Heliline/);
      await expectAccessible(page);
      await expectLabelInName(page);
    }
  });
}

test('staff and booking pages render for a logged-in Admin and pass axe', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/login');
  await field(page, 'Email').fill('admin@heliline.test');
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/booking', { timeout: 10_000 });
  for (const path of [
    '/booking',
    '/booking-status/QUJDREVGMDE=',
    '/bookings-failed',
    '/my-tickets',
    '/account',
    '/it/prenotazioni',
    '/en/bookings',
    '/admin/gestione-prenotazioni',
    '/admin/posti-bloccati',
    '/admin/agencies',
    '/admin/check-in',
    '/pending',
    '/dev/login-panel',
  ]) {
    await page.goto(path);
    await expect(page.locator('main h1').first(), path).toBeVisible();
    await expectAccessible(page);
    await expectLabelInName(page);
  }
});

test('unknown paths and /setup-email go home; navigation scrolls to the top', async ({ page }) => {
  // The server answers an unknown path with a redirect home (in the path's language): no app download.
  const unknown = await page.request.get('/no/such/page', { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe('/');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/en/no/such/page');
  await expect(page).toHaveURL(/:\d+\/en$/);
  await page.goto('/setup-email');
  await expect(page).toHaveURL(/\/$/);
  // An unknown company page is an unknown path too (not the company profile).
  await page.goto('/company/no-such-section');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/en/company/no-such-section');
  await expect(page).toHaveURL(/:\d+\/en$/);
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link').first().click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the language links are named after their visible code on every kind of page (WCAG 2.5.3)', async ({ page }) => {
  for (const path of ['/', '/en/fares', '/login', '/contacts']) {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: /^(Lingua|Language)$/ }).first();
    await expect(nav.getByRole('link', { name: 'IT – Italiano', exact: true }), path).toHaveText('IT');
    await expect(nav.getByRole('link', { name: 'EN – English', exact: true }), path).toHaveText('EN');
  }
});

test('the language switch changes a non-public screen in place and is remembered', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi');
  await page.getByRole('navigation', { name: 'Lingua' }).first().getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
});

test('directions forces the language of its path', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/come-raggiungerci');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page).toHaveURL(/\/come-raggiungerci$/);
  await page.goto('/directions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('public pages answer in the language of their URL; a stored choice moves the visitor to the copy', async ({ page }) => {
  await page.goto('/en/fares');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/Fares|Heliline/);
  await page.evaluate(() => window.localStorage.setItem('lang', 'it'));
  await page.goto('/en/timetable');
  await expect(page).toHaveURL(/\/timetable$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});

test('social login links lead to a page that says the provider is not set up', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/login');
  await page.getByRole('link', { name: /Google/ }).click();
  await expect(page).toHaveURL(/\/login\/google$/);
  await expect(page.getByText('Logging in with Google is not set up on this site.').first()).toBeVisible();
});

test('the test login panel: API login gives a token, a wrong password alerts autenticazione fallita!', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/dev/login-panel');
  await expect(page.getByRole('heading', { name: 'Test login panel' })).toBeVisible();
  const apiLogin = page.getByRole('region', { name: 'API login (token)' });
  await field(apiLogin, 'Email').fill('user@heliline.test');
  await field(apiLogin, 'Password').fill('nope-wrong-1');
  await apiLogin.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('autenticazione fallita!').first()).toBeVisible();
  await field(apiLogin, 'Password').fill(DEMO_PASSWORD);
  await apiLogin.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/hl_[A-Za-z0-9_-]{20,}/).first()).toBeVisible();
  const details = page.getByRole('region', { name: 'User details' });
  await details.getByRole('button', { name: 'User details' }).click();
  await expect(details.getByText('user@heliline.test')).toBeVisible();
});

test('account pages on a phone pass axe, with the menu open too @mobile', async ({ page }) => {
  for (const path of ['/', '/sign-up', '/login', '/password/reset', '/company', '/login/google']) {
    await page.goto(path);
    await expect(page.locator('main h1').first(), path).toBeVisible();
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});

test('home on a phone: burger menu opens the navigation @mobile', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(
    page
      .getByRole('link', { name: 'Orari' })
      .or(page.getByRole('link', { name: 'Timetable' }))
      .first(),
  ).toBeVisible();
});
