import type { FastifyInstance } from 'fastify';
import { asBuyer, bookingBody, type Buyer, createFlight, payAtBank, type TestFlight } from './booking-support.ts';
import { Client } from './helpers.ts';

/** Shared fixtures of the failed-bookings and realtime tests. */

export type FailedKind = 'pending' | 'declined' | 'expired';

/** A booking request of `buyer` on a new flight, left pending, declined by the bank or swept after its deadline. */
export async function failedBooking(app: FastifyInstance, buyer: Buyer, kind: FailedKind, flight?: TestFlight) {
  const f = flight ?? (await createFlight(app.db, { seats: 4 }));
  const client = new Client(app);
  const res = await client.post('/api/bookings', asBuyer(bookingBody({ flight: f }), buyer.paxId), { bearer: buyer.token });
  if (res.statusCode !== 200) throw new Error(`booking refused: ${res.statusCode} ${res.body}`);
  const { bookingCode, bank_link } = res.json() as { bookingCode: string; bank_link: string };
  if (kind === 'declined') await payAtBank(app, bank_link, 'decline-51');
  if (kind === 'expired') {
    await app.services.requests.expireNow(bookingCode);
    await app.services.requests.sweep();
  }
  return { code: bookingCode, flight: f, bankLink: bank_link };
}

/** A staff (or any) user's calls with their bearer token; X-Socket-Id when given. */
export function caller(app: FastifyInstance, who: { token: string }, socketId?: string) {
  const client = new Client(app);
  const headers = { authorization: `Bearer ${who.token}`, ...(socketId ? { 'x-socket-id': socketId } : {}) };
  return {
    list: () => client.request({ method: 'GET', url: '/api/bookings-failed', headers }),
    lock: (body: Record<string, unknown>) => client.request({ method: 'POST', url: '/api/bookings/lock', payload: body, headers }),
    remove: (code: string, pending = false) => client.request({ method: 'PUT', url: `/api/bookings-failed/${code}`, payload: { pending }, headers }),
    post: (url: string, payload: unknown) => client.request({ method: 'POST', url, payload: payload as object, headers }),
  };
}
