import { Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { paths } from '../../../lib/paths.ts';

/** The wizard's special states (spec §2): 40 bank fallback, 41 server error, 401 session expired. */
export type SpecialState = { kind: 40; bankLink: string } | { kind: 41; message: string } | { kind: 401 };

export function SpecialStateView({ state, onRetry }: { state: SpecialState; onRetry: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  switch (state.kind) {
    case 40:
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
  }
}
