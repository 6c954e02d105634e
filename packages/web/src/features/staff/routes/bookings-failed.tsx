import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/session.ts';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { requireBookingUser } from '../../../lib/guards.ts';
import { FailedBookingsScreen } from '../failed/FailedBookingsScreen.tsx';
import type { Route } from './+types/bookings-failed';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/**
 * /bookings-failed (staff only; the server checks again). The screen lives with the other staff
 * screens in features/staff; /admin/posti-bloccati becomes the wizard's step 0.
 */
export default function BookingsFailed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data ?? loaderData.user;
  if (!can(user.roles, 'bookings.failed.manage')) return <Forbidden title={t('staff.failed.title')} />;
  return <FailedBookingsScreen user={user} />;
}
