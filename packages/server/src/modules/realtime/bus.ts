import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { TBookingDiscarded, TBookingHandled } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';

/** What travels on the bus: a channel event, and the socket (if any) that caused it and must not get it back. */
export type ChannelEvent =
  | { channel: string; event: 'BookingHandled'; data: TBookingHandled; exceptSocket?: string | null }
  | { channel: string; event: 'BookingDiscarded'; data: TBookingDiscarded; exceptSocket?: string | null }
  /** The check-in desk: this flight changed (a check-in, a weighing, its closing); the desks re-read it. */
  | { channel: string; event: 'CheckInChanged'; data: { flightId: number; user: string }; exceptSocket?: null };

export type BusListener = (event: ChannelEvent) => void;

/**
 * Carries staff events to every server instance's socket hub. Publish after the change has
 * committed: a listener may read the database at once. Delivery is best effort (a notice, not
 * the truth: the screen re-reads the list).
 */
export interface EventBus {
  start(): Promise<void>;
  publish(event: ChannelEvent): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One process (SQLite, or tests): events go straight to this process's listeners. */
export class InProcessBus implements EventBus {
  private readonly emitter = new EventEmitter();

  async start(): Promise<void> {}

  async publish(event: ChannelEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(listener: BusListener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY: every instance on the database LISTENs on one channel named after
 * its schema (two schemas on one server, e.g. parallel tests or tenants, never hear each
 * other) and NOTIFY reaches them all, this one included. The listening connection is its own
 * client outside the pool; if it drops, it reconnects with a short back-off.
 */
export class PgNotifyBus implements EventBus {
  private readonly local = new InProcessBus();
  private client: pg.Client | null = null;
  private channel = '';
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** This instance's id, for logs. */
  readonly instance = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.db);
    this.channel = `heliline_rt_${rows[0]?.schema ?? 'public'}`.slice(0, 63);
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel || !msg.payload) return;
      try {
        void this.local.publish(JSON.parse(msg.payload) as ChannelEvent);
      } catch (err) {
        this.log.warn({ err }, 'realtime: unreadable notification');
      }
    });
    // A server that stops (restart, failover) may end the connection with or without an 'error'
    // first: either way the current listener reconnects; events of a client already replaced are ignored.
    client.on('error', (err) => {
      if (client !== this.client) return;
      this.log.warn({ err }, 'realtime: listening connection lost');
      this.reconnectSoon();
    });
    client.on('end', () => {
      if (client === this.client && !this.closed) this.reconnectSoon();
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
  }

  /** True while the LISTEN connection is up (readiness and tests). */
  get listening(): boolean {
    return this.client !== null;
  }

  private reconnectSoon(): void {
    const lost = this.client;
    this.client = null;
    lost?.end().catch(() => undefined);
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect()
        .then(() => this.log.info({ channel: this.channel }, 'realtime: listening again'))
        .catch((err: unknown) => {
          this.log.warn({ err }, 'realtime: reconnect failed');
          this.reconnectSoon();
        });
    }, 1000);
    this.retry.unref();
  }

  /** pg_notify through the pool: the payload is JSON, far below NOTIFY's 8000-byte limit. */
  async publish(event: ChannelEvent): Promise<void> {
    await sql`select pg_notify(${this.channel}, ${JSON.stringify(event)})`.execute(this.db);
  }

  subscribe(listener: BusListener): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
    this.client = null;
    await this.local.close();
  }
}
