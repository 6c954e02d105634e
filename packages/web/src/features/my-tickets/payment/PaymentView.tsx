import { CHANGE_TYPE } from '@heliline/domain/booking/payment-types';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandPaypal } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveAnnouncer } from '../../../components/LiveAnnouncer.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { euro } from '../logic/rows.ts';
import { Countdown } from './Countdown.tsx';
import { forgetPayment, type PendingPayment } from './stored-payment.ts';
import { type CaptureOutcome, useCapture, useChangeStatus, useStartPaypal } from './usePaypal.ts';

type Phase = 'pay' | 'capturing' | 'polling' | 'failed';

/**
 * The payment view (spec §2): booking code, the 10:00 countdown, 'booking awaiting validation'
 * and the PayPal button. Back from PayPal with an order id it captures, then polls the status.
 */
export function PaymentView({ payment, approvedOrder, onFinished }: { payment: PendingPayment; approvedOrder?: string | null; onFinished: () => void }) {
  return (
    <LiveAnnouncer testId="payment-announcer">
      <PaymentPanel payment={payment} approvedOrder={approvedOrder} onFinished={onFinished} />
    </LiveAnnouncer>
  );
}

function PaymentPanel({ payment, approvedOrder, onFinished }: { payment: PendingPayment; approvedOrder?: string | null; onFinished: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [phase, setPhase] = useState<Phase>(approvedOrder ? 'capturing' : 'pay');
  const [notice, setNotice] = useState<string | null>(null);
  const start = useStartPaypal(payment);
  const capture = useCapture((outcome: CaptureOutcome, cause?: string) => {
    if (outcome === 'completed') return setPhase('polling');
    // INSTRUMENT_DECLINED restarts the payment (spec §4); other failures say why.
    setPhase(outcome === 'declined' ? 'pay' : 'failed');
    setNotice(outcome === 'declined' ? t('tickets.payment.declined') : `${t('tickets.payment.failed')} ${t('tickets.payment.cause', { cause })}`);
  });
  const captured = useRef(false);
  useEffect(() => {
    if (approvedOrder && !captured.current) {
      captured.current = true;
      capture.mutate(approvedOrder);
    }
  }, [approvedOrder, capture]);
  const status = useChangeStatus(payment.bookingRequestUuid, phase === 'polling');
  const done = status.data?.status === true && (status.data.type === CHANGE_TYPE.pay || status.data.type === CHANGE_TYPE.paymentLink);
  useEffect(() => {
    if (done) forgetPayment();
  }, [done]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Paper withBorder p="xl" data-testid="payment-view">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {t('tickets.payment.title')}
        </Title>
        <Text>{t('tickets.payment.code', { code: payment.bookingCode })}</Text>
        <Text>{t('tickets.payment.amount', { amount: euro(payment.amount) })}</Text>
        {!done && <Countdown deadline={payment.deadline} />}
        <Text fw={600}>{done ? (status.data?.messages[lang] ?? t('tickets.payment.done')) : t('tickets.payment.awaiting')}</Text>
        {notice && (
          <Alert color={phase === 'failed' ? 'red' : 'orange'} role="alert" w="100%" data-testid="payment-notice">
            {notice}
          </Alert>
        )}
        {(phase === 'pay' || phase === 'failed') && (
          <Button size="md" color="yellow.5" c="black" leftSection={<IconBrandPaypal size={20} aria-hidden />} loading={start.isPending} onClick={() => start.mutate()}>
            {t('tickets.payment.paypal')}
          </Button>
        )}
        {(phase === 'capturing' || (phase === 'polling' && !done)) && (
          <Text role="status">
            <Loader size="xs" mr="xs" aria-hidden />
            {t(phase === 'capturing' ? 'tickets.payment.capturing' : 'tickets.payment.polling')}
          </Text>
        )}
        {(done || phase === 'failed') && (
          <Button variant="default" onClick={onFinished}>
            {t('tickets.edit.back')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
