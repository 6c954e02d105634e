import type { OpenRefund, PaymentType, RefundSourceName } from '@heliline/domain';
import type { Db } from '../../db/database.ts';

/**
 * The money ledgers read for the reports (issue 51 item 6), one query per ledger over a range of
 * instants [start, end): card payments at the bank (by when they were approved), PayPal captures
 * of paid changes, cash and operator-account payments staff took, voucher spends (and the spends
 * a failed booking gave back), and the refund ledger (counted when sent, or confirmed for those
 * no gateway sends: cash, operator account, voucher). Each row becomes one line; the booking,
 * its channel and the staff member are filled in afterwards from the booking request.
 */

/** A ledger row before its booking is known. */
export interface RawLine {
  ref: string;
  at: string;
  requestId: number;
  kind: 'sale' | 'refund' | 'reversal';
  type: PaymentType;
  direction: 'in' | 'out';
  refundSource: RefundSourceName | null;
  amountCents: number;
  /** Who took the payment or paid out the refund at the desk. */
  staffId: number | null;
}

export interface Range {
  start: string;
  end: string;
}

/** What a line needs of its booking request (a change's is its own request, channel CHANGE). */
export interface RequestInfo {
  id: number;
  code: string;
  channel: string;
  originId: number;
  destinationId: number;
  /** The change's author when it is a change, else the booking's user. */
  userId: number;
}

export interface UserInfo {
  id: number;
  email: string;
  isAgency: boolean;
  isStaff: boolean;
}

const STAFF_TYPE: Record<number, PaymentType> = { 2: 'cash', 3: 'account' };
const REFUND_TYPE: Record<RefundSourceName, PaymentType> = { nexi: 'card', sandbox: 'card', paypal: 'paypal', cash: 'cash', account: 'account', voucher: 'voucher' };
/** Keeps `IN (…)` lists well under both databases' parameter limits. */
const CHUNK = 500;

async function inChunks<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

async function cardLines(db: Db, r: Range): Promise<RawLine[]> {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('booking_requests as b', 'b.code', 'p.reference')
    .select(['p.id', 'p.amount_cents', 'p.completed_at', 'b.id as request_id'])
    .where('p.status', 'in', ['approved', 'refunded'])
    .where('p.completed_at', '>=', r.start)
    .where('p.completed_at', '<', r.end)
    .execute();
  return rows.map((p) => ({
    ref: `payment:${p.id}`,
    at: p.completed_at!,
    requestId: p.request_id,
    kind: 'sale',
    type: 'card',
    direction: 'in',
    refundSource: null,
    amountCents: p.amount_cents,
    staffId: null,
  }));
}

/** Whole refunds the bank made before the refund ledger existed (payments.status 'refunded'). */
async function legacyCardRefunds(db: Db, r: Range): Promise<RawLine[]> {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('booking_requests as b', 'b.code', 'p.reference')
    .select(['p.id', 'p.gateway', 'p.amount_cents', 'p.refunded_at', 'b.id as request_id'])
    .where('p.status', '=', 'refunded')
    .where('p.refunded_at', '>=', r.start)
    .where('p.refunded_at', '<', r.end)
    .execute();
  return rows.map((p) => ({
    ref: `payment-refund:${p.id}`,
    at: p.refunded_at!,
    requestId: p.request_id,
    kind: 'refund',
    type: 'card',
    direction: 'out',
    refundSource: p.gateway === 'nexi' ? 'nexi' : 'sandbox',
    amountCents: p.amount_cents,
    staffId: null,
  }));
}

async function paypalLines(db: Db, r: Range): Promise<RawLine[]> {
  const rows = await db
    .selectFrom('paypal_orders')
    .select(['id', 'amount_cents', 'updated_at', 'booking_request_id'])
    .where('status', '=', 'COMPLETED')
    .where('updated_at', '>=', r.start)
    .where('updated_at', '<', r.end)
    .execute();
  return rows.map((o) => ({
    ref: `paypal:${o.id}`,
    at: o.updated_at,
    requestId: o.booking_request_id,
    kind: 'sale',
    type: 'paypal',
    direction: 'in',
    refundSource: null,
    amountCents: o.amount_cents,
    staffId: null,
  }));
}

async function staffLines(db: Db, r: Range): Promise<RawLine[]> {
  const rows = await db
    .selectFrom('staff_payments')
    .select(['id', 'type', 'amount_cents', 'created_at', 'booking_request_id', 'taken_by'])
    .where('type', 'in', [2, 3])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .execute();
  return rows.map((s) => ({
    ref: `staff:${s.id}`,
    at: s.created_at,
    requestId: s.booking_request_id,
    kind: 'sale',
    type: STAFF_TYPE[s.type]!,
    direction: 'in',
    refundSource: null,
    amountCents: s.amount_cents,
    staffId: s.taken_by,
  }));
}

/** Spends are money in; a spend given back by a failed booking is a reversal. Refunds put back on a voucher are the refund ledger's lines. */
async function voucherLines(db: Db, r: Range): Promise<RawLine[]> {
  const rows = await db
    .selectFrom('voucher_movements')
    .select(['id', 'amount_cents', 'created_at', 'booking_request_id'])
    .where('booking_request_id', 'is not', null)
    .where((eb) => eb.or([eb('amount_cents', '<', 0), eb('reason', '!=', 'refund')]))
    .where('amount_cents', '!=', 0)
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .execute();
  return rows.map((m) => ({
    ref: `voucher:${m.id}`,
    at: m.created_at,
    requestId: m.booking_request_id!,
    kind: m.amount_cents < 0 ? 'sale' : 'reversal',
    type: 'voucher',
    direction: m.amount_cents < 0 ? 'in' : 'out',
    refundSource: null,
    amountCents: Math.abs(m.amount_cents),
    staffId: null,
  }));
}

/** Refunds count when sent (gateways) or, for those nobody sends, when confirmed. */
async function refundLines(db: Db, r: Range): Promise<RawLine[]> {
  const rows = await db
    .selectFrom('refunds')
    .select(['id', 'source', 'amount_cents', 'sent_at', 'confirmed_at', 'booking_request_id', 'paid_out_by'])
    .where('state', 'in', ['sent', 'confirmed'])
    .where((eb) =>
      eb.or([
        eb.and([eb('sent_at', '>=', r.start), eb('sent_at', '<', r.end)]),
        eb.and([eb('sent_at', 'is', null), eb('confirmed_at', '>=', r.start), eb('confirmed_at', '<', r.end)]),
      ]),
    )
    .execute();
  return rows.map((f) => ({
    ref: `refund:${f.id}`,
    at: (f.sent_at ?? f.confirmed_at)!,
    requestId: f.booking_request_id,
    kind: 'refund',
    type: REFUND_TYPE[f.source],
    direction: 'out',
    refundSource: f.source,
    amountCents: f.amount_cents,
    staffId: f.paid_out_by,
  }));
}

/** Every money movement of the range, oldest first. */
export async function ledgerLines(db: Db, r: Range): Promise<RawLine[]> {
  const all = await Promise.all([cardLines(db, r), legacyCardRefunds(db, r), paypalLines(db, r), staffLines(db, r), voucherLines(db, r), refundLines(db, r)]);
  return all.flat().sort((a, b) => a.at.localeCompare(b.at) || a.ref.localeCompare(b.ref));
}

/** Refunds created in the range that are still pending or have failed: shown, not counted. */
export async function openRefunds(db: Db, r: Range): Promise<OpenRefund[]> {
  const rows = await db
    .selectFrom('refunds')
    .select(['source', 'state', 'amount_cents'])
    .where('state', 'in', ['pending', 'failed'])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .execute();
  return rows.map((f) => ({ source: f.source, state: f.state as OpenRefund['state'], amountCents: f.amount_cents }));
}

export async function requestsByIds(db: Db, ids: readonly number[]): Promise<RequestInfo[]> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .selectFrom('booking_requests as b')
      .leftJoin('ticket_change_requests as c', 'c.booking_request_id', 'b.id')
      .select(['b.id', 'b.code', 'b.channel', 'b.origin_id', 'b.destination_id', 'b.user_id', 'c.created_by'])
      .where('b.id', 'in', chunk)
      .execute(),
  );
  return rows.map((b) => ({ id: b.id, code: b.code, channel: b.channel, originId: b.origin_id, destinationId: b.destination_id, userId: b.created_by ?? b.user_id }));
}

/** Users with whether they are an agency or staff (any role: roles are staff's only). */
export async function usersByIds(db: Db, ids: readonly number[]): Promise<UserInfo[]> {
  const users = await inChunks(ids, (chunk) => db.selectFrom('users').select(['id', 'email', 'is_agency']).where('id', 'in', chunk).execute());
  const staff = await inChunks(ids, (chunk) => db.selectFrom('user_roles').select('user_id').where('user_id', 'in', chunk).execute());
  const isStaff = new Set(staff.map((s) => s.user_id));
  return users.map((u) => ({ id: u.id, email: u.email, isAgency: Boolean(u.is_agency), isStaff: isStaff.has(u.id) }));
}
