import type { BookingType } from '@heliline/domain/booking/payment-types';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { isSessionExpired } from '../api/session-expired.ts';
import { type StoreAnswer, type StoreBody, storeBooking } from '../api/store-booking.ts';
import { statusPathOf, storeOutcome } from '../wizard/staff.ts';
import type { SpecialState } from './SpecialStates.tsx';

/**
 * POST /api/bookings and what each answer leads to (spec §4 "Booking outcome"): the bank
 * (state 40 while the browser follows), state 42 with a payment link, the receipt after a
 * countdown (state 40), back to step 1 after a seat block, state 41 on errors, 401 when the
 * session ended.
 */
export function useStoreBooking({ onSpecial, onBlocked }: { onSpecial: (s: SpecialState) => void; onBlocked: (code: string) => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const serverMessage = (a: StoreAnswer) => messageOf({ message: a.message, messages: a.messages ?? { it: a.message_it ?? '', en: a.message_en ?? '' } }, lang);
  return useMutation({
    mutationFn: (body: StoreBody) => storeBooking(body),
    onSuccess: (answer, body) => {
      const type = body.type as BookingType;
      const outcome = storeOutcome(answer, type, body.form.contacts.email_payment_link ?? '');
      switch (outcome.kind) {
        case 'bank':
          // State 40 shows the manual link in case the browser does not follow.
          onSpecial({ kind: 40, bankLink: outcome.link });
          window.location.assign(outcome.link);
          return;
        case 'link':
          return onSpecial({ kind: 42, link: outcome.link, email: outcome.email, code: outcome.code });
        case 'status':
          return onSpecial({ kind: 40, receiptPath: statusPathOf(outcome.code) });
        case 'blocked':
          return onBlocked(outcome.code);
        case 'error':
          return onSpecial({ kind: 41, message: serverMessage(answer) || t('errors.generic') });
      }
    },
    onError: (error) => {
      if (isSessionExpired(error)) return onSpecial({ kind: 401 });
      // The browser's checks passed, so a refusal (409 seats gone, 422 e.g. the cut-off passed
      // meanwhile) is the server's word: state 41 with its message in the UI language (§8).
      onSpecial({ kind: 41, message: errorText(error, t, lang) });
    },
  });
}
