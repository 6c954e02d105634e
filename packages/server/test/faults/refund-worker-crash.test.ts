import { join } from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import type { DbHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { paypalStandInRoutes } from '../../src/modules/payments/paypal/standin.ts';
import { StandInState } from '../../src/modules/payments/paypal/standin-state.ts';
import { seed } from '../../src/seed/index.ts';
import { createBuyers, createFlight, insertBareRequest } from '../booking-support.ts';
import { pendingRefund, refundMails, refundRow } from '../refunds-worker-support.ts';
import { type OwnDatabase, ownDatabase } from './own-database.ts';
import { ServerProcess } from './server-process.ts';

/**
 * Issue 51, item 3: the server is killed (kill -9) while its refund worker waits for PayPal's
 * answer, after PayPal took the refund and before our commit. After the restart the refund is
 * sent once: the worker calls again with the same PayPal-Request-Id, PayPal answers the refund
 * it already made, and our row is confirmed with that refund's id. PayPal is a stand-in of its
 * own here, outside the server (it lives through the kill, as the real one would).
 * SQLite by default; a schema of its own on the PostgreSQL server when DATABASE_URL is set.
 */
const pgServer = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const CREDENTIALS = { clientId: 'fault-paypal-client', clientSecret: 'fault-paypal-secret' };

describe.runIf(process.env.HELILINE_FAULTS)(`refund across a kill -9 (${pgServer ? 'postgres' : 'sqlite'})`, () => {
  let own: OwnDatabase;
  let database: DbHandle;
  let local: FastifyInstance;
  let server: ServerProcess;
  const state = new StandInState();
  const paypal = Fastify();
  const paypalPort = pgServer ? 4621 : 4620;
  const paypalUrl = `http://127.0.0.1:${paypalPort}/paypal-standin`;

  beforeAll(async () => {
    ServerProcess.build();
    await paypal.register(formbody);
    await paypal.register(paypalStandInRoutes, { ...CREDENTIALS, publicUrl: paypalUrl, state });
    await paypal.listen({ host: '127.0.0.1', port: paypalPort });
    own = ownDatabase('refunds', pgServer);
    database = await own.open();
    await migrateToLatest(database.db);
    await seed(database, { demo: false });
    // The test's own instance on the same database: it writes the fixtures and reads the outcome.
    local = await buildApp(testConfig({ databaseUrl: own.url }), { database });
    await local.ready();
    server = new ServerProcess({
      port: pgServer ? 4611 : 4610,
      databaseUrl: own.url,
      logFile: join(own.dir, 'server.log'),
      env: { PAYPAL_API_URL: paypalUrl, PAYPAL_CLIENT_ID: CREDENTIALS.clientId, PAYPAL_CLIENT_SECRET: CREDENTIALS.clientSecret },
    });
    await server.start();
  }, 600_000);

  afterAll(async () => {
    state.refundSwitches.release();
    await server?.kill('SIGTERM');
    await paypal.close();
    await local?.close();
    await database?.close();
    await own?.drop();
  }, 60_000);

  it('PayPal took the refund, the server died before recording it: after the restart the row is confirmed and PayPal has one refund', async () => {
    const db = database.db;
    const { orderId, captureId } = state.completedCapture('60.00');
    const flight = await createFlight(db);
    const [buyer] = await createBuyers(local, 1);
    const requestId = await insertBareRequest(db, buyer!.id, flight.flightId);
    const at = new Date().toISOString();
    await db
      .insertInto('paypal_orders')
      .values({
        id: orderId,
        booking_request_id: requestId,
        request_key: orderId,
        amount_cents: 6000,
        status: 'COMPLETED',
        capture_id: captureId,
        error_code: null,
        created_at: at,
        updated_at: at,
      })
      .execute();

    // PayPal takes refunds and keeps its answers: the server's sweeper (every second) sends the row and waits.
    state.refundSwitches.hold();
    const row = await pendingRefund(db, 'paypal', orderId, 2500, { requestId });
    await vi.waitFor(() => expect(state.refundedCents(captureId)).toBe(2500), { timeout: 15_000, interval: 50 });
    await server.kill();

    const cut = await refundRow(db, row.id);
    expect(cut).toMatchObject({ state: 'pending', attempts: 1, gateway_refund_id: null, sent_at: null });
    expect(cut.lease_until).not.toBeNull();
    expect(await refundMails(db)).toHaveLength(0);
    // The answer the dead server waited for goes nowhere; later calls are answered at once.
    state.refundSwitches.release();
    // The claim would lapse by itself after its lease (minutes): the test moves it to the past instead of waiting.
    await db
      .updateTable('refunds')
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();

    await server.start();
    await vi.waitFor(async () => expect((await refundRow(db, row.id)).state).toBe('confirmed'), { timeout: 30_000, interval: 200 });
    const [made, ...others] = [...state.refunds.values()].filter((r) => r.captureId === captureId);
    expect(others).toHaveLength(0);
    expect(made).toMatchObject({ cents: 2500, status: 'COMPLETED' });
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'confirmed', attempts: 2, gateway_refund_id: made!.id, lease_until: null });
    // Several sweeps later, still one refund and one e-mail.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(state.refundedCents(captureId)).toBe(2500);
    expect(await refundMails(db)).toHaveLength(1);
  }, 120_000);
});
