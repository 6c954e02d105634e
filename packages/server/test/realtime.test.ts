import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser } from './accounts-support.ts';
import { createBuyers } from './booking-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { browserSession, realtimeUrl, SocketClient, subscribe } from './realtime-support.ts';

const { app, db, dialect } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);
const [anna, bruno] = await createBuyers(app, 2, { roles: ['Prenotazioni'] });
const url = await realtimeUrl(app);
const bearer = (t: { token: string }) => ({ authorization: `Bearer ${t.token}` });
const sockets: SocketClient[] = [];
const open = async (headers: Record<string, string>) => {
  const s = await SocketClient.open(url, headers);
  sockets.push(s);
  return s;
};
afterAll(() => sockets.forEach((s) => s.close()));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Two beats with time for live sockets to answer the ping in between. */
const beatTwice = async () => {
  await app.services.socketHub.heartbeat();
  // Generous: on a loaded two-core machine a live socket's pong can take a while.
  await pause(500);
  await app.services.socketHub.heartbeat();
};

/** Opens a socket and collects what it gets until it closes: the frames and the close code. */
const refused = (socketUrl: string, headers: Record<string, string>) =>
  new Promise<{ frames: unknown[]; code: number }>((resolve, reject) => {
    const ws = new WebSocket(socketUrl, { headers });
    const frames: unknown[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
    ws.on('close', (code) => resolve({ frames, code }));
    ws.on('error', reject);
  });

describe(`GET /app/{key} (Pusher protocol 7) and POST /api/broadcasting/auth (${dialect})`, () => {
  it('refuses a handshake without a session (401) and from another site’s page (403); our own pages are let in', async () => {
    await expect(SocketClient.open(url)).rejects.toThrow('status 401');
    await expect(SocketClient.open(url, { ...bearer(anna!), origin: 'https://evil.example' })).rejects.toThrow('status 403');
    // A page of our own: the request's host, or APP_URL's (behind a proxy that rewrites Host).
    sockets.push(await SocketClient.open(url, { ...bearer(anna!), origin: new URL(url).origin.replace('ws:', 'http:') }));
    sockets.push(await SocketClient.open(url, { ...bearer(anna!), origin: app.config.appUrl }));
  });

  it('a plain request without the upgrade: 426 Upgrade Required, Upgrade: websocket and the usual JSON error (anonymous still 401)', async () => {
    for (const [lang, text] of [
      ['it', 'Questo indirizzo accetta solo connessioni WebSocket'],
      ['en', 'This address only accepts WebSocket connections'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/app/heliline', headers: { ...bearer(anna!), 'x-locale': lang } });
      expect(res.statusCode).toBe(426);
      expect(res.headers.upgrade).toBe('websocket');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        message: text,
        message_it: 'Questo indirizzo accetta solo connessioni WebSocket',
        messages: { en: 'This address only accepts WebSocket connections' },
      });
    }
    const head = await app.inject({ method: 'HEAD', url: '/app/heliline', headers: bearer(anna!) });
    expect(head.statusCode).toBe(426);
    expect(head.headers.upgrade).toBe('websocket');
    expect((await app.inject({ method: 'GET', url: '/app/heliline' })).statusCode).toBe(401);
    // The look-alike protocol's old address is gone.
    expect((await app.inject({ method: 'GET', url: '/api/realtime', headers: bearer(anna!) })).statusCode).toBe(404);
  });

  it('pusher:connection_established with a JSON-string data, then a signed subscription to the private channel', async () => {
    const s = await open(bearer(anna!));
    const greeting = JSON.parse(s.raw[0]!) as { event: string; data: unknown };
    expect(greeting.event).toBe('pusher:connection_established');
    expect(typeof greeting.data).toBe('string');
    expect(JSON.parse(greeting.data as string)).toEqual({ socket_id: s.socketId, activity_timeout: 25 });
    expect(s.socketId).toMatch(/^\d+\.\d+$/);
    await subscribe(app, s, anna!.token);
    expect(JSON.parse(s.raw.at(-1)!)).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: 'private-bookings-failed', data: '{}' });
  });

  it('an unknown app key, a missing or an unsupported protocol version: pusher:error and a close with the protocol’s code', async () => {
    const base = (await realtimeUrl(app)).replace(/\/app\/.*$/, '');
    for (const [path, code, message] of [
      ['/app/not-our-key?protocol=7', 4001, 'Application does not exist'],
      ['/app/heliline', 4008, 'No protocol version supplied'],
      ['/app/heliline?protocol=6', 4007, 'Unsupported protocol version'],
    ] as const) {
      const result = await refused(`${base}${path}`, bearer(anna!));
      expect(result).toEqual({ frames: [{ event: 'pusher:error', data: { code, message } }], code });
    }
  });

  it('channel authorisation: staff only (buyer 403, anonymous 401, unknown channel 403, bad body 422); the signature is Pusher’s', async () => {
    const s = await open(bearer(buyer!));
    const auth = (headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/broadcasting/auth', headers, payload: payload as object });
    expect((await auth(bearer(buyer!), { socket_id: s.socketId, channel_name: 'private-bookings-failed' })).statusCode).toBe(403);
    expect((await new Client(app).post('/api/broadcasting/auth', { socket_id: s.socketId, channel_name: 'private-bookings-failed' })).statusCode).toBe(401);
    expect((await auth(bearer(anna!), { socket_id: s.socketId, channel_name: 'private-other' })).statusCode).toBe(403);
    expect((await auth(bearer(anna!), { socket_id: 'x', channel_name: 'private-bookings-failed' })).statusCode).toBe(422);
    // "<key>:<hex HMAC-SHA256 of socket_id:channel_name with the app secret>", as any Pusher server checks it.
    const signed = (await auth(bearer(anna!), { socket_id: s.socketId, channel_name: 'private-bookings-failed' })).json().auth as string;
    const expected = createHmac('sha256', app.config.pusher.secret).update(`${s.socketId}:private-bookings-failed`).digest('hex');
    expect(signed).toBe(`heliline:${expected}`);
  });

  it('pusher-js’s own call: form-encoded socket_id and channel_name with the session cookie and the CSRF header (419 without it)', async () => {
    const staff = await createUser(db, { roles: ['Prenotazioni'] });
    const customer = await createUser(db);
    const form = (who: { cookie: string; xsrf: string }, csrf = true) =>
      app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: { cookie: who.cookie, 'content-type': 'application/x-www-form-urlencoded', ...(csrf ? { 'x-xsrf-token': who.xsrf } : {}) },
        payload: 'socket_id=1234.5678&channel_name=private-bookings-failed',
      });
    const staffSession = await browserSession(app, staff);
    const ok = await form(staffSession);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ auth: app.services.channelSigner.sign('1234.5678', 'private-bookings-failed') });
    expect((await form(staffSession, false)).statusCode).toBe(419);
    expect((await form(await browserSession(app, customer))).statusCode).toBe(403);
  });

  it('a subscription with a forged auth, or one signed for another socket, is refused (4009 and pusher:subscription_error); a buyer cannot use a staff signature', async () => {
    const staff = await open(bearer(anna!));
    const other = await open(bearer(bruno!));
    const signed = await app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: bearer(bruno!),
      payload: { socket_id: other.socketId, channel_name: 'private-bookings-failed' },
    });
    const refusals = (s: SocketClient) => s.frames.filter((f) => f.event === 'pusher:error' || f.event === 'pusher:subscription_error');
    staff.send({ event: 'pusher:subscribe', data: { channel: 'private-bookings-failed', auth: signed.json().auth } });
    expect(await staff.next((f) => f.event === 'pusher:subscription_error')).toEqual({
      event: 'pusher:subscription_error',
      channel: 'private-bookings-failed',
      data: { type: 'AuthError', error: 'Connection is unauthorized', status: 403 },
    });
    expect(refusals(staff)[0]).toEqual({ event: 'pusher:error', data: { code: 4009, message: 'Connection is unauthorized' } });
    staff.send({ event: 'pusher:subscribe', data: { channel: 'private-bookings-failed', auth: `heliline:${'0'.repeat(64)}` } });
    await expect.poll(() => refusals(staff).length).toBe(4);
    expect(staff.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded')).toHaveLength(0);
    // Refused, not closed: the socket may still subscribe properly.
    await subscribe(app, staff, anna!.token);

    const buyerSocket = await open(bearer(buyer!));
    const forBuyer = app.services.channelSigner.sign(buyerSocket.socketId, 'private-bookings-failed');
    buyerSocket.send({ event: 'pusher:subscribe', data: { channel: 'private-bookings-failed', auth: forBuyer } });
    expect(await buyerSocket.next((f) => f.event === 'pusher:subscription_error')).toMatchObject({ channel: 'private-bookings-failed' });
  });

  it('lock, release and removal reach every OTHER subscribed socket within 1 s, not the one that acted', async () => {
    const a = await open(bearer(anna!));
    const b = await open(bearer(bruno!));
    await subscribe(app, a, anna!.token);
    await subscribe(app, b, bruno!.token);
    const { code } = await failedBooking(app, buyer!, 'pending');
    const annaApi = caller(app, anna!, a.socketId);

    await annaApi.lock({ code, status: true });
    const selected = await b.next((f) => f.event === 'BookingHandled' && (f.data as { code: string }).code === code, 1000);
    // As Pusher sends every event: data is a JSON string.
    expect(typeof (JSON.parse(b.raw.find((r) => r.includes('"BookingHandled"'))!) as { data: unknown }).data).toBe('string');
    expect(selected).toMatchObject({ channel: 'private-bookings-failed', data: { code, user: anna!.email, status: true, action: 'selected', locked: false } });
    expect((selected.data as { messages: { en: string } }).messages.en).toBe(`Booking ${code} in use by ${anna!.email}`);

    await annaApi.lock({ code, status: false });
    expect(await b.next((f) => f.event === 'BookingHandled' && (f.data as { action: string }).action === 'released', 1000)).toMatchObject({
      data: { code, status: false },
    });

    await annaApi.remove(code, true);
    expect(await b.next((f) => f.event === 'BookingDiscarded', 1000)).toMatchObject({ data: { code, user: anna!.email, freedSeats: 1 } });
    // The acting socket got none of it.
    await new Promise((r) => setTimeout(r, 100));
    expect(a.frames.filter((f) => f.event === 'BookingHandled' || f.event === 'BookingDiscarded')).toEqual([]);
  });

  it('a socket never subscribed, or unsubscribed (pusher:unsubscribe), hears nothing', async () => {
    const quiet = await open(bearer(bruno!));
    const left = await open(bearer(bruno!));
    await subscribe(app, left, bruno!.token);
    left.send({ event: 'pusher:unsubscribe', data: { channel: 'private-bookings-failed' } });
    await pause(100);
    const { code } = await failedBooking(app, buyer!, 'declined');
    await caller(app, anna!).lock({ code, locked: true });
    await pause(150);
    expect(quiet.frames.map((f) => f.event)).toEqual(['pusher:connection_established']);
    expect(left.frames.map((f) => f.event)).toEqual(['pusher:connection_established', 'pusher_internal:subscription_succeeded']);
  });

  it('client events and unknown frames are not relayed: a pusher:error, and the socket stays open', async () => {
    const a = await open(bearer(anna!));
    const b = await open(bearer(bruno!));
    await subscribe(app, a, anna!.token);
    await subscribe(app, b, bruno!.token);
    a.send({ event: 'client-whisper', channel: 'private-bookings-failed', data: { code: 'X' } });
    expect(await a.next((f) => f.event === 'pusher:error')).toEqual({ event: 'pusher:error', data: { code: null, message: 'Unsupported or malformed message' } });
    a.ws.send('not json');
    await expect.poll(() => a.frames.filter((f) => f.event === 'pusher:error').length).toBe(2);
    await pause(100);
    expect(b.frames.map((f) => f.event)).toEqual(['pusher:connection_established', 'pusher_internal:subscription_succeeded']);
    expect(a.ws.readyState).toBe(a.ws.OPEN);
  });

  it('one user may keep at most 10 sockets open; the 11th is refused with 4004 (over connection quota)', async () => {
    const [carla] = await createBuyers(app, 1, { roles: ['Admin'] });
    const ten = await Promise.all(Array.from({ length: 10 }, () => open(bearer(carla!))));
    expect(ten.every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);
    expect(await refused(url, bearer(carla!))).toEqual({
      frames: [{ event: 'pusher:error', data: { code: 4004, message: 'Application is over connection quota' } }],
      code: 4004,
    });
  });

  it('pusher:ping is answered with pusher:pong', async () => {
    const s = await open(bearer(anna!));
    s.send({ event: 'pusher:ping', data: {} });
    expect(await s.next((f) => f.event === 'pusher:pong')).toEqual({ event: 'pusher:pong', data: {} });
  });

  it('heartbeat: a socket that stops answering pings is dropped', async () => {
    const s = await open(bearer(anna!));
    await subscribe(app, s, anna!.token);
    expect(app.services.socketHub.has(s.socketId)).toBe(true);
    // Stop reading: the client no longer answers the server's pings.
    (s.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await beatTwice();
    // That socket is gone (whatever happened to the others, which other tests own).
    expect(app.services.socketHub.has(s.socketId)).toBe(false);
  });

  it('a socket whose session ended (logout) is closed at the next heartbeat with 4009 (unauthorized: pusher-js does not reconnect)', async () => {
    const staff = await createUser(db, { roles: ['PrenotaFull'] });
    const { cookie } = await browserSession(app, staff);
    const s = await open({ cookie });
    await beatTwice();
    await pause(150);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    await db.deleteFrom('sessions').where('user_id', '=', staff.id).execute();
    await app.services.socketHub.heartbeat();
    expect(await s.closed()).toBe(4009);
    expect(s.frames.at(-1)).toEqual({ event: 'pusher:error', data: { code: 4009, message: 'Connection is unauthorized' } });
  });
});
