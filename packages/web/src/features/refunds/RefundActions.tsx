import { isManualRefund, PAYOUT_HOW_MAX, type TAdminRefund, type TRefundActionAnswer } from '@heliline/domain/refunds/wire';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/client.ts';
import { useLang } from '../../i18n/use-lang.ts';
import { errorText } from '../../lib/errors.ts';
import { formatEuro } from '../../lib/format.ts';
import { recordPayout, refundsKey, retryRefund } from './api.ts';

export interface RefundPowers {
  retry: boolean;
  payout: boolean;
}

/** What a row offers: Retry on a failed refund (Admin), the "Record payout" form on a cash or account refund still to be paid (Admin, PagamentoCash). */
export function RefundActions({ row, powers, onDone }: { row: TAdminRefund; powers: RefundPowers; onDone: (message: string) => void }) {
  if (row.state === 'failed' && powers.retry) return <RetryButton row={row} onDone={onDone} />;
  if (row.state === 'pending' && isManualRefund(row.source) && powers.payout) return <PayoutForm row={row} onDone={onDone} />;
  return null;
}

function useRefundAction(call: () => Promise<TRefundActionAnswer>, onDone: (message: string) => void) {
  const queryClient = useQueryClient();
  const [lang] = useLang();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      onDone(messageOf(answer, lang) ?? answer.message);
      await queryClient.invalidateQueries({ queryKey: refundsKey });
    },
  });
}

function RetryButton({ row, onDone }: { row: TAdminRefund; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const retry = useRefundAction(() => retryRefund(row.id), onDone);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        onClick={() => retry.mutate()}
        loading={retry.isPending}
        aria-label={t('staff.refunds.retryLabel', { amount: formatEuro(row.amount, lang), code: row.bookingCode })}
      >
        {t('staff.refunds.retry')}
      </Button>
      {retry.isError && (
        <Text size="xs" c="red.9" role="alert">
          {errorText(retry.error, t, lang)}
        </Text>
      )}
    </Stack>
  );
}

/** A disclosure: the button opens a one-field form ("how was it paid"), submitted with Enter or Record. */
function PayoutForm({ row, onDone }: { row: TAdminRefund; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [open, setOpen] = useState(false);
  const [how, setHow] = useState('');
  const [missing, setMissing] = useState(false);
  const formId = useId();
  const payout = useRefundAction(() => recordPayout(row.id, how.trim()), onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = how.trim() === '';
    setMissing(empty);
    if (!empty) payout.mutate();
  };
  const amount = formatEuro(row.amount, lang);
  return (
    <Stack gap={4} align="stretch">
      <Button
        size="compact-sm"
        variant="light"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
        aria-label={t('staff.refunds.payoutLabel', { amount, code: row.bookingCode })}
      >
        {t('staff.refunds.payout')}
      </Button>
      <form id={formId} hidden={!open} onSubmit={submit} aria-label={t('staff.refunds.payoutLabel', { amount, code: row.bookingCode })}>
        <TextInput
          size="xs"
          label={t('staff.refunds.how')}
          description={t('staff.refunds.howHint')}
          value={how}
          onChange={(e) => setHow(e.currentTarget.value)}
          maxLength={PAYOUT_HOW_MAX}
          // Checked on submit with our own message next to the field, not the browser's bubble.
          withAsterisk
          aria-required
          error={missing ? t('staff.refunds.howRequired') : payout.isError ? errorText(payout.error, t, lang) : null}
        />
        <Group gap="xs" mt={4}>
          <Button type="submit" size="compact-sm" loading={payout.isPending}>
            {t('staff.refunds.record', { amount })}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
