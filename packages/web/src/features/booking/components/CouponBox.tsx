import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { toast } from './toast.tsx';
import { checkCoupon } from '../api/check-coupon.ts';
import { COUPON_MAX_ATTEMPTS, couponAttemptsLeft, normaliseCouponCode, voucherAppliedMessages, type VoucherSpend } from '@heliline/domain/booking/coupon';
import { parseWireDate } from '@heliline/domain/dates';
import { amountToCents, centsToWire } from '@heliline/domain/fares/money';
import { MESSAGES } from '@heliline/domain/i18n/messages';
import type { WizardCoupon } from '../wizard/state.ts';

/**
 * Coupon input (spec §4): up to 3 failed attempts; the input disappears at the third failure or
 * after a success. The count lives in the wizard (it survives leaving step 4); the server counts
 * attempts too (`att`, and 429 once exhausted): its count and its text win. A voucher (issue 51)
 * answers its balance: the line says what it pays of this booking and what is left on it.
 */
export function CouponBox({
  ticketsCents,
  grandTotalCents,
  applied,
  voucherSpend,
  onApplied,
  failures,
  onFailed,
}: {
  ticketsCents: number;
  grandTotalCents: number;
  applied: WizardCoupon;
  /** What the applied voucher pays of the current total. */
  voucherSpend: VoucherSpend | null;
  onApplied: (coupon: WizardCoupon) => void;
  failures: number;
  onFailed: (att?: number) => void;
}) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [code, setCode] = useState('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);

  const mutation = useMutation({
    mutationFn: () => checkCoupon({ coupon: normaliseCouponCode(code), tickets: centsToWire(ticketsCents), tot: centsToWire(grandTotalCents), att: failures }),
    onSuccess: (a) => {
      const text = (lang === 'en' ? a.message_en : a.message_it) || a.message;
      // A voucher answers its balance (amount) and last valid day, and perc 0.
      const balanceCents = a.amount ? (amountToCents(a.amount) ?? 0) : 0;
      const validTo = a.voucher ? parseWireDate(a.voucher.valid_to) : null;
      if (a.status === 'success' && (a.perc || (balanceCents && validTo))) {
        onApplied({ code: normaliseCouponCode(code), perc: a.perc, ...(validTo && balanceCents ? { voucher: { balanceCents, validTo } } : {}) });
        setFeedback({ ok: true, text });
        toast.success(text || t('wizard.coupon.applied', { perc: a.perc }));
      } else {
        onFailed(a.att);
        setFeedback({ ok: false, text });
        toast.error(text);
      }
    },
    onError: (error) => {
      // A refusal the server explains (429 attempts exhausted, 422) shows its text; only a failed request is a server error.
      const refused = error instanceof ApiError && error.status < 500 ? messageOf(error.body, lang) : undefined;
      const text = refused ?? MESSAGES.couponServerError[lang];
      onFailed(error instanceof ApiError && error.status === 429 ? COUPON_MAX_ATTEMPTS : undefined);
      setFeedback({ ok: false, text });
      toast.error(text);
    },
  });

  const done = applied.perc > 0 || !!applied.voucher;
  const exhausted = failures >= COUPON_MAX_ATTEMPTS;
  const refused = feedback && !feedback.ok;
  // When the input goes away (applied, or no attempts left), focus moves to the line saying so
  // instead of falling to <body>.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const formGone = done || exhausted;
  const formWasShown = useRef(!formGone);
  useEffect(() => {
    if (formGone && formWasShown.current) outcomeRef.current?.focus();
    formWasShown.current = !formGone;
  }, [formGone]);
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
            <TextInput
              label={t('wizard.coupon.label')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={64}
              autoComplete="off"
              // The refusal sits under the field, tied to it (aria-describedby, aria-invalid) and announced.
              error={refused ? feedback.text : undefined}
              errorProps={{ role: 'alert' }}
            />
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
        <Text role="status" c="#1e6b30" fw={600} ref={outcomeRef} tabIndex={-1}>
          {applied.voucher && voucherSpend
            ? voucherAppliedMessages(applied.code, voucherSpend, applied.voucher.validTo)[lang]
            : `${t('wizard.coupon.applied', { perc: applied.perc })} (${applied.code})`}
        </Text>
      )}
      {refused && formGone && (
        <Text role="alert" c="red.8" size="sm" mt={4}>
          {feedback.text}
        </Text>
      )}
      {exhausted && !done && (
        <Text size="sm" c="dimmed" mt={4} ref={outcomeRef} tabIndex={-1}>
          {t('wizard.coupon.exhausted')}
        </Text>
      )}
    </div>
  );
}
