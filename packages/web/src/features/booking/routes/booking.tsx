import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMe } from '../../../api/session.ts';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { Page } from '../../../components/Page.tsx';
import { paths } from '../../../lib/paths.ts';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { useForcedLang } from '../../../i18n/use-lang.ts';
import { requireBookingUser } from '../../../lib/guards.ts';
import { BookingWizard } from '../components/BookingWizard.tsx';
import type { Route } from './+types/booking';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /booking, and /it/prenotazioni or /en/bookings (retry with a different booking, language forced). */
export default function Booking({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const me = useMe();
  if (pathname.startsWith('/it/')) return <Retry lang="it" />;
  if (pathname.startsWith('/en/')) return <Retry lang="en" />;
  const user = me.data ?? loaderData.user;
  // /admin/posti-bloccati opens the staff wizard on its blocked-seats list (step 0); others may not.
  const blockedSeats = pathname.startsWith(paths.blockedSeats);
  if (blockedSeats && !can(user.roles, 'booking.blockSeats')) return <Forbidden title={t('titles.blockedSeats')} />;
  return (
    <Page title={t(blockedSeats ? 'titles.blockedSeats' : 'titles.booking')}>
      <BookingWizard key={blockedSeats ? 'blocked' : 'booking'} user={user} start={blockedSeats ? 0 : 1} />
    </Page>
  );
}

/** Retry of a failed booking: staff flow of a later issue. */
function Retry({ lang }: { lang: 'it' | 'en' }) {
  useForcedLang(lang);
  const { t } = useTranslation();
  return <Placeholder title={t('titles.bookingRetry')} line={t('placeholder.bookingRetry')} />;
}
