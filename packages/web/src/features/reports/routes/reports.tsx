import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { requireUser } from '../../../lib/guards.ts';
import { ReportsScreen } from '../ReportsScreen.tsx';
import type { Route } from './+types/reports';

export async function clientLoader() {
  return { user: await requireUser() };
}

/** /admin/reports: Admin, PagamentoCash (its own cash); the server checks again. */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'reports.view')) return <Forbidden title={t('staff.reports.title')} />;
  return <ReportsScreen />;
}
