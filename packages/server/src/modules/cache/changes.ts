import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type EventBus, READS_CHANNEL, type ReadsChanged } from '../realtime/bus.ts';

/** What a cached answer was read from: the seat counters of some legs, and (or not) the schedule. */
export interface ReadSources {
  legs: readonly number[];
  schedule: boolean;
}

/**
 * One committed change: seats of these legs, or (legs null) the schedule, i.e. flights and legs
 * themselves; and accounts whose sessions, tokens, roles or profile changed (null: any account
 * may have, when other instances' changes were missed).
 */
export interface ReadChange {
  generation: number;
  legs: ReadonlySet<number> | null;
  accounts: ReadonlySet<number> | null;
}

const NONE: ReadonlySet<number> = new Set();

export const affects = (change: ReadChange, sources: ReadSources): boolean =>
  change.legs === null ? sources.schedule : sources.legs.some((leg) => change.legs!.has(leg));

/** Changes remembered to judge a read that started before them (reads take milliseconds). */
const REMEMBERED = 512;
/** More legs than this in one notification: it says "the schedule" instead (NOTIFY payloads stay small). */
const MAX_LEGS_PER_NOTICE = 500;

/**
 * The changes that make cached read answers stale, in commit order, each with a generation
 * number. Writers report them AFTER their transaction commits (db/transaction.ts afterCommit);
 * a read notes the generation before it reads and may store its answer only if no change
 * since then touched what it read (touchedSince). Changes committed here also go to the other
 * instances over the event bus (PG NOTIFY, decision 014), batched per event-loop turn. Account
 * changes travel the same way: the session cache (modules/sessions) drops what they touch.
 */
export class ReadChanges {
  private current = 0;
  private readonly recent: ReadChange[] = [];
  private readonly listeners = new Set<(change: ReadChange) => void>();
  private outgoing: { legs: Set<number>; schedule: boolean; accounts: Set<number> } | null = null;
  private bus: EventBus | null = null;
  private log: FastifyBaseLogger | null = null;
  /** Other instances' changes may be missed (the bus lost its connection): nothing is kept meanwhile. */
  private deaf = false;
  /** This instance, so it ignores its own notices coming back over NOTIFY. */
  readonly instance = randomUUID();

  get generation(): number {
    return this.current;
  }

  /** Seat counters of these legs changed (committed). */
  seatsChanged(legIds: readonly number[]): void {
    if (legIds.length === 0) return;
    this.record(new Set(legIds), NONE);
    this.share({ legIds });
  }

  /** Flights or legs changed (committed): every answer read from the schedule is stale. */
  scheduleChanged(): void {
    this.record(null, NONE);
    this.share({ schedule: true });
  }

  /** Sessions, tokens, roles or the profile of these accounts changed (committed). */
  accountsChanged(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    this.record(NONE, new Set(userIds));
    this.share({ userIds });
  }

  onChange(listener: (change: ReadChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True when a change after generation `since` touched `sources`, or it is too long ago to tell. */
  touchedSince(since: number, sources: ReadSources): boolean {
    return this.changedSince(since, (change) => affects(change, sources));
  }

  /** True when a change after generation `since` touched this account, or it is too long ago to tell. */
  accountTouchedSince(since: number, userId: number): boolean {
    return this.changedSince(since, (change) => change.accounts === null || change.accounts.has(userId));
  }

  private changedSince(since: number, touches: (change: ReadChange) => boolean): boolean {
    if (this.deaf) return true;
    if (since === this.current) return false;
    const oldest = this.recent[0];
    if (!oldest || oldest.generation > since + 1) return true;
    for (let i = this.recent.length - 1; i >= 0 && this.recent[i]!.generation > since; i--) {
      if (touches(this.recent[i]!)) return true;
    }
    return false;
  }

  /** Hears the other instances' changes and tells them this one's (composition root). */
  connect(bus: EventBus, log: FastifyBaseLogger): () => void {
    this.bus = bus;
    this.log = log;
    const unsubscribe = bus.subscribe((event) => {
      if (event.event !== 'ReadsChanged' || event.data.from === this.instance) return;
      const { schedule, legIds, userIds = [] } = event.data;
      this.record(schedule ? null : new Set(legIds), new Set(userIds));
    });
    // While deaf, a cached answer could outlive another instance's write by the whole TTL: drop
    // everything when hearing stops, keep nothing until it resumes, and drop again then (what
    // was missed meanwhile is unknown).
    const unhear = bus.onHearing?.((hearing) => {
      this.deaf = !hearing;
      this.record(null, null);
    });
    return () => {
      unsubscribe();
      unhear?.();
    };
  }

  private record(legs: ReadonlySet<number> | null, accounts: ReadonlySet<number> | null): void {
    const change = { generation: ++this.current, legs, accounts };
    this.recent.push(change);
    if (this.recent.length > REMEMBERED) this.recent.shift();
    for (const listener of this.listeners) listener(change);
  }

  private share(change: { legIds?: readonly number[]; schedule?: boolean; userIds?: readonly number[] }): void {
    if (!this.bus) return;
    if (!this.outgoing) {
      this.outgoing = { legs: new Set(), schedule: false, accounts: new Set() };
      setImmediate(() => this.flush());
    }
    for (const leg of change.legIds ?? []) this.outgoing.legs.add(leg);
    for (const user of change.userIds ?? []) this.outgoing.accounts.add(user);
    this.outgoing.schedule ||= change.schedule === true;
  }

  private flush(): void {
    const { legs, schedule, accounts } = this.outgoing!;
    this.outgoing = null;
    const all = schedule || legs.size > MAX_LEGS_PER_NOTICE;
    const data: ReadsChanged = { from: this.instance, legIds: all ? [] : [...legs], schedule: all, userIds: [...accounts] };
    // The writes have committed: a lost notice only leaves other instances on the TTL ceiling.
    const bus = this.bus!;
    const event = { channel: READS_CHANNEL, event: 'ReadsChanged', data } as const;
    (bus.publishAside ? bus.publishAside(event) : bus.publish(event)).catch((err: unknown) => this.log?.warn({ err }, 'read cache: change notice not sent'));
  }
}
