import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { useForcedLang } from '../../../i18n/use-lang.ts';
import { requireBookingUser } from '../../../lib/guards.ts';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /booking, and /it/prenotazioni or /en/bookings (retry with a different booking, language forced). */
export default function Booking() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/it/')) return <Retry lang="it" />;
  if (pathname.startsWith('/en/')) return <Retry lang="en" />;
  return <BookingBody retry={false} />;
}

function Retry({ lang }: { lang: 'it' | 'en' }) {
  useForcedLang(lang);
  return <BookingBody retry />;
}

function BookingBody({ retry }: { retry: boolean }) {
  const { t } = useTranslation();
  return retry ? (
    <Placeholder title={t('titles.bookingRetry')} line={t('placeholder.bookingRetry')} />
  ) : (
    <Placeholder title={t('titles.booking')} line={t('placeholder.booking')} />
  );
}
