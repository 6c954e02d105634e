import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { requireBookingUser } from '../../../lib/guards.ts';
import type { Route } from './+types/bookings-failed';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /bookings-failed, also reached as /admin/posti-bloccati (blocked seats). Staff only. */
export default function BookingsFailed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const blocked = pathname.includes('posti-bloccati');
  const title = blocked ? t('titles.blockedSeats') : t('titles.bookingsFailed');
  if (!can(loaderData.user.roles, 'bookings.failed.manage')) return <Forbidden title={title} />;
  return <Placeholder title={title} line={blocked ? t('placeholder.blockedSeats') : t('placeholder.bookingsFailed')} />;
}
