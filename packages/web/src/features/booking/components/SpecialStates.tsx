import { Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaymentLinkSent } from './PaymentLinkSent.tsx';
import { ReceiptCountdown } from './ReceiptCountdown.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * The wizard's special states (spec §2): 40 the manual link while the browser moves on (to the
 * bank, or after a cash or operator-account booking to the receipt with a countdown), 41 server
 * error, 401 session expired, 42 the payment link a staff member sent.
 */
export type SpecialState =
  | { kind: 40; bankLink: string }
  | { kind: 40; receiptPath: string }
  | { kind: 41; message: string }
  | { kind: 401 }
  | { kind: 42; link: string; email: string; code: string };

export function SpecialStateView({ state, onRetry }: { state: SpecialState; onRetry: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  switch (state.kind) {
    case 40:
      if ('receiptPath' in state) return <ReceiptCountdown path={state.receiptPath} />;
      return (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center">
            <Loader aria-hidden />
            <Title order={2} size="h3">
              {t('wizard.state40.title')}
            </Title>
            <Text>{t('wizard.state40.text')}</Text>
            <Button component="a" href={state.bankLink} size="md">
              {t('wizard.state40.link')}
            </Button>
          </Stack>
        </Paper>
      );
    case 41:
      return (
        <Paper withBorder p="xl">
          <FormAlert kind="error" title={t('wizard.state41.title')}>
            {state.message}
          </FormAlert>
          <Anchor component="button" type="button" onClick={onRetry} underline="always" c="navy.9">
            {t('wizard.state41.retry')}
          </Anchor>
        </Paper>
      );
    case 401:
      return (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center">
            <IconLock size={40} aria-hidden />
            <Title order={2} size="h3">
              {t('wizard.state401.title')}
            </Title>
            <Text>{t('wizard.state401.text')}</Text>
            <Button component={Link} to={`${paths.login}?lang=${lang}`} size="md">
              {t('wizard.state401.login')}
            </Button>
          </Stack>
        </Paper>
      );
    case 42:
      return <PaymentLinkSent link={state.link} email={state.email} code={state.code} />;
  }
}
