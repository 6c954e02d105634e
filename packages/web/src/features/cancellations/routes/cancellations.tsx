import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { requireUser } from '../../../lib/guards.ts';
import { StaffCancellationsScreen } from '../StaffCancellationsScreen.tsx';
import type { Route } from './+types/cancellations';

export async function clientLoader() {
  return { user: await requireUser() };
}

/** /admin/cancellations: Admin, Prenotazioni, PrenotaFull (the server checks again). */
export default function Cancellations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'flights.cancel')) return <Forbidden title={t('staff.cancellations.title')} />;
  return <StaffCancellationsScreen />;
}
