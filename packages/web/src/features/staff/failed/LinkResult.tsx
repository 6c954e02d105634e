import type { TFailedPaymentLinkResponse } from '@heliline/domain';
import { Alert, Button, CopyButton, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The link just generated (spec state 42): the link itself, a copy control and the address it went to. Takes focus when it appears. */
export function LinkResult({ result, onClose }: { result: TFailedPaymentLinkResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [result]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="green"
      variant="light"
      icon={<IconLink aria-hidden />}
      title={t('staff.failed.linkSent')}
      withCloseButton
      onClose={onClose}
      closeButtonLabel={t('staff.close')}
      mb="md"
      data-testid="payment-link-result"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('staff.failed.linkLabel')} value={result.bank_link} readOnly flex={1} miw={220} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={result.bank_link}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
              {copied ? t('staff.failed.linkCopied') : t('staff.failed.linkCopy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" mt="xs">
        {t('staff.failed.linkSentTo', { email: result.email })}
      </Text>
    </Alert>
  );
}
