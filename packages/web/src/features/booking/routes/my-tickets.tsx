import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { requireBookingUser } from '../../../lib/guards.ts';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

export default function MyTickets() {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.myTickets')} line={t('placeholder.myTickets')} />;
}
