import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../../components/Placeholder.tsx';

export default function Timetable() {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.timetable')} line={t('placeholder.timetable')} />;
}
