import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import type { RefundSource } from '../src/db/schema-refunds.ts';
import type { HttpTransport } from '../src/modules/payments/paypal/client.ts';
import { PaypalClient } from '../src/modules/payments/paypal/client.ts';
import { paypalStandInRoutes } from '../src/modules/payments/paypal/standin.ts';
import { StandInState } from '../src/modules/payments/paypal/standin-state.ts';
import { NexiClient } from '../src/modules/payments/nexi/client.ts';
import { nexiStandInRoutes } from '../src/modules/payments/nexi/standin.ts';
import { NexiStandInState } from '../src/modules/payments/nexi/standin-state.ts';
import type { RefundRow } from '../src/modules/refunds/ledger-queries.ts';

/**
 * The refund worker's tests: each gateway's stand-in as an outside party of its own (a Fastify
 * instance the test holds, reached through inject), and refund rows written straight into the
 * ledger table as the ledger writes them.
 */
export const PAYPAL = { clientId: 'test-paypal-client', clientSecret: 'test-paypal-secret', base: 'http://paypal.test/paypal-standin' };
export const NEXI = { alias: 'ALIAS_TEST', macKey: 'test-nexi-mac-key', apiUrl: 'http://xpay.test/nexi-standin' };

function injectTransport(app: FastifyInstance): HttpTransport {
  return async (r) => {
    const url = new URL(r.url);
    const res = await app.inject({ method: r.method, url: url.pathname + url.search, headers: r.headers, ...(r.body === undefined ? {} : { payload: r.body }) });
    return { status: res.statusCode, body: res.body };
  };
}

/** Counts the calls that reach a stand-in, by path. */
function counting(transport: HttpTransport, calls: string[]): HttpTransport {
  return (r) => {
    calls.push(new URL(r.url).pathname);
    return transport(r);
  };
}

export async function paypalStandIn() {
  const state = new StandInState();
  const app = Fastify();
  await app.register(formbody);
  await app.register(paypalStandInRoutes, { clientId: PAYPAL.clientId, clientSecret: PAYPAL.clientSecret, publicUrl: PAYPAL.base, state });
  await app.ready();
  const calls: string[] = [];
  const client = new PaypalClient({
    apiUrl: PAYPAL.base,
    clientId: PAYPAL.clientId,
    clientSecret: PAYPAL.clientSecret,
    transport: counting(injectTransport(app), calls),
  });
  return { app, state, client, calls };
}

export async function nexiStandIn() {
  const state = new NexiStandInState();
  const app = Fastify();
  await app.register(formbody);
  await app.register(nexiStandInRoutes, { alias: NEXI.alias, macKey: NEXI.macKey, appUrl: 'http://merchant.test', state });
  await app.ready();
  const calls: string[] = [];
  const client = new NexiClient(NEXI);
  client.useTransport(counting(injectTransport(app), calls));
  return { app, state, client, calls };
}

/** An order the stand-in XPay has approved (the buyer paid `importo` cents). */
export function approvedXpayOrder(state: NexiStandInState, importo: number): string {
  const codTrans = `HL${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  state.orders.set(codTrans, {
    codTrans,
    importo,
    divisa: 'EUR',
    url: 'http://merchant.test/r',
    urlBack: 'http://merchant.test/b',
    urlpost: null,
    languageId: 'ITA',
    descrizione: 'test',
    state: 'approved',
    codiceEsito: '0',
    codAut: 'ABC123',
    data: '20261207',
    orario: '120000',
    openedAt: Date.now(),
    refunds: [],
  });
  return codTrans;
}

/** Our record of an approved card payment (payments row) at `gateway` with its order id there. */
export async function approvedPayment(db: Db, gateway: 'nexi' | 'sandbox', orderId: string, amountCents: number): Promise<string> {
  const id = `pay_${randomUUID()}`;
  const at = new Date().toISOString();
  await db
    .insertInto('payments')
    .values({
      id,
      gateway,
      gateway_order_id: orderId,
      reference: 'RFND2AAA',
      amount_cents: amountCents,
      description: 'refund test',
      lang: 'it',
      customer_email: 'buyer@example.com',
      return_path: '/',
      status: 'approved',
      bank_message: null,
      error_code: null,
      created_at: at,
      updated_at: at,
      completed_at: at,
      refunded_at: null,
      refund_reason: null,
    })
    .execute();
  return id;
}

let seq = 0;
/** A pending refund row as the ledger writes it; `at` orders a payment's refunds. */
export async function pendingRefund(
  db: Db,
  source: RefundSource,
  sourceRef: string,
  amountCents: number,
  options: { at?: Date; requestId?: number } = {},
): Promise<RefundRow> {
  const at = (options.at ?? new Date(Date.now() - 1000 + ++seq)).toISOString();
  const row: RefundRow = {
    id: randomUUID(),
    group_code: 'RFND2A',
    booking_request_id: options.requestId ?? 1,
    source,
    source_ref: sourceRef,
    amount_cents: amountCents,
    reason: 'ticket-cancelled',
    cause_ref: null,
    requested_by: 'system',
    state: 'pending',
    idempotency_key: randomUUID(),
    attempts: 0,
    next_attempt_at: at,
    lease_until: null,
    gateway_refund_id: null,
    failure_code: null,
    failure_reason: null,
    paid_out_by: null,
    paid_out_how: null,
    lang: 'en',
    email: 'buyer@example.com',
    created_at: at,
    updated_at: at,
    sent_at: null,
    confirmed_at: null,
  };
  await db.insertInto('refunds').values(row).execute();
  return row;
}

export const refundRow = (db: Db, id: string) => db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const refundMails = (db: Db) => db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).where('kind', '=', 'refund-sent').execute();
