import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { capturePaypalOrder, createPaypalOrder, retrieveStatus } from '../api/changes.ts';
import { isInstrumentDeclined, type PendingPayment, pollDone, storePayment } from './stored-payment.ts';

/** The cause of a failed PayPal call, for 'Could not initiate…' / 'Sorry, your transaction…' (spec §8). */
function causeOf(e: unknown, t: ReturnType<typeof useTranslation>['t'], lang: 'it' | 'en'): string {
  if (e instanceof ApiError) return messageOf(e.body, lang) ?? JSON.stringify(e.body);
  return errorText(e, t, lang);
}

/** POST /api/paypal/api/orders, then the browser goes to the approve link (redirect flow). */
export function useStartPaypal(payment: PendingPayment) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return useMutation({
    mutationFn: () => createPaypalOrder(payment),
    onSuccess: (order) => {
      storePayment(payment);
      window.location.assign(order.approveLink);
    },
    onError: (e) => notify.error(`${t('tickets.payment.initFailed')} ${t('tickets.payment.cause', { cause: causeOf(e, t, lang) })}`),
  });
}

export type CaptureOutcome = 'completed' | 'declined' | 'failed';

/** POST …/orders/{id}/capture: completed, declined (INSTRUMENT_DECLINED: pay again) or failed with its cause. */
export function useCapture(onOutcome: (o: CaptureOutcome, cause?: string) => void) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return useMutation({
    mutationFn: (orderId: string) => capturePaypalOrder(orderId),
    onSuccess: (answer) => {
      if (answer.status === 'COMPLETED') return onOutcome('completed');
      if (isInstrumentDeclined(answer)) return onOutcome('declined');
      onOutcome('failed', answer.details?.map((d) => d.description ?? d.issue).join('; ') || answer.status);
    },
    onError: (e) => (e instanceof ApiError && isInstrumentDeclined(e.body) ? onOutcome('declined') : onOutcome('failed', causeOf(e, t, lang))),
  });
}

/** Polls the change's status every 3 s (spec §4) until done; follows redirect_link; a false status warns once per message. */
export function useChangeStatus(bookingRequestUuid: string, enabled: boolean) {
  const [lang] = useLang();
  const query = useQuery({
    queryKey: ['my-tickets', 'change-status', bookingRequestUuid] as const,
    queryFn: () => retrieveStatus(bookingRequestUuid),
    enabled,
    refetchInterval: (q) => (pollDone(q.state.data) ? false : 3000),
  });
  const warned = useRef('');
  const data = query.data;
  useEffect(() => {
    if (!data) return;
    if (!data.status && data.messages[lang] && warned.current !== data.messages[lang]) {
      warned.current = data.messages[lang];
      notify.warning(data.messages[lang]);
    }
    if (pollDone(data) && data.status && data.redirect_link) window.location.assign(data.redirect_link);
  }, [data, lang]);
  return query;
}
