import type { Lang } from '@heliline/domain';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { CompanyPageId } from '@heliline/domain/public-site/company';

/** Every in-app path in one place: links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  homePreview: '/home-preview',
  signup: '/sign-up',
  login: '/login',
  socialLogin: (provider: SocialProvider) => `/login/${provider}`,
  pending: '/pending',
  logout: '/logout',
  passwordRequest: '/password/reset',
  passwordReset: (token: string, email: string) => `/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`,
  account: '/account',
  booking: '/booking',
  bookingRetry: (lang: Lang) => (lang === 'it' ? '/it/prenotazioni' : '/en/bookings'),
  bookingStatus: (code: string) => `/booking-status/${encodeURIComponent(code)}`,
  bookingsFailed: '/bookings-failed',
  myTickets: '/my-tickets',
  timetable: '/timetable',
  fares: '/fares',
  company: (section: CompanySection = 'profile') => (section === 'profile' ? '/company' : `/company/${section}`),
  contacts: '/contacts',
  directions: (lang: Lang) => (lang === 'it' ? '/come-raggiungerci' : '/directions'),
  accessibility: (lang: Lang) => (lang === 'it' ? ACCESSIBILITY_IT : ACCESSIBILITY_EN),
  helipadPosts: '/helipad-posts',
  helipadPost: (slug: string) => `/helipad-posts/${encodeURIComponent(slug)}`,
  agencies: '/admin/agencies',
  staffBookings: '/admin/gestione-prenotazioni',
  blockedSeats: '/admin/posti-bloccati',
  checkIn: '/admin/check-in',
  cancellations: '/admin/cancellations',
  refunds: '/admin/refunds',
  reports: '/admin/reports',
  devPanel: '/dev/login-panel',
} as const;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' };

/** Company child pages (spec §2; 'profile' is the empty child): the domain's list, shared with the server. */
export { COMPANY_PAGE_IDS as COMPANY_SECTIONS, isCompanyPage as isCompanySection } from '@heliline/domain/public-site/company';
export type CompanySection = CompanyPageId;

/*
 * Public-site URL scheme (decision 007): Italian at the clean paths, English copies under `/en`;
 * /come-raggiungerci (it) and /directions (en) are one page each forcing its language.
 * Non-public screens (accounts, booking, staff) keep one path and switch language in place.
 */
const EN_PREFIX = '/en';

/*
 * The accessibility statement has a slug per language (/accessibilita, /en/accessibility): a
 * bilingual page like the others (Italian at the clean path, English under /en), whose English
 * copy is named in English.
 */
const ACCESSIBILITY_IT = '/accessibilita';
const ACCESSIBILITY_EN = `${EN_PREFIX}/accessibility`;

const PUBLIC_ROOTS = ['/company', '/contacts', '/timetable', '/fares', '/helipad-posts', ACCESSIBILITY_IT] as const;
const DIRECTIONS: Record<Lang, string> = { it: '/come-raggiungerci', en: '/directions' };

/** '/en/fares/' → '/en/fares' ('/' stays). */
export function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

function splitSuffix(path: string): [string, string] {
  const i = path.search(/[?#]/);
  return i < 0 ? [path, ''] : [path.slice(0, i), path.slice(i)];
}

/** The Italian (unprefixed) form of a public path: '/en/fares' → '/fares', '/directions' → '/come-raggiungerci'. */
function basePublicPath(pathname: string): string {
  const p = trimSlash(pathname);
  if (p === DIRECTIONS.en) return DIRECTIONS.it;
  if (p === ACCESSIBILITY_EN) return ACCESSIBILITY_IT;
  if (p === EN_PREFIX) return '/';
  if (p.startsWith(`${EN_PREFIX}/`)) {
    const rest = p.slice(EN_PREFIX.length);
    return isPublicPath(rest) ? rest : p;
  }
  return p;
}

/** Whether a path (without /en) is a page of the public site, i.e. one with it/en URLs. */
function isPublicPath(pathname: string): boolean {
  const p = trimSlash(pathname);
  if (p === '/' || p === DIRECTIONS.it || p === DIRECTIONS.en) return true;
  return PUBLIC_ROOTS.some((root) => p === root || p.startsWith(`${root}/`));
}

/**
 * The URL of a public page in a language. Takes either form of the path ('/fares' or '/en/fares',
 * with ?query/#hash kept); non-public paths ('/booking', '/login?lang=en') come back unchanged.
 */
export function localizedPath(path: string, lang: Lang): string {
  const [pathname, suffix] = splitSuffix(path);
  const base = basePublicPath(pathname || '/');
  if (!isPublicPath(base)) return path;
  if (base === DIRECTIONS.it) return DIRECTIONS[lang] + suffix;
  if (lang === 'it') return base + suffix;
  if (base === ACCESSIBILITY_IT) return ACCESSIBILITY_EN + suffix;
  return (base === '/' ? EN_PREFIX : EN_PREFIX + base) + suffix;
}

/**
 * The language a URL imposes: English under /en and at /directions, Italian on the other public
 * paths (and /come-raggiungerci, /home-preview); null for screens that follow the stored choice.
 */
export function langFromPath(pathname: string): Lang | null {
  const p = trimSlash(pathname);
  if (p === paths.homePreview) return 'it';
  if (p === DIRECTIONS.en || p === ACCESSIBILITY_EN) return 'en';
  if (p === EN_PREFIX || p.startsWith(`${EN_PREFIX}/`)) return isPublicPath(p.slice(EN_PREFIX.length) || '/') ? 'en' : null;
  return isPublicPath(p) ? 'it' : null;
}

/** Home in either language, or its preview. */
export function isHomePath(pathname: string): boolean {
  const p = trimSlash(pathname);
  return p === '/' || p === EN_PREFIX || p === paths.homePreview;
}

/**
 * Pages with an /en copy: a visitor whose stored language differs is moved to the copy after
 * hydration. The two directions pages are alternates of each other but force their language.
 */
export function hasCounterpart(pathname: string): boolean {
  const p = basePublicPath(pathname);
  return isPublicPath(p) && p !== DIRECTIONS.it;
}

/** A public page's URL in each language (its hreflang alternates); null for other screens. */
export function alternatesOf(pathname: string): Record<Lang, string> | null {
  if (!isPublicPath(basePublicPath(pathname))) return null;
  return { it: localizedPath(pathname, 'it'), en: localizedPath(pathname, 'en') };
}

/** The language of the page being shown: the URL's on public pages, the UI language elsewhere. */
export function usePageLang(): Lang {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  // (no parseLang import: the build config loads this file outside Vite's aliases)
  return langFromPath(pathname) ?? (i18n.language === 'en' ? 'en' : 'it');
}
