import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { LiveAnnouncer, useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { toast } from '../components/toast.tsx';
import { extendHold } from '../api/extend-hold.ts';
import { announcementMinute, clock, secondsLeft } from '../../../lib/countdown.ts';

/** Seconds left until an instant, ticking every second; null without a deadline. */
function useSecondsLeft(deadline: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [deadline]);
  return deadline ? secondsLeft(deadline, now) : null;
}

/** Reads the time left out at 5, 2 and 1 minute (not every second), with how to get more time. */
function useDeadlineAnnouncements(left: number | null, canExtend: boolean) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const minute = left == null ? null : announcementMinute(left);
  const last = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const previous = last.current;
    last.current = minute;
    // Not on the first reading (the visible timer says it), only when a threshold is crossed.
    if (previous === undefined || minute == null || minute === previous) return;
    announce(t(canExtend ? 'wizard.status.timeLeftExtend' : 'wizard.status.timeLeft', { count: minute, button: t('wizard.status.extend') }));
  }, [minute, canExtend, announce, t]);
}

/**
 * The bank has not notified us yet: a progress indicator instead of a failure (the status is
 * polled meanwhile), the payment deadline and its one-time extension.
 */
export function PendingPayment(props: { code: string; deadline?: string | null; extended?: boolean; onExtended: () => void }) {
  return (
    <LiveAnnouncer testId="deadline-announcer">
      <PendingPaymentPanel {...props} />
    </LiveAnnouncer>
  );
}

function PendingPaymentPanel({ code, deadline, extended, onExtended }: { code: string; deadline?: string | null; extended?: boolean; onExtended: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const left = useSecondsLeft(deadline);
  const [unavailable, setUnavailable] = useState(false);
  const canExtend = !!deadline && !extended && !unavailable;
  useDeadlineAnnouncements(left, canExtend);
  const announce = useAnnounce();
  const extend = useMutation({
    mutationFn: () => extendHold(code),
    onSuccess: () => {
      toast.success(t('wizard.status.extended'));
      announce(t('wizard.status.extended'));
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
      {/* Not a live region: the timer ticks every second; the announcer above speaks at 5, 2, 1 minutes. */}
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Title order={2} size="h3">
          {t('wizard.status.pendingTitle')}
        </Title>
        <Text>{t('wizard.status.pendingText')}</Text>
        {left != null && (
          <Text fw={700} data-testid="deadline">
            {t('wizard.status.deadline', { time: clock(left) })}
          </Text>
        )}
      </Stack>
      {/* Right after the timer in tab order: reachable at once (WCAG 2.2.1). */}
      {canExtend && (
        <Button variant="light" mt="md" onClick={() => extend.mutate()} loading={extend.isPending}>
          {t('wizard.status.extend')}
        </Button>
      )}
    </Paper>
  );
}
