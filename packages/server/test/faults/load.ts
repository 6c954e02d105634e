import { BOOKING_TYPE } from '@heliline/domain';
import type { Buyer, TestFlight } from '../booking-support.ts';
import { asBuyer, bookingBody, newPax, OWN_PAX } from '../booking-support.ts';
import { storeBody, type Who } from '../staff-support.ts';

/** What the buyers and staff managed while the server was being killed (to prove the run did something). */
export interface LoadStats {
  booked: number;
  approved: number;
  declined: number;
  left: number;
  staffSales: number;
  staffBlocks: number;
  refused: number;
  /** Calls cut by a kill (connection refused or reset): expected, not a failure. */
  cut: number;
  /** Answers other than 200, by status (409 seats gone is expected; a 500 is a finding). */
  statuses: Record<string, number>;
  /** What cut the calls, by message (connection refused while the server is down is expected). */
  errors: Record<string, number>;
}

type Choice = 'approve' | 'decline-51' | 'cancel' | 'leave';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * Concurrent buyers (hold, then the sandbox bank's page: approve, decline, cancel or leave it
 * open) and staff (cash sales, blocked seats) against a real server URL, until stopped. Every
 * call may be cut by a kill; the loop just goes on.
 */
export class Load {
  readonly stats: LoadStats = { booked: 0, approved: 0, declined: 0, left: 0, staffSales: 0, staffBlocks: 0, refused: 0, cut: 0, statuses: {}, errors: {} };
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly url: () => string,
    private readonly buyers: Buyer[],
    private readonly staff: Who,
    private readonly flights: TestFlight[],
  ) {}

  start(concurrency: number): void {
    this.running = true;
    this.workers = Array.from({ length: concurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        const roll = Math.random();
        if (roll < 0.1) await this.staffStore(BOOKING_TYPE.cash);
        else if (roll < 0.2) await this.staffStore(BOOKING_TYPE.block);
        else await this.buy();
      } catch (err) {
        this.stats.cut++;
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
        this.stats.errors[cause] = (this.stats.errors[cause] ?? 0) + 1;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  private async buy(): Promise<void> {
    const buyer = pick(this.buyers);
    const flight = pick(this.flights);
    const paxes = Math.random() < 0.5 ? [OWN_PAX] : [OWN_PAX, newPax()];
    const res = await this.post('/api/bookings', asBuyer(bookingBody({ flight, paxes }), buyer.paxId), buyer.token);
    if (res.status !== 200) return this.refused(res);
    this.stats.booked++;
    const { bank_link: bankLink } = (await res.json()) as { bank_link: string };
    const choice = pick<Choice>(['approve', 'approve', 'approve', 'approve', 'decline-51', 'cancel', 'leave']);
    if (choice === 'leave') {
      this.stats.left++;
      return;
    }
    await this.atBank(bankLink, choice);
    if (choice === 'approve') this.stats.approved++;
    else this.stats.declined++;
  }

  /** The bank's hosted page as a browser uses it: GET (form cookie + token), then POST the choice. */
  private async atBank(bankLink: string, choice: Exclude<Choice, 'leave'>): Promise<void> {
    const path = new URL(bankLink).pathname;
    const page = await fetch(`${this.url()}${path}`, { signal: AbortSignal.timeout(15_000) });
    const html = await page.text();
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const token = html.match(/name="_token" value="([^"]+)"/)?.[1] ?? '';
    const fields: Record<string, string> = choice === 'cancel' ? { choice: 'approve', action: 'cancel' } : { choice };
    await fetch(`${this.url()}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ _token: token, ...fields }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  }

  private async staffStore(type: typeof BOOKING_TYPE.cash | typeof BOOKING_TYPE.block): Promise<void> {
    const res = await this.post('/api/bookings', storeBody(type, pick(this.flights), this.staff), this.staff.token);
    if (res.status !== 200) this.refused(res);
    else if (type === BOOKING_TYPE.cash) this.stats.staffSales++;
    else this.stats.staffBlocks++;
  }

  private refused(res: Response): void {
    this.stats.refused++;
    this.stats.statuses[res.status] = (this.stats.statuses[res.status] ?? 0) + 1;
  }

  private post(path: string, body: unknown, token: string): Promise<Response> {
    return fetch(`${this.url()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-locale': 'it' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  }
}
