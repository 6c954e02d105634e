import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';

/**
 * The conditions of carriage (per-language PDF served by the server) in an embedded frame, with a
 * link that opens the PDF itself: phone browsers that show no PDF inside a page open it there.
 */
const conditionsUrl = (lang: 'it' | 'en') => `/documents/${lang}/conditions-of-carriage.pdf`;

export function ConditionsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('wizard.step3.conditionsTitle')}
      size="xl"
      fullScreen={false}
      closeButtonProps={{ 'aria-label': t('wizard.close') }}
    >
      <p style={{ marginTop: 0 }}>
        <a href={conditionsUrl(lang)} target="_blank" rel="noopener">
          {t('wizard.step3.conditionsOpen')}
        </a>
      </p>
      <iframe src={conditionsUrl(lang)} title={t('wizard.step3.conditionsTitle')} style={{ width: '100%', height: '70vh', border: 0 }} />
    </Modal>
  );
}
