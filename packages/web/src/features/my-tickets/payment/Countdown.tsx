import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { announcementMinute, clock, secondsLeft } from '../../../lib/countdown.ts';

/** Seconds left until an instant, ticking every second. */
function useSecondsLeft(deadline: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [deadline]);
  return secondsLeft(deadline, now);
}

/**
 * The 10:00 countdown in mm:ss (spec §4). Not a live region (it ticks every second): the nearest
 * LiveAnnouncer reads the time left at 5, 2 and 1 minutes, as on the booking receipt.
 */
export function Countdown({ deadline }: { deadline: string }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const left = useSecondsLeft(deadline);
  const minute = announcementMinute(left);
  const last = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const previous = last.current;
    last.current = minute;
    if (previous === undefined || minute == null || minute === previous) return;
    announce(t('tickets.payment.timeLeft', { count: minute }));
  }, [minute, announce, t]);
  return (
    <Text fw={700} fz="xl" data-testid="payment-countdown">
      {left > 0 ? t('tickets.payment.countdown', { time: clock(left) }) : t('tickets.payment.expired')}
    </Text>
  );
}
