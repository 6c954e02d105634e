import { describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, mailsTo, pathOf } from './accounts-support.ts';
import { createBuyers, createFlight, legCounters, newPax, OWN_PAX, payAtBank } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { api, groupTickets, paidBooking, ticketMark } from './ticket-changes-support.ts';

const { app, db, config } = await buildTestApp();
const [buyer, other] = await createBuyers(app, 2);
const [staff] = await createBuyers(app, 1, { roles: ['Prenotazioni'] });
const http = api(app);

async function oneWayForTwo(options: { daysAhead?: number } = {}) {
  const flight = await createFlight(db, { daysAhead: options.daysAhead ?? 10 });
  return { flight, ...(await paidBooking(app, buyer!, { flight, paxes: [OWN_PAX, newPax()] })) };
}

const travel = (flightId: number | null, ticketNrs: string[]) => ({ origin: 1348, destination: 1511, flightId, paxes: ticketNrs.map((ticketNr) => ({ ticketNr })) });
const snapshot = async (group: string) => ({
  tickets: (await groupTickets(app, group)).length,
  marks: Number((await db.selectFrom('ticket_changes').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
});

describe('PUT /api/bookings/{code}: validation with the spec messages (422, nothing written)', () => {
  it('a slot without a flight, no flight at all, more travels than tickets, a passenger twice on one flight', async () => {
    const b = await oneWayForTwo();
    const [t1, t2] = b.tickets;
    const other = await createFlight(db, { daysAhead: 11 });
    const put = (body: unknown) => http.put(`/api/bookings/${b.group}`, body, buyer!);

    const incomplete = await put({ type: 0, travels: [travel(other.flightId, [t1!.ticket_nr]), travel(null, [])] });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({ status: 'error', messages: { it: 'Completare la selezione di tutti i voli richiesti (o rimuovere i vuoti)' } });

    const none = await put({ type: 0, travels: [travel(null, [t1!.ticket_nr])] });
    expect(none.json().messages.it).toBe('Voli non selezionati');

    const many = await put({ type: 0, travels: [travel(other.flightId, []), travel(other.flightId, []), travel(other.flightId, [])] });
    expect(many.statusCode).toBe(422);

    const twice = await put({ type: 0, travels: [travel(other.flightId, [t1!.ticket_nr]), travel(other.flightId, [t2!.ticket_nr])], cancellations: [] });
    expect(twice.statusCode).toBe(200); // two people on one flight is fine
    const samePax = await put({ type: 0, travels: [travel(other.flightId, [t1!.ticket_nr]), travel(other.flightId, [t1!.ticket_nr])] });
    expect(samePax.statusCode).toBe(422);

    const bad = await put({ type: 0, cancellations: [{ ticketNr: t1!.ticket_nr, refunded_perc: '50,5' }] });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('solo numeri e punto per i decimali');
    expect((await snapshot(b.group)).tickets).toBe(2);
  });

  it('a passenger already on the target flight (round trip outbound and return onto one flight) is refused', async () => {
    const out = await createFlight(db, { daysAhead: 10 });
    const back = await createFlight(db, { daysAhead: 12, legs: [{ originId: 1511, destinationId: 1349, departs: '17:00', arrives: '17:20' }] });
    const b = await paidBooking(app, buyer!, { flight: out, comeback: back, paxes: [OWN_PAX] });
    const ret = b.tickets.find((t) => t.direction === 'c')!;
    const res = await http.put(`/api/bookings/${b.group}`, { type: 0, travels: [travel(out.flightId, [ret.ticket_nr])] }, buyer!);
    expect(res.statusCode).toBe(422);
    expect(res.json().messages.it).toBe('passeggero inserito più volte sullo stesso volo');
  });

  it('type -1: customers 403; staff need a valid recipient e-mail (spec message); the link is paid at the bank and applies the change', async () => {
    const b = await oneWayForTwo();
    const target = await createFlight(db, { date: '2027-08-03' });
    const body = { type: -1, travels: [travel(target.flightId, [b.tickets[0]!.ticket_nr])], contacts: { email_payment_link: 'not-an-email' } };
    expect((await http.put(`/api/bookings/${b.group}`, body, buyer!)).statusCode).toBe(403);
    const bad = await http.put(`/api/bookings/${b.group}`, body, staff!);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().messages.it).toBe('email destinatario non valida');

    const sent = await http.put(`/api/bookings/${b.group}`, { ...body, contacts: { email_payment_link: 'maria.link@example.com' } }, staff!);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ paypal: false, applied: false, amount: 34.75, messages: { en: 'Payment link sent to maria.link@example.com' } });
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 1 });
    const mail = await lastMailTo(db, 'maria.link@example.com');
    const visit = await app.inject({ method: 'GET', url: pathOf(linkIn(mail.text, config.appUrl)) });
    expect(visit.statusCode).toBe(302);
    await payAtBank(app, visit.headers.location as string, 'approve');
    expect(await ticketMark(app, b.tickets[0]!.ticket_nr)).toMatchObject({ kind: 'moved' });
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
    const status = (await http.get(`/api/bookings-requests/retrieve-status?bookingRequestUuid=${sent.json().bookingRequestUuid}`, buyer!)).json();
    expect(status).toMatchObject({ status: true, type: -1, state: 'ticketed' });
  });
});

describe('cut-offs and seats (409, nothing changed)', () => {
  it('after editable_until the ticket cannot be moved or cancelled', async () => {
    const b = await oneWayForTwo();
    const soon = new Date(Date.now() + 2 * 3_600_000).toISOString();
    await db.updateTable('tickets').set({ departs_at: soon }).where('booking_code', '=', b.code).execute();
    const target = await createFlight(db, { daysAhead: 12 });
    const before = await snapshot(b.group);
    const res = await http.put(`/api/bookings/${b.group}`, { type: 1, travels: [travel(target.flightId, [b.tickets[0]!.ticket_nr])] }, buyer!);
    expect(res.statusCode).toBe(409);
    expect(res.json().messages.en).toMatch(/can no longer be changed/);
    const cancel = await http.put(`/api/bookings/${b.group}`, { type: 1, cancellations: [{ ticketNr: b.tickets[0]!.ticket_nr }] }, buyer!);
    expect(cancel.statusCode).toBe(409);
    expect(await snapshot(b.group)).toEqual(before);
    expect(await legCounters(db, target.legIds[0]!)).toBeUndefined();
    expect((await http.get(`/api/manage-bookings/${b.group}`, buyer!)).json().bookings[0].editable).toBe(false);
  });

  it('a full target flight answers 409 and changes nothing', async () => {
    const b = await oneWayForTwo();
    const full = await createFlight(db, { daysAhead: 12, seats: 1 });
    await paidBooking(app, other!, { flight: full, paxes: [OWN_PAX] });
    const before = await snapshot(b.group);
    const res = await http.put(`/api/bookings/${b.group}`, { type: 1, travels: [travel(full.flightId, [b.tickets[0]!.ticket_nr])] }, buyer!);
    expect(res.statusCode, res.body).toBe(409);
    expect(await snapshot(b.group)).toEqual(before);
    expect(await legCounters(db, full.legIds[0]!)).toMatchObject({ sold: 1, held: 0 });
    expect(await legCounters(db, b.flight.legIds[0]!)).toMatchObject({ sold: 2, held: 0 });
    const open = await db.selectFrom('booking_requests').select('id').where('group_code', '=', b.group).where('channel', '=', 'CHANGE').execute();
    expect(open).toHaveLength(0);
  });
});

describe('cancelling with refund', () => {
  it('a customer gets the policy whatever they send; applied at once, seats given back, refund recorded and e-mailed', async () => {
    const b = await oneWayForTwo({ daysAhead: 10 });
    const luca = b.tickets.find((t) => t.passenger_key === '2')!;
    // The refund e-mail sent with the change (the refund worker's 'refund sent' may follow it).
    const refundMails = async () => (await mailsTo(db, 'maria.rossi@example.com')).filter((m) => m.kind === 'ticket-refund');
    const mailsBefore = (await refundMails()).length;
    const res = await http.put(`/api/bookings/${b.group}`, { type: 1, cancellations: [{ ticketNr: luca.ticket_nr, refunded_perc: 100, refunded_fee: 0 }] }, buyer!);
    expect(res.statusCode, res.body).toBe(200);
    // 10 days ahead: the whole ticket back, fees too (31.75 + 13.91 + 2.50).
    expect(res.json()).toMatchObject({ applied: true, paypal: false, amount: 0, costs: { total: 0, refund: 48.16 } });
    expect(await ticketMark(app, luca.ticket_nr)).toMatchObject({ kind: 'cancelled', refund_cents: 4816, paid_cents: 4816, refunded_perc: 100 });
    expect(await legCounters(db, b.flight.legIds[0]!)).toMatchObject({ sold: 1 });
    const rows = (await http.get(`/api/manage-bookings/${b.group}`, buyer!)).json().bookings;
    expect(rows.find((r: { ticketNr: string }) => r.ticketNr === luca.ticket_nr)).toMatchObject({ cancelled: true, refund: 48.16, editable: false });
    const mails = await refundMails();
    expect(mails.length).toBe(mailsBefore + 1);
    expect(JSON.stringify(mails.at(-1))).toContain('48,16');
  });

  it('5 days ahead a customer gets half the ticket; staff set the refund freely', async () => {
    const b = await oneWayForTwo({ daysAhead: 5 });
    const [maria, luca] = b.tickets;
    const mine = await http.put(`/api/bookings/${b.group}`, { type: 0, cancellations: [{ ticketNr: maria!.ticket_nr, refunded_perc: 100 }] }, buyer!);
    // 31.75 − 50 % retained (15.88, rounded half up) = 15.87, + 13.91 + 2.50
    expect(mine.json().costs.refund).toBe(32.28);
    const theirs = await http.put(
      `/api/bookings/${b.group}`,
      { type: 1, cancellations: [{ ticketNr: luca!.ticket_nr, refunded_perc: 80, refunded_fee: 5, refunded_tax: true, refunded_landingFee: false }] },
      staff!,
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    // 31.75 × 80 % = 25.40 + 13.91 − 5.00
    expect(theirs.json().costs.refund).toBe(34.31);
    expect(await ticketMark(app, luca!.ticket_nr)).toMatchObject({ kind: 'cancelled', refund_cents: 3431 });
  });
});

describe('an unpaid change', () => {
  it('expires with its hold: the old tickets stand, the held seats go back, the status says so, capture is refused', async () => {
    const b = await oneWayForTwo();
    const target = await createFlight(db, { date: '2027-08-01' });
    const change = (await http.put(`/api/bookings/${b.group}`, { type: 1, travels: [travel(target.flightId, [b.tickets[0]!.ticket_nr])] }, buyer!)).json();
    expect(change.paypal).toBe(true);
    const order = (await http.post('/api/paypal/api/orders', { bookingRequestUuid: change.bookingRequestUuid }, buyer!)).json();
    expect((await http.post('/api/paypal/api/orders', { bookingRequestUuid: change.bookingRequestUuid }, other!)).statusCode).toBe(404);
    expect((await http.get(`/api/bookings-requests/retrieve-status?bookingRequestUuid=${change.bookingRequestUuid}`, other!)).statusCode).toBe(404);
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 1 });

    await db
      .updateTable('booking_requests')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', change.bookingCode)
      .execute();
    expect(await app.services.requests.sweep()).toBeGreaterThanOrEqual(1);
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
    expect(await ticketMark(app, b.tickets[0]!.ticket_nr)).toBeUndefined();
    expect(await legCounters(db, b.flight.legIds[0]!)).toMatchObject({ sold: 2 });
    const status = (await http.get(`/api/bookings-requests/retrieve-status?bookingRequestUuid=${change.bookingRequestUuid}`, buyer!)).json();
    expect(status).toMatchObject({ status: false, state: 'expired', messages: { en: 'The payment time has run out: the original tickets remain valid' } });
    expect((await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!)).statusCode).toBe(409);
    expect((await http.get(`/api/manage-bookings/${b.group}`, buyer!)).json().bookings[0]).toMatchObject({ paymentType: 1, editable: true });
  });

  it('a second change while one waits for payment is refused (409)', async () => {
    const b = await oneWayForTwo();
    const target = await createFlight(db, { date: '2027-08-02' });
    const first = await http.put(`/api/bookings/${b.group}`, { type: 1, travels: [travel(target.flightId, [b.tickets[0]!.ticket_nr])] }, buyer!);
    expect(first.json().paypal).toBe(true);
    const second = await http.put(`/api/bookings/${b.group}`, { type: 1, travels: [travel(target.flightId, [b.tickets[1]!.ticket_nr])] }, buyer!);
    expect(second.statusCode).toBe(409);
  });
});

describe('the animal (idPax 100) moves only with its owner', () => {
  it('follows its owners when they all move; cannot be left alone nor moved alone', async () => {
    const flight = await createFlight(db, { daysAhead: 10 });
    // Tickets issued straight by the tickets module (pets are booked by staff): Maria and her pet on one flight.
    const code = `PETX${String(Date.now() % 100).padStart(2, '0')}AA`.replace(/[01]/g, '2');
    const journey = {
      direction: 'd' as const,
      flightId: flight.flightId,
      flightCode: flight.code,
      departsAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      arrivesAt: new Date(Date.now() + 10 * 86_400_000 + 1_200_000).toISOString(),
      originId: 1348,
      destinationId: 1511,
    };
    const price = (key: string, fare: number) => ({
      passengerKey: key,
      direction: 'd' as const,
      fareCents: fare,
      ticketCents: fare,
      taxCents: 0,
      landingTaxCents: 0,
      totalCents: fare,
    });
    await db.transaction().execute((trx) =>
      app.services.tickets.issue(trx, {
        bookingCode: code,
        ownerUserId: buyer!.id,
        contactEmail: 'maria.rossi@example.com',
        lang: 'it',
        passengers: [
          { key: '1', lastname: 'Rossi', firstname: 'Maria', birthDate: '14/03/1985', category: 'a', tktCategory: 'AD', email: null },
          { key: '2', lastname: 'Animale', firstname: 'Pet', birthDate: '01/01/2020', category: 'an', tktCategory: 'CH', email: null },
        ],
        journeys: [journey],
        prices: [price('1', 3175), price('2', 1587)],
      }),
    );
    const group = code.slice(0, 6);
    const tickets = await groupTickets(app, group);
    const person = tickets.find((t) => t.category !== 'an')!;
    const pet = tickets.find((t) => t.category === 'an')!;
    const rows = (await http.get(`/api/manage-bookings/${group}`, buyer!)).json().bookings;
    expect(rows.find((r: { ticketNr: string }) => r.ticketNr === pet.ticket_nr).idPax).toBe(100);
    const target = await createFlight(db, { daysAhead: 11 });

    const alone = await http.put(`/api/bookings/${group}`, { type: 0, travels: [travel(target.flightId, [pet.ticket_nr])] }, buyer!);
    expect(alone.statusCode).toBe(422);
    expect(alone.json().messages.en).toMatch(/pet travels only with its owner/);
    const leftBehind = await http.put(`/api/bookings/${group}`, { type: 0, cancellations: [{ ticketNr: person.ticket_nr }] }, buyer!);
    expect(leftBehind.statusCode).toBe(422);

    const moved = await http.put(`/api/bookings/${group}`, { type: 0, travels: [travel(target.flightId, [person.ticket_nr])] }, buyer!);
    expect(moved.statusCode, moved.body).toBe(200);
    const newRows = moved.json().rows.filter((r: { id: number }) => r.id < 0);
    expect(newRows.map((r: { idPax: number }) => r.idPax).sort()).toEqual([1, 100]);

    // One pet per flight: the target's pet place is taken by another booking → 409, nothing written.
    const otherBooking = await paidBooking(app, other!, { flight: target, paxes: [OWN_PAX] });
    const holder = await db.selectFrom('booking_requests').select('id').where('code', '=', otherBooking.code).executeTakeFirstOrThrow();
    await db.insertInto('flight_pets').values({ flight_id: target.flightId, booking_request_id: holder.id, updated_at: new Date().toISOString() }).execute();
    const taken = await http.put(`/api/bookings/${group}`, { type: 1, travels: [travel(target.flightId, [person.ticket_nr])] }, buyer!);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
    expect(await ticketMark(app, pet.ticket_nr)).toBeUndefined();
  });
});
