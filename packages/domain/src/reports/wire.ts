import '../i18n/zod-errors.ts';
import { z } from 'zod';
import { LANGS, type MessageKey } from '../i18n/messages.ts';
import { REFUND_SOURCES } from '../refunds/wire.ts';

/**
 * Wire shapes of the money reports (issue 51 item 6): every money movement of a range of Rome
 * calendar days, from the payments ledgers (card, PayPal, cash, operator account, voucher) and the
 * refund ledger, with totals. Amounts are integer cents; instants ISO.
 */

const msg = (key: MessageKey) => ({ message: key });

export const PAYMENT_TYPES = ['card', 'paypal', 'cash', 'account', 'voucher'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** Who sold: a customer, an agency, or staff (the booking's user, or the change's author). */
export const SALES_CHANNELS = ['customer', 'agency', 'staff'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
/** sale: a booking's payment; change: a ticket change's; refund: a refund sent or confirmed; reversal: a voucher spend given back by a booking that failed. */
export const LINE_KINDS = ['sale', 'change', 'refund', 'reversal'] as const;
export const REPORT_RANGE_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const ZIsoDate = z.iso.date(msg('dateInvalid'));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const ZRange = z.object({ from: ZIsoDate, to: ZIsoDate.optional() });
const rangeRules = <T extends z.ZodType<{ from: string; to?: string | undefined }>>(schema: T) =>
  schema
    .refine((q) => q.from <= (q.to ?? q.from), { message: 'reportRangeInvalid', path: ['to'] })
    .refine((q) => daysBetween(q.from, q.to ?? q.from) < REPORT_RANGE_MAX_DAYS, { message: 'reportRangeTooLong', path: ['to'] });

/** GET /api/admin/reports?from=YYYY-MM-DD&to=YYYY-MM-DD: Rome calendar days, both included; `to` defaults to `from`. */
export const ZReportQuery = rangeRules(ZRange);
/** GET /api/admin/reports.csv: the same days, and the language of the route names (the request's when absent). */
export const ZReportCsvQuery = rangeRules(ZRange.extend({ lang: z.enum(LANGS, msg('invalidValue')).optional() }));
export type TReportQuery = z.output<typeof ZReportQuery>;

const ZCents = z.number().int();

export const ZReportLine = z.object({
  /** The ledger row: payment:<id>, payment-refund:<id>, paypal:<id>, staff:<id>, voucher:<id>, refund:<id>. */
  ref: z.string(),
  at: z.string().describe('when the money moved (ISO instant)'),
  bookingCode: z.string(),
  kind: z.enum(LINE_KINDS),
  type: z.enum(PAYMENT_TYPES),
  direction: z.enum(['in', 'out']),
  refundSource: z.enum(REFUND_SOURCES).nullable().describe('a refund line: the refund ledger’s source (where the money went back)'),
  amountCents: ZCents.describe('positive; the direction says which way'),
  originId: z.number().int(),
  destinationId: z.number().int(),
  channel: z.enum(SALES_CHANNELS),
  staffId: z.number().int().nullable().describe('who took the cash/account payment, paid out the refund, or sold at the desk'),
  staffEmail: z.string().nullable(),
});
export type TReportLine = z.infer<typeof ZReportLine>;

const ZMoneyTotals = z.object({ inCents: ZCents, outCents: ZCents, netCents: ZCents });
export type TMoneyTotals = z.infer<typeof ZMoneyTotals>;

const ZRefundSourceTotals = z.object({
  source: z.enum(REFUND_SOURCES),
  countedCents: ZCents.describe('sent or confirmed in the range: in the totals'),
  countedCount: z.number().int(),
  pendingCents: ZCents.describe('created in the range and still pending: not in the totals'),
  pendingCount: z.number().int(),
  failedCents: ZCents.describe('created in the range and failed: not in the totals'),
  failedCount: z.number().int(),
});

const ZClosing = z.object({
  day: z.string(),
  staffId: z.number().int(),
  staffEmail: z.string().nullable(),
  cashInCents: ZCents,
  cashOutCents: ZCents,
  netCents: ZCents,
});
export type TClosing = z.infer<typeof ZClosing>;

export const ZReportSummary = z.object({
  totals: ZMoneyTotals,
  byType: z.array(ZMoneyTotals.extend({ type: z.enum(PAYMENT_TYPES) })),
  byRoute: z.array(ZMoneyTotals.extend({ originId: z.number().int(), destinationId: z.number().int() })),
  byChannel: z.array(ZMoneyTotals.extend({ channel: z.enum(SALES_CHANNELS) })),
  refunds: z.array(ZRefundSourceTotals),
  closings: z.array(ZClosing),
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

export const ZReportAnswer = ZReportSummary.extend({
  from: z.string(),
  to: z.string(),
  /** true: a cashier's view, only their own cash lines and closings. */
  ownCashOnly: z.boolean(),
  lines: z.array(ZReportLine),
});
export type TReportAnswer = z.infer<typeof ZReportAnswer>;
