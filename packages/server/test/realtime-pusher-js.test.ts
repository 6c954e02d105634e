import Pusher, { type Channel } from 'pusher-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createBuyers } from './booking-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp } from './helpers.ts';
import { listening } from './realtime-support.ts';

/**
 * The stock pusher-js client (its Node build) against our /app/{key}: the protocol, the channel
 * authorisation through its own HTTP call, and the events. Only the WebSocket constructor is
 * ours, to send the bearer token on the handshake as a browser sends its session cookie.
 */
const { app, dialect } = await buildTestApp();
const port = await listening(app);
const [buyer] = await createBuyers(app, 1);
const [anna, bruno] = await createBuyers(app, 2, { roles: ['Prenotazioni'] });

let handshakeHeaders: Record<string, string> = {};
class WebSocketWithCredentials extends WebSocket {
  constructor(url: string) {
    super(url, { headers: handshakeHeaders });
  }
}
// ws's WebSocket has the browser's API (onopen, onmessage, send, close), which is all pusher-js uses.
(Pusher.Runtime as { getWebSocketAPI: () => unknown }).getWebSocketAPI = () => WebSocketWithCredentials;

const clients: Pusher[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

/** A connected pusher-js client of `who`, authorising channels with the stock ajax call (form-encoded POST). */
async function connect(who: { token: string }, options: Partial<ConstructorParameters<typeof Pusher>[1]> = {}): Promise<Pusher> {
  handshakeHeaders = { authorization: `Bearer ${who.token}` };
  const pusher = new Pusher(app.config.pusher.key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: `http://127.0.0.1:${port}/api/broadcasting/auth`,
      headers: { authorization: `Bearer ${who.token}` },
    },
    ...options,
  });
  clients.push(pusher);
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('pusher-js: failed')));
    setTimeout(() => reject(new Error(`pusher-js still ${pusher.connection.state}`)), 5000);
  });
  return pusher;
}

/** Resolves with the first `event` of `channel` (its data), rejects after `ms`. */
function nextEvent<T>(channel: Channel, event: string, ms = 2000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} on ${channel.name} within ${ms} ms`)), ms);
    channel.bind(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

describe(`pusher-js (Node) on the live staff channel (${dialect})`, () => {
  it('staff subscribe to private-bookings-failed and receive BookingHandled after another staff member’s action', async () => {
    const pusher = await connect(bruno!);
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
    const channel = pusher.subscribe('private-bookings-failed');
    await nextEvent(channel, 'pusher:subscription_succeeded');

    const { code } = await failedBooking(app, buyer!, 'pending');
    const handled = nextEvent<{ code: string; user: string; action: string }>(channel, 'BookingHandled');
    expect((await caller(app, anna!).lock({ code, status: true })).statusCode).toBe(200);
    expect(await handled).toMatchObject({ code, user: anna!.email, action: 'selected', status: true });
  });

  it('a customer’s subscription is refused: the authorisation call answers 403, pusher-js reports a subscription error', async () => {
    const pusher = await connect(buyer!);
    const channel = pusher.subscribe('private-bookings-failed');
    expect(await nextEvent(channel, 'pusher:subscription_error')).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('a bad signature gets the protocol’s refusal: pusher:error 4009 on the connection, a subscription error on the channel', async () => {
    const pusher = await connect(anna!, {
      channelAuthorization: { customHandler: (_params, callback) => callback(null, { auth: `${app.config.pusher.key}:${'0'.repeat(64)}` }) },
    });
    const connectionError = new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve));
    const channel = pusher.subscribe('private-bookings-failed');
    expect(await nextEvent(channel, 'pusher:subscription_error')).toEqual({ type: 'AuthError', error: 'Connection is unauthorized', status: 403 });
    expect(await connectionError).toMatchObject({ type: 'PusherError', data: { code: 4009, message: 'Connection is unauthorized' } });
    expect(pusher.connection.state).toBe('connected');
  });

  it('ping/pong: after the activity timeout pusher-js pings, the server answers pusher:pong, the connection stays up', async () => {
    const pusher = await connect(anna!, { activityTimeout: 200, pongTimeout: 2000 });
    const pong = new Promise<void>((resolve) =>
      pusher.connection.bind('message', (message: { event: string }) => {
        if (message.event === 'pusher:pong') resolve();
      }),
    );
    await pong;
    expect(pusher.connection.state).toBe('connected');
  });

  it('an unknown app key is refused for good (4001): pusher-js stops instead of reconnecting', async () => {
    handshakeHeaders = { authorization: `Bearer ${anna!.token}` };
    const pusher = new Pusher('not-our-key', { cluster: 'local', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'], disableStats: true });
    clients.push(pusher);
    const error = await new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve));
    expect(error).toMatchObject({ error: { data: { code: 4001 } } });
    await expect.poll(() => pusher.connection.state).toBe('disconnected');
  });
});
