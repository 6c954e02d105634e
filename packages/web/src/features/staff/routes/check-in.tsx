import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { requireUser } from '../../../lib/guards.ts';
import { CheckInScreen } from '../check-in/CheckInScreen.tsx';
import type { Route } from './+types/check-in';

export async function clientLoader() {
  return { user: await requireUser() };
}

/** /admin/check-in: Admin, Prenotazioni and PrenotaFull (the server checks again). */
export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'flights.checkIn')) return <Forbidden title={t('titles.checkIn')} />;
  return <CheckInScreen />;
}
