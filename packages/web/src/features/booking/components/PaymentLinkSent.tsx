import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/**
 * The copied state: white on a green of 6.6:1 that hover darkens further. Mantine's green.9 is
 * 4.4:1 with white and its hover lighter still; its "light" variant with a shade put that shade
 * behind the light text colour, the same green. The staff screens' TEXT_COLOR.ok is the same
 * green, written out here: the booking feature does not import the staff one's modules.
 */
const COPIED_GREEN = '#1d6a2e';

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
                color={copied ? COPIED_GREEN : undefined}
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
