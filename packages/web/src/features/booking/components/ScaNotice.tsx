import { Alert, Group, Image, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const LOGOS = [
  { file: 'visa', name: 'Visa' },
  { file: 'mastercard', name: 'Mastercard' },
  { file: 'maestro', name: 'Maestro' },
  { file: 'secure', name: '3-D Secure' },
] as const;

/** Strong customer authentication notice (spec §2 step 4, §9: since 14 September 2019) and the accepted cards. */
export function ScaNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<IconShieldLock aria-hidden />} title={t('wizard.sca.title')} role="note">
      <Text size="sm">{t('wizard.sca.text')}</Text>
      <Group gap="xs" mt="sm" aria-label={t('wizard.sca.cards')} role="list">
        {LOGOS.map((l) => (
          // The list item wraps the logo: an <img> may not take the listitem role (axe aria-allowed-role).
          <div key={l.file} role="listitem">
            <Image src={`/images/payment/${l.file}.svg`} alt={l.name} w={64} h={40} />
          </div>
        ))}
      </Group>
    </Alert>
  );
}
