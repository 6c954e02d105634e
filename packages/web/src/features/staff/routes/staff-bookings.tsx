import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { requireUser } from '../../../lib/guards.ts';
import { StaffBookingsScreen } from '../bookings/StaffBookingsScreen.tsx';
import type { Route } from './+types/staff-bookings';

export async function clientLoader() {
  return { user: await requireUser() };
}

/** /admin/gestione-prenotazioni: staff with booking powers only (the server checks again). */
export default function StaffBookings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'bookings.failed.manage')) return <Forbidden title={t('titles.staffBookings')} />;
  return <StaffBookingsScreen />;
}
