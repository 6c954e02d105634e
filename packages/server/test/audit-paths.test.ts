import { describe, expect, it } from 'vitest';
import { createFlight, newPax, OWN_PAX, payAtBank } from './booking-support.ts';
import { auditActions } from './audit-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { staffClient, staffUsers, storeBody } from './staff-support.ts';
import { api, paidBooking } from './ticket-changes-support.ts';

/** Every path that changes a booking or its tickets writes its audit row (issue 11, item 7). */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const { post } = staffClient(app);
const staff = users.Prenotazioni;
const buyer = users.buyer;

const actions = async (code: string) => (await auditActions(app, code)).map((e) => e.action);

describe(`booking audit: the buyer's card path (${dialect})`, () => {
  it('created, deadline extended, paid, ticketed and one row per issued ticket, the bank as actor (no user id)', async () => {
    const f = await createFlight(db);
    const res = await post('/api/bookings', storeBody(1, f, buyer), buyer);
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().bookingCode as string;
    expect((await new Client(app).post(`/api/bookings/${code}/extend`, {}, { bearer: buyer.token })).statusCode).toBe(200);
    await payAtBank(app, res.json().bank_link, 'approve');
    const log = await auditActions(app, code);
    expect(log.map((e) => e.action)).toEqual(['created', 'deadlineExtended', 'paid', 'ticketIssued', 'ticketIssued', 'ticketed']);
    expect(log[0]).toMatchObject({ by: buyer.id, detail: { status: { from: null, to: 'pending' }, type: 1, seats: 'held' } });
    expect(log[2]).toMatchObject({ by: 'bank:sandbox', detail: { status: { from: 'pending', to: 'paid' } } });
    const tickets = await db.selectFrom('tickets').select('ticket_nr').where('booking_code', '=', code).execute();
    expect(
      log
        .filter((e) => e.action === 'ticketIssued')
        .map((e) => e.ticket)
        .sort(),
    ).toEqual(tickets.map((t) => t.ticket_nr).sort());
  });

  it('a declined payment: failed with the bank code; a swept hold: expired by the sweeper', async () => {
    const declined = await failedBooking(app, buyer, 'declined');
    const log = await auditActions(app, declined.code);
    expect(log.at(-1)).toMatchObject({ action: 'failed', by: 'bank:sandbox', detail: { status: { from: 'pending', to: 'failed' }, error_code: '51' } });
    expect(JSON.stringify(log)).not.toMatch(/4\d{15}|card/i);
    const expired = await failedBooking(app, buyer, 'expired');
    expect((await auditActions(app, expired.code)).at(-1)).toMatchObject({ action: 'expired', by: 'sweeper', detail: { seats_released: 1 } });
  });
});

describe(`booking audit: staff sales and blocked seats (${dialect})`, () => {
  it('cash sale: created as paid, ticketed with the account, tickets issued, by the staff member', async () => {
    const f = await createFlight(db);
    const res = await post('/api/bookings', storeBody(2, f, users.Admin), users.Admin);
    expect(res.statusCode, res.body).toBe(200);
    const log = await auditActions(app, res.json().bookingCode);
    expect(log.map((e) => e.action)).toEqual(['created', 'ticketIssued', 'ticketIssued', 'ticketed']);
    expect(log.at(-1)).toMatchObject({ by: users.Admin.id, detail: { account: 'cash', status: { from: 'paid', to: 'ticketed' } } });
  });

  it('a block created, then sold as a payment-link booking (link sent); another block released', async () => {
    const f = await createFlight(db);
    const blocked = (await post('/api/bookings', storeBody(4, f, staff), staff)).json().bookingCode as string;
    const sold = await post('/api/bookings', storeBody(-1, f, staff, { form: { prenBloccataSel: blocked } }), staff);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await auditActions(app, blocked)).toMatchObject([
      { action: 'created', by: staff.id, detail: { status: { to: 'blocked' } } },
      { action: 'blockSold', by: staff.id, detail: { sold_as: sold.json().bookingCode } },
    ]);
    expect(await actions(sold.json().bookingCode)).toEqual(['created', 'paymentLinkSent']);

    const other = (await post('/api/bookings', storeBody(4, f, staff), staff)).json().bookingCode as string;
    expect((await post('/api/rem-blocco-posti', { bookingCode: other }, staff)).statusCode).toBe(200);
    expect((await auditActions(app, other)).at(-1)).toMatchObject({ action: 'blockReleased', by: staff.id, detail: { status: { from: 'blocked', to: 'deleted' } } });
  });
});

describe(`booking audit: failed-booking handling (${dialect})`, () => {
  it('select, lock, unlock, remove: each by the staff member', async () => {
    const { code } = await failedBooking(app, buyer, 'declined');
    const desk = caller(app, staff);
    expect((await desk.lock({ code, status: true, locked: true })).statusCode).toBe(200);
    expect((await desk.lock({ code, locked: false })).statusCode).toBe(200);
    expect((await desk.remove(code)).statusCode).toBe(200);
    const log = (await auditActions(app, code)).slice(-4);
    expect(log).toMatchObject([
      { action: 'handled', by: staff.id, detail: { handling: 'selected' } },
      { action: 'handled', detail: { handling: 'locked' } },
      { action: 'handled', detail: { handling: 'unlocked' } },
      { action: 'removed', by: staff.id, detail: { status: { from: 'failed', to: 'deleted' } } },
    ]);
  });

  it('a new payment link for a declined booking; a retry closes the previous booking', async () => {
    const { code } = await failedBooking(app, buyer, 'declined');
    await caller(app, staff).lock({ code, status: true });
    expect((await caller(app, staff).post(`/api/bookings-failed/${code}/payment-link`, { email_payment_link: 'nuovo@example.com' })).statusCode).toBe(200);
    expect((await actions(code)).slice(-2)).toEqual(['waitingForPaymentAgain', 'paymentLinkSent']);

    const f = await createFlight(db);
    const previous = (await post('/api/bookings', storeBody(-1, f, staff), staff)).json().bookingCode as string;
    const retried = await post('/api/bookings', { ...storeBody(-1, f, staff), retry: true, previousBooking: previous, pending: true }, staff);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await auditActions(app, previous)).at(-1)).toMatchObject({ action: 'retried', by: staff.id, detail: { retried_as: retried.json().bookingCode } });
  });
});

describe(`booking audit: tickets after issue (${dialect})`, () => {
  it('a passenger edit names the ticket and the fields (not their values); a cancellation applied names the ticket and its refund', async () => {
    const f = await createFlight(db, { daysAhead: 20 });
    const b = await paidBooking(app, buyer, { flight: f, paxes: [OWN_PAX, newPax()] });
    const luca = b.tickets.find((t) => t.passenger_key === '2')!;
    const edit = await new Client(app).put(
      `/api/tickets/${luca.ticket_nr}/passenger`,
      {
        lastname: luca.lastname,
        firstname: luca.firstname,
        birthdate: luca.birth_date,
        doc_type: 2,
        doc_num: 'YA7654321',
        doc_expdate: '01/01/2035',
        address: 'Via Roma 1',
        emailPax: '',
        telPax: '',
      },
      { bearer: buyer.token },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = (await auditActions(app, b.code)).at(-1)!;
    expect(edited).toMatchObject({ action: 'passengerEdited', ticket: luca.ticket_nr, by: buyer.id });
    expect(edited.detail!.fields).toEqual(expect.arrayContaining(['doc_num', 'address']));
    expect(JSON.stringify(edited)).not.toContain('YA7654321');

    const cancel = await api(app).put(`/api/bookings/${b.group}`, { type: 1, cancellations: [{ ticketNr: luca.ticket_nr, refunded_perc: 100 }] }, staff);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await auditActions(app, b.code)).at(-1)).toMatchObject({ action: 'ticketCancelled', ticket: luca.ticket_nr, by: staff.id });
    const change = await db.selectFrom('booking_requests').select('code').where('channel', '=', 'CHANGE').where('group_code', '=', b.group).executeTakeFirstOrThrow();
    expect(await actions(change.code)).toEqual(['changeRecorded', 'changeApplied']);
  });
});
