import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/session.ts';
import { Page } from '../../../components/Page.tsx';
import { requireBookingUser } from '../../../lib/guards.ts';
import { BookingWizard } from '../components/BookingWizard.tsx';
import type { Route } from './+types/booking';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /booking: the booking wizard from its first step. */
export default function Booking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Page title={t('titles.booking')}>
      <BookingWizard user={me.data ?? loaderData.user} start={1} />
    </Page>
  );
}
