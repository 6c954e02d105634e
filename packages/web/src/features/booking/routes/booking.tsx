import { can } from '@heliline/domain/roles';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMe } from '../../../api/session.ts';
import { Page } from '../../../components/Page.tsx';
import { paths } from '../../../lib/paths.ts';
import { requireBookingUser } from '../../../lib/guards.ts';
import { BookingWizard } from '../components/BookingWizard.tsx';
import type { Route } from './+types/booking';

// Only a buyer who opens the staff address sees it: not part of the wizard's first load.
const Forbidden = lazy(() => import('../../../components/Forbidden.tsx').then((m) => ({ default: m.Forbidden })));

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /booking, and /admin/posti-bloccati (the staff wizard from its blocked-seats list). */
export default function Booking({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data ?? loaderData.user;
  // /admin/posti-bloccati opens the staff wizard on its blocked-seats list (step 0); others may not.
  const blockedSeats = pathname.startsWith(paths.blockedSeats);
  if (blockedSeats && !can(user.roles, 'booking.blockSeats')) {
    return (
      <Suspense>
        <Forbidden title={t('titles.blockedSeats')} />
      </Suspense>
    );
  }
  return (
    <Page title={t(blockedSeats ? 'titles.blockedSeats' : 'titles.booking')}>
      <BookingWizard key={blockedSeats ? 'blocked' : 'booking'} user={user} start={blockedSeats ? 0 : 1} />
    </Page>
  );
}
