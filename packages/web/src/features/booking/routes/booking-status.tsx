import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { requireBookingUser } from '../../../lib/guards.ts';
import type { Route } from './+types/booking-status';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** The path carries the base64 of the booking code. */
function decodeCode(param: string): string {
  try {
    return atob(decodeURIComponent(param));
  } catch {
    return param;
  }
}

export default function BookingStatus({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.bookingStatus')} line={t('placeholder.bookingStatus', { code: decodeCode(params.code) })} />;
}
