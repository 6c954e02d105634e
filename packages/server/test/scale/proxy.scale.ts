import type { ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import { type DbHandle, openDatabase } from '../../src/db/database.ts';
import { PASSWORD, uniqueEmail, userSignup } from '../accounts-support.ts';
import { asBuyer, bookingBody, createBuyers, createFlight } from '../booking-support.ts';
import { failedBooking } from '../failed-support.ts';
import { RestartableSmtp } from '../mail-queue-support.ts';
import { createDatabase, INSTANCE_PORTS, PROXY_PORT, ProxyClient, proxyUrl, removeDir, SMTP_PORT, startInstance, startNginx, stop, UPSTREAM_HEADER } from './cluster.ts';

/**
 * Scale-out (issue 11 item 5, decision 014): every request goes through nginx (the production
 * server block of deploy/nginx) to two compiled app instances on one PostgreSQL database, and
 * sessions, CSRF, rate limits, holds, the sweeper, the mail outbox and the live staff channel
 * work whichever instance answers. nginx adds X-Heliline-Upstream (here only) naming it.
 */
const PG_URL = process.env.PG_TEST_URL ?? process.env.DATABASE_URL ?? 'postgres://heliline:heliline@127.0.0.1:5432/heliline';

let database: { url: string; drop: () => Promise<void> };
const instances: ChildProcess[] = [];
let nginx: { process: ChildProcess; dir: string } | undefined;
let handle: DbHandle;
/** An in-process app on the same database, for fixtures only (accounts, flights); never behind the proxy. */
let fixtures: FastifyInstance;
const smtp = new RestartableSmtp();
smtp.port = SMTP_PORT;

beforeAll(async () => {
  database = await createDatabase(PG_URL);
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    APP_URL: proxyUrl,
    SMTP_URL: smtp.url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    HOLD_SWEEP_INTERVAL_SECONDS: '1',
    MAIL_QUEUE_POLL_SECONDS: '1',
  };
  // The first instance migrates and seeds the empty database; the second starts on it.
  for (const port of INSTANCE_PORTS) instances.push(await startInstance(port, env));
  nginx = await startNginx();
  handle = await openDatabase(database.url);
  fixtures = await buildApp({ ...testConfig(), databaseUrl: database.url, smtpUrl: undefined }, { database: handle });
  await fixtures.ready();
});

afterAll(async () => {
  await fixtures?.close();
  await handle?.close();
  await stop(nginx?.process);
  await Promise.all(instances.map(stop));
  removeDir(nginx?.dir);
  await smtp.stop();
  await database?.drop();
});

const db = () => handle.db;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('through nginx to two instances', () => {
  it('the proxy spreads requests over both instances', async () => {
    const client = new ProxyClient();
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) seen.add((await client.get('/sanctum/csrf-cookie')).upstream);
    expect([...seen].sort()).toEqual(INSTANCE_PORTS.map((p) => `127.0.0.1:${p}`));
  });

  it('pages come through whole: a public page and an app screen', async () => {
    const client = new ProxyClient();
    // Twice each, so both instances and a reused upstream connection answer: a 103 from an
    // instance made nginx 1.22 wait for its read timeout and left the connection out of step.
    for (const path of ['/timetable', '/booking', '/timetable', '/booking']) {
      const started = Date.now();
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(Date.now() - started, path).toBeLessThan(5_000);
      expect(res.text, path).toContain('</html>');
    }
  });

  it('a session made on one instance and a CSRF token issued by one are honoured by the other', async () => {
    const [buyer] = await createBuyers(fixtures, 1);
    const client = new ProxyClient();
    const issuer = (await client.get('/sanctum/csrf-cookie')).upstream;
    const login = await client.onInstanceOtherThan(issuer, () => client.post('/api/auth/login', { email: buyer!.email, password: PASSWORD }));
    expect(login.status).toBe(200);

    const me = await client.onInstanceOtherThan(login.upstream, () => client.get('/api/auth/user'));
    expect(me.status).toBe(200);
    expect(me.json().user).toMatchObject({ email: buyer!.email });

    // a write with the token checked by the instance that did not issue it; refused without it
    const csrfFrom = (await client.get('/sanctum/csrf-cookie')).upstream;
    const unsigned = await client.onInstanceOtherThan(csrfFrom, () => client.request('POST', '/api/auth/logout', { csrf: false }));
    expect(unsigned.status).toBe(419);
    await client.steerAwayFrom(csrfFrom);
    const logout = await client.post('/api/auth/logout', {});
    expect(logout.upstream).not.toBe(csrfFrom);
    expect(logout.status).toBeLessThan(300);
    const after = await client.onInstanceOtherThan(logout.upstream, () => client.get('/api/auth/user'));
    expect(after.status).toBe(401);
  });

  it('per-IP rate limits are one count for both instances, and a forged X-Forwarded-For does not reset it', async () => {
    const client = new ProxyClient();
    await client.get('/sanctum/csrf-cookie');
    const answers = [];
    // passwordEmail: 5 per 15 minutes per client address; nginx puts the real one in X-Forwarded-For
    for (let i = 0; i < 6; i++) answers.push(await client.post('/password/email', { email: uniqueEmail() }, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(2);
    expect(answers.slice(0, 5).map((a) => a.status)).not.toContain(429);
    expect(answers[5]!.status).toBe(429);
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a hold made through one instance is seen, and sold out, through the other', async () => {
    const flight = await createFlight(db(), { seats: 1 });
    const [first, second] = await createBuyers(fixtures, 2);
    const client = new ProxyClient();
    const held = await client.request('POST', '/api/bookings', { body: asBuyer(bookingBody({ flight }), first!.paxId), headers: bearer(first!.token) });
    expect(held.status).toBe(200);
    const code = held.json().bookingCode as string;

    const status = await client.onInstanceOtherThan(held.upstream, () => client.request('GET', `/api/booking-status?code=${code}`, { headers: bearer(first!.token) }));
    expect(status.status).toBe(200);
    expect(status.text).toContain('pending');

    await client.steerAwayFrom(held.upstream);
    const soldOut = await client.request('POST', '/api/bookings', { body: asBuyer(bookingBody({ flight }), second!.paxId), headers: bearer(second!.token) });
    expect(soldOut.upstream).not.toBe(held.upstream);
    expect(soldOut.status).toBe(409);
    const legs = await db().selectFrom('leg_inventory').select(['held', 'sold']).where('flight_leg_id', '=', flight.legIds[0]!).execute();
    expect(legs).toEqual([{ held: 1, sold: 0 }]);
  });

  it('the hold sweeper runs one at a time: while its lock is taken neither instance sweeps; once free, one does, once', async () => {
    const flight = await createFlight(db(), { seats: 1 });
    const [buyer, next] = await createBuyers(fixtures, 2);
    const client = new ProxyClient();
    const held = await client.request('POST', '/api/bookings', { body: asBuyer(bookingBody({ flight }), buyer!.paxId), headers: bearer(buyer!.token) });
    const code = held.json().bookingCode as string;
    const statusOf = async () => (await db().selectFrom('booking_requests').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;

    // Take the instances' lock (the same key: schema public, hold-sweeper) from outside.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query(`select pg_advisory_lock(hashtext('public:hold-sweeper'))`);
      await fixtures.services.requests.expireNow(code);
      await new Promise((r) => setTimeout(r, 3500)); // both instances sweep every second
      expect(await statusOf()).toBe('pending');
      await locker.query(`select pg_advisory_unlock(hashtext('public:hold-sweeper'))`);
      await expect.poll(statusOf, { timeout: 10_000, interval: 200 }).toBe('expired');
    } finally {
      await locker.end();
    }
    const request = await db().selectFrom('booking_requests').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const expiries = await db().selectFrom('booking_events').select('id').where('booking_request_id', '=', request.id).where('to_status', '=', 'expired').execute();
    expect(expiries).toHaveLength(1);
    const again = await client.request('POST', '/api/bookings', { body: asBuyer(bookingBody({ flight }), next!.paxId), headers: bearer(next!.token) });
    expect(again.status).toBe(200);
  });

  it('mail written while SMTP is down stays queued and goes out once it is back, each mail by one sender only', async () => {
    const client = new ProxyClient();
    await client.get('/sanctum/csrf-cookie');
    const signups = [userSignup(), userSignup()];
    const registered = [];
    for (const signup of signups) registered.push(await client.post('/api/auth/register', signup));
    expect(registered.map((r) => r.status)).toEqual([201, 201]);
    expect(new Set(registered.map((r) => r.upstream)).size).toBe(2);
    // Queued with each account; the instance's sender, woken by the commit, tries it at once.
    const firstAttempts = async () =>
      (
        await db()
          .selectFrom('mail_outbox')
          .selectAll()
          .where(
            'to_address',
            'in',
            signups.map((s) => s.email),
          )
          .execute()
      ).map((m) => ({ sent: m.sent_at, attempts: m.attempts, refused: /ECONNREFUSED/.test(m.error ?? '') }));
    await expect.poll(firstAttempts, { timeout: 10_000, interval: 100 }).toEqual([
      { sent: null, attempts: 1, refused: true },
      { sent: null, attempts: 1, refused: true },
    ]);

    // More queued mail for the two senders to share: rows as an instance leaves them after a failed first attempt.
    const now = new Date().toISOString();
    const extra = Array.from({ length: 30 }, (_, i) => ({ to_address: `queued${i}@example.com`, subject: `Queued ${i}`, html: '<p>q</p>', text: 'q', kind: 'test' }));
    await db()
      .insertInto('mail_outbox')
      .values(extra.map((m) => ({ ...m, created_at: now, transport: 'smtp', sent_at: null, error: 'down', attempts: 1, next_attempt_at: '9999-01-01T00:00:00.000Z' })))
      .execute();

    await smtp.start(20);
    // The backoff has passed (30 s by default): every queued mail is due now.
    await db().updateTable('mail_outbox').set({ next_attempt_at: new Date().toISOString() }).where('sent_at', 'is', null).where('failed_at', 'is', null).execute();
    const unsent = async () =>
      Number(
        (
          await db()
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('sent_at', 'is', null)
            .where('transport', '=', 'smtp')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect.poll(unsent, { timeout: 20_000, interval: 250 }).toBe(0);

    const recipients = smtp.received.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? '');
    const expected = [...signups.map((s) => s.email), ...extra.map((m) => m.to_address)];
    expect(recipients.filter((r) => expected.includes(r)).sort()).toEqual([...expected].sort());
    // one claim each: a mail claimed by both senders would show a third attempt
    const attempts = await db().selectFrom('mail_outbox').select('attempts').where('to_address', 'in', expected).execute();
    expect(attempts.map((r) => r.attempts)).toEqual(expected.map(() => 2));
  });

  it('a live staff event published on one instance reaches a WebSocket connected through the proxy to the other', async () => {
    const [buyer] = await createBuyers(fixtures, 1);
    const [staff, watcher] = await createBuyers(fixtures, 2, { roles: ['Admin'] });
    const { socket, upstream } = await openSocketThroughProxy(watcher!.token);
    try {
      const client = new ProxyClient();
      const auth = await client.request('POST', '/api/broadcasting/auth', {
        body: { socket_id: socket.socketId, channel_name: 'private-bookings-failed' },
        headers: bearer(watcher!.token),
      });
      expect(auth.status).toBe(200);
      socket.send({ event: 'pusher:subscribe', data: { channel: 'private-bookings-failed', auth: auth.json().auth } });
      await socket.next((f) => f.event === 'pusher_internal:subscription_succeeded', 2000);

      const { code } = await failedBooking(fixtures, buyer!, 'pending');
      await client.steerAwayFrom(upstream);
      const locked = await client.request('POST', '/api/bookings/lock', { body: { code, locked: true }, headers: bearer(staff!.token) });
      expect(locked.status).toBe(200);
      expect(locked.upstream).not.toBe(upstream);
      expect(await socket.next((f) => f.event === 'BookingHandled', 2000)).toMatchObject({ data: { code, action: 'locked', locked: true } });
    } finally {
      socket.close();
    }
  });
});

/** A socket of the live channel opened through nginx; `upstream` is the instance holding it (from the 101 answer). */
async function openSocketThroughProxy(token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${PROXY_PORT}/app/heliline?protocol=7`, { headers: bearer(token) });
  const frames: Record<string, unknown>[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as Record<string, unknown>;
    // Pusher sends data as a JSON string.
    if (typeof frame.data === 'string') frame.data = JSON.parse(frame.data) as unknown;
    frames.push(frame);
  });
  const upstream = await new Promise<string>((resolve, reject) => {
    ws.once('upgrade', (res) => resolve(String(res.headers[UPSTREAM_HEADER] ?? '')));
    ws.once('error', reject);
  });
  /** The first frame, received or to come within `ms`, that matches. */
  const next = async (match: (f: Record<string, unknown>) => boolean, ms = 2000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`);
  };
  const established = await next((f) => f.event === 'pusher:connection_established');
  const socket = {
    socketId: (established.data as { socket_id: string }).socket_id,
    next,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    close: () => ws.terminate(),
  };
  return { socket, upstream };
}
