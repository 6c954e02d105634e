/**
 * The staff live channel's client (GET /api/realtime, a Pusher-like protocol; decision 011 of
 * wt/staff-failed): the server greets with `connection_established` and a socket id, the client
 * has that id signed by POST /api/broadcasting/auth with its session, then subscribes to the
 * private channel with the signature. Events of the channel go to `onEvent`.
 *
 * A dropped socket is reopened with exponential backoff; every (re)subscription the server
 * confirms (`subscription_succeeded`) calls `onSynced`, so the screen re-reads its list (events
 * sent while the socket was down are lost). Framework-free and with its socket, timers and auth
 * call injected, so the reconnect logic is unit-tested.
 */

/** The part of the browser's WebSocket this client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
}

/** connecting: first attempt; connected: the server confirmed the subscription; reconnecting: waiting to try again; denied: the server refused the channel (no session or role). */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'denied';

export interface ChannelEvent {
  event: string;
  data: unknown;
}

export interface RealtimeOptions {
  url: string;
  channel: string;
  /** POST /api/broadcasting/auth: the signature for this socket and channel; throws when refused. */
  authorise: (socketId: string, channel: string) => Promise<string>;
  createSocket: (url: string) => SocketLike;
  onEvent: (event: ChannelEvent) => void;
  onStatus: (status: ConnectionStatus) => void;
  /** Subscribed (again), as the server confirmed: the list may have missed events and should be read again. */
  onSynced: () => void;
  /** Whether a failed authorisation is final (401/403) rather than a hiccup worth retrying. */
  isDenied?: (error: unknown) => boolean;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}

const OPEN = 1;
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;
/** Silence after which the client pings (the greeting's activity_timeout overrides it), and how long it waits for the answer. */
export const DEFAULT_ACTIVITY_MS = 30_000;
export const PONG_WAIT_MS = 10_000;
/**
 * How long a new socket may take to greet before it is given up and tried again. Generous: on a
 * weak island network, or with the server busy for a few seconds, a slow greeting is still a
 * good socket, and giving it up only starts the backoff over a server that is already slow.
 */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** Delay before reconnect attempt `attempt` (1, 2, …): doubling from 0.5 s up to 15 s, with up to 20% jitter so staff screens do not reconnect in step. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

/** A protocol frame as JSON, or null when it is not one (never throws on a bad frame). */
export function parseFrame(raw: unknown): { event: string; channel?: string; data?: unknown; socket_id?: string } | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || typeof (value as { event?: unknown }).event !== 'string') return null;
  const frame = value as { event: string; channel?: string; data?: unknown; socket_id?: string };
  // Pusher sends data as a JSON string; accept an object as well.
  if (typeof frame.data === 'string') {
    try {
      frame.data = JSON.parse(frame.data);
    } catch {
      // a plain string payload stays as it is
    }
  }
  return frame;
}

/** The socket id of a greeting, at the top level or inside data (Pusher's shape). */
function socketIdOf(frame: { socket_id?: string; data?: unknown }): string | null {
  if (typeof frame.socket_id === 'string') return frame.socket_id;
  const inner = frame.data as { socket_id?: unknown } | undefined;
  return typeof inner?.socket_id === 'string' ? inner.socket_id : null;
}

const isGreeting = (event: string) => event === 'connection_established' || event === 'pusher:connection_established';
/** Pusher's convention: error codes 4000–4099 mean do not reconnect (refused, not a hiccup). */
const isFatalCode = (code: unknown) => typeof code === 'number' && code >= 4000 && code < 4100;
const isProtocol = (event: string) =>
  event.startsWith('pusher') || ['connection_established', 'subscription_succeeded', 'subscription_error', 'ping', 'pong', 'error'].includes(event);

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private idleTimer: unknown = null;
  private activityMs = DEFAULT_ACTIVITY_MS;
  private stopped = false;
  private status: ConnectionStatus | null = null;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly opts: RealtimeOptions) {
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Closes the socket for good (the screen unmounts). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.clearIdle();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.close(1000, 'bye');
    }
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.opts.onStatus(status);
  }

  private open(): void {
    if (this.stopped) return;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    // A handshake that hangs (no greeting, no close) counts as a dropped socket.
    this.clearIdle();
    this.idleTimer = this.setTimer(() => this.giveUp(socket, 4101), HANDSHAKE_TIMEOUT_MS);
    socket.onmessage = (ev) => this.receive(socket, ev.data);
    socket.onclose = () => this.dropped(socket);
    socket.onerror = () => {
      // an error is followed by close, which does the reconnecting
    };
  }

  private receive(socket: SocketLike, raw: unknown): void {
    if (socket !== this.socket) return;
    const frame = parseFrame(raw);
    if (!frame) return;
    this.heard(socket);
    if (isGreeting(frame.event)) {
      const socketId = socketIdOf(frame);
      const timeout = (frame as { activity_timeout?: unknown }).activity_timeout;
      if (typeof timeout === 'number' && timeout > 0) {
        this.activityMs = timeout * 1000;
        this.heard(socket);
      }
      if (socketId) void this.subscribe(socket, socketId);
      return;
    }
    if (frame.event === 'ping' || frame.event === 'pusher:ping') {
      if (socket.readyState === OPEN) socket.send(JSON.stringify({ event: frame.event === 'ping' ? 'pong' : 'pusher:pong' }));
      return;
    }
    if (frame.event.endsWith('subscription_error') || (frame.event === 'error' && isFatalCode((frame as { code?: unknown }).code))) {
      this.deny(socket);
      return;
    }
    if (frame.event.endsWith('subscription_succeeded') && frame.channel === this.opts.channel) {
      this.subscribed();
      return;
    }
    if (isProtocol(frame.event)) return;
    if (frame.channel !== undefined && frame.channel !== this.opts.channel) return;
    this.opts.onEvent({ event: frame.event, data: frame.data ?? stripEnvelope(frame) });
  }

  /**
   * Any frame proves the socket alive. After `activity_timeout` of silence the client pings; no
   * answer within PONG_WAIT_MS means a dead connection (a server gone without closing): close it,
   * which reconnects.
   */
  private heard(socket: SocketLike): void {
    if (this.idleTimer !== null) this.clearTimer(this.idleTimer);
    this.idleTimer = this.setTimer(() => {
      if (socket !== this.socket) return;
      if (socket.readyState === OPEN) socket.send(JSON.stringify({ event: 'ping' }));
      this.idleTimer = this.setTimer(() => this.giveUp(socket, 4100), PONG_WAIT_MS);
    }, this.activityMs);
  }

  /** Closes a socket that stopped answering (or never greeted) and reconnects. */
  private giveUp(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    socket.onclose = null;
    socket.close(code, 'no answer');
    this.dropped(socket);
  }

  private async subscribe(socket: SocketLike, socketId: string): Promise<void> {
    let auth: string;
    try {
      auth = await this.opts.authorise(socketId, this.opts.channel);
    } catch (error) {
      if (this.opts.isDenied?.(error)) this.deny(socket);
      else socket.close(4000, 'auth failed');
      return;
    }
    if (socket !== this.socket || socket.readyState !== OPEN) return;
    socket.send(JSON.stringify({ event: 'subscribe', channel: this.opts.channel, auth }));
  }

  /**
   * The server has the subscription: from now on every change reaches this screen, so the list
   * is read again now, not when the subscribe frame left. A change made between the two (a slow
   * link, a proxy holding the frame) is in that read instead of lost.
   */
  private subscribed(): void {
    this.attempt = 0;
    this.setStatus('connected');
    this.opts.onSynced();
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) this.clearTimer(this.idleTimer);
    this.idleTimer = null;
  }

  /** The server refused this user the channel: trying again will not help. */
  private deny(socket: SocketLike): void {
    this.stopped = true;
    this.clearIdle();
    socket.onclose = null;
    socket.close(1000, 'denied');
    this.socket = null;
    this.setStatus('denied');
  }

  private dropped(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearIdle();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.attempt += 1;
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt, this.opts.random);
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.open();
    }, delay);
  }
}

/** An event whose payload sits beside `event` rather than under `data`. */
function stripEnvelope(frame: Record<string, unknown>): Record<string, unknown> {
  const { event: _event, channel: _channel, ...rest } = frame;
  return rest;
}
