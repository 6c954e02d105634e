import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import type { DbHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/seed/index.ts';
import { createBuyers, createFlight } from '../booking-support.ts';
import { CONTACT, storeBody } from '../staff-support.ts';
import { type OwnDatabase, ownDatabase } from './own-database.ts';
import { ServerProcess } from './server-process.ts';

/** mailparser's attachments (test/mailparser.d.ts declares only what the accounts tests read). */
type Received = ParsedMail & { attachments: { filename?: string; content: Buffer }[] };

/**
 * A real SMTP server that, while `holding`, takes connections and never greets them: a sender
 * that reaches it is stuck between the commit of what it sends and the delivery.
 */
class HoldingSmtp {
  holding = true;
  /** Connections taken while holding (each one a delivery under way). */
  held = 0;
  readonly received: Received[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect: (_session, callback) => {
      if (!this.holding) return callback();
      this.held++;
    },
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.received.push(mail as Received);
          callback();
        })
        .catch(callback);
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Issue 50, item 3: the tickets mail is written in the ticketing transaction, so a server killed
 * (kill -9) after that commit and before the mail reached the SMTP server still sends it once it
 * is back: exactly once, with its PDF tickets. The killed instance's claim on the mail lapses
 * after MAIL_LEASE_SECONDS; the restarted one (polling every second here) then delivers it.
 * SQLite by default; a schema of its own on the PostgreSQL server when DATABASE_URL is set.
 */
const pgServer = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe.runIf(process.env.HELILINE_FAULTS)(`tickets mail across a kill -9 (${pgServer ? 'postgres' : 'sqlite'})`, () => {
  let own: OwnDatabase;
  let database: DbHandle;
  let local: FastifyInstance;
  let server: ServerProcess;
  const smtp = new HoldingSmtp();

  beforeAll(async () => {
    ServerProcess.build();
    own = ownDatabase('mail', pgServer);
    database = await own.open();
    await migrateToLatest(database.db);
    await seed(database, { demo: false });
    // The test's own instance on the same database: the staff account and the checks.
    local = await buildApp(testConfig({ databaseUrl: own.url }), { database });
    await local.ready();
    server = new ServerProcess({
      port: pgServer ? 4211 : 4210,
      databaseUrl: own.url,
      logFile: join(own.dir, 'server.log'),
      env: { SMTP_URL: await smtp.start(), MAIL_LEASE_SECONDS: '2', MAIL_QUEUE_POLL_SECONDS: '1' },
    });
    await server.start();
  }, 600_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await smtp.close();
    await local?.close();
    await database?.close();
    await own?.drop();
  }, 60_000);

  it('a cash sale ticketed, the server killed while its mail is on the way: after the restart the mail goes out exactly once', async () => {
    const db = database.db;
    const flight = await createFlight(db);
    const [admin] = await createBuyers(local, 1, { roles: ['Admin'] });
    const who = { name: 'admin', ...admin!, roles: ['Admin'], agency: false };
    const res = await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}`, 'x-locale': 'it' },
      body: JSON.stringify(storeBody(2, flight, who)),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { bookingCode: code } = (await res.json()) as { bookingCode: string };

    // The commit has woken the sender: it is connected and waits for a greeting that never comes.
    await vi.waitFor(() => expect(smtp.held).toBe(1), { timeout: 10_000, interval: 50 });
    await server.kill();
    const mailOf = () => db.selectFrom('mail_outbox').selectAll().where('to_address', '=', CONTACT).where('subject', 'like', `%${code}%`).execute();
    expect(await mailOf()).toMatchObject([{ kind: 'booking-tickets', sent_at: null, attempts: 1 }]);
    expect(smtp.received).toHaveLength(0);
    const tickets = await db.selectFrom('tickets').select('ticket_nr').where('booking_code', '=', code).execute();
    expect(tickets.length).toBeGreaterThan(0);

    smtp.holding = false;
    await server.start();
    const withCode = () => smtp.received.filter((m) => m.subject?.includes(code));
    await vi.waitFor(() => expect(withCode()).toHaveLength(1), { timeout: 30_000, interval: 100 });
    // Several polls later, still once.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(withCode()).toHaveLength(1);
    expect(
      withCode()[0]!
        .attachments.map((a) => a.filename)
        .sort(),
    ).toEqual(tickets.map((t) => `heliline-ticket-${t.ticket_nr}.pdf`).sort());
    const [row] = await mailOf();
    expect(row).toMatchObject({ attempts: 2, error: null, failed_at: null, attach_json: null });
    expect(row!.sent_at).not.toBeNull();
  }, 120_000);
});
