import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { dropSchema, openDatabase } from '../src/db/database.ts';
import { insertTogether } from '../src/db/insert-together.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** insertTogether (decision 038): rows of several tables, one statement on PostgreSQL, one per table on SQLite. */
const config = testConfig();
const pg = config.databaseUrl.startsWith('postgres');
const schema = pg ? `t_${randomBytes(6).toString('hex')}` : undefined;
const database = await openDatabase(config.databaseUrl, { schema });
await migrateToLatest(database.db);
afterAll(async () => {
  await database.close();
  if (schema) await dropSchema(config.databaseUrl, schema);
});

const statements: string[] = [];
const recording = database.db.withPlugin({
  transformQuery: (args) => {
    statements.push(database.db.getExecutor().compileQuery(args.node, args.queryId).sql);
    return args.node;
  },
  transformResult: async (args) => args.result,
});

const at = new Date().toISOString();
const payment = (id: string) => ({
  id,
  gateway: 'sandbox',
  gateway_order_id: `order_${id}`,
  reference: 'ABCD1234',
  amount_cents: 12_300,
  description: 'test',
  lang: 'it',
  customer_email: 'buyer@example.test',
  return_path: '/booking-status/ABCD1234',
  status: 'pending' as const,
  created_at: at,
  updated_at: at,
});
const event = (paymentId: string, kind: string) => ({ payment_id: paymentId, kind, detail: null, created_at: at });
const eventsOf = (paymentId: string) => database.db.selectFrom('payment_events').select(['kind']).where('payment_id', '=', paymentId).orderBy('id').execute();

describe(`insertTogether (${database.dialect})`, () => {
  it('writes every set, rows that refer to rows of an earlier set included, in one statement on PostgreSQL', async () => {
    statements.length = 0;
    await recording
      .transaction()
      .execute((trx) => insertTogether(trx, { payments: [payment('pay_t1')], payment_events: [event('pay_t1', 'created'), event('pay_t1', 'noted')] }));
    const inserts = statements.filter((s) => /insert into/i.test(s));
    expect(inserts).toHaveLength(pg ? 1 : 2);
    expect(await database.db.selectFrom('payments').select(['id', 'amount_cents']).where('id', '=', 'pay_t1').execute()).toEqual([
      { id: 'pay_t1', amount_cents: 12_300 },
    ]);
    expect(await eventsOf('pay_t1')).toEqual([{ kind: 'created' }, { kind: 'noted' }]);
  });

  it('leaves empty sets out, and a second call of the same shape binds its own values', async () => {
    statements.length = 0;
    await insertTogether(recording, { payments: [payment('pay_t2')], sandbox_bank_orders: [], payment_events: [event('pay_t2', 'created')] });
    await insertTogether(recording, { payments: [payment('pay_t3')], sandbox_bank_orders: [], payment_events: [event('pay_t3', 'other')] });
    expect(statements.filter((s) => /sandbox_bank_orders/.test(s))).toEqual([]);
    expect(await eventsOf('pay_t2')).toEqual([{ kind: 'created' }]);
    expect(await eventsOf('pay_t3')).toEqual([{ kind: 'other' }]);
    await insertTogether(recording, {});
  });

  it('a row that breaks a constraint fails the whole call: nothing of it stays', async () => {
    await expect(
      database.db.transaction().execute((trx) => insertTogether(trx, { payments: [payment('pay_t4')], payment_events: [event('pay_missing', 'created')] })),
    ).rejects.toThrow();
    expect(await database.db.selectFrom('payments').select('id').where('id', '=', 'pay_t4').execute()).toEqual([]);
  });
});
