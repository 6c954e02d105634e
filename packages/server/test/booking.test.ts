import { addDays, dayjs, OPERATOR_TZ, romeToday, toWireDate } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { createUser } from './accounts-support.ts';
import { asBuyer, bookingBody, bookingCounts, createBuyers, createFlight, legCounters, newPax, OWN_PAX, otherPaxes, payAtBank, VIESTE_LEGS } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';

const { app, db, dialect } = await buildTestApp();
const [buyer, other] = await createBuyers(app, 2);
const [staff] = await createBuyers(app, 1, { roles: ['Prenotazioni'] });
const client = new Client(app);
const as = (b: { token: string }) => ({ bearer: b.token });

const post = (url: string, body: unknown, who: { paxId?: number; token: string } | null = buyer!) =>
  client.post(url, who?.paxId ? asBuyer(body, who.paxId) : body, who ? as(who) : {});
const get = (url: string, who: { token: string } | null = buyer!) => client.get(url, who ? { headers: { authorization: `Bearer ${who.token}` } } : {});

async function book(body: unknown, who = buyer!) {
  const res = await post('/api/bookings', body, who);
  return { res, json: res.json() };
}

const events = async (code: string) => {
  const row = await db.selectFrom('booking_requests').select(['id', 'status']).where('code', '=', code).executeTakeFirstOrThrow();
  return { status: row.status, events: await app.services.requests.events(row.id) };
};

/** Rome date and HH:mm of an instant `hours` from now (for cut-off flights). */
function inHours(hours: number) {
  const t = dayjs().add(hours, 'hour').tz(OPERATOR_TZ);
  const end = t.add(20, 'minute');
  return { date: t.format('YYYY-MM-DD'), departs: t.format('HH:mm'), arrives: end.format('HH:mm') };
}

describe(`GET /api/flights (${dialect})`, () => {
  it('lists a journey with seats and the domain prices; VIE→TRE uses only leg 2', async () => {
    const f = await createFlight(db, { legs: VIESTE_LEGS, seats: 6 });
    const q = (o: string, d: string) => `/api/flights?origin=${o}&destination=${d}&departureDate=${toWireDate(f.date)}&men=1&women=0&children=0&infants=0`;
    const res = await get(q('Vieste', 'Isole%20Tremiti'), null);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = body.flights.find((x: { flightId: number }) => x.flightId === f.flightId);
    expect(mine).toMatchObject({ flightCode: f.code, takeOffTime: '09:05', landingTime: '09:20', origin: 'Vieste', availableSeats: 6, bookable: true, extra: false });
    expect(mine.route).toBe('Foggia - Vieste - Isole Tremiti');
    expect(mine.info).toBeUndefined();
    expect(body.prices.a).toBeGreaterThan(0);
    expect(body.prices.a).toBeCloseTo(body.fares.a + body.taxes.a + body.landingTax.a, 2);
    // A FOG→VIE buyer holds 5 seats on leg 1: VIE→TRE still shows 6, FOG→TRE shows 1 and is full for 2.
    const b = await book(
      bookingBody({
        flight: f,
        destinationId: 1514,
        paxes: [OWN_PAX, ...otherPaxes(4)],
      }),
    );
    expect(b.res.statusCode, b.res.body).toBe(200);
    const again = (await get(q('Vieste', 'Isole%20Tremiti'), null)).json().flights.find((x: { flightId: number }) => x.flightId === f.flightId);
    expect(again.availableSeats).toBe(6);
    const through = await get(q('1348', '1511').replace('men=1', 'men=2'), null);
    expect(through.json().flights.find((x: { flightId: number }) => x.flightId === f.flightId)).toMatchObject({ availableSeats: 1, bookable: false });
  });

  it('reverse=1 searches the return on comebackDate with the places swapped', async () => {
    const f = await createFlight(db, { daysAhead: 6, legs: [{ originId: 1511, destinationId: 1349, departs: '15:00', arrives: '15:20' }] });
    const res = await get(
      `/api/flights?reverse=1&origin=1348&destination=1511&departureDate=${toWireDate(addDays(f.date, -1))}&comebackDate=${toWireDate(f.date)}&men=1`,
      null,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().flights.map((x: { flightId: number }) => x.flightId)).toContain(f.flightId);
    expect(res.json().flights.find((x: { flightId: number }) => x.flightId === f.flightId).destination).toBe('Foggia');
  });

  it('cut-offs: no sale within 6 h Foggia↔Tremiti, 12 h on other routes', async () => {
    const t = inHours(8);
    const fogTre = await createFlight(db, { date: t.date, legs: [{ originId: 1348, destinationId: 1511, departs: t.departs, arrives: t.arrives }] });
    const vieTre = await createFlight(db, { date: t.date, legs: [{ originId: 1514, destinationId: 1511, departs: t.departs, arrives: t.arrives }] });
    const t2 = inHours(4);
    const soon = await createFlight(db, { date: t2.date, legs: [{ originId: 1348, destinationId: 1511, departs: t2.departs, arrives: t2.arrives }] });
    const ids = async (o: number, date: string) =>
      (await get(`/api/flights?origin=${o}&destination=1511&departureDate=${toWireDate(date)}&men=1`, null)).json().flights.map((x: { flightId: number }) => x.flightId);
    expect(await ids(1348, t.date)).toContain(fogTre.flightId);
    expect(await ids(1514, t.date)).not.toContain(vieTre.flightId);
    expect(await ids(1348, t2.date)).not.toContain(soon.flightId);
    // …and the store refuses them too (a client cannot skip the search).
    const r = await book(bookingBody({ flight: { ...soon, date: soon.date } }));
    expect(r.res.statusCode).toBe(422);
    expect(r.json.errors.departureFlightId[0]).toContain('6');
  });

  it('extra flights: staff only, with the Info column and registration', async () => {
    const f = await createFlight(db, { extra: true, daysAhead: 7 });
    const url = `/api/flights?origin=Foggia&destination=Tremiti%20Islands&departureDate=${toWireDate(f.date)}&men=1`;
    expect((await get(url)).json().flights.map((x: { flightId: number }) => x.flightId)).not.toContain(f.flightId);
    const seen = (await get(url, staff!)).json().flights.find((x: { flightId: number }) => x.flightId === f.flightId);
    expect(seen).toMatchObject({ extra: true, info: { capacity: 6, sold: 0, held: 0, blocked: 0 } });
    expect(seen.aircraft).toMatch(/\(T-/);
    expect((await book(bookingBody({ flight: f }))).res.statusCode).toBe(422);
  });

  it('bad queries answer 422 with field errors', async () => {
    for (const url of [
      '/api/flights?origin=Milano&destination=1511&departureDate=01/01/2030',
      '/api/flights?origin=Foggia&destination=1511&departureDate=2030-01-01',
      '/api/flights?origin=Foggia&destination=1511&departureDate=31/02/2030',
      '/api/flights?origin=Foggia&destination=1511&departureDate=01/01/2030&men=-1',
      '/api/flights?reverse=1&origin=Foggia&destination=1511&departureDate=01/01/2030',
    ]) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().messages.it).toBeTruthy();
    }
  });

  it('refuses a departure before today (Rome) and a return before the departure with step 1’s messages, for everyone, never from the cache', async () => {
    const f = await createFlight(db, { daysAhead: 3 });
    const today = romeToday();
    const url = (departure: string, comeback?: string, reverse = 0) =>
      `/api/flights?reverse=${reverse}&origin=1348&destination=1511&departureDate=${toWireDate(departure)}${comeback ? `&comebackDate=${toWireDate(comeback)}` : ''}&men=1`;
    const refusals: [string, string, string][] = [
      [url('1900-01-01'), 'departureDate', 'La data di partenza è già passata'],
      [url(addDays(today, -1)), 'departureDate', 'La data di partenza è già passata'],
      [url(addDays(today, -1), f.date, 1), 'departureDate', 'La data di partenza è già passata'],
      [url(f.date, addDays(f.date, -1), 1), 'comebackDate', 'La data di ritorno non può precedere la data di partenza'],
      [url(f.date, addDays(f.date, -1)), 'comebackDate', 'La data di ritorno non può precedere la data di partenza'],
    ];
    for (const who of [null, buyer!, staff!]) {
      // Twice: an anonymous repeat is answered from the cache when the first answer was a 200.
      for (const [u, field, it_] of [...refusals, ...refusals]) {
        const res = await get(u, who);
        expect(res.statusCode, u).toBe(422);
        expect(res.json()).toMatchObject({ message: it_, message_it: it_, errors: { [field]: [it_] } });
        expect(res.json().messages.en).toMatch(/in the past|earlier than the departure/);
      }
    }
    // Today and a same-day return are fine.
    expect((await get(url(today, today), null)).statusCode).toBe(200);
    const back = await get(url(addDays(f.date, -1), f.date), null);
    expect(back.statusCode).toBe(200);
    expect((await get(url(f.date), staff!)).json().flights.map((x: { flightId: number }) => x.flightId)).toContain(f.flightId);
  });
});

describe(`POST /api/bookings (${dialect})`, () => {
  it('holds the seats 10 minutes, records passengers, prices and an event, answers the bank link', async () => {
    const f = await createFlight(db);
    const { res, json } = await book(bookingBody({ flight: f, paxes: [OWN_PAX, newPax()] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(json).toMatchObject({ status: 'success', type: 1 });
    expect(json.bookingCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(json.bank_link).toContain('/sandbox-bank/pay/');
    expect(json.messages.it).toBeTruthy();
    expect(Date.parse(json.paymentDeadline) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 2, sold: 0 });
    const row = await db.selectFrom('booking_requests').selectAll().where('code', '=', json.bookingCode).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', user_id: buyer!.id, type: 1, women: 1, men: 1 });
    const paxes = await db.selectFrom('booking_passengers').selectAll().where('booking_request_id', '=', row.id).orderBy('position').execute();
    expect(paxes.map((p) => `${p.firstname} ${p.lastname}`)).toEqual(['Maria Rossi', 'Luca Bianchi']);
    const lines = await db.selectFrom('booking_price_lines').selectAll().where('booking_request_id', '=', row.id).execute();
    expect(lines.reduce((s, l) => s + l.total_cents, 0)).toBe(row.amount_cents);
    expect((await events(json.bookingCode)).events).toMatchObject([{ from_status: null, to_status: 'pending', actor: `user:${buyer!.id}` }]);
  });

  it('401 without login; 403 unverified buyer and unauthorised agency', async () => {
    const f = await createFlight(db);
    const anon = await new Client(app).post('/api/bookings', bookingBody({ flight: f }));
    expect(anon.statusCode).toBe(401);
    const unverified = await createUser(db, { verified: false });
    const agency = await createUser(db, { agency: true, authorised: false });
    for (const u of [unverified, agency]) {
      const res = await post('/api/bookings', bookingBody({ flight: f }), { token: await app.services.sessions.issueToken(u.id) });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages.en).toBeTruthy();
    }
  });

  it('tampered price, count, birth date, discount or unknown flight: 422 and nothing written', async () => {
    const f = await createFlight(db);
    const before = await bookingCounts(db);
    const good = bookingBody({ flight: f, paxes: [OWN_PAX, newPax()] });
    // [what, body, the field the answer must blame (403: none)]
    const cases: [string, unknown, string | null][] = [
      ['price', { ...good, form: { ...good.form, totals: { ...good.form.totals, grandTotal: 1 } } }, 'totals'],
      [
        'discounted total',
        { ...good, form: { ...good.form, totals: { ...good.form.totals, grandTotalDiscounted: (good.form.totals.grandTotalDiscounted as number) - 10 } } },
        'totals',
      ],
      ['count', { ...good, form: { ...good.form, men: 2 } }, 'paxes'],
      ['adult born yesterday', bookingBody({ flight: f, paxes: [OWN_PAX, newPax({ birthDate: toWireDate(addDays(romeToday(), -1)) })] }), 'paxes'],
      ['child priced as adult', bookingBody({ flight: f, paxes: [OWN_PAX, newPax({ category: 'c', birthDate: '01/01/1990' })] }), 'paxes'],
      ['dsc by a buyer', bookingBody({ flight: f, paxes: [OWN_PAX, newPax({ dsc: 50 })] }), null],
      ['unknown flight', bookingBody({ flight: { ...f, flightId: 999_999 } }), 'departureFlightId'],
      ['flight not on that route', bookingBody({ flight: f, originId: 1514 }), 'departureFlightId'],
      ['no conditions', bookingBody({ flight: f, form: { conditions: false } }), 'conditions'],
      ['bad contact e-mail', bookingBody({ flight: f, form: { contacts: { email: 'nope', telephone: '1' } } }), 'contacts.email'],
      ['unknown coupon', bookingBody({ flight: f, coupon: { code: 'NOPE99', perc: 50 } }), 'coupon'],
      ['not the schema', { type: 1, form: { originId: 'x' } }, 'form.originId'],
      ['staff payment type', { ...good, type: 2 }, null],
    ];
    for (const [what, body, field] of cases) {
      const res = await post('/api/bookings', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(field ? 422 : 403);
      if (field) expect(Object.keys(res.json().errors), what).toContain(field);
      expect(res.json().messages?.it, what).toBeTruthy();
    }
    expect(await bookingCounts(db)).toEqual(before);
    expect(await legCounters(db, f.legIds[0]!)).toBeUndefined();
  });

  it('the tampered-price answer names the rule in both languages', async () => {
    const f = await createFlight(db);
    const good = bookingBody({ flight: f });
    const res = await post('/api/bookings', { ...good, form: { ...good.form, totals: { ...good.form.totals, grandTotal: 1 } } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.totals).toHaveLength(1);
    expect(res.json().messages.en).toMatch(/fares in force/);
  });

  it('seats gone: 409 with a clear message, nothing written', async () => {
    const f = await createFlight(db, { seats: 1 });
    expect((await book(bookingBody({ flight: f }))).res.statusCode).toBe(200);
    const before = await bookingCounts(db);
    const { res, json } = await book(bookingBody({ flight: f }), other!);
    expect(res.statusCode).toBe(409);
    expect(json.messages.it).toMatch(/non sono più disponibili/);
    expect(json.messages.en).toMatch(/no longer available/);
    expect(await bookingCounts(db)).toEqual(before);
  });

  it('a cancelled flight, or a journey over a cancelled leg, is refused as cancelled (422, like a closed sale), nothing written', async () => {
    const whole = await createFlight(db, { daysAhead: 9 });
    await db.updateTable('flights').set({ status: 'cancelled' }).where('id', '=', whole.flightId).execute();
    const rotation = await createFlight(db, { daysAhead: 9, legs: VIESTE_LEGS });
    await db.updateTable('flight_legs').set({ status: 'cancelled' }).where('id', '=', rotation.legIds[1]!).execute();
    const back = await createFlight(db, { daysAhead: 10, legs: [{ originId: 1511, destinationId: 1349, departs: '15:00', arrives: '15:20' }] });
    await db.updateTable('flights').set({ status: 'cancelled' }).where('id', '=', back.flightId).execute();
    const open = await createFlight(db, { daysAhead: 9 });
    const before = await bookingCounts(db);
    const cases: [string, unknown, string][] = [
      ['cancelled flight', bookingBody({ flight: whole }), 'departureFlightId'],
      ['cancelled leg of the journey', bookingBody({ flight: rotation }), 'departureFlightId'],
      ['cancelled return', bookingBody({ flight: open, comeback: back }), 'comebackFlightId'],
    ];
    for (const [what, body, field] of cases) {
      const { res, json } = await book(body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(json.message, what).toBe('Il volo scelto è stato cancellato: sceglierne un altro');
      expect(json.messages.en, what).toBe('The chosen flight has been cancelled: please choose another one');
      expect(json.errors, what).toEqual({ [field]: ['Il volo scelto è stato cancellato: sceglierne un altro'] });
    }
    // Staff blocking seats (type 4) hear the same.
    const block = await post('/api/bookings', { ...bookingBody({ flight: whole }), type: 4, bloccaPostiNota: 'Gruppo scuola' }, staff!);
    expect(block.statusCode, block.body).toBe(422);
    expect(block.json().errors).toEqual({ departureFlightId: ['Il volo scelto è stato cancellato: sceglierne un altro'] });
    expect(await bookingCounts(db)).toEqual(before);
  });

  it('ids are JSON numbers: a numeric string is refused (422), nothing written', async () => {
    const f = await createFlight(db);
    const good = bookingBody({ flight: f });
    const before = await bookingCounts(db);
    for (const [field, form] of [
      ['form.departureFlightId', { ...good.form, departureFlightId: String(f.flightId) }],
      ['form.originId', { ...good.form, originId: '1348' }],
      ['form.destinationId', { ...good.form, destinationId: '1511' }],
      ['form.paxes.0.id', { ...good.form, paxes: [{ ...OWN_PAX, id: String(buyer!.paxId) }] }],
    ] as const) {
      const res = await post('/api/bookings', { ...good, form });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().errors[field], field).toEqual(['Valore non valido']);
    }
    expect(await bookingCounts(db)).toEqual(before);
    expect((await book(bookingBody({ flight: f }))).res.statusCode).toBe(200);
  });

  it('50 concurrent buyers at 3 free seats: exactly 3 succeed, 47 get 409', async () => {
    const f = await createFlight(db, { seats: 3, legs: VIESTE_LEGS });
    const buyers = await createBuyers(app, 50);
    const results = await Promise.all(buyers.map((b) => post('/api/bookings', bookingBody({ flight: f }), b)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ messages: { it: expect.any(String), en: expect.any(String) } });
    for (const legId of f.legIds) expect(await legCounters(db, legId)).toMatchObject({ capacity: 3, held: 3, sold: 0 });
  }, 60_000);
});

describe(`payment outcome (${dialect})`, () => {
  it('approved at the bank: seats sold, tickets issued and mailed, status 1; replay changes nothing', async () => {
    const f = await createFlight(db);
    const back = await createFlight(db, { daysAhead: 8, legs: [{ originId: 1511, destinationId: 1349, departs: '17:00', arrives: '17:20' }] });
    const { json } = await book(bookingBody({ flight: f, comeback: back, paxes: [OWN_PAX, newPax()] }));
    expect(json.status, JSON.stringify(json)).toBe('success');
    const pending = (await get(`/api/booking-status?code=${Buffer.from(json.bookingCode).toString('base64')}`)).json();
    expect(pending).toMatchObject({ status: 0, pending: true, booking: { state: 'pending', deadlineExtended: false } });

    const mailsBefore = await mailCount('maria.rossi@example.com');
    const bank = await payAtBank(app, json.bank_link, 'approve');
    expect([200, 302, 303]).toContain(bank.statusCode);
    const done = await get(`/api/booking-status?code=${json.bookingCode}`);
    expect(done.statusCode).toBe(200);
    const status = done.json();
    expect(status).toMatchObject({ status: 1, pending: false, booking: { code: json.bookingCode, email: 'maria.rossi@example.com', state: 'ticketed' } });
    expect(status.booking.paxes).toHaveLength(2);
    expect(status.booking.paxes[0]).toMatchObject({ id: 1, fullname: 'Maria Rossi', birthdate: '14/03/1985', email: 'maria.rossi@example.com' });
    expect(status.booking.paxes[0].ticket).toMatch(/^\d{7}$/);
    expect(status.booking.paxes[0].tickets).toHaveLength(2);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0, sold: 2 });
    expect(await legCounters(db, back.legIds[0]!)).toMatchObject({ held: 0, sold: 2 });
    const log = await events(json.bookingCode);
    expect(log.events.map((e) => `${e.from_status}→${e.to_status}`)).toEqual(['null→pending', 'pending→paid', 'paid→ticketed']);

    // The bank notifies again (replay): same state, no second set of tickets.
    const payment = await db.selectFrom('payments').selectAll().where('reference', '=', json.bookingCode).executeTakeFirstOrThrow();
    await app.services.requests.handleOutcome({
      paymentId: payment.id,
      gateway: 'sandbox',
      reference: json.bookingCode,
      status: 'approved',
      amountCents: payment.amount_cents,
      bankMessage: null,
      errorCode: null,
    });
    const again = (await get(`/api/booking-status?code=${json.bookingCode}`)).json();
    expect(again.booking.paxes.flatMap((p: { tickets: string[] }) => p.tickets)).toEqual(status.booking.paxes.flatMap((p: { tickets: string[] }) => p.tickets));
    expect((await events(json.bookingCode)).events).toHaveLength(3);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0, sold: 2 });
    // One ticket e-mail to the contact address, not a second one for the replay.
    expect(await mailCount('maria.rossi@example.com')).toBe(mailsBefore + 1);
  });

  it('declined: seats released, failure with the bank message and error code', async () => {
    const f = await createFlight(db);
    const { json } = await book(bookingBody({ flight: f }));
    await payAtBank(app, json.bank_link, 'decline-51');
    const status = (await get(`/api/booking-status?code=${json.bookingCode}`)).json();
    expect(status).toMatchObject({ status: 0, pending: false, booking: { state: 'failed' } });
    expect(status.bank.error_code).toBe('51');
    expect(status.bank.message).toBeTruthy();
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
    expect((await events(json.bookingCode)).events.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'failed', actor: 'bank:sandbox' });
  });

  it('approved after the hold was swept: seats taken again when free', async () => {
    const f = await createFlight(db, { seats: 2 });
    const { json } = await book(bookingBody({ flight: f }));
    await expireNow(json.bookingCode);
    expect(await app.services.requests.sweep()).toBeGreaterThanOrEqual(1);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0 });
    await payAtBank(app, json.bank_link, 'approve');
    expect((await get(`/api/booking-status?code=${json.bookingCode}`)).json()).toMatchObject({ status: 1 });
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
    expect((await events(json.bookingCode)).events.map((e) => e.to_status)).toEqual(['pending', 'expired', 'paid', 'ticketed']);
  });

  it('approved after the hold expired and the seats were sold to someone else: failed and refunded', async () => {
    const f = await createFlight(db, { seats: 1 });
    const { json } = await book(bookingBody({ flight: f }));
    await expireNow(json.bookingCode);
    await app.services.requests.sweep();
    const second = await book(bookingBody({ flight: f }), other!);
    expect(second.res.statusCode).toBe(200);
    await payAtBank(app, json.bank_link, 'approve');
    const status = (await get(`/api/booking-status?code=${json.bookingCode}`)).json();
    expect(status).toMatchObject({ status: 0, pending: false, booking: { state: 'refunded' } });
    expect(status.reason.en).toMatch(/refunded/);
    const payment = await db.selectFrom('payments').selectAll().where('reference', '=', json.bookingCode).executeTakeFirstOrThrow();
    // The refund is a ledger row written with the failure; the refund worker sends it.
    const refunds = await db.selectFrom('refunds').selectAll().where('source_ref', '=', payment.id).execute();
    expect(refunds).toMatchObject([{ source: 'sandbox', amount_cents: payment.amount_cents, reason: 'booking-failed', requested_by: 'system' }]);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 1, sold: 0 });
    expect((await events(json.bookingCode)).events.map((e) => e.to_status)).toEqual(['pending', 'expired', 'failed', 'refunded']);
  });
});

async function mailCount(to: string) {
  return Number((await db.selectFrom('mail_outbox').select(db.fn.countAll<number>().as('n')).where('to_address', '=', to).executeTakeFirstOrThrow()).n);
}

async function expireNow(code: string) {
  await db
    .updateTable('booking_requests')
    .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('code', '=', code)
    .execute();
}

describe(`booking status, extension, sweeper (${dialect})`, () => {
  it('status: owner only — someone else gets 404, anonymous 401, unknown 404', async () => {
    const f = await createFlight(db);
    const { json } = await book(bookingBody({ flight: f }));
    expect((await get(`/api/booking-status?code=${json.bookingCode}`, other!)).statusCode).toBe(404);
    expect((await get(`/api/booking-status?code=${json.bookingCode}`, null)).statusCode).toBe(401);
    expect((await get('/api/booking-status?code=ZZZZZZZZ')).statusCode).toBe(404);
    expect((await get('/api/booking-status?code=%25%25')).statusCode).toBe(404);
  });

  it('the payment deadline can be extended once, by its owner, before it runs out', async () => {
    const f = await createFlight(db);
    const { json } = await book(bookingBody({ flight: f }));
    expect((await post(`/api/bookings/${json.bookingCode}/extend`, {}, other!)).statusCode).toBe(404);
    const res = await post(`/api/bookings/${json.bookingCode}/extend`, {});
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().paymentDeadline) - Date.parse(json.paymentDeadline)).toBe(10 * 60_000);
    const twice = await post(`/api/bookings/${json.bookingCode}/extend`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().messages.en).toMatch(/only once/);
    expect((await get(`/api/booking-status?code=${json.bookingCode}`)).json().booking).toMatchObject({
      deadlineExtended: true,
      paymentDeadline: res.json().paymentDeadline,
    });
    const late = await book(bookingBody({ flight: f }));
    await expireNow(late.json.bookingCode);
    expect((await post(`/api/bookings/${late.json.bookingCode}/extend`, {})).statusCode).toBe(409);
  });

  it('two sweepers at once release each expired hold exactly once', async () => {
    const f = await createFlight(db, { seats: 6 });
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await book(bookingBody({ flight: f }))).json.bookingCode);
    const live = (await book(bookingBody({ flight: f }))).json.bookingCode;
    for (const c of codes) await expireNow(c);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 4 });
    const [a, b] = await Promise.all([app.services.requests.sweep(), app.services.requests.sweep()]);
    expect(a + b).toBeGreaterThanOrEqual(3);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 1, sold: 0 });
    for (const c of codes) {
      const log = await events(c);
      expect(log.status).toBe('expired');
      expect(log.events.filter((e) => e.to_status === 'expired')).toHaveLength(1);
    }
    expect((await events(live)).status).toBe('pending');
    expect(await app.services.requests.sweep()).toBe(0);
    const status = (await get(`/api/booking-status?code=${codes[0]}`)).json();
    expect(status).toMatchObject({ status: 0, pending: false, booking: { state: 'expired', paymentDeadline: null } });
    expect(status.reason.it).toMatch(/10 minuti/);
  });
});

describe(`hold sweeper on an interval (${dialect})`, () => {
  it('app.services.sweeper runs the sweep on its interval until stopped', async () => {
    const f = await createFlight(db);
    const { json } = await book(bookingBody({ flight: f }));
    await expireNow(json.bookingCode);
    app.services.sweeper.start(20);
    for (let i = 0; i < 100 && (await events(json.bookingCode)).status !== 'expired'; i++) await new Promise((r) => setTimeout(r, 20));
    await app.services.sweeper.stop();
    expect((await events(json.bookingCode)).status).toBe('expired');
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0 });
  });
});

describe(`coupons and grand total (${dialect})`, () => {
  it('check-coupon: percentage off the tickets; 3 failed attempts, then 429', async () => {
    await db.insertInto('coupons').values({ code: 'TEST15', perc: 15, valid_from: null, valid_to: null, active: 1, created_at: new Date().toISOString() }).execute();
    const ok = await post('/api/check-coupon', { coupon: 'test15', tickets: '100.00', tot: '120.00', att: 0 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'success', perc: 15, new_tkts_total: 85, new_grand_total: 105 });
    expect((await new Client(app).post('/api/check-coupon', { coupon: 'TEST15', tickets: '1', tot: '1', att: 0 })).statusCode).toBe(401);
    expect((await post('/api/check-coupon', { coupon: 'TEST15', tickets: 'abc', tot: '1', att: 0 })).statusCode).toBe(422);
    const [tryer] = await createBuyers(app, 1);
    for (let i = 1; i <= 3; i++) {
      const bad = await post('/api/check-coupon', { coupon: 'WRONG', tickets: '100', tot: '120', att: i - 1 }, tryer!);
      expect(bad.json()).toMatchObject({ status: 'error', att: i });
    }
    const locked = await post('/api/check-coupon', { coupon: 'TEST15', tickets: '100', tot: '120', att: 0 }, tryer!);
    expect(locked.statusCode).toBe(429);
  });

  it('a booking with a coupon pays the discounted total; grandtotal answers the computed totals', async () => {
    await db
      .insertInto('coupons')
      .values({ code: 'TEST10', perc: 10, valid_from: null, valid_to: null, active: 1, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const f = await createFlight(db);
    const body = bookingBody({ flight: f, coupon: { code: 'TEST10', perc: 10 } });
    const totals = await post('/api/guest/grandtotal', { type: 1, form: { ...body.form, totals: undefined } });
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json().totals).toEqual(body.form.totals);
    expect((await new Client(app).post('/api/guest/grandtotal', { type: 1, form: body.form })).statusCode).toBe(401);
    const { res, json } = await book(body);
    expect(res.statusCode).toBe(200);
    const row = await db.selectFrom('booking_requests').selectAll().where('code', '=', json.bookingCode).executeTakeFirstOrThrow();
    expect(row.amount_cents).toBe(Math.round((body.form.totals.grandTotalDiscounted as number) * 100));
    expect(row.amount_cents).toBeLessThan(row.grand_total_cents);
    expect(row.coupon_code).toBe('TEST10');
  });
});

describe(`dev sweep and OpenAPI (${dialect})`, () => {
  it('POST /api/dev/booking-sweep expires a named booking now and releases its seats (not in production)', async () => {
    const f = await createFlight(db);
    const { json } = await book(bookingBody({ flight: f }));
    const res = await post('/api/dev/booking-sweep', { expireNow: json.bookingCode });
    expect(res.statusCode).toBe(200);
    expect(res.json().expired).toBeGreaterThanOrEqual(1);
    expect((await events(json.bookingCode)).status).toBe('expired');
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0 });
  });

  it('documents the booking calls, the extension included', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    for (const path of ['/api/flights', '/api/bookings', '/api/bookings/{code}/extend', '/api/booking-status', '/api/check-coupon', '/api/guest/grandtotal']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
