import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { toast } from '../components/toast.tsx';
import { extendHold } from '../api/extend-hold.ts';

/** mm:ss left until an instant, ticking every second; null without a deadline. */
function useCountdown(deadline: string | null | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [deadline]);
  if (!deadline) return null;
  const left = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * The bank has not notified us yet: a progress indicator instead of a failure (the status is
 * polled meanwhile), the payment deadline and its one-time extension.
 */
export function PendingPayment({ code, deadline, extended, onExtended }: { code: string; deadline?: string | null; extended?: boolean; onExtended: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const left = useCountdown(deadline);
  const [unavailable, setUnavailable] = useState(false);
  const extend = useMutation({
    mutationFn: () => extendHold(code),
    onSuccess: () => {
      toast.success(t('wizard.status.extended'));
      onExtended();
    },
    onError: (e) => {
      // No extension endpoint on this server (404/405): hide the button.
      if (e instanceof ApiError && (e.status === 404 || e.status === 405)) setUnavailable(true);
      toast.error(errorText(e, t, lang));
    },
  });
  return (
    <Paper withBorder p="xl" mb="lg" ta="center">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={2} size="h3">
          {t('wizard.status.pendingTitle')}
        </Title>
        <Text>{t('wizard.status.pendingText')}</Text>
        {left && (
          <Text fw={700} data-testid="deadline">
            {t('wizard.status.deadline', { time: left })}
          </Text>
        )}
      </Stack>
      {deadline && !extended && !unavailable && (
        <Button variant="light" mt="md" onClick={() => extend.mutate()} loading={extend.isPending}>
          {t('wizard.status.extend')}
        </Button>
      )}
    </Paper>
  );
}
