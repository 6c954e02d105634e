import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DbHandle, openDatabase } from '../src/db/database.ts';
import { Mailer } from '../src/modules/mail/mailer.ts';
import { backoffMs, DEFAULT_RETRY } from '../src/modules/mail/sender.ts';
import { lastMailTo } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';
import { RestartableSmtp } from './mail-queue-support.ts';

/**
 * The outbox as a queue (decision 014): a mail written while the SMTP server is down stays
 * queued and goes out with backoff when it is back; two senders on one database (two
 * instances) never deliver one mail twice. Runs on SQLite and, with DATABASE_URL, PostgreSQL.
 */
const { app, db, config } = await buildTestApp();
const policy = { maxAttempts: 4, backoffBaseMs: 60_000, backoffMaxMs: 600_000, leaseMs: 120_000 };
const START = Date.parse('2026-07-01T08:00:00.000Z');

/** A clock the test moves by hand, so backoff needs no real waiting. */
function manualClock() {
  let ms = START;
  return { now: () => new Date(ms), advance: (by: number) => void (ms += by) };
}

const mail = (to: string, subject: string) => ({ to, kind: 'test', subject, html: `<p>${subject}</p>`, text: subject });

describe('SMTP down, then back', () => {
  const smtp = new RestartableSmtp();
  const clock = manualClock();
  let mailer: Mailer;
  beforeAll(async () => {
    await smtp.start();
    await smtp.stop(); // the port is known, nothing listens on it
    mailer = new Mailer(db, smtp.url, 'noreply@heliline.test', { policy, now: clock.now });
  });
  afterAll(async () => {
    await mailer.close();
    await smtp.stop();
  });

  it('keeps the mail queued with its attempt and error, retries with growing waits, and delivers it once the server is back', async () => {
    const attachment = { filename: 'note.txt', contentType: 'text/plain', content: Buffer.from('kept') };
    const sent = await mailer.send({ ...mail('queued@example.com', 'Queued while down'), replyTo: 'office@example.com', attachments: [attachment] });
    expect(sent.delivered).toBe(false);
    let row = await lastMailTo(db, 'queued@example.com');
    expect(row).toMatchObject({ transport: 'smtp', sent_at: null, failed_at: null, attempts: 1, locked_until: null });
    expect(row.error).toMatch(/ECONNREFUSED/);
    expect(row.next_attempt_at).toBe(new Date(START + backoffMs(policy, 1)).toISOString());

    // not due yet: nobody tries
    expect(await mailer.sender.drain()).toBe(0);
    expect((await lastMailTo(db, 'queued@example.com')).attempts).toBe(1);

    // due, still down: a second failed attempt, the wait doubles
    clock.advance(backoffMs(policy, 1));
    expect(await mailer.sender.drain()).toBe(0);
    row = await lastMailTo(db, 'queued@example.com');
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at).toBe(new Date(clock.now().getTime() + 2 * policy.backoffBaseMs).toISOString());

    // back up: the next due run delivers it, with its reply-to and attachment
    await smtp.start();
    clock.advance(backoffMs(policy, 2));
    expect(await mailer.sender.drain()).toBe(1);
    row = await lastMailTo(db, 'queued@example.com');
    expect(row).toMatchObject({ attempts: 3, error: null, next_attempt_at: null, locked_until: null, failed_at: null });
    expect(row.sent_at).toBe(clock.now().toISOString());
    expect(smtp.subjects()).toEqual(['Queued while down']);
    expect(smtp.received[0]!.replyTo?.text).toBe('office@example.com');
    expect(smtp.received[0]!.text?.trim()).toBe('Queued while down');
    expect(await mailer.sender.drain()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after the last attempt: marked failed, never tried again', async () => {
    await smtp.stop();
    await mailer.send(mail('given.up@example.com', 'Never delivered'));
    for (let attempt = 1; attempt < policy.maxAttempts; attempt++) {
      clock.advance(backoffMs(policy, attempt));
      await mailer.sender.drain();
    }
    const row = await lastMailTo(db, 'given.up@example.com');
    expect(row).toMatchObject({ attempts: policy.maxAttempts, sent_at: null, next_attempt_at: null, failed_at: clock.now().toISOString() });
    await smtp.start();
    clock.advance(policy.backoffMaxMs * 10);
    expect(await mailer.sender.drain()).toBe(0);
    expect(smtp.subjects()).not.toContain('Never delivered');
  });

  it('an interactive send that fails throws and is final: the user retries, the queue does not send it later', async () => {
    await smtp.stop();
    await expect(mailer.send(mail('waiting@example.com', 'Asked for now'), { interactive: true })).rejects.toThrow(/ECONNREFUSED/);
    expect(await lastMailTo(db, 'waiting@example.com')).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: null, failed_at: clock.now().toISOString() });
    await smtp.start();
    clock.advance(policy.backoffMaxMs);
    await mailer.sender.drain();
    expect(smtp.subjects()).not.toContain('Asked for now');
  });

  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(policy, n))).toEqual([60_000, 120_000, 240_000, 480_000, 600_000]);
    expect(backoffMs(DEFAULT_RETRY, 1)).toBe(30_000);
  });
});

describe('mail queued in the transaction of its change', () => {
  const smtp = new RestartableSmtp();
  let mailer: Mailer;
  beforeAll(async () => {
    await smtp.start();
    mailer = new Mailer(db, smtp.url, 'noreply@heliline.test', { policy });
  });
  afterAll(async () => {
    await mailer.close();
    await smtp.stop();
  });

  it('is sent once the transaction commits, woken by the commit (no poll), and never before', async () => {
    await app.services.transactions.run(async (trx) => {
      await mailer.enqueue(trx, mail('committed@example.com', 'With its change'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.subjects()).not.toContain('With its change');
    });
    await vi.waitFor(() => expect(smtp.subjects()).toContain('With its change'));
    expect(await lastMailTo(db, 'committed@example.com')).toMatchObject({ attempts: 1, error: null, next_attempt_at: null });
  });

  it('is never written, nor sent, when the transaction rolls back', async () => {
    class Undo extends Error {}
    await expect(
      app.services.transactions.run(async (trx) => {
        await mailer.enqueue(trx, mail('rolled.back@example.com', 'Without its change'));
        throw new Undo();
      }),
    ).rejects.toThrow(Undo);
    expect(await mailer.sender.drain()).toBe(0);
    expect(smtp.subjects()).not.toContain('Without its change');
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'rolled.back@example.com').execute()).toEqual([]);
  });
});

describe('two senders on one database', () => {
  const smtp = new RestartableSmtp();
  const clock = manualClock();
  let second: DbHandle | null = null;
  const mailers: Mailer[] = [];
  beforeAll(async () => {
    await smtp.start(3);
    await smtp.stop();
    // On PostgreSQL the second sender has its own pool, as a second instance would.
    if (config.databaseUrl.startsWith('postgres')) {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      second = await openDatabase(config.databaseUrl, { schema: rows[0]!.schema });
    }
    for (const handle of [db, second?.db ?? db]) mailers.push(new Mailer(handle, smtp.url, 'noreply@heliline.test', { policy, now: clock.now }));
  });
  afterAll(async () => {
    for (const m of mailers) await m.close();
    await second?.close();
    await smtp.stop();
  });

  it('deliver every queued mail exactly once between them', async () => {
    const subjects = Array.from({ length: 24 }, (_, i) => `Queued ${i + 1}`);
    for (const s of subjects) await mailers[0]!.send(mail('twice@example.com', s));
    await smtp.start(3);
    clock.advance(backoffMs(policy, 1));
    const counts = await Promise.all(mailers.map((m) => m.sender.drain()));
    expect(counts[0]! + counts[1]!).toBe(subjects.length);
    expect(await Promise.all(mailers.map((m) => m.sender.drain()))).toEqual([0, 0]);
    expect(smtp.subjects().sort()).toEqual([...subjects].sort());
    const sent = await db.selectFrom('mail_outbox').select(['attempts', 'sent_at']).where('to_address', '=', 'twice@example.com').execute();
    expect(sent.every((r) => r.sent_at !== null && r.attempts === 2)).toBe(true);
  });
});
