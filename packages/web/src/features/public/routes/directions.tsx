import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { useForcedLang } from '../../../i18n/use-lang.ts';

/** /come-raggiungerci forces Italian, /directions forces English (same page). */
export default function Directions() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useForcedLang(pathname.startsWith('/come-raggiungerci') ? 'it' : 'en');
  return <Placeholder title={t('titles.directions')} line={t('placeholder.directions')} />;
}
