import { field, apiPost, createVerifiedUser, DEMO_PASSWORD, expect, expectAccessible, linkIn, test, uniqueEmail, waitForMail } from './support.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
});

test('a private user signs up, confirms the e-mail, logs in, updates the account, logs out and resets the password', async ({ page }) => {
  const email = uniqueEmail('journey');

  // Sign-up
  await page.goto('/sign-up');
  await expect(page).toHaveTitle(/Sign up/);
  await expectAccessible(page);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await field(page, 'Confirm password').fill(DEMO_PASSWORD);
  await field(page, 'Last name').fill('Esposito');
  await field(page, 'First name').fill('Marco');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await field(page, 'Date of birth').pressSequentially('21071985');
  await expect(field(page, 'Date of birth')).toHaveValue('21/07/1985');
  await field(page, 'Address').fill('Corso Giannone 5');
  await field(page, 'City').fill('Foggia');
  await field(page, 'Province').fill('FG');
  // The ISO list in a native select, Italy chosen.
  const country = page.getByRole('combobox', { name: 'Country' });
  await expect(country).toHaveValue('IT');
  await expect(country.locator('option:checked')).toHaveText('Italy');
  await expect(country.locator('option')).toHaveCount(250);
  await field(page, 'Zip code').fill('71121');
  await field(page, 'Telephone').fill('+39 0881 555123');
  await page.getByRole('combobox', { name: 'Document type' }).selectOption({ label: 'ID card' });
  await field(page, 'Document number').fill('CA99887EE');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  // Verification e-mail, in English because the UI was in English
  const verifyMail = await waitForMail(page.request, email, 'verify-email');
  expect(verifyMail.subject).toMatch(/confirm/i);
  await page.goto(linkIn(verifyMail, /\/email\/verify\//));
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: /confirmed/i })
      .first(),
  ).toBeVisible();

  // Login: success, then a reload at /booking after 2 s
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/booking', { timeout: 10_000 });
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null'));
  expect(stored.email).toBe(email);
  expect(stored.token).toBeUndefined();

  // Account update
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'ACCOUNT' })).toBeVisible();
  await expectAccessible(page);
  await expect(field(page, 'Surname')).toHaveValue('Esposito');
  await expect(field(page, 'Date of birth')).toHaveValue('21/07/1985');
  await field(page, 'Telephone').fill('+39 0881 777000');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Data updated').first()).toBeVisible();
  await page.reload();
  await expect(field(page, 'Telephone')).toHaveValue('+39 0881 777000');

  // A new password needs the current one
  await field(page, 'New password').fill('Changed2026');
  await field(page, 'Confirm new password').fill('Changed2026');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Enter your current password to change it').first()).toBeVisible();
  await field(page, 'Current password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Data updated').first()).toBeVisible();

  // Logout
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);

  // Password reset through the e-mailed link
  await page.goto('/password/reset');
  await expectAccessible(page);
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Request link' }).click();
  await expect(page.getByText('Reset link sent. Check your inbox.').first()).toBeVisible();
  const resetMail = await waitForMail(page.request, email, 'reset-password');
  await page.goto(linkIn(resetMail, /\/password\/reset\//));
  await expect(field(page, 'Email')).toHaveValue(email);
  await expectAccessible(page);
  await field(page, 'New password').fill('Reset2026x');
  await field(page, 'Confirm new password').fill('Reset2026x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL('**/login');

  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill('Reset2026x');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/booking', { timeout: 10_000 });
});

test('sign-up errors show next to their fields and nothing is sent', async ({ page }) => {
  await page.goto('/sign-up');
  await field(page, 'Email').fill('not-an-email');
  await field(page, 'Password').fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Invalid email address').first()).toBeVisible();
  await expect(page.getByText('The password must be at least 8 characters long').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
});

test('switching to agency relabels the names and clears gender, birth date and document', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: 'Female' }).check();
  await field(page, 'Date of birth').pressSequentially('01011990');
  await field(page, 'Document number').fill('XY1');
  await page.getByRole('radio', { name: 'Agency' }).check();
  await expect(field(page, 'Company name')).toBeVisible();
  await expect(field(page, 'VAT number')).toBeVisible();
  await expect(field(page, 'Date of birth')).toHaveCount(0);
  await expect(field(page, 'Document number')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Private user' }).check();
  await expect(field(page, 'Date of birth')).toHaveValue('');
  await expect(field(page, 'Document number')).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Female' })).not.toBeChecked();
});

test('an unverified user is sent to /pending and can resend the e-mail', async ({ page }) => {
  await page.goto('/login');
  await field(page, 'Email').fill('unverified@heliline.test');
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/pending');
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByText('unverified@heliline.test').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Resend the verification email' }).click();
  await expect(page.getByText('Email sent!').first()).toBeVisible();
  await waitForMail(page.request, 'unverified@heliline.test', 'verify-email');
  await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
});

test('wrong credentials keep the user on the login page with a message', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('main h1')).toBeVisible();
  await expectAccessible(page);
  await field(page, 'Email').fill('user@heliline.test');
  await field(page, 'Password').fill('WrongPassword1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Wrong email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Focus comes back to the e-mail field, which carries the message (not left on <body>).
  await expect(field(page, 'Email')).toBeFocused();
  await expect(field(page, 'Email')).toHaveAccessibleDescription(/Wrong email or password/);
});

test('a logged-in user opening /login goes to /booking', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'already');
  await apiPost(page.request, '/api/auth/login', { email, password: DEMO_PASSWORD });
  await page.goto('/login');
  await page.waitForURL('**/booking');
});

test('password request for an unknown e-mail shows the spec message', async ({ page }) => {
  await page.goto('/password/reset');
  await field(page, 'Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Request link' }).click();
  await expect(page.getByText('No user is associated with this email').first()).toBeVisible();
});

test('booking pages send anonymous visitors to the login page', async ({ page }) => {
  await page.goto('/booking');
  await page.waitForURL('**/login**');
});

test('app screens load the banners container with the first banner, and that banner shows', async ({ page, request }) => {
  const { email, password } = await createVerifiedUser(request, 'banner');
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  // The container's code (Mantine Notifications) is the only script with this CSS variable.
  const isContainer = new Map<string, Promise<boolean>>();
  const containerRequested = async () => {
    for (const url of scripts) {
      if (!isContainer.has(url))
        isContainer.set(
          url,
          page.request.get(url).then(async (res) => (await res.text()).includes('--notifications-container-width')),
        );
      if (await isContainer.get(url)) return true;
    }
    return false;
  };
  await page.goto('/login');
  await expect(field(page, 'Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await containerRequested(), 'no banners container before the first banner').toBe(false);
  await expect(page.locator('.mantine-Notifications-root')).toHaveCount(0);

  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: /^(Login|Accedi)$/ }).click();
  // The first banner of the visit (the login's success) is shown, not lost while its container loads.
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Accesso effettuato|Logged in/ })).toBeVisible();
  expect(await containerRequested()).toBe(true);
});

test("sign-up fetches its rules when the form is first focused, and the wizard's chunk belongs to the booking routes alone", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/sign-up');
  await expect(field(page, 'Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const rulesChunk = (path: string) => /\/signup-rules-[\w-]+\.js$/.test(path);
  expect(scripts.filter(rulesChunk), 'no sign-up rules before the form is touched').toEqual([]);
  await field(page, 'Email').focus();
  await expect.poll(() => scripts.some(rulesChunk)).toBe(true);

  // React Router's route manifest: which routes' first load imports the wizard's chunk.
  const routes = await page.evaluate(() => {
    const manifest = (window as unknown as { __reactRouterManifest: { routes: Record<string, { imports?: string[] }> } }).__reactRouterManifest;
    return Object.entries(manifest.routes).map(([id, r]) => ({ id, imports: r.imports ?? [] }));
  });
  const withWizard = routes.filter((r) => r.imports.some((i) => /\/BookingWizard-[\w-]+\.js$/.test(i)));
  expect(withWizard.map((r) => r.id).sort()).toEqual(['blocked-seats', 'features/booking/routes/booking']);
});
