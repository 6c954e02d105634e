import { waitForHydration } from './public-support.ts';
import { expect, expectAccessible, test } from './support.ts';

const HERO = { it: 'Da Foggia alle Isole Tremiti, in elicottero', en: 'From Foggia to the Tremiti Islands, by helicopter' };

for (const [lang, path] of [
  ['it', '/'],
  ['en', '/en'],
] as const) {
  test(`home in ${lang}: every section, meta tags and axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO[lang]);
    for (const name of lang === 'it'
      ? ['La linea', 'Prossima partenza', 'Non solo voli di linea', 'In evidenza', 'Sicurezza e sanificazione degli aeromobili', 'Rassegna stampa']
      : ['The line', 'Next departure', 'More than scheduled flights', 'Highlights', 'Aircraft safety and cleaning', 'Press review']) {
      await expect(page.getByRole('heading', { name, exact: true }), name).toBeVisible();
    }
    // Policy PDFs in the page's language; links to the TEA centre, posts, booking and training financing.
    await expect(page.locator(`a[href="/documents/${lang}/safety-cleaning-policy.pdf"]`)).toBeVisible();
    await expect(page.locator(`a[href="/documents/${lang}/integrated-management-policy.pdf"]`)).toBeVisible();
    const prefix = lang === 'en' ? '/en' : '';
    for (const href of [`${prefix}/company/tea-centre`, `${prefix}/helipad-posts`, '/booking', `${prefix}/company/finanzia-il-tuo-addestramento`]) {
      await expect(page.locator(`main a[href="${href}"]`).first(), href).toBeVisible();
    }
    // The COVID-19 notice is Italian only.
    await expect(page.getByRole('heading', { name: /Avviso COVID-19/ })).toHaveCount(lang === 'it' ? 1 : 0);
    if (lang === 'it') await expect(page.getByText(/37,5 °C/)).toBeVisible();
    // SEO: canonical, hreflang alternates, description, Open Graph.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/$' : '/en$'}`));
    for (const hreflang of ['it', 'en', 'x-default']) await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Foggia/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Heliline/);
    // Partner, advertiser, service-centre and certification logos, each with an alt text in the page's language.
    const logos = page.locator('section[aria-labelledby="logos-title"] img');
    expect(await logos.count()).toBeGreaterThanOrEqual(4);
    for (const alt of await logos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''))) expect(alt.length).toBeGreaterThan(3);
    await expect(page.getByTestId('departure-board')).not.toHaveAttribute('data-state', 'loading');
    await expectAccessible(page);
  });
}

test('the Italian preview of home: visible marker, noindex', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/home-preview');
  await expect(page).toHaveURL(/\/home-preview$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByTestId('preview-marker')).toContainText('Anteprima');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAccessible(page);
});

test('the language switch moves between /fares and /en/fares and remembers the choice', async ({ page }) => {
  await page.goto('/fares');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  // The page hydrates after its first paint (decision 029): a click before that is a plain link.
  await waitForHydration(page, 'a[hreflang="en"]');
  await page.getByRole('navigation', { name: 'Lingua' }).first().getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/fares$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
  // Remembered: the Italian address now moves to the English copy after hydration.
  await page.goto('/fares');
  await expect(page).toHaveURL(/\/en\/fares$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // And back.
  await page.getByRole('navigation', { name: 'Language' }).first().getByRole('link', { name: 'Italiano' }).click();
  await expect(page).toHaveURL(/\/fares$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('it');
  // Without a stored choice, links inside a public page stay in its language.
  await page.evaluate(() => window.localStorage.removeItem('lang'));
  await page.goto('/en');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Timetable' }).click();
  await expect(page).toHaveURL(/\/en\/timetable$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('prerendered HTML carries the page text before any JavaScript runs', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.it);
  await expect(page.getByText('Rassegna stampa')).toBeVisible();
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.en);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/en/fares/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page).toHaveTitle(/Heliline/);
  await context.close();
});

test('pages come with their own script hashes in the CSP and the right cache headers', async ({ request }) => {
  for (const path of ['/', '/en', '/fares', '/en/fares/', '/login']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const csp = res.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc, path).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc, path).not.toContain('unsafe-inline');
    expect(csp, path).toContain("worker-src 'self' blob:");
    expect(res.headers()['cache-control'], path).toMatch(/max-age=0/);
  }
});

test('the departure board counts down, clears when the time has passed and flips to DELAYED after 10 s', async ({ page, request }) => {
  await page.clock.install();
  await page.goto('/en');
  const board = page.getByTestId('departure-board');
  // The demo schedule always has a flight in the next days (rolling year of flights).
  await expect(board).toHaveAttribute('data-state', 'countdown');
  const next = (await (await request.get('/api/next-flight')).json()) as { secondsToNextFlight: number | null; displayMessages: { en: string } };
  expect(next.secondsToNextFlight).not.toBeNull();
  await expect(page.getByTestId('board-flight')).toHaveText(next.displayMessages.en);
  const countdown = page.getByTestId('board-countdown');
  await expect(countdown).toHaveText(/^\d\d:\d\d:\d\d$/);
  const first = await countdown.textContent();
  await page.clock.runFor(3000);
  await expect(countdown).not.toHaveText(first ?? '');
  // The polite live region speaks the flight once, never the ticking seconds.
  const live = page.locator('[aria-live="polite"]', { hasText: 'Next flight' });
  await expect(live).toContainText(next.displayMessages.en);
  await expect(live).not.toContainText(/\d\d:\d\d:\d\d/);
  // Time up: digits cleared.
  await page.clock.fastForward(((next.secondsToNextFlight ?? 0) + 2) * 1000);
  await expect(board).toHaveAttribute('data-state', 'cleared');
  await expect(countdown).not.toHaveText(/\d/);
  // More than 10 s overdue: DELAYED.
  await page.clock.fastForward(12_000);
  await expect(board).toHaveAttribute('data-state', 'delayed');
  await expect(countdown).toHaveText('DELAYED');
  await expect(page.locator('[aria-live="polite"]', { hasText: 'delayed' })).toHaveCount(1);
});

test('sitemap.xml and robots.txt list the public pages', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ['/', '/en', '/fares', '/en/fares', '/company/tea-centre', '/en/helipad-posts/peschici', '/come-raggiungerci', '/directions']) {
    expect(xml, path).toMatch(new RegExp(`<loc>https?://[^<]+${path === '/' ? '/' : path}</loc>`));
  }
  expect(xml).toContain('hreflang="x-default"');
  expect(xml).not.toContain('home-preview');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  expect(robots).toContain('Disallow: /api/');
});

test('home on a phone passes axe, with the menu open too @mobile', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.en);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Fares' })).toHaveAttribute('href', '/en/fares');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('moving from home to another area loads its texts before showing it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi');
  await expect(page.getByText('Accedi per prenotare i voli e gestire i tuoi biglietti.')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Tariffe' }).click();
  await expect(page).toHaveURL(/\/fares$/);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('site.');
});
