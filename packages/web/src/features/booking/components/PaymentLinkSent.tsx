import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/**
 * State 42 (spec §2): the payment link the server generated and e-mailed, a copy control whose
 * feedback screen readers hear, and the address it was sent to.
 */
export function PaymentLinkSent({ link, email, code }: { link: string; email: string; code: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="state-42">
      <Stack>
        <Group gap="sm" wrap="nowrap">
          <IconMailForward size={32} aria-hidden />
          <Title order={2} size="h3">
            {t('wizard.state42.title')}
          </Title>
        </Group>
        {code && (
          <Text>
            {t('wizard.status.code')}{' '}
            <Text span fw={800} ff="monospace" fz="lg" data-testid="booking-code">
              {code}
            </Text>
          </Text>
        )}
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('wizard.state42.sentTo')}{' '}
          <Text span fw={700} data-testid="payment-link-email">
            {email}
          </Text>
        </Text>
        <TextInput label={t('wizard.state42.link')} value={link} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="payment-link" />
        <CopyButton value={link} timeout={4000}>
          {({ copied, copy }) => (
            <Group gap="sm">
              <Button
                onClick={copy}
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'green.9' : undefined}
                leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              >
                {t('wizard.state42.copy')}
              </Button>
              <Text role="status" size="sm" fw={600}>
                {copied ? t('wizard.state42.copied') : ''}
              </Text>
            </Group>
          )}
        </CopyButton>
        <Text size="sm">{t('wizard.state42.hint')}</Text>
        <Group>
          <Button component={Link} to={paths.staffBookings} variant="default">
            {t('wizard.status.backStaff')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
