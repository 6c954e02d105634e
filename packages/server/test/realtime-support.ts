import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/**
 * A bare WebSocket test client of the Pusher-protocol socket (/app/{key}): collects frames (their
 * JSON-string `data` parsed, as pusher-js does; `raw` keeps them as sent), waits for one that matches.
 */
export class SocketClient {
  readonly frames: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  closeCode: number | null = null;
  private waiters: { match: (f: Record<string, unknown>) => boolean; resolve: (f: Record<string, unknown>) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.raw.push(String(raw));
      const frame = JSON.parse(String(raw)) as Record<string, unknown>;
      if (typeof frame.data === 'string') frame.data = JSON.parse(frame.data) as unknown;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    ws.on('close', (code) => (this.closeCode = code));
  }

  /** Opens a socket; resolves with the client once pusher:connection_established arrived, rejects with the HTTP status of a refused handshake. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SocketClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const client = new SocketClient(ws);
      ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
      ws.on('error', reject);
      client.next((f) => f.event === 'pusher:connection_established', 2000).then(() => resolve(client), reject);
    });
  }

  get socketId(): string {
    return (this.frames.find((f) => f.event === 'pusher:connection_established')!.data as { socket_id: string }).socket_id;
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (already received or to come) that matches, within `ms`. */
  next(match: (f: Record<string, unknown>) => boolean, ms = 1000): Promise<Record<string, unknown>> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`));
        }
      }, ms);
    });
  }

  /** Resolves when the socket is closed (with its close code). */
  closed(ms = 2000): Promise<number> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve(this.closeCode ?? 0);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket still open')), ms);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Listens on a free port of 127.0.0.1 (once per app); returns the port. */
export async function listening(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** The ws:// URL pusher-js opens: /app/{key} with the protocol version and the client's name. */
export async function realtimeUrl(app: FastifyInstance, key = app.config.pusher.key, query = 'protocol=7&client=js&version=8.6.0&flash=false'): Promise<string> {
  return `ws://127.0.0.1:${await listening(app)}/app/${key}?${query}`;
}

/** Asks for the channel authorisation and subscribes; resolves on pusher_internal:subscription_succeeded. */
export async function subscribe(app: FastifyInstance, socket: SocketClient, token: string, channel = 'private-bookings-failed') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/broadcasting/auth',
    headers: { authorization: `Bearer ${token}` },
    payload: { socket_id: socket.socketId, channel_name: channel },
  });
  if (res.statusCode !== 200) throw new Error(`auth refused: ${res.statusCode}`);
  socket.send({ event: 'pusher:subscribe', data: { channel, auth: res.json().auth } });
  await socket.next((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
}

/** Logs in through HTTP as a browser does: the Cookie header (session + XSRF-TOKEN) and the X-XSRF-TOKEN value for unsafe calls. */
export async function browserSession(app: FastifyInstance, user: { email: string; password: string }): Promise<{ cookie: string; xsrf: string }> {
  const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const xsrfCookie = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const xsrf = decodeURIComponent(xsrfCookie);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { cookie: `XSRF-TOKEN=${xsrfCookie}`, 'x-xsrf-token': xsrf },
    payload: { email: user.email, password: user.password },
  });
  const session = res.cookies.find((c) => c.name === 'heliline_session');
  if (!session) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { cookie: `heliline_session=${session.value}; XSRF-TOKEN=${xsrfCookie}`, xsrf };
}
