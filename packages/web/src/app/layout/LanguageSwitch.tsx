import { parseLang } from '@heliline/domain/i18n/messages';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/use-lang.ts';

/** it/en switch: a labelled radio group (SegmentedControl renders radios). */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const [lang, setLang] = useLang();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      fullWidth={fullWidth}
      aria-label={t('nav.language')}
      value={lang}
      onChange={(v) => setLang(parseLang(v))}
      data={[
        { value: 'it', label: <span lang="it" aria-label={t('nav.italian')}>IT</span> },
        { value: 'en', label: <span lang="en" aria-label={t('nav.english')}>EN</span> },
      ]}
    />
  );
}
