import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import { toast } from './toast.tsx';
import { checkCoupon } from '../api/check-coupon.ts';
import { COUPON_MAX_ATTEMPTS, couponAttemptsLeft, normaliseCouponCode } from '@heliline/domain/booking/coupon';
import { centsToWire } from '@heliline/domain/fares/money';
import { MESSAGES } from '@heliline/domain/i18n/messages';

/**
 * Coupon input (spec §4): up to 3 failed attempts; the input disappears at the third failure or
 * after a success. The server counts attempts too (`att`): its count wins.
 */
export function CouponBox({ ticketsCents, grandTotalCents, applied, onApplied }: {
  ticketsCents: number;
  grandTotalCents: number;
  applied: { code: string; perc: number };
  onApplied: (code: string, perc: number) => void;
}) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [code, setCode] = useState('');
  const [failures, setFailures] = useState(0);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);

  const mutation = useMutation({
    mutationFn: () => checkCoupon({ coupon: normaliseCouponCode(code), tickets: centsToWire(ticketsCents), tot: centsToWire(grandTotalCents), att: failures }),
    onSuccess: (a) => {
      const text = (lang === 'en' ? a.message_en : a.message_it) ?? '';
      if (a.status === 'success' && a.perc) {
        onApplied(normaliseCouponCode(code), a.perc);
        setFeedback({ ok: true, text });
        toast.success(text || t('wizard.coupon.applied', { perc: a.perc }));
      } else {
        setFailures((n) => Math.max(n + 1, a.att ?? 0));
        setFeedback({ ok: false, text });
        toast.error(text);
      }
    },
    onError: () => {
      const text = MESSAGES.couponServerError[lang];
      setFailures((n) => n + 1);
      setFeedback({ ok: false, text });
      toast.error(text);
    },
  });

  const done = applied.perc > 0;
  const exhausted = failures >= COUPON_MAX_ATTEMPTS;
  return (
    <div>
      {!done && !exhausted && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) mutation.mutate();
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput label={t('wizard.coupon.label')} value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={64} autoComplete="off" />
            <Button type="submit" variant="light" loading={mutation.isPending} disabled={!code.trim()}>
              {t('wizard.coupon.apply')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('wizard.coupon.attemptsLeft', { n: couponAttemptsLeft(failures) })}
          </Text>
        </form>
      )}
      {done && (
        <Text role="status" c="#1e6b30" fw={600}>
          {t('wizard.coupon.applied', { perc: applied.perc })} ({applied.code})
        </Text>
      )}
      {feedback && !feedback.ok && (
        <Text role="alert" c="red.8" size="sm" mt={4}>
          {feedback.text}
        </Text>
      )}
      {exhausted && !done && (
        <Text size="sm" c="dimmed" mt={4}>
          {t('wizard.coupon.exhausted')}
        </Text>
      )}
    </div>
  );
}
