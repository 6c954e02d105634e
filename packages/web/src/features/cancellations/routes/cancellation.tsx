import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { requireUser } from '../../../lib/guards.ts';
import { CancellationAnswersScreen } from '../CancellationAnswersScreen.tsx';
import type { Route } from './+types/cancellation';

export async function clientLoader() {
  return { user: await requireUser() };
}

/** /admin/cancellations/{id}: the answers of one cancellation. */
export default function Cancellation({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'flights.cancel')) return <Forbidden title={t('staff.cancellations.answersTitleShort')} />;
  return <CancellationAnswersScreen id={Number(params.id)} />;
}
