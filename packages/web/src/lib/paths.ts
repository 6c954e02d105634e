import type { Lang } from '@heliline/domain';

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
  helipadPosts: '/helipad-posts',
  helipadPost: (slug: string) => `/helipad-posts/${encodeURIComponent(slug)}`,
  agencies: '/admin/agencies',
  staffBookings: '/admin/gestione-prenotazioni',
  blockedSeats: '/admin/posti-bloccati',
  devPanel: '/dev/login-panel',
} as const;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' };

/** Company child pages (spec §2); 'profile' is the empty child. */
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
export type CompanySection = (typeof COMPANY_SECTIONS)[number];

export function isCompanySection(v: string): v is CompanySection {
  return (COMPANY_SECTIONS as readonly string[]).includes(v);
}
