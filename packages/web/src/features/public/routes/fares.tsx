import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../../components/Placeholder.tsx';

export default function Fares() {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.fares')} line={t('placeholder.fares')} />;
}
