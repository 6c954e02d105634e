import type { Page } from '@playwright/test';
import { createVerifiedUser, expect, expectAccessible, loginAs, test } from './support.ts';

/** The statement in each language: its URL, title, the model's sections in order, the last-check date. */
const STATEMENT = {
  it: {
    path: '/accessibilita',
    title: 'Dichiarazione di accessibilità',
    sections: [
      'Soggetto erogatore',
      'Stato di conformità',
      'Contenuti non accessibili',
      'Redazione della dichiarazione di accessibilità',
      'Feedback e recapiti',
      'Procedura di attuazione',
    ],
    status: 'Parzialmente conforme',
    lastCheck: '24 novembre 2026',
    contactsLink: 'Vai alla pagina Contatti',
    contactsPath: '/contacts',
  },
  en: {
    path: '/en/accessibility',
    title: 'Accessibility statement',
    sections: [
      'Service provider',
      'Conformance status',
      'Non-accessible content',
      'Preparation of this accessibility statement',
      'Feedback and contact information',
      'Enforcement procedure',
    ],
    status: 'Partially compliant',
    lastCheck: '24 November 2026',
    contactsLink: 'Go to the Contacts page',
    contactsPath: '/en/contacts',
  },
} as const;

for (const lang of ['it', 'en'] as const) {
  const s = STATEMENT[lang];

  test(`accessibility statement (${lang}): the model's sections, the last check, contacts, meta tags and axe`, async ({ page }) => {
    await page.goto(s.path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(`${s.title} · Heliline`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.title);
    await expect(page.locator('main h2')).toHaveText([...s.sections]);
    await expect(page.getByTestId('a11y-status')).toHaveText(s.status);
    await expect(page.getByTestId('a11y-last-check')).toHaveText(s.lastCheck);
    await expect(page.getByTestId('a11y-last-check')).toHaveAttribute('datetime', '2026-11-24');
    // How to report a problem: the operator's e-mail, the call centre and the contacts page; AgID for enforcement.
    const feedback = page.getByRole('region', { name: s.sections[4] });
    await expect(feedback.getByRole('link', { name: 'info@heliline.test' })).toHaveAttribute('href', /^mailto:info@heliline\.test\?subject=/);
    await expect(feedback.getByRole('link', { name: '+39 0881 000 200' })).toHaveAttribute('href', 'tel:+390881000200');
    await expect(page.getByRole('region', { name: s.sections[5] })).toContainText('AgID');
    await expect(page.getByRole('region', { name: s.sections[5] })).toContainText('30');

    const other = STATEMENT[lang === 'it' ? 'en' : 'it'].path;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${s.path}$`));
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang === 'it' ? 'en' : 'it'}"]`)).toHaveAttribute('href', new RegExp(`${other}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /AgID/);
    await expectAccessible(page);

    await feedback.getByRole('link', { name: s.contactsLink }).click();
    await expect(page).toHaveURL(new RegExp(`${s.contactsPath}$`));
  });

  test(`accessibility statement (${lang}) is prerendered and served with 200`, async ({ request }) => {
    const res = await request.get(s.path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    // The HTML itself carries the page (before any script runs), in its language.
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${s.title}</h1>`));
    expect(html).toContain(s.lastCheck);
  });
}

test('the sitemap lists the accessibility statement in both languages', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/accessibilita<\/loc>/);
  expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/en\/accessibility<\/loc>/);
});

/** The footer's help group (WCAG 3.2.6): where it sits among the footer's columns, and its lines in order. */
async function footerHelp(page: Page) {
  const footer = page.getByRole('contentinfo');
  const help = footer.getByTestId('footer-help');
  await expect(help).toBeVisible();
  const column = await help.evaluate((el) => Array.from(el.parentElement!.children).indexOf(el));
  const lines = await help.getByRole('listitem').allInnerTexts();
  return { column, lines };
}

test('every layout shows the same footer: the statement link and the help group in the same place and order', async ({ page }) => {
  const { email } = await createVerifiedUser(page.request, 'a11y-footer');
  await loginAs(page, email);
  const expected = {
    column: 2,
    lines: ['Contatti e modulo di richiesta', 'Call center prenotazioni: +39 0881 000 200', 'Assistenza voli: voli@heliline.test'],
  };
  // A public page, an account screen and the booking wizard (the Italian UI: no stored choice).
  for (const path of ['/fares', '/account', '/booking']) {
    await page.goto(path);
    await expect(page.locator('main h1').first(), path).toBeVisible();
    expect(await footerHelp(page), path).toEqual(expected);
    const help = page.getByTestId('footer-help');
    await expect(help.getByRole('link', { name: 'Contatti e modulo di richiesta' }), path).toHaveAttribute('href', '/contacts');
    await expect(help.getByRole('link', { name: '+39 0881 000 200' }), path).toHaveAttribute('href', 'tel:+390881000200');
    await expect(help.getByRole('link', { name: 'voli@heliline.test' }), path).toHaveAttribute('href', 'mailto:voli@heliline.test');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Dichiarazione di accessibilità' }), path).toHaveAttribute('href', '/accessibilita');
  }

  // In English the same group, translated, in the same place; the statement link goes to the English copy.
  await page.goto('/en/fares');
  expect(await footerHelp(page)).toEqual({
    column: 2,
    lines: ['Contacts and request form', 'Booking call centre: +39 0881 000 200', 'Flight assistance: voli@heliline.test'],
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
  await expect(page).toHaveURL(/\/en\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility statement');
});

test('accessibility statement on a phone passes axe @mobile', async ({ page }) => {
  for (const lang of ['it', 'en'] as const) {
    await page.goto(STATEMENT[lang].path);
    await expect(page.getByTestId('a11y-last-check')).toHaveText(STATEMENT[lang].lastCheck);
    await expect(page.getByTestId('footer-help')).toBeVisible();
    await expectAccessible(page);
  }
});
