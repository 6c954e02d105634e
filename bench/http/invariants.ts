import type { Db } from '../../packages/server/src/db/database.ts';

export interface InventoryCheck {
  legs: number;
  /** Legs with sold + held + blocked above capacity. */
  oversold: number;
  /** Legs whose counters differ from the seat_holds ledger (sold, held, blocked). */
  drift: number;
  examples: string[];
}

/** The inventory's promise, read straight from the tables after the load: no leg oversold, counters equal the ledger. */
export async function checkInventory(db: Db): Promise<InventoryCheck> {
  const counters = await db.selectFrom('leg_inventory').select(['flight_leg_id', 'capacity', 'sold', 'held', 'blocked']).execute();
  const sums = await db
    .selectFrom('seat_holds')
    .select(['flight_leg_id', 'status', db.fn.sum<number | string>('seats').as('seats')])
    .where('status', 'in', ['sold', 'held', 'blocked'])
    .groupBy(['flight_leg_id', 'status'])
    .execute();
  const ledger = new Map(sums.map((s) => [`${s.flight_leg_id}:${s.status}`, Number(s.seats)]));
  const check: InventoryCheck = { legs: counters.length, oversold: 0, drift: 0, examples: [] };
  for (const c of counters) {
    const kept = [c.sold, c.held, c.blocked].map(Number);
    const counted = ['sold', 'held', 'blocked'].map((status) => ledger.get(`${c.flight_leg_id}:${status}`) ?? 0);
    if (kept.reduce((a, b) => a + b, 0) > Number(c.capacity)) {
      check.oversold++;
      check.examples.push(`leg ${c.flight_leg_id}: sold+held+blocked ${kept.join('+')} > capacity ${c.capacity}`);
    }
    if (kept.join() !== counted.join()) {
      check.drift++;
      check.examples.push(`leg ${c.flight_leg_id}: counters ${kept.join('/')} ≠ ledger ${counted.join('/')} (sold/held/blocked)`);
    }
  }
  return check;
}
