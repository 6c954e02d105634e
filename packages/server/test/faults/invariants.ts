import { BOOKING_TYPE } from '@heliline/domain';
import type { Db, DbOrTrx } from '../../src/db/database.ts';
import type { InventoryService } from '../../src/modules/inventory/service.ts';

/**
 * The promises a crash must not break, read straight from the tables (issue 11, item 6). Each
 * returns the violations found as readable lines; an empty list means the promise holds.
 *
 * Each check reads one snapshot: the restarted server may still be ticketing (a bank notification,
 * the sweeper's reconciliation) while it runs, and a booking read as pending by one statement and
 * found with tickets by the next is a torn read, not a broken promise.
 */
function inSnapshot<T>(db: Db, read: (trx: DbOrTrx) => Promise<T>): Promise<T> {
  // PostgreSQL: one snapshot for the whole transaction. SQLite (WAL): a read transaction is one already.
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}

/** On every leg: sold + held + blocked ≤ capacity by the inventory's counters, and the counters equal the seat_holds rows. */
export function seatViolations(db: Db, inventory: InventoryService, legIds: number[]): Promise<string[]> {
  return inSnapshot(db, (trx) => seatViolationsIn(trx, inventory, legIds));
}

async function seatViolationsIn(db: DbOrTrx, inventory: InventoryService, legIds: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const s of await inventory.seats(db, legIds)) {
    if (s.sold + s.held + s.blocked > s.capacity || s.available < 0) out.push(`leg ${s.legId}: ${JSON.stringify(s)} over capacity`);
  }
  const sums = await db
    .selectFrom('seat_holds')
    .select(['flight_leg_id', 'status', db.fn.sum<number>('seats').as('seats')])
    .where('flight_leg_id', 'in', legIds)
    .groupBy(['flight_leg_id', 'status'])
    .execute();
  const counters = await db.selectFrom('leg_inventory').selectAll().where('flight_leg_id', 'in', legIds).execute();
  for (const c of counters) {
    const sum = (status: string) => Number(sums.find((x) => x.flight_leg_id === c.flight_leg_id && x.status === status)?.seats ?? 0);
    const counted = { sold: sum('sold'), held: sum('held'), blocked: sum('blocked') };
    const kept = { sold: Number(c.sold), held: Number(c.held), blocked: Number(c.blocked) };
    if (JSON.stringify(counted) !== JSON.stringify(kept)) out.push(`leg ${c.flight_leg_id}: counters ${JSON.stringify(kept)} ≠ seat_holds ${JSON.stringify(counted)}`);
    if (counted.sold + counted.held + counted.blocked > Number(c.capacity)) out.push(`leg ${c.flight_leg_id}: seat_holds over capacity ${c.capacity}`);
  }
  return out;
}

/** No paid booking without tickets; no tickets without an approved bank payment or a staff payment. */
export function ticketViolations(db: Db): Promise<string[]> {
  return inSnapshot(db, ticketViolationsIn);
}

async function ticketViolationsIn(db: DbOrTrx): Promise<string[]> {
  const out: string[] = [];
  const requests = await db.selectFrom('booking_requests').select(['id', 'code', 'status', 'type', 'payment_id']).execute();
  const ticketed = new Set((await db.selectFrom('tickets').select('booking_code').distinct().execute()).map((t) => t.booking_code));
  const payments = new Map((await db.selectFrom('payments').select(['reference', 'status']).execute()).map((p) => [`${p.reference}:${p.status}`, true]));
  const staffPaid = new Set((await db.selectFrom('staff_payments').select('booking_request_id').execute()).map((s) => s.booking_request_id));
  for (const r of requests) {
    if ((r.status === 'paid' || r.status === 'ticketed') && !ticketed.has(r.code)) out.push(`${r.code}: ${r.status} without tickets`);
    if (!ticketed.has(r.code)) continue;
    const paid = r.type === BOOKING_TYPE.card ? payments.has(`${r.code}:approved`) : staffPaid.has(r.id);
    if (!paid) out.push(`${r.code} (type ${r.type}, ${r.status}): tickets without an approved payment`);
    if (r.status !== 'ticketed') out.push(`${r.code}: tickets but status ${r.status}`);
  }
  return out;
}

/** Money the bank took is never kept without tickets: every approved payment's booking is ticketed. */
export function moneyViolations(db: Db): Promise<string[]> {
  return inSnapshot(db, moneyViolationsIn);
}

async function moneyViolationsIn(db: DbOrTrx): Promise<string[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('booking_requests', 'booking_requests.code', 'payments.reference')
    .select(['payments.id', 'payments.reference', 'payments.status as payment', 'booking_requests.status as booking'])
    .where('payments.status', '=', 'approved')
    .execute();
  const untold = await db
    .selectFrom('sandbox_bank_orders as o')
    .innerJoin('payments as p', 'p.id', 'o.merchant_payment_id')
    .select(['p.reference', 'o.id', 'o.state'])
    .where('o.state', 'in', ['approved', 'refunded'])
    .where('p.status', '=', 'pending')
    .execute();
  return [
    ...rows.filter((r) => r.booking !== 'ticketed').map((r) => `${r.reference}: payment ${r.id} approved, booking ${r.booking}`),
    ...untold.map((o) => `${o.reference}: bank order ${o.id} ${o.state}, our payment still pending`),
  ];
}

/** Seats still held or blocked anywhere (after every hold has ended and the sweeper ran: none). */
export async function seatsStillHeld(db: Db, legIds: number[]): Promise<number> {
  const row = await db
    .selectFrom('leg_inventory')
    .select((eb) => eb.fn.sum<number>(eb('held', '+', eb.ref('blocked'))).as('n'))
    .where('flight_leg_id', 'in', legIds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
