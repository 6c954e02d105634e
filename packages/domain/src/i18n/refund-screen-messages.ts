import type { Localized } from './localized.ts';

/** Answers of the staff refund screen (/admin/refunds): retrying a failed refund, recording a desk payout. */
export const REFUND_SCREEN_MESSAGES = {
  refundRetried: {
    it: 'Rimborso rimesso in coda: sarà ritentato a breve.',
    en: 'Refund queued again: it will be retried shortly.',
  },
  refundPaidOut: { it: 'Rimborso registrato come pagato.', en: 'Refund recorded as paid out.' },
  refundNotFailed: {
    it: 'Solo un rimborso non riuscito può essere ritentato.',
    en: 'Only a failed refund can be retried.',
  },
  refundNotManual: {
    it: 'Solo un rimborso in contanti o su conto operatore ancora da pagare può essere registrato.',
    en: 'Only a cash or operator-account refund still to be paid out can be recorded.',
  },
} as const satisfies Record<string, Localized>;
