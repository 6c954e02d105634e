import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { requireUser } from '../../../lib/guards.ts';
import type { Route } from './+types/staff-bookings';

export async function clientLoader() {
  return { user: await requireUser() };
}

/** /admin/gestione-prenotazioni: staff with booking powers only. */
export default function StaffBookings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'booking.staffPaymentArea')) return <Forbidden title={t('titles.staffBookings')} />;
  return <Placeholder title={t('titles.staffBookings')} line={t('placeholder.staffBookings')} />;
}
