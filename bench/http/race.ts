import { connect, type Socket } from 'node:net';
import { bookingBody, WEB_HEADERS } from './bookings.ts';
import type { BenchData } from './fixtures.ts';

export interface RaceResult {
  buyers: number;
  /** Answers by status; 0 = no answer (connection cut or no reply within 30 s). */
  statuses: Record<string, number>;
  holds: number;
  conflicts: number;
  serverErrors: number;
  other: number;
  maxMs: number;
}

const NO_ANSWER_MS = 30_000;

/** Opens one connection per buyer before anyone sends, so every request is in flight at once. */
async function openConnections(port: number, n: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In groups, so the server's accept backlog (511) never drops a connection attempt.
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

/** Sends `request` on an open socket (Connection: close) and resolves with the status and the time to the whole answer. */
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

/**
 * RACE: every buyer (own account, own connection) asks for 1 seat of the same flight at the
 * same moment. Exactly as many holds as free seats must come back, every other answer a
 * clean 409, none a 5xx, each within the time limit.
 */
export async function runRace(port: number, data: BenchData): Promise<RaceResult> {
  const requests = data.raceBuyers.map((buyer) => {
    const body = bookingBody(data.raceFlight, buyer);
    const headers = {
      host: `127.0.0.1:${port}`,
      ...WEB_HEADERS,
      'content-type': 'application/json',
      authorization: `Bearer ${buyer.token}`,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    return Buffer.from(`POST /api/bookings HTTP/1.1\r\n${head}\r\n${body}`);
  });
  const sockets = await openConnections(port, requests.length);
  const answers = await Promise.all(sockets.map((s, i) => exchange(s, requests[i]!)));
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const holds = answers.filter((a) => a.status >= 200 && a.status < 300).length;
  const conflicts = statuses['409'] ?? 0;
  const serverErrors = answers.filter((a) => a.status >= 500).length;
  return {
    buyers: requests.length,
    statuses,
    holds,
    conflicts,
    serverErrors,
    other: requests.length - holds - conflicts - serverErrors,
    maxMs: Math.max(...answers.map((a) => a.ms)),
  };
}
