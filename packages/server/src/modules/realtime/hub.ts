import { randomInt } from 'node:crypto';
import { type TRealtimeServerMessage, ZRealtimeClientMessage } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../sessions/service.ts';
import type { ChannelEvent, EventBus } from './bus.ts';
import { type ChannelSigner, mayJoin } from './channels.ts';

/** Close codes of our own (4000–4999 are the application's). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_TOO_MANY = 4008;
/** Tabs one user may keep open at once on this instance (a runaway client cannot exhaust the server). */
export const MAX_SOCKETS_PER_USER = 10;

interface Connection {
  socket: WebSocket;
  user: AuthUser;
  channels: Set<string>;
  /** Set on every pong; a socket still false at the next beat is dead. */
  alive: boolean;
  /** Re-reads who the socket's credentials (cookie or bearer of the upgrade request) belong to now. */
  whoIsIt: () => Promise<AuthUser | null>;
}

export interface HubOptions {
  bus: EventBus;
  signer: ChannelSigner;
  log: FastifyBaseLogger;
  /** Protocol ping and session re-check interval. */
  heartbeatMs: number;
}

/**
 * The sockets of this instance: hands each one its id, checks subscriptions against the signed
 * authorisation, delivers bus events to the subscribers of a channel (except the socket that
 * caused them), pings every socket and drops those that stop answering or whose session ended.
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

  /** A new socket of a logged-in user. Handlers are attached before anything async happens. */
  /** Whether this socket is still connected (heartbeat tests). */
  has(socketId: string): boolean {
    return this.connections.has(socketId);
  }

  accept(socket: WebSocket, user: AuthUser, whoIsIt: Connection['whoIsIt']): void {
    if ([...this.connections.values()].filter((c) => c.user.id === user.id).length >= MAX_SOCKETS_PER_USER) {
      socket.close(CLOSE_TOO_MANY, 'too many connections');
      return;
    }
    const socketId = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
    const conn: Connection = { socket, user, channels: new Set(), alive: true, whoIsIt };
    this.connections.set(socketId, conn);
    socket.on('pong', () => (conn.alive = true));
    socket.on('message', (raw) => this.onMessage(socketId, conn, String(raw)));
    socket.on('close', () => this.connections.delete(socketId));
    socket.on('error', (err) => this.o.log.debug({ err }, 'realtime socket error'));
    send(socket, { event: 'connection_established', socket_id: socketId, activity_timeout: Math.ceil(this.o.heartbeatMs / 1000) });
  }

  private onMessage(socketId: string, conn: Connection, raw: string): void {
    conn.alive = true;
    const parsed = ZRealtimeClientMessage.safeParse(safeJson(raw));
    if (!parsed.success) return send(conn.socket, { event: 'error', code: 4000, message: 'unknown message' });
    const msg = parsed.data;
    if (msg.event === 'ping') return send(conn.socket, { event: 'pong' });
    if (msg.event === 'unsubscribe') {
      conn.channels.delete(msg.channel);
      return;
    }
    if (!mayJoin(conn.user.roles, msg.channel) || !this.o.signer.verify(socketId, msg.channel, msg.auth)) {
      return send(conn.socket, { event: 'error', code: 4009, message: `not authorised for ${msg.channel}` });
    }
    conn.channels.add(msg.channel);
    send(conn.socket, { event: 'subscription_succeeded', channel: msg.channel });
  }

  private deliver(event: ChannelEvent): void {
    const frame = JSON.stringify({ event: event.event, channel: event.channel, data: event.data });
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
      conn.socket.terminate();
      this.connections.delete(socketId);
      return;
    }
    conn.alive = false;
    conn.socket.ping();
    const user = await conn.whoIsIt().catch(() => conn.user);
    if (!user || user.id !== conn.user.id) {
      conn.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      this.connections.delete(socketId);
      return;
    }
    conn.user = user;
    for (const channel of conn.channels) if (!mayJoin(user.roles, channel)) conn.channels.delete(channel);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const conn of this.connections.values()) conn.socket.close(CLOSE_GOING_AWAY, 'server closing');
    this.connections.clear();
  }
}

function send(socket: WebSocket, message: TRealtimeServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
