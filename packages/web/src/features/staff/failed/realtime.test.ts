import { describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  type ChannelEvent,
  type ConnectionStatus,
  DEFAULT_ACTIVITY_MS,
  HANDSHAKE_TIMEOUT_MS,
  parseFrame,
  PONG_WAIT_MS,
  RealtimeClient,
  type RealtimeOptions,
  type SocketLike,
} from './realtime.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number } | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = { code };
    this.readyState = 3;
  }
  /** The server side: open and greet. */
  greet(socketId = '123.456') {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.frame({ event: 'connection_established', socket_id: socketId });
  }
  /** The server side: the subscription registered. */
  confirm(channel = 'private-bookings-failed') {
    this.frame({ event: 'subscription_succeeded', channel });
  }
  frame(value: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(value) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new Event('close') as CloseEvent);
  }
}

const flush = () => new Promise((done) => setTimeout(done, 0));

function harness(overrides: Partial<RealtimeOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const allTimers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  // reconnect waits (the keep-alive's 30 s and 10 s timers are looked at separately)
  const timers = {
    get list() {
      return allTimers.filter((t) => t.ms !== DEFAULT_ACTIVITY_MS && t.ms !== PONG_WAIT_MS && t.ms !== HANDSHAKE_TIMEOUT_MS);
    },
  };
  const events: ChannelEvent[] = [];
  const statuses: ConnectionStatus[] = [];
  const synced = vi.fn();
  const authorise = vi.fn(async (socketId: string, channel: string) => `sig:${socketId}:${channel}`);
  const client = new RealtimeClient({
    url: 'ws://test/api/realtime',
    channel: 'private-bookings-failed',
    authorise,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    onSynced: synced,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      allTimers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cancelled: boolean }).cancelled = true;
    },
    random: () => 0,
    ...overrides,
  });
  return { client, sockets, timers, allTimers, events, statuses, synced, authorise };
}

describe('RealtimeClient', () => {
  it('authorises the socket id from the greeting, subscribes with the signature, and is connected (re-reading the list) only once the server confirms', async () => {
    const h = harness();
    h.client.start();
    expect(h.statuses).toEqual(['connecting']);
    h.sockets[0]!.greet('42.7');
    await flush();
    expect(h.authorise).toHaveBeenCalledWith('42.7', 'private-bookings-failed');
    expect(h.sockets[0]!.sent).toEqual([expect.objectContaining({ event: 'subscribe', channel: 'private-bookings-failed', auth: 'sig:42.7:private-bookings-failed' })]);
    // The subscribe frame is on its way: a change made now would be neither heard nor in a re-read.
    expect(h.statuses).toEqual(['connecting']);
    expect(h.synced).not.toHaveBeenCalled();
    h.sockets[0]!.confirm('private-other');
    expect(h.synced).not.toHaveBeenCalled();
    h.sockets[0]!.confirm();
    expect(h.statuses).toEqual(['connecting', 'connected']);
    expect(h.synced).toHaveBeenCalledTimes(1);
  });

  it('hands on the channel events (data as a JSON string or an object) and ignores protocol frames and other channels', async () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.greet();
    await flush();
    h.sockets[0]!.frame({ event: 'subscription_succeeded', channel: 'private-bookings-failed' });
    h.sockets[0]!.frame({ event: 'BookingHandled', channel: 'private-bookings-failed', data: JSON.stringify({ code: 'ABCDEF23', user: 'a@b.it', status: true }) });
    h.sockets[0]!.frame({ event: 'BookingDiscarded', channel: 'private-bookings-failed', data: { code: 'ABCDEF23', freedSeats: true } });
    h.sockets[0]!.frame({ event: 'BookingHandled', channel: 'private-other', data: { code: 'X' } });
    h.sockets[0]!.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(h.events).toEqual([
      { event: 'BookingHandled', data: { code: 'ABCDEF23', user: 'a@b.it', status: true } },
      { event: 'BookingDiscarded', data: { code: 'ABCDEF23', freedSeats: true } },
    ]);
  });

  it('on a dropped socket reconnects with growing delays, then re-reads the list once subscribed again', async () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.greet();
    await flush();
    h.sockets[0]!.confirm();
    h.sockets[0]!.drop();
    expect(h.statuses.at(-1)).toBe('reconnecting');
    expect(h.timers.list.map((t) => t.ms)).toEqual([500]);
    h.timers.list[0]!.fn();
    expect(h.sockets).toHaveLength(2);
    // the server is still down: the next wait doubles
    h.sockets[1]!.drop();
    expect(h.timers.list.map((t) => t.ms)).toEqual([500, 1000]);
    h.timers.list[1]!.fn();
    h.sockets[2]!.greet('9.9');
    await flush();
    h.sockets[2]!.confirm();
    expect(h.statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(h.synced).toHaveBeenCalledTimes(2);
    // once connected the backoff starts over
    h.sockets[2]!.drop();
    expect(h.timers.list.at(-1)!.ms).toBe(500);
  });

  it('a refused authorisation (no session or role) stops for good; a failed one closes and retries', async () => {
    const denied = harness({ authorise: async () => Promise.reject(new Error('403')), isDenied: () => true });
    denied.client.start();
    denied.sockets[0]!.greet();
    await flush();
    expect(denied.statuses.at(-1)).toBe('denied');
    expect(denied.timers.list).toHaveLength(0);

    const flaky = harness({ authorise: async () => Promise.reject(new Error('network')), isDenied: () => false });
    flaky.client.start();
    flaky.sockets[0]!.greet();
    await flush();
    expect(flaky.sockets[0]!.closed).toEqual({ code: 4000 });
    flaky.sockets[0]!.drop();
    expect(flaky.statuses.at(-1)).toBe('reconnecting');
    expect(flaky.timers.list).toHaveLength(1);
  });

  it('stop() closes the socket and no reconnect follows', async () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.greet();
    await flush();
    h.client.stop();
    expect(h.sockets[0]!.closed).toEqual({ code: 1000 });
    h.sockets[0]!.drop();
    expect(h.timers.list).toHaveLength(0);
  });

  it('pings after the greeting activity timeout of silence and treats a missing pong as a dropped socket', async () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.readyState = 1;
    h.sockets[0]!.frame({ event: 'connection_established', socket_id: '1.2', activity_timeout: 20 });
    await flush();
    const idle = h.allTimers.filter((t) => !t.cancelled && t.ms === 20_000);
    expect(idle).toHaveLength(1);
    idle[0]!.fn();
    expect(h.sockets[0]!.sent.at(-1)).toEqual({ event: 'ping' });
    // a pong (any frame) re-arms the idle wait instead
    const pongWait = h.allTimers.filter((t) => !t.cancelled && t.ms === PONG_WAIT_MS);
    expect(pongWait).toHaveLength(1);
    pongWait[0]!.fn();
    expect(h.sockets[0]!.closed).toEqual({ code: 4100 });
    expect(h.statuses.at(-1)).toBe('reconnecting');
    expect(h.timers.list.filter((t) => t.ms !== 20_000).map((t) => t.ms)).toEqual([500]);
  });

  it('a socket that never greets is given up after the handshake timeout and tried again', () => {
    const h = harness();
    h.client.start();
    const handshake = h.allTimers.filter((t) => !t.cancelled && t.ms === HANDSHAKE_TIMEOUT_MS);
    expect(handshake).toHaveLength(1);
    handshake[0]!.fn();
    expect(h.sockets[0]!.closed).toEqual({ code: 4101 });
    expect(h.statuses).toEqual(['connecting', 'reconnecting']);
    h.timers.list[0]!.fn();
    expect(h.sockets).toHaveLength(2);
    // a greeting in time cancels it
    h.sockets[1]!.greet();
    expect(h.allTimers.filter((t) => t.ms === HANDSHAKE_TIMEOUT_MS).every((t) => t.cancelled || t === handshake[0])).toBe(true);
  });

  it('an error frame with a 40xx code (refused) stops for good', () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.readyState = 1;
    h.sockets[0]!.frame({ event: 'error', code: 4009, message: 'Channel authorisation not valid' });
    expect(h.statuses.at(-1)).toBe('denied');
    h.sockets[0]!.drop();
    expect(h.timers.list).toHaveLength(0);
  });

  it('answers a ping with a pong', () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.readyState = 1;
    h.sockets[0]!.frame({ event: 'ping' });
    expect(h.sockets[0]!.sent).toEqual([{ event: 'pong' }]);
  });
});

describe('backoffDelay', () => {
  it('doubles from 0.5 s, stops at 15 s and adds at most 20% jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => backoffDelay(n, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(backoffDelay(1, () => 0.999)).toBeLessThanOrEqual(600);
  });
});

describe('parseFrame', () => {
  it('reads frames and refuses what is not one', () => {
    expect(parseFrame('{"event":"x","data":"{\\"a\\":1}"}')).toEqual({ event: 'x', data: { a: 1 } });
    expect(parseFrame('[1]')).toBeNull();
    expect(parseFrame('{"no":"event"}')).toBeNull();
    expect(parseFrame(42)).toBeNull();
  });
});
