import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyers } from './booking-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp, secondInstance } from './helpers.ts';
import { realtimeUrl, SocketClient, subscribe } from './realtime-support.ts';

/**
 * Two server instances on one PostgreSQL database: an event raised on one reaches a socket
 * connected to the other (LISTEN/NOTIFY). SQLite runs one instance, so there is nothing to show.
 */
const { app, db, dialect, config } = await buildTestApp();

describe.skipIf(dialect !== 'postgres')('live staff channel across instances (postgres)', () => {
  let second: Awaited<ReturnType<typeof secondInstance>>;
  let other: FastifyInstance;
  const sockets: SocketClient[] = [];
  beforeAll(async () => {
    second = await secondInstance({ db, config });
    other = second.app;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await second.close();
  });

  it('a lock and a removal made on instance 2 reach a socket of instance 1 within 1 s', async () => {
    const [buyer] = await createBuyers(app, 1);
    const [anna, bruno] = await createBuyers(app, 2, { roles: ['PrenotaFull'] });
    const socket = await SocketClient.open(await realtimeUrl(app), { authorization: `Bearer ${bruno!.token}` });
    sockets.push(socket);
    await subscribe(app, socket, bruno!.token);
    const { code } = await failedBooking(app, buyer!, 'pending');

    const started = Date.now();
    expect((await caller(other, anna!).lock({ code, locked: true })).statusCode).toBe(200);
    const handled = await socket.next((f) => f.event === 'BookingHandled', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(handled).toMatchObject({ data: { code, user: anna!.email, action: 'locked', locked: true } });

    await caller(other, anna!).lock({ code, locked: false });
    expect((await caller(other, anna!).remove(code)).statusCode).toBe(200);
    expect(await socket.next((f) => f.event === 'BookingDiscarded', 1000)).toMatchObject({ data: { code, freedSeats: 1 } });
  });

  it('the instances share one channel per schema: a socket of instance 2 hears instance 1 too', async () => {
    const [buyer] = await createBuyers(app, 1);
    const [anna, bruno] = await createBuyers(app, 2, { roles: ['Admin'] });
    const socket = await SocketClient.open(await realtimeUrl(other), { authorization: `Bearer ${bruno!.token}` });
    sockets.push(socket);
    await subscribe(other, socket, bruno!.token);
    const { code } = await failedBooking(app, buyer!, 'declined');
    await caller(app, anna!).lock({ code, status: true });
    expect(await socket.next((f) => f.event === 'BookingHandled', 1000)).toMatchObject({ data: { code, action: 'selected', status: true } });
  });
});
