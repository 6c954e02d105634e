import { expect, type Locator, type Page } from '@playwright/test';
import { field } from './support.ts';

/** Helpers of the public pages' suite (public-pages.spec.ts). */

export const COMPANY_SECTIONS = [
  'profile',
  'flight-operations',
  'civil-protection',
  'scheduled-flights',
  'offshore',
  'medical-transport',
  'additional-services',
  'maintenance',
  'auths-certs',
  'heliport-design-construction-management',
  'apulian-heli-network',
  'doa',
  'training',
  'finanzia-il-tuo-addestramento',
  'tea-centre',
] as const;

export const POST_SLUGS = ['policlinico-bari', 'supersano', 'peschici', 'celenza-valfortore'] as const;

/** A public path in a language: Italian at the clean path, English under /en. */
export const inLang = (path: string, lang: 'it' | 'en') => (lang === 'it' ? path : `/en${path}`);
export const companyPath = (section: string) => (section === 'profile' ? '/company' : `/company/${section}`);

/**
 * Prerendered pages are visible before their handlers are attached: wait until an element is
 * there and hydrated (it carries React's props) before clicking it.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  }, selector);
}

/** Today's calendar date in Rome (YYYY-MM-DD), like the page computes it. */
export function romeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export const wireDate = (iso: string) => iso.split('-').reverse().join('/');

/** The label the date picker gives a day ("23 novembre 2026" / "23 November 2026"). */
export function dayLabel(iso: string, lang: 'it' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );
}

/** The embedded company page is as tall as its body + 20 px (same origin, so the test can measure it too). */
export async function expectFrameSizedToBody(page: Page, testId = 'company-frame'): Promise<void> {
  const frame = page.getByTestId(testId);
  await expect(frame).toBeVisible();
  await expect
    .poll(async () =>
      frame.evaluate((el) => {
        const body = (el as HTMLIFrameElement).contentDocument?.body;
        if (!body || body.childElementCount === 0) return 'not loaded';
        const bodyHeight = Math.ceil(body.getBoundingClientRect().height);
        return Math.round(el.getBoundingClientRect().height) - bodyHeight;
      }),
    )
    .toBe(20);
}

/** Labels of the contact form in Italian (the page at /contacts). */
export interface ContactValues {
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  /** The radio's label: 'Assistenza voli' or 'Contatto con la società'. */
  requestType: string;
  message: string;
}

export async function fillContactForm(form: Locator, v: ContactValues): Promise<void> {
  await field(form, 'Nome').fill(v.firstname);
  await field(form, 'Cognome').fill(v.lastname);
  await field(form, 'Email').fill(v.email);
  await field(form, 'Telefono').fill(v.telephone);
  await form.getByRole('radio', { name: v.requestType }).check();
  await field(form, 'Messaggio').fill(v.message);
}
