import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AuthUser } from '../sessions/service.ts';
import type { ChannelEvent, EventBus } from './bus.ts';
import { type ChannelSigner, mayJoin } from './channels.ts';

/**
 * Close and error codes of the Pusher Channels protocol 7: 4000–4099 the client must not
 * reconnect as it is, 4100–4199 it reconnects after a back-off, 4200–4299 it reconnects at once.
 */
export const PUSHER_ERROR = {
  appDoesNotExist: { code: 4001, message: 'Application does not exist' },
  overQuota: { code: 4004, message: 'Application is over connection quota' },
  unsupportedProtocol: { code: 4007, message: 'Unsupported protocol version' },
  noProtocol: { code: 4008, message: 'No protocol version supplied' },
  unauthorized: { code: 4009, message: 'Connection is unauthorized' },
  reconnect: { code: 4200, message: 'Generic reconnect immediately' },
  pongNotReceived: { code: 4201, message: 'Pong reply not received' },
} as const;
export type PusherError = (typeof PUSHER_ERROR)[keyof typeof PUSHER_ERROR];

/** The one protocol version spoken (pusher-js 8 and Laravel Echo 2 send protocol=7). */
export const PUSHER_PROTOCOL = 7;
/** Tabs one user may keep open at once on this instance (a runaway client cannot exhaust the server). */
const MAX_SOCKETS_PER_USER = 10;

/** The client's frames we act on; `data` may come as an object (pusher-js) or as a JSON string. */
const jsonData = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);
const ZClientFrame = z.discriminatedUnion('event', [
  z.object({ event: z.literal('pusher:subscribe'), data: jsonData(z.object({ channel: z.string().max(200), auth: z.string().max(300).optional() })) }),
  z.object({ event: z.literal('pusher:unsubscribe'), data: jsonData(z.object({ channel: z.string().max(200) })) }),
  z.object({ event: z.literal('pusher:ping') }),
  z.object({ event: z.literal('pusher:pong') }),
]);

interface Connection {
  socket: WebSocket;
  user: AuthUser;
  channels: Set<string>;
  /** Set on every pong or message; a socket still false at the next beat is dead. */
  alive: boolean;
  /** Re-reads who the socket's credentials (cookie or bearer of the upgrade request) belong to now. */
  whoIsIt: () => Promise<AuthUser | null>;
}

export interface HubOptions {
  bus: EventBus;
  signer: ChannelSigner;
  log: FastifyBaseLogger;
  /** Protocol ping and session re-check interval; also the activity_timeout told to clients. */
  heartbeatMs: number;
}

/**
 * The Pusher-protocol sockets of this instance: greets each with its socket id, checks
 * subscriptions against the signed authorisation and the socket's own roles, delivers bus events
 * to the subscribers of a channel (except the socket that caused them), pings every socket and
 * drops those that stop answering or whose session ended.
 */
export class SocketHub {
  private readonly connections = new Map<string, Connection>();
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly o: HubOptions) {
    this.unsubscribe = o.bus.subscribe((event) => this.deliver(event));
    this.timer = setInterval(() => void this.heartbeat(), o.heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.connections.size;
  }

  /** Whether this socket is still connected (heartbeat tests). */
  has(socketId: string): boolean {
    return this.connections.has(socketId);
  }

  /** A new socket of a logged-in user. Handlers are attached before anything async happens. */
  accept(socket: WebSocket, user: AuthUser, whoIsIt: Connection['whoIsIt']): void {
    if ([...this.connections.values()].filter((c) => c.user.id === user.id).length >= MAX_SOCKETS_PER_USER) {
      return refuse(socket, PUSHER_ERROR.overQuota);
    }
    const socketId = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
    const conn: Connection = { socket, user, channels: new Set(), alive: true, whoIsIt };
    this.connections.set(socketId, conn);
    socket.on('pong', () => (conn.alive = true));
    socket.on('message', (raw) => this.onMessage(socketId, conn, String(raw)));
    socket.on('close', () => this.connections.delete(socketId));
    socket.on('error', (err) => this.o.log.debug({ err }, 'realtime socket error'));
    const activityTimeout = Math.max(1, Math.ceil(this.o.heartbeatMs / 1000));
    send(socket, { event: 'pusher:connection_established', data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeout }) });
  }

  private onMessage(socketId: string, conn: Connection, raw: string): void {
    conn.alive = true;
    const parsed = ZClientFrame.safeParse(safeJson(raw));
    // Client events (client-*) are not relayed: every change goes through an HTTP call the server checks.
    if (!parsed.success) return send(conn.socket, { event: 'pusher:error', data: { code: null, message: 'Unsupported or malformed message' } });
    const frame = parsed.data;
    if (frame.event === 'pusher:ping') return send(conn.socket, { event: 'pusher:pong', data: '{}' });
    if (frame.event === 'pusher:pong') return;
    const { channel } = frame.data;
    if (frame.event === 'pusher:unsubscribe') return void conn.channels.delete(channel);
    if (!mayJoin(conn.user.roles, channel) || !this.o.signer.verify(socketId, channel, frame.data.auth ?? '')) {
      // What protocol-7 servers answer to a refused private subscription: the connection stays open.
      send(conn.socket, { event: 'pusher:error', data: PUSHER_ERROR.unauthorized });
      return send(conn.socket, {
        event: 'pusher:subscription_error',
        channel,
        data: JSON.stringify({ type: 'AuthError', error: PUSHER_ERROR.unauthorized.message, status: 403 }),
      });
    }
    conn.channels.add(channel);
    send(conn.socket, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
  }

  private deliver(event: ChannelEvent): void {
    const frame = JSON.stringify({ event: event.event, channel: event.channel, data: JSON.stringify(event.data) });
    for (const [socketId, conn] of this.connections) {
      if (socketId === event.exceptSocket || !conn.channels.has(event.channel)) continue;
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame);
    }
  }

  /** One heartbeat: dead sockets go, sockets whose session ended (or lost the role) are closed. */
  async heartbeat(): Promise<void> {
    await Promise.all([...this.connections].map(([id, conn]) => this.check(id, conn)));
  }

  private async check(socketId: string, conn: Connection): Promise<void> {
    if (!conn.alive) {
      this.connections.delete(socketId);
      // The peer is gone or stuck: say why, then free the socket without waiting for its answer.
      conn.socket.close(PUSHER_ERROR.pongNotReceived.code, PUSHER_ERROR.pongNotReceived.message);
      conn.socket.terminate();
      return;
    }
    conn.alive = false;
    conn.socket.ping();
    const user = await conn.whoIsIt().catch(() => conn.user);
    if (!user || user.id !== conn.user.id) {
      this.connections.delete(socketId);
      return refuse(conn.socket, PUSHER_ERROR.unauthorized);
    }
    conn.user = user;
    for (const channel of conn.channels) if (!mayJoin(user.roles, channel)) conn.channels.delete(channel);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    // The client reconnects at once, to another instance behind the load balancer.
    for (const conn of this.connections.values()) conn.socket.close(PUSHER_ERROR.reconnect.code, PUSHER_ERROR.reconnect.message);
    this.connections.clear();
  }
}

/** A pusher:error with the code, then the close with the same code (as protocol 6+ servers do). */
export function refuse(socket: WebSocket, error: PusherError): void {
  send(socket, { event: 'pusher:error', data: error });
  socket.close(error.code, error.message);
}

function send(socket: WebSocket, frame: { event: string; channel?: string; data: unknown }): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
