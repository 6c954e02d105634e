import { fillMessage } from '@heliline/domain/booking/issues';
import { type Localized, MESSAGES } from '@heliline/domain/i18n/messages';
import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../i18n/use-lang.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Failure outcome (spec §2, §8): the bank's message in the spec sentence, its code, a hint and a
 * restart link. When the bank did not refuse (deadline passed, seats lost and refunded) the
 * server's reason replaces the bank sentence.
 */
export function BankFailure({ message, errorCode, reason }: { message: string | null; errorCode: string | null; reason: Localized | null }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('wizard.status.failureTitle')} role="alert" mb="lg">
      <Text data-testid="bank-message">{reason && !message ? reason[lang] : fillMessage(MESSAGES.bankFailure[lang], { message: message ?? '—' })}</Text>
      {errorCode && (
        <Text fw={700} mt="xs" data-testid="bank-code">
          {fillMessage(MESSAGES.bankErrorCode[lang], { error_code: errorCode })}
        </Text>
      )}
      <Text mt="xs">{MESSAGES.bankFailureHint[lang]}</Text>
      <Button component={Link} to={paths.booking} mt="md">
        {t('wizard.status.restart')}
      </Button>
    </Alert>
  );
}
