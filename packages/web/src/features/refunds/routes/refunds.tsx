import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { requireUser } from '../../../lib/guards.ts';
import { RefundsScreen } from '../RefundsScreen.tsx';
import type { Route } from './+types/refunds';

export async function clientLoader() {
  return { user: await requireUser() };
}

/** /admin/refunds: Admin, Prenotazioni, PrenotaFull, PagamentoCash (the server checks again, and each action on its own). */
export default function Refunds({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'refunds.view')) return <Forbidden title={t('staff.refunds.title')} />;
  return <RefundsScreen user={loaderData.user} />;
}
