import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/session.ts';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { Page } from '../../../components/Page.tsx';
import { requireBookingUser } from '../../../lib/guards.ts';
import { BookingWizard } from '../components/BookingWizard.tsx';
import type { Route } from './+types/blocked-seats';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /admin/posti-bloccati: the staff wizard opened on its blocked-seats list (step 0). */
export default function BlockedSeats({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data ?? loaderData.user;
  if (!can(user.roles, 'booking.blockSeats')) return <Forbidden title={t('titles.blockedSeats')} />;
  return (
    <Page title={t('titles.blockedSeats')}>
      <BookingWizard user={user} start={0} />
    </Page>
  );
}
