import { type DbOrTrx, onPostgres } from '../../db/database.ts';
import type { RefundSource } from '../../db/schema-refunds.ts';

/**
 * The money a booking group actually paid, one entry per payment, read for the refund ledger
 * (decision 055): the card payments at the bank (the booking's own, and bank-paid change links),
 * the cash and operator-account payments staff took, the PayPal captures of paid changes and the
 * voucher spends. Only requests that bought something (status 'ticketed') count: the money of a
 * failed request is refunded as a whole, by its payment (ledger.ts requestRefundOfPayment).
 *
 * On PostgreSQL the payment rows are read FOR UPDATE, so two transactions refunding the same
 * payment run one after the other and the second sees the first one's refund; SQLite's
 * BEGIN IMMEDIATE already runs writers one at a time.
 */
export interface Captured {
  source: RefundSource;
  /** payments.id, paypal_orders.id, staff_payments.id or the voucher code (refunds.source_ref). */
  sourceRef: string;
  bookingRequestId: number;
  capturedCents: number;
  /** When the money was taken: the newest is refunded first. */
  at: string;
}

/** Which payment, for the refund of one payment as a whole or in part. */
export interface PaymentRef {
  source: RefundSource;
  sourceRef: string;
}

const STAFF_SOURCE: Record<number, RefundSource> = { 2: 'cash', 3: 'account' };
const GROUP = { kind: 'group' } as const;
type Scope = typeof GROUP | { kind: 'payment'; ref: PaymentRef };

/** The group's captured payments, newest first. */
export async function capturedOfGroup(db: DbOrTrx, groupCode: string): Promise<Captured[]> {
  const all = await captured(db, groupCode, GROUP);
  return all.sort((a, b) => b.at.localeCompare(a.at) || b.sourceRef.localeCompare(a.sourceRef));
}

/** One payment of the group, whatever the state of the request it paid (a failed request's money goes back too). */
export async function capturedPayment(db: DbOrTrx, groupCode: string, ref: PaymentRef): Promise<Captured | undefined> {
  return (await captured(db, groupCode, { kind: 'payment', ref }))[0];
}

async function captured(db: DbOrTrx, groupCode: string, scope: Scope): Promise<Captured[]> {
  const want = (s: RefundSource) => scope.kind === 'group' || scope.ref.source === s;
  const out: Captured[] = [];
  if (want('nexi') || want('sandbox')) out.push(...(await cards(db, groupCode, scope)));
  if (want('cash') || want('account')) out.push(...(await staffPayments(db, groupCode, scope)));
  if (want('paypal')) out.push(...(await paypalCaptures(db, groupCode, scope)));
  if (want('voucher')) out.push(...(await voucherSpends(db, groupCode, scope)));
  return scope.kind === 'group' ? out : out.filter((c) => c.source === scope.ref.source && c.sourceRef === scope.ref.sourceRef);
}

async function cards(db: DbOrTrx, groupCode: string, scope: Scope): Promise<Captured[]> {
  let query = db
    .selectFrom('payments as p')
    .innerJoin('booking_requests as r', 'r.code', 'p.reference')
    .select(['p.id', 'p.gateway', 'p.amount_cents', 'p.completed_at', 'p.created_at', 'r.id as request_id'])
    .where('r.group_code', '=', groupCode)
    .where('p.status', '=', 'approved');
  query = scope.kind === 'group' ? query.where('r.status', '=', 'ticketed') : query.where('p.id', '=', scope.ref.sourceRef);
  if (onPostgres(db)) query = query.forUpdate('p');
  const rows = await query.execute();
  return rows.map((p) => ({
    source: p.gateway === 'nexi' ? 'nexi' : 'sandbox',
    sourceRef: p.id,
    bookingRequestId: p.request_id,
    capturedCents: p.amount_cents,
    at: p.completed_at ?? p.created_at,
  }));
}

async function staffPayments(db: DbOrTrx, groupCode: string, scope: Scope): Promise<Captured[]> {
  let query = db
    .selectFrom('staff_payments as s')
    .innerJoin('booking_requests as r', 'r.id', 's.booking_request_id')
    .select(['s.id', 's.type', 's.amount_cents', 's.created_at', 'r.id as request_id'])
    .where('r.group_code', '=', groupCode)
    .where('s.type', 'in', [2, 3]);
  query = scope.kind === 'group' ? query.where('r.status', '=', 'ticketed') : query.where('s.id', '=', Number(scope.ref.sourceRef));
  if (onPostgres(db)) query = query.forUpdate('s');
  const rows = await query.execute();
  return rows.map((s) => ({ source: STAFF_SOURCE[s.type]!, sourceRef: String(s.id), bookingRequestId: s.request_id, capturedCents: s.amount_cents, at: s.created_at }));
}

async function paypalCaptures(db: DbOrTrx, groupCode: string, scope: Scope): Promise<Captured[]> {
  let query = db
    .selectFrom('paypal_orders as o')
    .innerJoin('booking_requests as r', 'r.id', 'o.booking_request_id')
    .select(['o.id', 'o.amount_cents', 'o.updated_at', 'r.id as request_id'])
    .where('r.group_code', '=', groupCode)
    .where('o.status', '=', 'COMPLETED');
  query = scope.kind === 'group' ? query.where('r.status', '=', 'ticketed') : query.where('o.id', '=', scope.ref.sourceRef);
  if (onPostgres(db)) query = query.forUpdate('o');
  const rows = await query.execute();
  return rows.map((o) => ({ source: 'paypal', sourceRef: o.id, bookingRequestId: o.request_id, capturedCents: o.amount_cents, at: o.updated_at }));
}

/**
 * A voucher's spends on the group, summed per voucher and request: its booking movements net of
 * what was put back before ticketing (a hold that expired and was then paid spends it again).
 * Refunds are counted by their own rows.
 */
async function voucherSpends(db: DbOrTrx, groupCode: string, scope: Scope): Promise<Captured[]> {
  let query = db
    .selectFrom('voucher_movements as m')
    .innerJoin('booking_requests as r', 'r.id', 'm.booking_request_id')
    .select(['m.code', 'm.amount_cents', 'm.created_at', 'r.id as request_id'])
    .where('r.group_code', '=', groupCode)
    .where('m.reason', '!=', 'refund');
  query = scope.kind === 'group' ? query.where('r.status', '=', 'ticketed') : query.where('m.code', '=', scope.ref.sourceRef);
  if (onPostgres(db)) query = query.forUpdate('m');
  const byKey = new Map<string, Captured>();
  for (const m of await query.execute()) {
    const key = `${m.code}:${m.request_id}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.capturedCents -= m.amount_cents;
      if (m.created_at > seen.at) seen.at = m.created_at;
    } else byKey.set(key, { source: 'voucher', sourceRef: m.code, bookingRequestId: m.request_id, capturedCents: -m.amount_cents, at: m.created_at });
  }
  return [...byKey.values()];
}
