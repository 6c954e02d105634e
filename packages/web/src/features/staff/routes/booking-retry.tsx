import { can } from '@heliline/domain/roles';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMe } from '../../../api/session.ts';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { useForcedLang } from '../../../i18n/use-lang.ts';
import { requireBookingUser } from '../../../lib/guards.ts';
import { RetryScreen } from '../retry/RetryScreen.tsx';
import type { Route } from './+types/booking-retry';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /it/prenotazioni and /en/bookings (language forced by the path): retry a failed booking. Prenotazioni and PrenotaFull only. */
export default function BookingRetry({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  useForcedLang(pathname.startsWith('/en/') ? 'en' : 'it');
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data ?? loaderData.user;
  if (!can(user.roles, 'booking.paymentLink')) return <Forbidden title={t('staff.retry.title')} />;
  return <RetryScreen user={user} />;
}
