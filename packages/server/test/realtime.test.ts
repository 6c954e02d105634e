import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { login, createUser, IpClient } from './accounts-support.ts';
import { createBuyers } from './booking-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { realtimeUrl, SocketClient, subscribe } from './realtime-support.ts';

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

describe(`GET /api/realtime and POST /api/broadcasting/auth (${dialect})`, () => {
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
      const res = await app.inject({ method: 'GET', url: '/api/realtime', headers: { ...bearer(anna!), 'x-locale': lang } });
      expect(res.statusCode).toBe(426);
      expect(res.headers.upgrade).toBe('websocket');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        message: text,
        message_it: 'Questo indirizzo accetta solo connessioni WebSocket',
        messages: { en: 'This address only accepts WebSocket connections' },
      });
    }
    const head = await app.inject({ method: 'HEAD', url: '/api/realtime', headers: bearer(anna!) });
    expect(head.statusCode).toBe(426);
    expect(head.headers.upgrade).toBe('websocket');
    expect((await app.inject({ method: 'GET', url: '/api/realtime' })).statusCode).toBe(401);
  });

  it('connection_established, then a signed subscription to the private channel', async () => {
    const s = await open(bearer(anna!));
    expect(s.socketId).toMatch(/^\d+\.\d+$/);
    await subscribe(app, s, anna!.token);
    expect(s.frames.at(-1)).toEqual({ event: 'subscription_succeeded', channel: 'private-bookings-failed' });
  });

  it('channel authorisation: staff only (buyer 403, anonymous 401, unknown channel 403, bad body 422)', async () => {
    const s = await open(bearer(buyer!));
    const auth = (headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/broadcasting/auth', headers, payload: payload as object });
    expect((await auth(bearer(buyer!), { socket_id: s.socketId, channel_name: 'private-bookings-failed' })).statusCode).toBe(403);
    expect((await new Client(app).post('/api/broadcasting/auth', { socket_id: s.socketId, channel_name: 'private-bookings-failed' })).statusCode).toBe(401);
    expect((await auth(bearer(anna!), { socket_id: s.socketId, channel_name: 'private-other' })).statusCode).toBe(403);
    expect((await auth(bearer(anna!), { socket_id: 'x', channel_name: 'private-bookings-failed' })).statusCode).toBe(422);
  });

  it('a subscription with a forged auth, or one signed for another socket, is refused; a buyer cannot use a staff signature', async () => {
    const staff = await open(bearer(anna!));
    const other = await open(bearer(bruno!));
    const signed = await app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: bearer(bruno!),
      payload: { socket_id: other.socketId, channel_name: 'private-bookings-failed' },
    });
    staff.send({ event: 'subscribe', channel: 'private-bookings-failed', auth: signed.json().auth });
    expect(await staff.next((f) => f.event === 'error')).toMatchObject({ code: 4009 });
    staff.send({ event: 'subscribe', channel: 'private-bookings-failed', auth: 'heliline:forged' });
    expect(staff.frames.filter((f) => f.event === 'subscription_succeeded')).toHaveLength(0);

    const buyerSocket = await open(bearer(buyer!));
    const forBuyer = app.services.channelSigner.sign(buyerSocket.socketId, 'private-bookings-failed');
    buyerSocket.send({ event: 'subscribe', channel: 'private-bookings-failed', auth: forBuyer });
    expect(await buyerSocket.next((f) => f.event === 'error')).toMatchObject({ code: 4009 });
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

  it('an unsubscribed socket hears nothing', async () => {
    const quiet = await open(bearer(bruno!));
    const { code } = await failedBooking(app, buyer!, 'declined');
    await caller(app, anna!).lock({ code, locked: true });
    await new Promise((r) => setTimeout(r, 150));
    expect(quiet.frames.map((f) => f.event)).toEqual(['connection_established']);
  });

  it('one user may keep at most 10 sockets open; the 11th is closed with 4008', async () => {
    const [carla] = await createBuyers(app, 1, { roles: ['Admin'] });
    const ten = await Promise.all(Array.from({ length: 10 }, () => open(bearer(carla!))));
    expect(ten.every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);
    const ws = new WebSocket(url, { headers: bearer(carla!) });
    const code = await new Promise<number>((resolve) => ws.on('close', resolve));
    expect(code).toBe(4008);
  });

  it('application ping is answered with pong', async () => {
    const s = await open(bearer(anna!));
    s.send({ event: 'ping' });
    expect(await s.next((f) => f.event === 'pong')).toEqual({ event: 'pong' });
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

  it('a socket whose session ended (logout) is closed at the next heartbeat', async () => {
    const staff = await createUser(db, { roles: ['PrenotaFull'] });
    const browser = new IpClient(app);
    await login(browser, staff);
    const cookie = await sessionCookieOf(staff);
    const s = await open({ cookie });
    await beatTwice();
    await pause(150);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    await db.deleteFrom('sessions').where('user_id', '=', staff.id).execute();
    await app.services.socketHub.heartbeat();
    expect(await s.closed()).toBe(4001);
  });
});

/** Logs in through HTTP and returns the Cookie header value of the new session. */
async function sessionCookieOf(user: { email: string; password: string }): Promise<string> {
  const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    payload: { email: user.email, password: user.password },
  });
  const session = res.cookies.find((c) => c.name === 'heliline_session');
  if (!session) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return `heliline_session=${session.value}`;
}
