import { connect, type Socket } from 'node:net';
import { asBuyer, bookingBody, type Buyer, type TestFlight } from '../booking-support.ts';

/** What the race's answers were. */
export interface RaceResult {
  buyers: number;
  /** Answers by status; 0 = no answer (connection cut, or none within NO_ANSWER_MS). */
  statuses: Record<string, number>;
  holds: number;
  conflicts: number;
  serverErrors: number;
  slowestMs: number;
}

// Generous: on a busy shared machine the last answers of a burst come late, and a late answer is still an answer.
const NO_ANSWER_MS = 60_000;

/** Opens one connection per buyer before anyone sends, so that every request is in flight at once. */
async function openConnections(port: number, n: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In groups, so that the server's accept backlog never drops a connection attempt.
  for (let i = 0; i < n; i += 200) {
    const group = Array.from(
      { length: Math.min(200, n - i) },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect({ host: '127.0.0.1', port, noDelay: true });
          s.once('connect', () => resolve(s));
          s.once('error', reject);
        }),
    );
    sockets.push(...(await Promise.all(group)));
  }
  return sockets;
}

/** Sends `request` on an open socket (Connection: close); resolves with the status and the time to the whole answer. */
function exchange(socket: Socket, request: Buffer): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let head = '';
    const timer = setTimeout(() => socket.destroy(), NO_ANSWER_MS);
    socket.on('data', (chunk: Buffer) => {
      if (head.length < 16) head += chunk.toString('latin1', 0, 16);
    });
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), ms: performance.now() - started });
    });
    socket.on('error', () => undefined);
    socket.write(request);
  });
}

/** POST /api/bookings with `body` as raw HTTP/1.1, with the buyer's bearer token. */
function bookingRequest(port: number, buyer: Buyer, body: unknown): Buffer {
  const json = JSON.stringify(asBuyer(body, buyer.paxId));
  const headers = {
    host: `127.0.0.1:${port}`,
    accept: 'application/json',
    'x-locale': 'it',
    'content-type': 'application/json',
    authorization: `Bearer ${buyer.token}`,
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.from(`POST /api/bookings HTTP/1.1\r\n${head}\r\n${json}`);
}

/**
 * Every booking on a connection of its own, all sent at the same moment to a real server
 * listening on 127.0.0.1:`port`; the answers in the same order.
 */
export async function burst(port: number, bookings: { buyer: Buyer; body: unknown }[]): Promise<{ status: number; ms: number }[]> {
  const requests = bookings.map((b) => bookingRequest(port, b.buyer, b.body));
  const sockets = await openConnections(port, requests.length);
  return Promise.all(sockets.map((s, i) => exchange(s, requests[i]!)));
}

/** Every buyer (own account, own connection) asks for one seat of `flight` at the same moment. */
export async function runRace(port: number, flight: TestFlight, buyers: Buyer[]): Promise<RaceResult> {
  const answers = await burst(
    port,
    buyers.map((buyer) => ({ buyer, body: bookingBody({ flight }) })),
  );
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    buyers: answers.length,
    statuses,
    holds: answers.filter((a) => a.status >= 200 && a.status < 300).length,
    conflicts: statuses['409'] ?? 0,
    serverErrors: answers.filter((a) => a.status >= 500).length,
    slowestMs: Math.max(...answers.map((a) => a.ms)),
  };
}

/** One line for a log: "6 holds, 994 × 409, 0 × 5xx, slowest 812 ms (statuses {…})". */
export const raceSummary = (r: RaceResult) =>
  `${r.buyers} buyers: ${r.holds} holds, ${r.conflicts} × 409, ${r.serverErrors} × 5xx, slowest answer ${Math.round(r.slowestMs)} ms (statuses ${JSON.stringify(r.statuses)})`;
