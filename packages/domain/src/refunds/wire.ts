import '../i18n/zod-errors.ts';
import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { ZMessageBody } from '../wire.ts';

/**
 * Wire shapes of the refund ledger as people see it (issue 51 item 4): the customer's refunds on
 * my tickets and the staff screen /admin/refunds. Amounts are euros with 2 decimals, instants ISO.
 */

const msg = (key: MessageKey) => ({ message: key });

/** pending → sent → confirmed, or failed with the gateway's reason (staff may retry). */
export const REFUND_STATES = ['pending', 'sent', 'confirmed', 'failed'] as const;
export type RefundStateName = (typeof REFUND_STATES)[number];
/** Where the money was taken, so where it goes back: card (Nexi, the sandbox bank), PayPal, cash or operator account at the desk, voucher. */
export const REFUND_SOURCES = ['nexi', 'sandbox', 'paypal', 'cash', 'account', 'voucher'] as const;
export type RefundSourceName = (typeof REFUND_SOURCES)[number];
/** Paid back by a person at the desk, not by a gateway: these wait for a recorded payout. */
export const MANUAL_REFUND_SOURCES: readonly RefundSourceName[] = ['cash', 'account'];
export const isManualRefund = (source: RefundSourceName) => MANUAL_REFUND_SOURCES.includes(source);
export const REFUNDS_PER_PAGE = 25;
export const PAYOUT_HOW_MAX = 200;
/** The booking groups my tickets asks about at once (a page of tickets holds at most 25 bookings). */
export const REFUND_GROUPS_MAX = 50;

const ZIsoDate = z.iso.date(msg('dateInvalid'));

/** GET /api/my-tickets/refunds?groups=ABC234,DEF567 */
export const ZMyRefundsQuery = z.object({
  groups: z
    .string(msg('required'))
    .transform((v) => [...new Set(v.split(',').map((g) => g.trim().toUpperCase().slice(0, 6)))].filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[0-9A-Z]{6}$/, msg('bookingCodeInvalid')))
        .min(1, msg('required'))
        .max(REFUND_GROUPS_MAX, msg('invalidValue')),
    ),
});

const ZRefundBase = z.object({
  id: z.string(),
  groupCode: z.string().describe('the booking group (first 6 characters of the booking code)'),
  bookingCode: z.string().describe('the booking transaction whose payment is refunded'),
  amount: z.number().describe('euros, 2 decimals'),
  state: z.enum(REFUND_STATES),
  source: z.enum(REFUND_SOURCES).describe('where the money goes back: nexi/sandbox card, paypal, cash or account at the desk, voucher'),
  reason: z.string().describe('ticket-cancelled, flight-cancelled, booking-failed, change-not-applied …'),
  createdAt: z.string().describe('ISO instant'),
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});

export const ZMyRefund = ZRefundBase;
export type TMyRefund = z.infer<typeof ZMyRefund>;
export const ZMyRefundsAnswer = z.object({ refunds: z.array(ZMyRefund) });
export type TMyRefundsAnswer = z.infer<typeof ZMyRefundsAnswer>;

/** GET /api/admin/refunds: every filter optional; newest first, 25 a page. Dates are Rome calendar days of the refund's creation. */
export const ZAdminRefundsQuery = z
  .object({
    state: z.enum(REFUND_STATES, msg('invalidValue')).optional(),
    source: z.enum(REFUND_SOURCES, msg('invalidValue')).optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    code: z.string().trim().max(8, msg('invalidValue')).optional(),
    page: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).min(1, msg('invalidValue')).max(100_000, msg('invalidValue')).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'invalidValue', path: ['to'] });
/** The query as a client sends it (the page as a number). */
export type TAdminRefundsQueryInput = Omit<z.input<typeof ZAdminRefundsQuery>, 'page'> & { page?: number };

const ZAdminRefund = ZRefundBase.extend({
  email: z.string().describe("the customer's address (the refund e-mail goes there)"),
  requestedBy: z.string().describe("who asked: a user's e-mail, 'system' or 'passenger-link'"),
  attempts: z.number().int(),
  nextAttemptAt: z.string().describe('when the worker tries a pending refund again'),
  failureCode: z.string().nullable(),
  failureReason: z.string().nullable().describe("the gateway's reason of a failed refund"),
  gatewayRefundId: z.string().nullable(),
  paidOutBy: z.string().nullable().describe('cash/account: the e-mail of the staff member who paid it out'),
  paidOutHow: z.string().nullable(),
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;

export const ZAdminRefundsAnswer = z.object({
  refunds: z.array(ZAdminRefund),
  pagination: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
    per_page: z.literal(REFUNDS_PER_PAGE),
  }),
});
export type TAdminRefundsAnswer = z.infer<typeof ZAdminRefundsAnswer>;

/** A refund's id (a UUID); an id that names no refund answers 404. */
export const ZRefundIdParams = z.object({ id: z.string().regex(/^[0-9A-Za-z-]{1,36}$/, msg('invalidValue')) });

/** POST /api/admin/refunds/{id}/payout: how the money was handed back ("contanti allo sportello"). */
export const ZRefundPayoutBody = z.object({
  how: z.string(msg('required')).trim().min(1, msg('required')).max(PAYOUT_HOW_MAX, msg('tooLong')),
});
export type TRefundPayoutBody = z.infer<typeof ZRefundPayoutBody>;

export const ZRefundActionAnswer = ZMessageBody.extend({ refund: ZAdminRefund });
export type TRefundActionAnswer = z.infer<typeof ZRefundActionAnswer>;
