import { MESSAGES, toWireDate } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { createFlight, legCounters, newPax, OWN_PAX, payAtBank } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { everything, staffClient, staffUsers, storeBody, type Who } from './staff-support.ts';

/** Blocked seats (type 4), their list and removal, selling a block, and one pet per flight (issue 9 items 2, 3, 4). */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const { post, get } = staffClient(app);
const staff = users.Prenotazioni;

const requestOf = (code: string) => db.selectFrom('booking_requests').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const block = async (f: Awaited<ReturnType<typeof createFlight>>, who: Who = staff, over: Parameters<typeof storeBody>[3] = {}) => {
  const res = await post('/api/bookings', storeBody(4, f, who, over), who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { bookingCode: string; status: string; blockExpiresAt: string };
};
const blockedList = async (who: Who = staff) => (await get('/api/blocked-bookings', who)).json().bookings as Record<string, unknown>[];

describe(`blocked seats, type 4 (${dialect})`, () => {
  it('blocks the seats until a documented expiry and answers block-confirmed; the reason is required', async () => {
    const f = await createFlight(db, { daysAhead: 10 });
    const before = await everything(db);
    const none = await post('/api/bookings', { ...storeBody(4, f, staff), bloccaPostiNota: '  ' }, staff);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.bloccaPostiNota).toEqual(['Motivazione obbligatoria']);
    expect(await everything(db)).toEqual(before);

    const json = await block(f);
    expect(json.status).toBe('block-confirmed');
    const hours = (Date.parse(json.blockExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ blocked: 2, held: 0, sold: 0 });
    expect(await requestOf(json.bookingCode)).toMatchObject({ status: 'blocked', type: 4, note: 'Gruppo scuola', amount_cents: 0 });
  });

  it('a block never outlives the purchase cut-off', async () => {
    const f = await createFlight(db, { daysAhead: 1, legs: [{ originId: 1348, destinationId: 1511, departs: '18:00', arrives: '18:20' }] });
    const json = await block(f);
    const takeOff = Date.parse((await db.selectFrom('flight_legs').select('departs_at').where('id', '=', f.legIds[0]!).executeTakeFirstOrThrow()).departs_at);
    expect(Date.parse(json.blockExpiresAt)).toBe(takeOff - 6 * 3_600_000);
  });

  it('GET /api/blocked-bookings lists active blocks with the wizard and panel fields; others 403', async () => {
    const f = await createFlight(db, { daysAhead: 12 });
    const json = await block(f, users.Admin);
    const row = (await blockedList()).find((b) => b.CodPrenotazione === json.bookingCode);
    expect(row).toMatchObject({
      idProvenienza: 1348,
      idDestinazione: 1511,
      Provenienza: 'Foggia',
      Destinazione: 'Isole Tremiti',
      DataAnd: toWireDate(f.date),
      DataRit: null,
      AdM: 1,
      AdF: 1,
      Ch: 0,
      Inf: 0,
      idDepFlight: f.flightId,
      idComFlight: null,
      Date: toWireDate(f.date),
      TotPax: 2,
      BloccaPostiNota: 'Gruppo scuola',
      NomeUtente: users.Admin.email,
    });
    expect(row!.OraScadenza).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    for (const who of [users.buyer, users.Prenota, users.PagamentoCash, users.agency]) {
      expect((await get('/api/blocked-bookings', who)).statusCode, who.name).toBe(403);
    }
    expect((await get('/api/blocked-bookings', null)).statusCode).toBe(401);
  });

  it("POST /api/rem-blocco-posti frees the seats ('Prenotazione {code} eliminata!'); the body's userId is not trusted; again 409; unknown 404; others 403", async () => {
    const f = await createFlight(db);
    const json = await block(f);
    const other = await post('/api/rem-blocco-posti', { bookingCode: json.bookingCode, userId: staff.id }, users.buyer);
    expect(other.statusCode).toBe(403);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ blocked: 2 });
    const res = await post('/api/rem-blocco-posti', { bookingCode: json.bookingCode, userId: 1 }, users.PrenotaFull);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: `Prenotazione ${json.bookingCode} eliminata!` });
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ blocked: 0 });
    const events = await app.services.requests.events((await requestOf(json.bookingCode)).id);
    expect(events.at(-1)).toMatchObject({ to_status: 'deleted', actor: `user:${users.PrenotaFull.id}` });
    expect((await blockedList()).map((b) => b.CodPrenotazione)).not.toContain(json.bookingCode);
    expect((await post('/api/rem-blocco-posti', { bookingCode: json.bookingCode }, staff)).statusCode).toBe(409);
    expect((await post('/api/rem-blocco-posti', { bookingCode: 'ZZZZZZ22' }, staff)).statusCode).toBe(404);
  });

  it('the hold sweeper frees expired blocks', async () => {
    const f = await createFlight(db);
    const json = await block(f);
    await db
      .updateTable('booking_requests')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', json.bookingCode)
      .execute();
    expect((await blockedList()).map((b) => b.CodPrenotazione)).not.toContain(json.bookingCode);
    expect(await app.services.requests.sweep()).toBeGreaterThanOrEqual(1);
    expect((await requestOf(json.bookingCode)).status).toBe('expired');
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ blocked: 0 });
  });
});

describe(`selling a blocked booking, form.prenBloccataSel (${dialect})`, () => {
  it('the block’s seats become the booking’s on a full flight, in one transaction; the block is closed', async () => {
    const f = await createFlight(db, { seats: 2 });
    const blocked = await block(f);
    // Full: without the block's seats nobody can book.
    expect((await post('/api/bookings', storeBody(2, f, users.Admin), users.Admin)).statusCode).toBe(409);
    const body = storeBody(2, f, users.Admin, { form: { prenBloccataSel: blocked.bookingCode } });
    const res = await post('/api/bookings', body, users.Admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ blocked: 0, held: 0, sold: 2 });
    expect(await requestOf(blocked.bookingCode)).toMatchObject({ status: 'deleted', failure_reason: `sold as ${res.json().bookingCode}` });
    expect((await blockedList()).map((b) => b.CodPrenotazione)).not.toContain(blocked.bookingCode);
    // Sold once only.
    const again = await post('/api/bookings', storeBody(-1, f, staff, { form: { prenBloccataSel: blocked.bookingCode } }), staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual(MESSAGES.blockedBookingClosed);
  });

  it('by type -1 too: the seats pass from blocked to held', async () => {
    const f = await createFlight(db, { seats: 3 });
    const blocked = await block(f);
    const res = await post('/api/bookings', storeBody(-1, f, staff, { form: { prenBloccataSel: { CodPrenotazione: blocked.bookingCode } } }), staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ blocked: 0, held: 2 });
  });

  it('non-staff 403, unknown code 404, expired 409, other flight 409: nothing written, the block untouched', async () => {
    const f = await createFlight(db);
    const g = await createFlight(db);
    const blocked = await block(f);
    const cases: [Who, 1 | -1 | 2, string, typeof f, number][] = [
      [users.buyer, 1, blocked.bookingCode, f, 403],
      [users.PagamentoCash, 2, blocked.bookingCode, f, 403],
      [users.Admin, 2, 'ZZZZZZ22', f, 404],
      [users.Admin, 2, blocked.bookingCode, g, 409],
    ];
    for (const [who, type, code, flight, status] of cases) {
      const before = await everything(db);
      const res = await post('/api/bookings', storeBody(type, flight, who, { form: { prenBloccataSel: code } }), who);
      expect(res.statusCode, `${who.name} ${code}: ${res.body}`).toBe(status);
      expect(await everything(db)).toEqual(before);
    }
    await db
      .updateTable('booking_requests')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', blocked.bookingCode)
      .execute();
    expect((await post('/api/bookings', storeBody(2, f, users.Admin, { form: { prenBloccataSel: blocked.bookingCode } }), users.Admin)).statusCode).toBe(409);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ blocked: 2 });
  });
});

describe(`one pet per flight across all bookings (${dialect})`, () => {
  // A woman: Admin (Maria) may book without herself, not without a passenger of her gender (spec §5).
  const owner = newPax({ _uuid: 'owner-1', gender: 'F', firstname: 'Anna' });
  const pet = { id: 100, category: 'an', animal_owner_key: 'owner-1' };
  const withPet = (type: 2 | -1 | 4, f: Awaited<ReturnType<typeof createFlight>>, who: Who) =>
    storeBody(type, f, who, { paxes: [owner, pet], form: { totals: undefined } });

  it('a pet takes a seat on a child ticket; a second pet on the flight (held, sold or blocked) is 409 with nothing written', async () => {
    const f = await createFlight(db, { seats: 10 });
    const first = await post('/api/bookings', withPet(2, f, users.Admin), users.Admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ sold: 2 });
    const tickets = await app.services.tickets.listForBooking(first.json().bookingCode);
    expect(tickets).toHaveLength(2);
    const petRow = await db
      .selectFrom('tickets')
      .select(['tkt_category', 'category'])
      .where('ticket_nr', '=', tickets.find((t) => t.passengerKey === '2')!.ticketNr)
      .executeTakeFirst();
    expect(petRow).toMatchObject({ tkt_category: 'CH', category: 'an' });

    for (const [type, who] of [
      [-1, staff],
      [4, users.PrenotaFull],
      [2, users.Admin],
    ] as [2 | -1 | 4, Who][]) {
      const before = await everything(db);
      const res = await post('/api/bookings', withPet(type, f, who), who);
      expect(res.statusCode, `type ${type}: ${res.body}`).toBe(409);
      expect(res.json().messages).toEqual(MESSAGES.petAlreadyOnFlight);
      expect(await everything(db)).toEqual(before);
    }
    // Without a pet the flight still sells.
    expect((await post('/api/bookings', storeBody(2, f, users.Admin), users.Admin)).statusCode).toBe(200);
  });

  it('a blocked pet counts; once the block is removed another booking may bring one', async () => {
    const f = await createFlight(db, { seats: 10 });
    const blocked = await post('/api/bookings', withPet(4, f, staff), staff);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await post('/api/bookings', withPet(-1, f, users.PrenotaFull), users.PrenotaFull)).statusCode).toBe(409);
    await post('/api/rem-blocco-posti', { bookingCode: blocked.json().bookingCode }, staff);
    expect((await post('/api/bookings', withPet(-1, f, users.PrenotaFull), users.PrenotaFull)).statusCode).toBe(200);
  });

  it('a link paid after its hold was swept, when another pet has taken the place meanwhile: refunded, no second pet', async () => {
    const f = await createFlight(db, { seats: 10 });
    const first = (await post('/api/bookings', withPet(-1, f, staff), staff)).json();
    await app.services.requests.expireNow(first.bookingCode);
    await app.services.requests.sweep();
    expect((await post('/api/bookings', withPet(2, f, users.Admin), users.Admin)).statusCode).toBe(200);
    const { bank_url } = await db.selectFrom('payment_links').select('bank_url').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await payAtBank(app, bank_url, 'approve');
    expect((await requestOf(first.bookingCode)).status).toBe('refunded');
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ sold: 2, held: 0 });
  });

  it('a ticket change whose payment is being captured (paying) keeps its pet place: another pet is 409', async () => {
    const f = await createFlight(db, { seats: 10 });
    const first = (await post('/api/bookings', withPet(-1, f, staff), staff)).json();
    // The request that holds the place moves on to 'paying' (what a ticket change does while PayPal captures).
    await db.updateTable('booking_requests').set({ status: 'paying' }).where('code', '=', first.bookingCode).execute();
    expect((await post('/api/bookings', withPet(2, f, users.Admin), users.Admin)).statusCode).toBe(409);
    // Once it is no longer active (failed), the place may be taken over.
    await db.updateTable('booking_requests').set({ status: 'failed' }).where('code', '=', first.bookingCode).execute();
    expect((await post('/api/bookings', withPet(2, f, users.Admin), users.Admin)).statusCode).toBe(200);
  });

  it('two staff racing for the last pet place: exactly one wins', async () => {
    const f = await createFlight(db, { seats: 20 });
    const results = await Promise.all([users.Admin, users.Admin, users.PagamentoCash, users.Admin].map((who) => post('/api/bookings', withPet(2, f, who), who)));
    const codes = results.map((r) => r.statusCode).sort();
    // PagamentoCash may not book pets at all (403); of the three Admin stores one gets the pet place.
    expect(codes).toEqual([200, 403, 409, 409]);
    expect(await db.selectFrom('flight_pets').select('booking_request_id').where('flight_id', '=', f.flightId).execute()).toHaveLength(1);
  });

  it('a pet needs its owner; a plain buyer may not book one (403)', async () => {
    const f = await createFlight(db);
    const noOwner = await post('/api/bookings', storeBody(2, f, users.Admin, { paxes: [owner, { id: 100, category: 'an' }], form: { totals: undefined } }), users.Admin);
    expect(noOwner.statusCode).toBe(422);
    expect(noOwner.json().errors['paxes.1.animal_owner_key']).toEqual([MESSAGES.petOwnerRequired.it]);
    const buyer = await post(
      '/api/bookings',
      storeBody(1, f, users.buyer, { paxes: [OWN_PAX, { ...pet, animal_owner_key: String(users.buyer.paxId) }], form: { totals: undefined } }),
      users.buyer,
    );
    expect(buyer.statusCode).toBe(403);
  });
});
