import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../../components/Placeholder.tsx';

export default function Contacts() {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.contacts')} line={t('placeholder.contacts')} />;
}
