import { addDays, romeToday, toWireDate } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { cancelAs, linksTo, visitor } from './cancellations-support.ts';
import { asBuyer, bookingBody, type Buyer, createBuyers, createFlight, legCounters, newPax, OWN_PAX, payAtBank, VIESTE_LEGS } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { paidBooking, ticketMark } from './ticket-changes-support.ts';
import { createUser } from './accounts-support.ts';

/**
 * Issue 13 part B: staff cancel a flight or one leg with a reason; every booking on it gets a
 * personal link to move (no cost), take a full refund or a voucher; the unanswered a reminder.
 */
const { app, db, dialect } = await buildTestApp();

const [customer, second] = await createBuyers(app, 2);
const staff: Record<string, Buyer> = {};
for (const role of ['Admin', 'Prenotazioni', 'PrenotaFull', 'Prenota', 'PagamentoCash']) staff[role] = (await createBuyers(app, 1, { roles: [role] }))[0]!;
const agencyUser = await createUser(db, { agency: true, authorised: true });
const agencyToken = await app.services.sessions.issueToken(agencyUser.id);

const get = (url: string, token?: string) => new Client(app).get(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
const outbox = (to: string) => db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
const notices = (cancellationId: number) => db.selectFrom('cancellation_notices').selectAll().where('cancellation_id', '=', cancellationId).orderBy('id').execute();

/** A paid booking on its own flight, cancelled by Admin: the booking, the flight and the link. */
async function cancelledBooking(options: { seats?: number; paxes?: Record<string, unknown>[]; buyer?: Buyer; daysAhead?: number } = {}) {
  const flight = await createFlight(db, { seats: options.seats ?? 6, daysAhead: options.daysAhead ?? 6 });
  const buyer = options.buyer ?? customer!;
  const booking = await paidBooking(app, buyer, { flight, paxes: options.paxes ?? [OWN_PAX, newPax()] });
  const email = `cancel-${booking.group.toLowerCase()}@example.com`;
  await db.updateTable('tickets').set({ contact_email: email }).where('booking_code', '=', booking.code).execute();
  const res = await cancelAs(app, staff.Admin!.token, { flightId: flight.flightId, reason: 'Vento forte sulle Tremiti' });
  expect(res.statusCode, res.body).toBe(200);
  const [token] = await linksTo(app, email);
  return { flight, booking, email, token: token!, cancellationId: res.json().cancellationId as number };
}

describe(`staff endpoints × role (${dialect})`, () => {
  it('only Admin, Prenotazioni and PrenotaFull list flights, cancel and see the answers', async () => {
    const date = addDays(romeToday(), 30);
    const f = await createFlight(db, { date });
    const callers: [string, string | undefined, number][] = [
      ['visitor', undefined, 401],
      ['buyer', customer!.token, 403],
      ['agency', agencyToken, 403],
      ['Prenota', staff.Prenota!.token, 403],
      ['PagamentoCash', staff.PagamentoCash!.token, 403],
      ['Admin', staff.Admin!.token, 200],
      ['Prenotazioni', staff.Prenotazioni!.token, 200],
      ['PrenotaFull', staff.PrenotaFull!.token, 200],
    ];
    for (const [name, token, status] of callers) {
      expect((await get(`/api/admin/cancellations/flights?date=${date}`, token)).statusCode, name).toBe(status);
      expect((await get('/api/admin/cancellations', token)).statusCode, name).toBe(status);
      const post = await new Client(app).post('/api/admin/cancellations', { flightId: f.flightId, reason: '' }, token ? { bearer: token } : {});
      // An allowed caller with an empty reason is refused with 422 (nothing written); the others never get that far.
      expect(post.statusCode, name).toBe(status === 200 ? 422 : status);
    }
    const flights = (await get(`/api/admin/cancellations/flights?date=${date}`, staff.Admin!.token)).json().flights;
    expect(flights.find((x: { flightId: number }) => x.flightId === f.flightId)).toMatchObject({ code: f.code, cancelled: false, tickets: 0 });
    const rows = await db.selectFrom('flight_cancellations').selectAll().where('flight_id', '=', f.flightId).execute();
    expect(rows).toHaveLength(0);
  });

  it.each(['2027-02-30', '0000-00-00', '2027-13-01', '27-02-01'])('refuses the impossible date %s on the flight list (422)', async (date) => {
    const res = await get(`/api/admin/cancellations/flights?date=${date}`, staff.Admin!.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.date).toBeDefined();
  });

  it('refuses an unknown flight (404), a leg of another flight (422) and a second cancellation (409)', async () => {
    const f = await createFlight(db, { daysAhead: 31 });
    const other = await createFlight(db, { daysAhead: 31 });
    expect((await cancelAs(app, staff.Admin!.token, { flightId: 99_999_999, reason: 'Nebbia fitta' })).statusCode).toBe(404);
    expect((await cancelAs(app, staff.Admin!.token, { flightId: f.flightId, legId: other.legIds[0], reason: 'Nebbia fitta' })).statusCode).toBe(422);
    expect((await cancelAs(app, staff.Prenotazioni!.token, { flightId: f.flightId, reason: 'Nebbia fitta' })).statusCode).toBe(200);
    expect((await cancelAs(app, staff.PrenotaFull!.token, { flightId: f.flightId, reason: 'Nebbia fitta' })).statusCode).toBe(409);
    expect(await db.selectFrom('flight_cancellations').selectAll().where('flight_id', '=', f.flightId).execute()).toHaveLength(1);
  });
});

describe(`cancelling a flight (${dialect})`, () => {
  it('e-mails each booking in its language with a personal link; search no longer offers the flight; a booking on it is refused', async () => {
    const { flight, booking, email, token, cancellationId } = await cancelledBooking();
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(flight.code);
    expect(mails[0]!.subject).toContain('cancellato');
    expect(mails[0]!.text).toContain('Vento forte sulle Tremiti');
    // Only the hash is stored.
    const [n] = await notices(cancellationId);
    expect(n).toMatchObject({ group_code: booking.group, choice: null, paid_cents: booking.tickets.reduce((a, t) => a + t.total_cents, 0) });
    expect(n!.token_hash).not.toContain(token);
    const search = await get(`/api/flights?origin=1348&destination=1511&departureDate=${toWireDate(flight.date)}&men=1&women=0&children=0&infants=0`);
    expect(search.json().flights.map((x: { flightId: number }) => x.flightId)).not.toContain(flight.flightId);
    const staffView = await get(`/api/admin/cancellations/${cancellationId}`, staff.Admin!.token);
    expect(staffView.json().notices[0]).toMatchObject({ bookingCode: booking.group, choice: null, chosenAt: null });
  });

  it('a booking at the bank when the flight is cancelled gets no ticket: the approved payment is refunded', async () => {
    const flight = await createFlight(db, { daysAhead: 11 });
    const res = await new Client(app).post('/api/bookings', asBuyer(bookingBody({ flight }), customer!.paxId), { bearer: customer!.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cancelAs(app, staff.Admin!.token, { flightId: flight.flightId, reason: 'Nebbia' })).statusCode).toBe(200);
    await payAtBank(app, res.json().bank_link, 'approve');
    const row = await db.selectFrom('booking_requests').selectAll().where('code', '=', res.json().bookingCode).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', failure_reason: 'flight cancelled before payment' });
    expect(await db.selectFrom('tickets').selectAll().where('booking_code', '=', row.code).execute()).toEqual([]);
    expect((await legCounters(db, flight.legIds[0]!))?.sold ?? 0).toBe(0);
    // And a new booking on it is refused.
    const again = await new Client(app).post('/api/bookings', asBuyer(bookingBody({ flight }), customer!.paxId), { bearer: customer!.token });
    expect(again.statusCode).toBe(422);
  });

  it('an English booking gets the English e-mail', async () => {
    const flight = await createFlight(db, { daysAhead: 7 });
    const booking = await paidBooking(app, second!, { flight, paxes: [OWN_PAX] });
    await db.updateTable('tickets').set({ lang: 'en', contact_email: 'english@example.com' }).where('booking_code', '=', booking.code).execute();
    expect((await cancelAs(app, staff.Admin!.token, { flightId: flight.flightId, reason: 'Strong wind' })).statusCode).toBe(200);
    const [mail] = await outbox('english@example.com');
    expect(mail!.subject).toContain('cancelled');
    const [token] = await linksTo(app, 'english@example.com');
    expect((await visitor(app).view(token!)).json().lang).toBe('en');
    expect((await visitor(app).view(token!, 'it')).json().lang).toBe('it');
  });

  it('the departure board and the day timetable show a cancelled flight as cancelled', async () => {
    const legs = await app.services.schedule.nextPublicFlight(new Date().toISOString());
    if (!legs.length) return;
    expect((await cancelAs(app, staff.Admin!.token, { flightId: legs[0]!.flight_id, reason: 'Maltempo' })).statusCode).toBe(200);
    const board = (await app.inject({ url: '/api/next-flight', headers: { 'x-locale': 'en' } })).json();
    expect(board).toMatchObject({ flightCode: legs[0]!.code, cancelled: true });
    expect(board.displayMessage).toContain('Flight cancelled');
    const day = (await app.inject({ url: `/api/calendar-flights?date=${toWireDate(legs[0]!.service_date)}` })).json();
    const flight = day.flights.find((f: { code: string }) => f.code === legs[0]!.code);
    expect(flight.cancelled).toBe(true);
    expect(flight.segments[0].cancelled).toBe(true);
  });
});

describe(`the personal link (${dialect})`, () => {
  it('a forged or unknown token answers 404 and writes nothing', async () => {
    const v = visitor(app);
    expect((await v.view('x'.repeat(43))).statusCode).toBe(404);
    expect((await v.choose('x'.repeat(43), { choice: 'refund' })).statusCode).toBe(404);
    expect((await v.view('bad token!')).statusCode).toBe(422);
  });

  it('expired: once its tickets were changed elsewhere (staff in my-tickets), the link offers nothing and refuses a choice', async () => {
    const { booking, token } = await cancelledBooking();
    const cancellations = booking.tickets.map((t) => ({ ticketNr: t.ticket_nr, refunded_perc: 100, refunded_fee: 0, refunded_tax: true, refunded_landingFee: true }));
    const staffChange = await new Client(app).put(`/api/bookings/${booking.group}`, { type: 1, cancellations }, { bearer: staff.Admin!.token });
    expect(staffChange.statusCode, staffChange.body).toBe(200);
    const page = (await visitor(app).view(token)).json();
    expect(page).toMatchObject({ expired: true, choice: null, offers: [] });
    const res = await visitor(app).choose(token, { choice: 'refund' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('scaduto');
    expect((await visitor(app).view(token)).json().choice).toBeNull();
  });

  it('move: the tickets go to an offered flight at no cost, seats move atomically; the link then shows the choice and refuses another', async () => {
    const { flight, booking, token, cancellationId } = await cancelledBooking();
    const target = await createFlight(db, { date: addDays(flight.date, 1), seats: 6 });
    const v = visitor(app);
    const page = (await v.view(token)).json();
    expect(page.choice).toBeNull();
    expect(page.passengers).toHaveLength(2);
    expect(page.offers.map((o: { flightId: number }) => o.flightId)).toContain(target.flightId);
    expect(page.offers.map((o: { flightId: number }) => o.flightId)).not.toContain(flight.flightId);
    // A flight that is not offered (the cancelled one) is refused.
    expect((await v.choose(token, { choice: 'move', flightId: flight.flightId })).statusCode).toBe(422);
    const paymentsBefore = await db.selectFrom('payments').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await v.choose(token, { choice: 'move', flightId: target.flightId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ choice: 'move', offers: [] });
    expect(res.json().choiceText).toContain(target.code);
    for (const t of booking.tickets) expect(await ticketMark(app, t.ticket_nr)).toMatchObject({ kind: 'moved', refund_cents: 0 });
    const moved = await db.selectFrom('tickets').selectAll().where('flight_id', '=', target.flightId).execute();
    expect(moved).toHaveLength(2);
    // No cost: each new ticket carries what was paid for the old one; no payment was created.
    expect(moved.reduce((a, t) => a + t.total_cents, 0)).toBe(booking.tickets.reduce((a, t) => a + t.total_cents, 0));
    const paymentsAfter = await db.selectFrom('payments').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(paymentsAfter.n)).toBe(Number(paymentsBefore.n));
    expect((await legCounters(db, target.legIds[0]!))?.sold ?? 0).toBe(2);
    expect((await legCounters(db, flight.legIds[0]!))?.sold ?? 0).toBe(0);
    // Reused: the page shows the choice; a second answer is refused and changes nothing.
    expect((await v.view(token)).json().choice).toBe('move');
    const again = await v.choose(token, { choice: 'refund' });
    expect(again.statusCode).toBe(409);
    // The message names the choice made, in both languages (no '{choice}' left).
    expect(again.json().messages.it).toMatch(new RegExp(`^Hai già scelto: spostamento sul volo ${target.code} del \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`));
    expect(again.json().messages.en).toMatch(new RegExp(`^You have already chosen: move to flight ${target.code} on \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`));
    expect((await legCounters(db, target.legIds[0]!))?.sold ?? 0).toBe(2);
    const answers = (await get(`/api/admin/cancellations/${cancellationId}`, staff.PrenotaFull!.token)).json();
    expect(answers.notices[0]).toMatchObject({ choice: 'move' });
  });

  it('move under a race: two bookings for the last seat — exactly one gets it, the other is refused and can still choose', async () => {
    const flight = await createFlight(db, { seats: 6, daysAhead: 8 });
    const a = await paidBooking(app, customer!, { flight, paxes: [OWN_PAX] });
    const b = await paidBooking(app, second!, { flight, paxes: [OWN_PAX] });
    for (const [i, x] of [a, b].entries())
      await db
        .updateTable('tickets')
        .set({ contact_email: `race-${i}@example.com` })
        .where('booking_code', '=', x.code)
        .execute();
    const target = await createFlight(db, { date: addDays(flight.date, 2), seats: 1 });
    expect((await cancelAs(app, staff.Admin!.token, { flightId: flight.flightId, reason: 'Temporale' })).statusCode).toBe(200);
    const [ta] = await linksTo(app, 'race-0@example.com');
    const [tb] = await linksTo(app, 'race-1@example.com');
    const results = await Promise.all([
      visitor(app).choose(ta!, { choice: 'move', flightId: target.flightId }),
      visitor(app).choose(tb!, { choice: 'move', flightId: target.flightId }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 422]).toContain(statuses[1]);
    expect((await legCounters(db, target.legIds[0]!))?.sold ?? 0).toBe(1);
    // The refused one keeps its tickets and may still choose a refund.
    const loser = results[0]!.statusCode === 200 ? tb! : ta!;
    expect((await visitor(app).view(loser)).json().choice).toBeNull();
    expect((await visitor(app).choose(loser, { choice: 'refund' })).statusCode).toBe(200);
  });

  it('refund: the full amount paid, as a my-tickets cancellation (ticket marks, refund e-mail), seats given back', async () => {
    const { flight, booking, email, token } = await cancelledBooking();
    const res = await visitor(app).choose(token, { choice: 'refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().choice).toBe('refund');
    for (const t of booking.tickets)
      expect(await ticketMark(app, t.ticket_nr)).toMatchObject({ kind: 'cancelled', refund_cents: t.total_cents, paid_cents: t.total_cents });
    expect((await outbox(email)).map((m) => m.kind)).toContain('ticket-refund');
    expect((await legCounters(db, flight.legIds[0]!))?.sold ?? 0).toBe(0);
  });

  it('refund works after the tickets’ own change deadline (the flight will not fly)', async () => {
    const flight = await createFlight(db, { daysAhead: 9 });
    const booking = await paidBooking(app, customer!, { flight, paxes: [OWN_PAX] });
    await db.updateTable('tickets').set({ contact_email: 'late@example.com' }).where('booking_code', '=', booking.code).execute();
    await app.services.schedule.moveFlight(flight.flightId, new Date(Date.now() + 60 * 60_000));
    await db
      .updateTable('tickets')
      .set({ departs_at: new Date(Date.now() + 60 * 60_000).toISOString() })
      .where('booking_code', '=', booking.code)
      .execute();
    expect((await cancelAs(app, staff.Admin!.token, { flightId: flight.flightId, reason: 'Vento' })).statusCode).toBe(200);
    const [token] = await linksTo(app, 'late@example.com');
    expect((await visitor(app).choose(token!, { choice: 'refund' })).statusCode).toBe(200);
  });

  it('voucher: a fixed-amount coupon worth what was paid, all of it its balance, valid 12 months, e-mailed', async () => {
    const { booking, email, token } = await cancelledBooking();
    const res = await visitor(app).choose(token, { choice: 'voucher' });
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().voucherCode as string;
    expect(code).toMatch(/^HV[A-Z0-9]{10}$/);
    const coupon = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    const paid = booking.tickets.reduce((a, t) => a + t.total_cents, 0);
    expect(coupon).toMatchObject({ amount_cents: paid, balance_cents: paid, perc: 0, valid_from: romeToday() });
    expect(coupon.valid_to! > addDays(romeToday(), 360)).toBe(true);
    for (const t of booking.tickets) expect(await ticketMark(app, t.ticket_nr)).toMatchObject({ kind: 'cancelled', refund_cents: 0 });
    const kinds = (await outbox(email)).map((m) => m.kind);
    expect(kinds).toContain('voucher');
    expect(kinds).not.toContain('ticket-refund');
  });
});

describe(`one leg of a rotation (${dialect})`, () => {
  it('cancels only the journeys over that leg: FOG→TRE is told and not sold, FOG→VIE keeps flying', async () => {
    const flight = await createFlight(db, { daysAhead: 10, legs: VIESTE_LEGS });
    const through = await paidBooking(app, customer!, { flight, paxes: [OWN_PAX], originId: 1348, destinationId: 1511 });
    const toVieste = await paidBooking(app, second!, { flight, paxes: [OWN_PAX], originId: 1348, destinationId: 1514 });
    const res = await cancelAs(app, staff.Admin!.token, { flightId: flight.flightId, legId: flight.legIds[1], reason: 'Mare mosso a Tremiti' });
    expect(res.statusCode, res.body).toBe(200);
    const list = await notices(res.json().cancellationId);
    expect(list.map((n) => n.group_code)).toEqual([through.group]);
    expect(list.map((n) => n.group_code)).not.toContain(toVieste.group);
    const ids = async (d: number) =>
      (await get(`/api/flights?origin=1348&destination=${d}&departureDate=${toWireDate(flight.date)}&men=1&women=0&children=0&infants=0`))
        .json()
        .flights.map((x: { flightId: number }) => x.flightId);
    expect(await ids(1511)).not.toContain(flight.flightId);
    expect(await ids(1514)).toContain(flight.flightId);
  });
});

describe(`the reminder (${dialect})`, () => {
  it('goes once to the unanswered, 24 hours after the first e-mail, with the same link', async () => {
    const { email, token, cancellationId } = await cancelledBooking();
    const answered = await cancelledBooking();
    await visitor(app).choose(answered.token, { choice: 'refund' });
    const cancellations = app.services.cancellations;
    await cancellations.remindUnanswered();
    expect(await linksTo(app, email, 'flight-cancelled-reminder')).toEqual([]);
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 1000).toISOString();
    await db.updateTable('cancellation_notices').set({ created_at: dayAgo }).where('cancellation_id', 'in', [cancellationId, answered.cancellationId]).execute();
    await app.services.sweeper.runOnce();
    await cancellations.remindUnanswered();
    expect(await linksTo(app, email, 'flight-cancelled-reminder')).toEqual([token]);
    expect(await linksTo(app, answered.email, 'flight-cancelled-reminder')).toEqual([]);
    expect((await notices(cancellationId))[0]!.reminded_at).not.toBeNull();
    const staffView = (await get(`/api/admin/cancellations/${cancellationId}`, staff.Admin!.token)).json();
    expect(staffView.notices[0].remindedAt).not.toBeNull();
  });
});
