import { FLEET, HOLD_SEATS_PER_BUYER, MESSAGES } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { asBuyer, type Buyer, bookingBody, bookingCounts, createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';

/**
 * Issue 11, seat spinning: one account or one address cannot hold more than a set number of
 * seats unpaid at once (here 3, configured); the desk and payment roles are exempt, Prenota is
 * not (issue 52); the refusal is a 429 with a
 * message and Retry-After, nothing written; concurrent holds cannot pass the limit together.
 */
const LIMIT = 3;
const { app, db } = await buildTestApp({ holdSeatsPerBuyer: LIMIT });
const client = new Client(app, 'en');
const twoPax = [OWN_PAX, newPax()];

function hold(who: Buyer, seats: typeof twoPax, flight: Awaited<ReturnType<typeof createFlight>>, ip = '10.20.0.1') {
  return client.request({
    method: 'POST',
    url: '/api/bookings',
    payload: asBuyer(bookingBody({ flight, paxes: seats }), who.paxId),
    bearer: who.token,
    remoteAddress: ip,
  });
}

describe('seats held unpaid per buyer', () => {
  it('the default fits the largest cabin of the fleet, so one family or group booking is never refused', () => {
    expect(HOLD_SEATS_PER_BUYER).toBeGreaterThanOrEqual(Math.max(...FLEET.map((a) => a.seats)));
    expect(loadConfig({}).holdSeatsPerBuyer).toBe(HOLD_SEATS_PER_BUYER);
    expect(loadConfig({ HOLD_SEATS_PER_BUYER: '20' }).holdSeatsPerBuyer).toBe(20);
  });

  it('a second hold past the limit is a 429 with the message and Retry-After; nothing is written', async () => {
    const [buyer] = await createBuyers(app, 1);
    const flight = await createFlight(db, { seats: 12 });
    expect((await hold(buyer!, twoPax, flight, '10.20.1.1')).statusCode).toBe(200);
    const before = await bookingCounts(db);
    const refused = await hold(buyer!, twoPax, flight, '10.20.1.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: MESSAGES.holdSeatsLimit.en, messages: MESSAGES.holdSeatsLimit });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await bookingCounts(db)).toEqual(before);
    // One more seat still fits under the limit.
    expect((await hold(buyer!, [OWN_PAX], flight, '10.20.1.3')).statusCode).toBe(200);
  });

  it('counts per address too: a second account from the same address is refused', async () => {
    const [first, second] = await createBuyers(app, 2);
    const flight = await createFlight(db, { seats: 12 });
    expect((await hold(first!, twoPax, flight, '10.20.2.1')).statusCode).toBe(200);
    expect((await hold(second!, twoPax, flight, '10.20.2.1')).statusCode).toBe(429);
    expect((await hold(second!, twoPax, flight, '10.20.2.2')).statusCode).toBe(200);
  });

  it('seats free again once the hold has ended', async () => {
    const [buyer] = await createBuyers(app, 1);
    const flight = await createFlight(db, { seats: 12 });
    const first = await hold(buyer!, twoPax, flight, '10.20.3.1');
    expect(first.statusCode).toBe(200);
    await db
      .updateTable('booking_requests')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', buyer!.id)
      .execute();
    expect((await hold(buyer!, twoPax, flight, '10.20.3.2')).statusCode).toBe(200);
  });

  it('concurrent holds of one buyer cannot pass the limit together', async () => {
    const [buyer] = await createBuyers(app, 1);
    const flight = await createFlight(db, { seats: 12 });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => hold(buyer!, twoPax, flight, `10.20.4.${i + 1}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });

  it('Prenota is held to the limit like a customer (it pays by card, it holds no seats for its work)', async () => {
    const [prenota] = await createBuyers(app, 1, { roles: ['Prenota'] });
    const flight = await createFlight(db, { seats: 12 });
    expect((await hold(prenota!, twoPax, flight, '10.20.5.1')).statusCode).toBe(200);
    expect((await hold(prenota!, twoPax, flight, '10.20.5.2')).statusCode).toBe(429);
  });

  // Admin, Prenotazioni and PrenotaFull never hold by card (payment links, blocks): their exemption is the domain's test.
  it.each(['PagamentoCash', 'PagamentoContoOperatore'])('desk and payment roles are exempt: %s', async (role) => {
    const [staff] = await createBuyers(app, 1, { roles: [role] });
    const flight = await createFlight(db, { seats: 12 });
    for (let i = 0; i < 3; i++) expect((await hold(staff!, twoPax, flight, '10.20.6.1')).statusCode).toBe(200);
  });
});
