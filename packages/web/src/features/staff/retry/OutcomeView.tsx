import { Alert, Anchor, Button, CopyButton, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { paths } from '../../../lib/paths.ts';
import { type RetryOutcome, STATUS_COUNTDOWN_SECONDS, statusParam } from './outcome.ts';

type Shown = Exclude<RetryOutcome, { kind: 'login' }>;

/** The answer to a retry, per spec §4; each view takes focus so a screen reader lands on it. */
export function OutcomeView({ outcome, onAgain }: { outcome: Shown; onAgain: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [outcome]);
  return (
    <div ref={ref} tabIndex={-1} data-testid="retry-outcome" data-kind={outcome.kind} style={{ outline: 'none' }}>
      {outcome.kind === 'bank' && <ToBank url={outcome.url} />}
      {outcome.kind === 'link' && <LinkOutcome url={outcome.url} email={outcome.email} />}
      {outcome.kind === 'status' && <StatusCountdown code={outcome.code} />}
      {outcome.kind === 'error' && <RetryError message={outcome.message} onAgain={onAgain} />}
    </div>
  );
}

function ToBank({ url }: { url: string }) {
  const { t } = useTranslation();
  useEffect(() => window.location.assign(url), [url]);
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center">
        <Loader aria-hidden />
        <Text>{t('staff.retry.toBank')}</Text>
        <Button component="a" href={url}>
          {t('staff.retry.toBankLink')}
        </Button>
      </Stack>
    </Paper>
  );
}

function LinkOutcome({ url, email }: { url: string; email: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" variant="light" icon={<IconLink aria-hidden />} title={t('staff.retry.linkTitle')}>
      <Text size="sm" mb="xs">
        {t('staff.retry.linkText', { email })}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('staff.failed.linkLabel')} value={url} readOnly flex={1} miw={220} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
              {copied ? t('staff.failed.linkCopied') : t('staff.failed.linkCopy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Anchor component={Link} to={paths.bookingsFailed} mt="sm" display="inline-block" c="navy.9" underline="always">
        {t('staff.retry.backToList')}
      </Anchor>
    </Alert>
  );
}

/** Spec §4: other successes open the booking status after a 3-second countdown (with a link to go now). */
function StatusCountdown({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(STATUS_COUNTDOWN_SECONDS);
  const target = paths.bookingStatus(statusParam(code));
  useEffect(() => {
    if (left <= 0) {
      navigate(target);
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate, target]);
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('staff.retry.countdown', { code, seconds: Math.max(left, 0) })}
        </Title>
        <Anchor component={Link} to={target} c="navy.9" underline="always">
          {t('staff.retry.openStatus')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function RetryError({ message, onAgain }: { message: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert kind="error" title={t('staff.retry.errorTitle')}>
        {message}
      </FormAlert>
      <Button variant="default" onClick={onAgain}>
        {t('staff.retry.again')}
      </Button>
    </>
  );
}
