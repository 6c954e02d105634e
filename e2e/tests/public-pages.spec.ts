import type { Page } from '@playwright/test';
import { formatMoney } from '../../packages/domain/src/fares/money.ts';
import { FARE_CATEGORIES, FARES, type FareTab } from '../../packages/domain/src/fares/table.ts';
import {
  addDays,
  COMPANY_SECTIONS,
  companyPath,
  dayLabel,
  expectFrameSizedToBody,
  fillContactForm,
  inLang,
  POST_SLUGS,
  romeToday,
  waitForHydration,
  wireDate,
} from './public-support.ts';
import { expect, expectAccessible, expectLabelInName, field, test, waitForMail } from './support.ts';

/** The public pages owned by "public-pages", Italian paths (the English copy is under /en). */
const BILINGUAL = [...COMPANY_SECTIONS.map(companyPath), '/contacts', '/timetable', '/fares', '/helipad-posts', ...POST_SLUGS.map((s) => `/helipad-posts/${s}`)];

for (const lang of ['it', 'en'] as const) {
  test(`every public page of the site passes axe (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    const paths = [...BILINGUAL.map((p) => inLang(p, lang)), lang === 'it' ? '/come-raggiungerci' : '/directions'];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', lang);
      await expect(page.locator('main h1').first(), path).toBeVisible();
      await expect(page, path).toHaveTitle(/Heliline/);
      await expectAccessible(page);
      await expectLabelInName(page);
    }
  });
}

test('company: menu navigation highlights the section and sizes the frame to its page', async ({ page }) => {
  await page.goto('/company');
  const menu = page.getByRole('navigation', { name: 'Sezioni' });
  await expect(menu.getByRole('link', { name: 'Profilo aziendale' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('company-frame')).toHaveAttribute('src', '/company-pages/it/profile');
  await expectFrameSizedToBody(page);
  await expect(page.locator('video source')).toHaveAttribute('src', '/media/profile.webm');
  await expect(page.locator('video track')).toHaveAttribute('srclang', 'it');
  await expect(page.locator('video')).not.toHaveAttribute('autoplay');

  await menu.getByRole('link', { name: 'Manutenzione' }).click();
  await expect(page).toHaveURL(/\/company\/maintenance$/);
  await expect(menu.getByRole('link', { name: 'Manutenzione' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Profilo aziendale' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manutenzione');
  await expect(page.getByTestId('company-frame')).toHaveAttribute('src', '/company-pages/it/maintenance');
  await expectFrameSizedToBody(page);
  await expect(page.locator('video')).toHaveCount(0);

  // The training-financing banner, and the English copy keeps the English frame and menu.
  await page
    .getByRole('link', { name: /Finanzia il tuo addestramento/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/company\/finanzia-il-tuo-addestramento$/);
  await page.goto('/en/company/doa');
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /DOA/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('company-frame')).toHaveAttribute('src', '/company-pages/en/doa');
  await expectFrameSizedToBody(page);
  await expect(page.getByRole('link', { name: /Maintenance certificate/ })).toHaveAttribute('href', '/documents/en/maintenance-certificate.pdf');
  await expect(page.getByRole('link', { name: /Health and safety form/ })).toHaveAttribute('href', '/documents/en/health-safety-form.pdf');
});

test('company: a preview marker and the hash reach the embedded page', async ({ page }) => {
  await page.goto('/company/finanzia-il-tuo-addestramento?preview#corsi');
  await expect(page.getByTestId('company-frame')).toHaveAttribute('src', '/company-pages/it/finanzia-il-tuo-addestramento?preview=1#corsi');
  await expectFrameSizedToBody(page);
});

test('company: the carousel has 5 labelled photos, rotates, and pauses on request', async ({ page }) => {
  await page.goto('/company');
  const carousel = page.getByRole('region', { name: 'Foto di Heliline' });
  const slides = carousel.getByRole('group');
  await expect(slides).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    await expect(slides.nth(i)).toHaveAccessibleName(`${i + 1} di 5`);
    await expect(slides.nth(i).locator('img')).toHaveAttribute('alt', /\S{10,}/);
  }
  const dots = carousel.getByRole('tablist', { name: 'Scegli la foto' }).getByRole('tab');
  await expect(dots).toHaveCount(5);
  // Autoplay every 3000 ms: the second dot becomes active by itself.
  await page.mouse.move(0, 0);
  await expect(dots.nth(1)).toHaveAttribute('data-active', 'true', { timeout: 8_000 });
  await page.getByRole('button', { name: 'Ferma la rotazione delle foto' }).click();
  await page.mouse.move(0, 0);
  const active = await dots.evaluateAll((els) => els.findIndex((e) => e.hasAttribute('data-active')));
  await page.waitForTimeout(4_000);
  expect(await dots.evaluateAll((els) => els.findIndex((e) => e.hasAttribute('data-active')))).toBe(active);
  await expect(page.getByRole('button', { name: 'Avvia la rotazione delle foto' })).toHaveAttribute('aria-pressed', 'true');
});

test('company: the carousel fetches the photos next to the one shown, and all of them once the visitor reaches for it', async ({ page }) => {
  await page.goto('/company/offshore');
  const carousel = page.getByRole('region', { name: 'Foto di Heliline' });
  const images = carousel.getByRole('group').locator('img');
  await expect(images).toHaveCount(5);
  // The photo shown and its neighbours (the rotation loops: the fifth is next to the first), read
  // in one go with the active dot, since the autoplay may have moved on.
  const state = () =>
    carousel.evaluate((root) => ({
      shown: [...root.querySelectorAll('[role="tab"]')].findIndex((dot) => dot.hasAttribute('data-active')),
      withSource: [...root.querySelectorAll('[role="group"] img')].map((img) => img.hasAttribute('src')),
    }));
  const { shown, withSource } = await state();
  expect(withSource).toEqual([0, 1, 2, 3, 4].map((i) => Math.min(Math.abs(i - shown), 5 - Math.abs(i - shown)) <= 1));
  expect(withSource.filter(Boolean)).toHaveLength(3);
  await carousel.hover();
  await expect.poll(async () => (await state()).withSource).toEqual([true, true, true, true, true]);
});

test('a carousel below the fold stays on its first photo until it is scrolled into view, then rotates', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`/helipad-posts/${POST_SLUGS[0]}`);
  const carousel = page.getByRole('region', { name: /^Foto: / });
  const dots = carousel.getByRole('tablist', { name: 'Scegli la foto' }).getByRole('tab');
  await expect(dots.first()).toHaveAttribute('data-active', 'true');
  expect(await carousel.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(823);
  // Two autoplay delays (3000 ms each) off screen: still the first photo.
  await page.waitForTimeout(6_500);
  await expect(dots.first()).toHaveAttribute('data-active', 'true');
  await carousel.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await expect(dots.nth(1)).toHaveAttribute('data-active', 'true', { timeout: 8_000 });
});

test("the profile video below a phone's first screen gets its controls as it nears the viewport, or on the keyboard's focus", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/company');
  await waitForHydration(page, 'video');
  const video = page.locator('video');
  expect(await video.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(823 + 200);
  await expect(video).not.toHaveAttribute('controls');
  await video.scrollIntoViewIfNeeded();
  await expect(video).toHaveAttribute('controls');
  await expect(video).not.toHaveAttribute('tabindex');

  // The keyboard reaches it as a tab stop before it has controls, and focusing it builds them.
  await page.goto('/en/company');
  await waitForHydration(page, 'video');
  await expect(video).not.toHaveAttribute('controls');
  await expect(async () => {
    await page.keyboard.press('Tab');
    expect(await video.evaluate((el) => el === document.activeElement)).toBe(true);
  }).toPass({ intervals: [0], timeout: 20_000 });
  await expect(video).toHaveAttribute('controls');
});

test('helipad posts: list → detail → unknown slug is a real not-found page', async ({ page, request }) => {
  const { posts } = (await (await request.get('/api/helipad-posts?lang=it')).json()) as { posts: { slug: string; title: string }[] };
  expect(posts.length).toBe(POST_SLUGS.length);
  await page.goto('/helipad-posts');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(posts.length);
  await expect(cards.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  await page.getByRole('link', { name: posts[0]!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/helipad-posts/${posts[0]!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(posts[0]!.title);
  const side = page.getByRole('navigation', { name: 'Inaugurazioni elisuperfici' });
  await expect(side.getByRole('link')).toHaveCount(posts.length);
  await expect(side.locator('a[aria-current="page"]')).toContainText(posts[0]!.title);
  await expect(
    page
      .getByRole('region', { name: /^Foto:/ })
      .getByRole('group')
      .first(),
  ).toBeVisible();

  // Side list to another post (client navigation: the API answers).
  await side.getByRole('link', { name: new RegExp(posts[1]!.title.slice(0, 20)) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(posts[1]!.title);

  await page.goto('/helipad-posts/no-such-post');
  await expect(page).toHaveURL(/\/helipad-posts\/no-such-post$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notizia non trovata');
  await expectAccessible(page);
  await page.goto('/en/helipad-posts/no-such-post');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
  await page.getByRole('link', { name: 'All helipad openings' }).click();
  await expect(page).toHaveURL(/\/en\/helipad-posts$/);
});

test('timetable: picking another day loads its flights', async ({ page, request }) => {
  const today = romeToday();
  await page.goto('/timetable');
  const table = page.getByRole('table', { name: /^Voli di/ });
  await expect(table.locator('caption')).toContainText(new Intl.DateTimeFormat('it-IT', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`)));
  // The next Monday (Vieste stop on Mondays), in the month on screen or the next one.
  let monday = addDays(today, 1);
  while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  if (monday.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Mese successivo' }).click();
  await page.getByRole('button', { name: dayLabel(monday, 'it'), exact: true }).click();
  await expect(table.locator('caption')).toContainText(new Intl.DateTimeFormat('it-IT', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${monday}T12:00:00Z`)));

  const { flights } = (await (await request.get(`/api/calendar-flights?date=${wireDate(monday)}&lang=it`)).json()) as {
    flights: { description: string; segments: { source: string; takeoff: string }[] }[];
  };
  expect(flights.length).toBeGreaterThan(0);
  await expect(table.locator('tbody th')).toHaveText(flights.map((f) => f.description));
  await expect(table.locator('tbody tr')).toHaveCount(flights.reduce((n, f) => n + f.segments.length, 0));
  await expect(table).toContainText('Vieste');
  await expect(table.locator('tbody tr').first()).toContainText(flights[0]!.segments[0]!.takeoff);
  // Desktop: the week grid is embedded.
  await expect(page.getByTestId('timetable-grid')).toHaveAttribute('src', '/timetable-grid?lang=it');
});

/** The same day `months` later, or that month's last day when it is shorter. */
function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, last))).toISOString().slice(0, 10);
}
const monthName = (iso: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

test('timetable calendar by keyboard: one tab stop, arrows and Page Down move it, Enter picks the day', async ({ page }) => {
  const today = romeToday();
  await page.goto('/en/timetable');
  const grid = page.getByRole('grid');
  await expect(grid).toHaveAccessibleName(monthName(today));
  await expect(page.getByRole('status').filter({ hasText: monthName(today) })).toBeVisible();
  // Tab from the month arrows lands on the selected day, the grid's only tab stop.
  await page.getByRole('button', { name: 'Next month' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Today, ${dayLabel(today, 'en')}, selected`, exact: true })).toBeFocused();
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);

  const tomorrow = addDays(today, 1);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: dayLabel(tomorrow, 'en'), exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: dayLabel(addDays(tomorrow, -7), 'en'), exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // A month later: the grid shows and names that month, and the focus follows.
  const later = addMonths(tomorrow, 1);
  await page.keyboard.press('PageDown');
  await expect(grid).toHaveAccessibleName(monthName(later));
  await expect(page.getByRole('button', { name: dayLabel(later, 'en'), exact: true })).toBeFocused();
  // Nothing is picked until Enter.
  await expect(page.getByRole('table', { name: /^Flights on/ }).locator('caption')).toContainText(dayLabel(today, 'en'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: /^Flights on/ }).locator('caption')).toContainText(dayLabel(later, 'en'));
  await expect(page.getByRole('button', { name: `${dayLabel(later, 'en')}, selected`, exact: true })).toBeFocused();
  // Home and End: the week's Monday and Sunday.
  await page.keyboard.press('End');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', new RegExp(`^Sunday, `));
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', new RegExp(`^Monday, `));
  // Keys faster than the page redraws (a held arrow key) each count, and Enter picks where they got to.
  const monday = (await page.locator(':focus').getAttribute('data-day'))!;
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
  await expect(page.getByRole('table', { name: /^Flights on/ }).locator('caption')).toContainText(dayLabel(addDays(monday, 3), 'en'));
  await expect(page.getByRole('button', { name: `${dayLabel(addDays(monday, 3), 'en')}, selected`, exact: true })).toBeFocused();
  await expectAccessible(page);
});

test('timetable at phone width: no week grid, table and picker in English @mobile', async ({ page }) => {
  await page.goto('/en/timetable');
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Flights on/ })).toBeVisible();
  await expect(page.getByTestId('timetable-grid')).toHaveCount(0);
  await expectAccessible(page);
});

const tabName: Record<'it' | 'en', Record<FareTab, string>> = {
  it: { low: 'Bassa stagione', high: 'Alta stagione', res: 'Riservata' },
  en: { low: 'Low season', high: 'High season', res: 'Reserved' },
};

test('fares: the third tab is the reserved fare, and no page says who may buy it', async ({ page }) => {
  for (const lang of ['it', 'en'] as const) {
    await page.goto(inLang('/fares', lang));
    await waitForHydration(page, '#fares-tab-res');
    await expect(page.getByRole('tab').nth(2)).toHaveText(tabName[lang].res);
    await page.getByRole('tab', { name: tabName[lang].res, exact: true }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/resident|residenti/i);
    // The company pages neither (the scheduled-flights page spoke of fares for residents).
    const scheduled = await (await page.request.get(`/company-pages/${lang}/scheduled-flights`)).text();
    expect(scheduled).not.toMatch(/(tariff[ae]|fares?)[^.]*resident/i);
  }
});

for (const [date, expected] of [
  ['2026-07-10T09:00:00Z', 'high'],
  ['2026-02-03T09:00:00Z', 'low'],
  ['2026-09-16T09:00:00Z', 'low'],
] as const) {
  test(`fares open on the season of the day (${date.slice(0, 10)} → ${expected})`, async ({ page }) => {
    await page.clock.setFixedTime(new Date(date));
    await page.goto('/fares');
    await expect(page.getByRole('tab', { name: tabName.it[expected] })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
  });
}

for (const lang of ['it', 'en'] as const) {
  test(`fares: tab switch shows the domain fare table (${lang})`, async ({ page }) => {
    await page.goto(inLang('/fares', lang));
    await waitForHydration(page, '#fares-tab-res');
    for (const tab of ['res', 'high', 'low'] as const) {
      await page.getByRole('tab', { name: tabName[lang][tab] }).click();
      await expect(page.getByRole('tab', { name: tabName[lang][tab] })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      for (const c of FARE_CATEGORIES) await expect(panel.getByTestId(`fare-${tab}-${c}`)).toHaveText(formatMoney(FARES[tab][c], lang));
    }
    // Keyboard: arrows move between tabs.
    await page.getByRole('tab', { name: tabName[lang].low }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: tabName[lang].high })).toBeFocused();
    await expect(page.getByRole('tab', { name: tabName[lang].high })).toHaveAttribute('aria-selected', 'true');
    const fees = page.getByTestId('fees-table');
    await expect(fees).toContainText(formatMoney(1391, lang));
    await expect(fees).toContainText(formatMoney(562, lang));
    await expect(fees).toContainText(formatMoney(250, lang));
    await expect(page.getByTestId('cost-detail')).toContainText(formatMoney(359, lang));
    await expect(page.getByRole('main')).toContainText('08/07/2024');
    await expect(page.getByRole('link', { name: lang === 'it' ? /Condizioni generali di trasporto/ : /Conditions of carriage/ })).toHaveAttribute(
      'href',
      `/documents/${lang}/conditions-of-carriage.pdf`,
    );
    await expect(page.getByRole('main').getByRole('link', { name: /\(PDF\)/ })).toHaveCount(9);
  });
}

test('directions: /come-raggiungerci is Italian and /directions English, whatever the stored choice', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/come-raggiungerci');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Come raggiungerci');
  const it = page.getByTestId('airport-distances');
  for (const km of ['2,4 km', '122 km', '168 km', '193 km']) await expect(it).toContainText(km);
  await expect(page.getByTestId('parking')).toContainText('0,30 €');
  await expect(page.getByTestId('parking')).toContainText('5,00 €');

  await page.goto('/directions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Directions');
  const en = page.getByTestId('airport-distances');
  for (const km of ['2.4 km', '122 km', '168 km', '193 km']) await expect(en).toContainText(km);
  await expect(page.getByTestId('parking')).toContainText('€0.30');
  await expect(page.getByRole('img', { name: /Schematic map/ })).toBeVisible();
});

test('directions: visiting either copy leaves the stored language choice alone', async ({ page }) => {
  await page.goto('/directions');
  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/come-raggiungerci');
  await waitForHydration(page, 'a[href="/fares"]');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Come raggiungerci');
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
});

test('company and timetable: first load without Mantine; the carousel arrives after hydration, the calendar is drawn then', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  // The prerendered HTML holds a static frame of the carousel (first photo), no Mantine markup.
  const html = await (await page.request.get('/company')).text();
  expect(html).not.toMatch(/class="[^"]*mantine-/);
  expect(html).toContain('/images/company/');
  for (const path of ['/company', '/timetable']) {
    const modulepreloads = await (await page.request.get(path)).text();
    expect(modulepreloads).not.toMatch(/\/assets\/(MantineThemeProvider|MantineIsland|PhotoCarousel)-/);
  }
  await page.goto('/timetable');
  await expect(page.getByRole('button', { name: 'Mese successivo' })).toBeVisible();
  expect(scripts.some((s) => /Mantine/.test(s))).toBe(false);
});

test('public pages link each stylesheet once, also once the widgets have loaded theirs', async ({ page }) => {
  // A second link to the same rules restyles and lays out the whole page again: a long task on a phone.
  for (const path of [companyPath(COMPANY_SECTIONS[1]!), '/timetable', '/en/contacts', `/helipad-posts/${POST_SLUGS[0]}`]) {
    const stylesheets: string[] = [];
    const collect = (r: { resourceType(): string; url(): string }) => void (r.resourceType() === 'stylesheet' && stylesheets.push(new URL(r.url()).pathname));
    page.on('request', collect);
    await page.goto(path);
    await waitForHydration(page, 'main h1');
    await page.waitForLoadState('networkidle');
    page.off('request', collect);
    expect(stylesheets.length, path).toBeGreaterThan(2);
    expect(
      stylesheets.filter((href, i) => stylesheets.indexOf(href) !== i),
      path,
    ).toEqual([]);
    const rules = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.cssRules[0]?.cssText ?? ''));
    expect(
      rules.filter((rule, i) => rule && rules.indexOf(rule) !== i),
      `${path}: the same rules under two names`,
    ).toEqual([]);
  }
});

test('contacts and a helipad post: no Mantine, even once the contact form shows its banner', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (['script', 'stylesheet'].includes(r.resourceType())) loaded.push(new URL(r.url()).pathname);
  });
  for (const path of ['/en/contacts', `/helipad-posts/${POST_SLUGS[0]}`, '/contacts']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await waitForHydration(page, 'form[aria-labelledby="contact-form-title"]');
  await page.getByRole('form', { name: 'Scrivici' }).getByRole('button', { name: 'Invia' }).click();
  await expectWarningBanner(page, 'Tutti i campi sono obbligatori');
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((p) => /mantine|Mantine|Notification|banners-container/.test(p))).toEqual([]);
});

test('contacts: AllFieldsMandatory and EmailInvalid warnings, in both languages', async ({ page }) => {
  await page.goto('/contacts');
  await waitForHydration(page, 'form[aria-labelledby="contact-form-title"]');
  const form = page.getByRole('form', { name: 'Scrivici' });
  await form.getByRole('button', { name: 'Invia' }).click();
  await expectWarningBanner(page, 'Tutti i campi sono obbligatori');
  await expect(form.getByText('Campo obbligatorio')).toHaveCount(6);
  await fillContactForm(form, {
    firstname: 'Anna',
    lastname: 'Russo',
    email: 'anna.russo@example',
    telephone: '+39 0881 123456',
    requestType: 'Contatto con la società',
    message: 'Vorrei informazioni.',
  });
  await form.getByRole('button', { name: 'Invia' }).click();
  await expectWarningBanner(page, 'Indirizzo email non valido');
  await expect(field(form, 'Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(form, 'Nome')).toHaveValue('Anna');

  await page.goto('/en/contacts');
  await waitForHydration(page, 'form[aria-labelledby="contact-form-title"]');
  const en = page.getByRole('form', { name: 'Write to us' });
  await field(en, 'First name').fill('Anna');
  await en.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('contact-banner')).toHaveText('All fields are mandatory');
  await field(en, 'Last name').fill('Russo');
  await field(en, 'Email').fill('not-an-address');
  await field(en, 'Telephone').fill('+39 0881 123456');
  await en.getByRole('radio', { name: 'Flight assistance' }).check();
  await field(en, 'Message').fill('Hello');
  await en.getByRole('button', { name: 'Send' }).click();
  await expectWarningBanner(page, 'Invalid email address');
});

/** Spec §5, §8: the form's checks are warnings, in the banner above the form, announced as alerts, never red. */
async function expectWarningBanner(page: Page, text: string) {
  const banner = page.getByTestId('contact-banner');
  await expect(banner).toHaveText(text);
  await expect(banner).toHaveAttribute('data-kind', 'warning');
  await expect(banner).toHaveAttribute('role', 'alert');
  // Orange text on light orange (contacts.module.css), not the error's red.
  await expect(banner).toHaveCSS('color', 'rgb(138, 65, 0)');
}

test("contacts: the server's own EmailInvalid check comes back as a warning too", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/contacts');
  await waitForHydration(page, 'form[aria-labelledby="contact-form-title"]');
  const form = page.getByRole('form', { name: 'Scrivici' });
  // The browser's check passes; the address is spoiled in flight, so the server's check answers.
  await page.route('**/api/contact-requests', async (route) => {
    const body = route.request().postDataJSON() as { form: Record<string, string> };
    await route.continue({ postData: JSON.stringify({ ...body, form: { ...body.form, email: 'marco.desantis@example' } }) });
  });
  await fillContactForm(form, { ...MARCO, requestType: 'Assistenza voli', message: 'Prova con indirizzo guastato' });
  await expect(form.locator('altcha-widget')).toBeAttached();
  await form.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByTestId('contact-banner')).toHaveText('Indirizzo email non valido', { timeout: 45_000 });
  await expectWarningBanner(page, 'Indirizzo email non valido');
  await expect(field(form, 'Messaggio')).toHaveValue('Prova con indirizzo guastato');
});

const MARCO = { firstname: 'Marco', lastname: 'De Santis', email: 'marco.desantis@example.test', telephone: '+39 333 1234567' };

test('contacts: a request solved by the ALTCHA widget reaches the company mailbox and clears the form', async ({ page, request }) => {
  test.setTimeout(90_000);
  const marker = `Richiesta e2e ${Date.now()}`;
  await page.goto('/contacts');
  await waitForHydration(page, 'form[aria-labelledby="contact-form-title"]');
  const form = page.getByRole('form', { name: 'Scrivici' });
  await fillContactForm(form, { ...MARCO, requestType: 'Contatto con la società', message: `${marker}: vorrei visitare la base con una scolaresca.` });
  await expect(form.locator('altcha-widget')).toBeAttached();
  await form.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByTestId('contact-banner')).toHaveText(/Richiesta inviata/, { timeout: 45_000 });
  await expect(field(form, 'Nome')).toHaveValue('');
  await expect(field(form, 'Messaggio')).toHaveValue('');
  // Other tests write to the same mailbox: this request's mail is the one with its marker.
  const mail = await waitForMail(request, 'info@heliline.test', 'contact-request', marker);
  expect(mail.text).toContain('marco.desantis@example.test');
  expect(mail.text).toContain('De Santis');
});

/** The widget's own script (not its language packs nor its worker). */
const ALTCHA_SCRIPT = /\/assets\/altcha-[\w-]+\.js$/;

test('contacts: the ALTCHA widget downloads with the first touch of the form; a send before it is in waits for it', async ({ page }) => {
  test.setTimeout(90_000);
  const requested: string[] = [];
  page.on('request', (r) => {
    if (ALTCHA_SCRIPT.test(new URL(r.url()).pathname)) requested.push(r.url());
  });
  // The widget's script is held until released, so the send below happens before it has arrived.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ALTCHA_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contacts');
  await waitForHydration(page, 'form[aria-labelledby="contact-form-title"]');
  await page.waitForLoadState('networkidle');
  expect(requested, 'no ALTCHA script before the form is touched').toEqual([]);

  const form = page.getByRole('form', { name: 'Scrivici' });
  await field(form, 'Nome').focus();
  await expect.poll(() => requested.length).toBe(1);
  await expect(form.getByText('Caricamento della verifica anti-spam…')).toBeVisible();
  await fillContactForm(form, { ...MARCO, requestType: 'Contatto con la società', message: 'Inviata prima che la verifica fosse pronta' });
  await form.getByRole('button', { name: 'Invia' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Verifica anti-spam in corso…' })).toBeVisible();
  await expect(form).toHaveAttribute('aria-busy', 'true');

  release();
  await expect(page.getByTestId('contact-banner')).toHaveText(/Richiesta inviata/, { timeout: 45_000 });
  await expect(field(form, 'Messaggio')).toHaveValue('');
  expect(requested).toHaveLength(1);
});

test('contacts: a forged captcha is refused and the form is kept', async ({ page }) => {
  await page.goto('/contacts');
  await waitForHydration(page, 'form[aria-labelledby="contact-form-title"]');
  const form = page.getByRole('form', { name: 'Scrivici' });
  // The widget's payload is replaced in flight by a forged one: the server refuses it.
  await page.route('**/api/contact-requests', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, captcha: Buffer.from('{"forged":true}').toString('base64') }) });
  });
  await fillContactForm(form, { ...MARCO, requestType: 'Assistenza voli', message: 'Prova con verifica falsificata' });
  await expect(form.locator('altcha-widget')).toBeAttached();
  await form.getByRole('button', { name: 'Invia' }).click();
  // Spec §8: the 'reCaptcha error...' line, then the server's reason, as an error.
  await expect(page.getByTestId('contact-banner')).toHaveText('reCaptcha error... Verifica anti-spam non riuscita: riprova.', { timeout: 45_000 });
  await expect(page.getByTestId('contact-banner')).toHaveAttribute('data-kind', 'error');
  await expect(page.getByTestId('contact-banner')).toHaveAttribute('role', 'alert');
  await expect(field(form, 'Nome')).toHaveValue('Marco');
  await expect(field(form, 'Messaggio')).toHaveValue('Prova con verifica falsificata');
});

test('contacts and company at phone width pass axe @mobile', async ({ page }) => {
  for (const path of ['/contacts', '/company', '/en/fares', '/helipad-posts/peschici', '/come-raggiungerci']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expectAccessible(page);
  }
});
