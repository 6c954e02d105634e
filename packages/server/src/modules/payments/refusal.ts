import { AppError } from '../../http/errors.ts';

const REFUSAL_CODE = { 400: 'badRequest', 401: 'unauthenticated', 409: 'conflict' } as const;

/** A notification we refuse: nothing was written. `status` is the HTTP answer; the reason goes to the log only. */
export class NotificationRefused extends AppError {
  constructor(status: 400 | 401 | 409, messageKey: 'paymentSignatureInvalid' | 'paymentNotificationInvalid' | 'paymentNotificationConflict', reason: string) {
    super(REFUSAL_CODE[status], messageKey);
    this.message = reason;
    this.logged('warn', 'payment notification refused', { reason });
  }
}
