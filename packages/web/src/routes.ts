import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

/**
 * Every route of the spec (accounts-and-public-site §2, booking-wizard §1). Route modules are
 * code-split by the framework: a public page never downloads the account or booking screens.
 */
const account = (file: string) => `features/account/routes/${file}`;
const pub = (file: string) => `features/public/routes/${file}`;
const booking = (file: string) => `features/booking/routes/${file}`;
const staff = (file: string) => `features/staff/routes/${file}`;
const cancellations = (file: string) => `features/cancellations/routes/${file}`;
const myTickets = (file: string) => `features/my-tickets/routes/${file}`;
const refunds = (file: string) => `features/refunds/routes/${file}`;
const reports = (file: string) => `features/reports/routes/${file}`;

/**
 * The public pages that exist in both languages (home apart): plain HTML + CSS. A widget that
 * loads after hydration (carousel, date picker, the contact form's banners) brings what it needs.
 * Route ids get a `-en` suffix under /en so they stay unique.
 */
function publicRoutes(lang: 'it' | 'en') {
  const id = (name: string) => (lang === 'it' ? name : `${name}-en`);
  return [
    route('helipad-posts', pub('helipad-posts.tsx'), { id: id('helipad-posts') }),
    route('fares', pub('fares.tsx'), { id: id('fares') }),
    // The carousel (Embla) loads after hydration; the timetable's calendar is drawn then.
    route('company', pub('company-layout.tsx'), { id: id('company') }, [
      index(pub('company-section.tsx'), { id: id('company-profile') }),
      route(':section', pub('company-section.tsx'), { id: id('company-section') }),
    ]),
    route('timetable', pub('timetable.tsx'), { id: id('timetable') }),
    route('helipad-posts/:slug', pub('helipad-post.tsx'), { id: id('helipad-post') }),
    route('contacts', pub('contacts.tsx'), { id: id('contacts') }),
    // The only page whose slug differs by language: /accessibilita, /en/accessibility.
    route(lang === 'it' ? 'accessibilita' : 'accessibility', pub('accessibility.tsx'), { id: id('accessibility') }),
  ];
}
const it = publicRoutes('it');
const en = publicRoutes('en');

/*
 * Layouts (decision 007): the root shell and the public pages are plain HTML and CSS. Mantine
 * (its CSS and code) comes with app/mantine-layout.tsx and TanStack Query with
 * app/query-layout.tsx, on the app screens only (accounts, booking, staff): the prerendered
 * public pages stay light without them.
 */
export default [
  // Public site: Italian at the clean paths, English copies under /en.
  index(pub('home.tsx'), { id: 'home' }),
  route('en', pub('home.tsx'), { id: 'home-en' }),
  route('home-preview', pub('home.tsx'), { id: 'home-preview' }),
  ...it,
  ...prefix('en', en),
  // One page per language, each forcing its language.
  route('come-raggiungerci', pub('directions.tsx'), { id: 'directions-it' }),
  route('directions', pub('directions.tsx'), { id: 'directions-en' }),

  layout('app/mantine-layout.tsx', [
    layout('app/query-layout.tsx', [
      // Accounts
      route('sign-up', account('sign-up.tsx')),
      route('login', account('login.tsx')),
      route('login/:provider', account('social-login.tsx')),
      route('pending', account('pending.tsx')),
      route('logout', account('logout.tsx')),
      route('password/reset', account('password-request.tsx')),
      route('password/reset/:token', account('password-reset.tsx')),
      route('account', account('account.tsx')),

      // Booking area (entry rules: login, then pending)
      route('booking', booking('booking.tsx')),
      route('it/prenotazioni', staff('booking-retry.tsx'), { id: 'booking-retry-it' }),
      route('en/bookings', staff('booking-retry.tsx'), { id: 'booking-retry-en' }),
      route('booking-status/:code', booking('booking-status.tsx')),
      route('bookings-failed', staff('bookings-failed.tsx')),
      route('my-tickets', myTickets('my-tickets.tsx')),

      // Staff
      ...prefix('admin', [
        route('agencies', staff('agencies.tsx')),
        route('gestione-prenotazioni', staff('staff-bookings.tsx')),
        route('posti-bloccati', booking('blocked-seats.tsx'), { id: 'blocked-seats' }),
        route('check-in', staff('check-in.tsx')),
        route('cancellations', cancellations('cancellations.tsx')),
        route('cancellations/:id', cancellations('cancellation.tsx')),
        route('refunds', refunds('refunds.tsx')),
        route('reports', reports('reports.tsx')),
      ]),
      // A cancelled flight's personal link (no login: the token is the key).
      route('flight-change/:token', cancellations('flight-change.tsx')),

      // Test-only login panel (not reachable when the server runs in production)
      route('dev/login-panel', 'features/dev/routes/login-panel.tsx'),
    ]),
  ]),

  // A route without a screen, and every unknown path: back to home.
  route('setup-email', 'app/redirect-home.tsx', { id: 'setup-email' }),
  route('*', 'app/redirect-home.tsx'),
] satisfies RouteConfig;
