import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ABILITIES, type Ability, can } from '@heliline/domain';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { insertPasswordReset } from '../src/modules/auth/queries.ts';
import { upsertCoupon } from '../src/modules/booking/coupons/queries.ts';
import { SIGNATURE_HEADER } from '../src/modules/payments/signature.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-users.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { createUser, nextIp, PASSWORD, pathOf, userSignup } from './accounts-support.ts';
import { asBuyer, bookingBody, createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { failedBooking } from './failed-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { answerChecker, changedTables, fillPath, type Operation, operationsOf, rowCounts, tableNames, WRITTEN_ON_REFUSAL } from './openapi-support.ts';
import { approveAtPaypal, paidBooking } from './ticket-changes-support.ts';
import { storeBody, type Who } from './staff-support.ts';
import { at, deskFlight, deskTickets } from './checkin-support.ts';
import { linkOfGroup } from './cancellations-support.ts';
import { ledgerRow } from './refunds-support.ts';

/**
 * Issue 11 item 3: every operation of the OpenAPI document, called by every kind of caller with
 * a valid request, answers the status the table below states. An operation missing from the
 * table, or a row for an operation that no longer exists, fails the test. "other" acts on the
 * customer's booking, tickets and account; staff are the demo users' roles.
 */

const { app, db, dialect } = await buildTestApp();

// ---- callers -------------------------------------------------------------------------------

const [customer, other] = await createBuyers(app, 2);
const agencyUser = async (authorised: boolean): Promise<Who> => {
  const u = await createUser(db, { agency: true, authorised });
  const paxId = (await db.selectFrom('paxes').select('id').where('user_id', '=', u.id).executeTakeFirst())?.id ?? 0;
  return { name: 'agency', id: u.id, paxId, email: u.email, token: '', roles: [], agency: true };
};
const asWho = (name: string, b: { id: number; paxId: number; email: string; token: string }, roles: string[] = []): Who => ({ name, ...b, roles, agency: false });

const CALLERS: Record<string, Who | null> = {
  visitor: null,
  customer: asWho('customer', customer!),
  other: asWho('other', other!),
  agencyPending: await agencyUser(false),
  agency: await agencyUser(true),
};
// One caller per staff role of the demo logins (Admin, Prenotazioni, PrenotaFull, Prenota, PagamentoCash, Pagamento{product}).
for (const demo of DEMO_ACCOUNTS.filter((a) => a.roles.length === 1)) {
  const role = demo.roles[0]!;
  const [u] = await createBuyers(app, 1, { roles: [role] });
  CALLERS[role] = asWho(role, u!, [role]);
}
const COLUMNS = Object.keys(CALLERS);

// ---- fixtures, built once ------------------------------------------------------------------

const staffWho = CALLERS.Admin!;
const bookingFlight = await createFlight(db, { seats: 90, daysAhead: 12 });
/** The customer's paid booking with two passengers' tickets. */
const paid = await paidBooking(app, customer!, { flight: bookingFlight, paxes: [OWN_PAX, newPax()] });
const ticket = paid.tickets[0]!;

const http = new Client(app);
const storeAs = async (who: Who, body: unknown) => {
  const res = await http.post('/api/bookings', body, { bearer: await app.services.sessions.issueToken(who.id) });
  if (res.statusCode !== 200) throw new Error(`store refused: ${res.statusCode} ${res.body}`);
  return res.json() as { bookingCode: string; payment_link?: string; bank_link?: string };
};
/** The customer's booking waiting for the bank. */
const pending = await storeAs(CALLERS.customer!, asBuyer(bookingBody({ flight: bookingFlight }), customer!.paxId));
/** A booking paid through a payment link sent by staff (the link stays open while it is pending). */
const linked = await storeAs(CALLERS.Prenotazioni!, storeBody(-1, bookingFlight, CALLERS.Prenotazioni!));

/** A ticket change of the customer waiting for PayPal, and one already paid (its capture replays). */
async function changeRequest(date: string) {
  const b = await paidBooking(app, customer!, { flight: await createFlight(db, { daysAhead: 14 }), paxes: [OWN_PAX, newPax()] });
  const target = await createFlight(db, { date });
  const travels = [{ origin: 1348, destination: 1511, flightId: target.flightId, paxes: [{ ticketNr: b.tickets[0]!.ticket_nr }] }];
  const res = await http.put(`/api/bookings/${b.group}`, { type: 1, travels }, { bearer: customer!.token });
  if (res.statusCode !== 200) throw new Error(`change refused: ${res.statusCode} ${res.body}`);
  return res.json() as { bookingRequestUuid: string; bookingCode: string };
}
const waitingChange = await changeRequest('2027-08-02');
const paidChange = await changeRequest('2027-08-03');
const order = (await http.post('/api/paypal/api/orders', { bookingRequestUuid: paidChange.bookingRequestUuid }, { bearer: customer!.token })).json();
await approveAtPaypal(app, order.approveLink, 'approve');
const captured = await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, { bearer: customer!.token });
if (captured.statusCode !== 200) throw new Error(`capture refused: ${captured.body}`);

/** The paid booking's sandbox order and its genuine (already delivered) notification. */
const paidRequest = await db.selectFrom('booking_requests').select('payment_id').where('code', '=', paid.code).executeTakeFirstOrThrow();
const bankOrder = await db.selectFrom('sandbox_bank_orders').selectAll().where('merchant_payment_id', '=', paidRequest.payment_id!).executeTakeFirstOrThrow();
const notification = (await app.services.payments.bank.notificationFor(bankOrder.id))!;

await upsertCoupon(db, { code: 'MATRIX10', perc: 10, valid_from: null, valid_to: null, created_at: new Date().toISOString() });
const posts = (await app.inject({ url: '/api/helipad-posts' })).json().posts as { slug: string }[];
/** A user whose password the reset call may change (it ends every session of the account). */
const resettable = await createUser(db);
const unverified = await createUser(db, { verified: false });
/** Where the change preview moves the customer's ticket. */
const moveTarget = await createFlight(db, { daysAhead: 20 });

/** The check-in desk: a flight whose window is open by the desk's clock, one weighed ticket on it. */
app.services.checkIn.now = () => at('09:40');
const desk = await deskFlight(db);
const deskTicket = async () => (await deskTickets(app, desk, customer!.id, 1)).numbers[0]!;
const deskWeighed = await deskTicket();

// ---- per-call fixtures (the call consumes them) --------------------------------------------

/** A ticket of the customer of its own: each ticket may be mailed 5 times an hour (not a mail relay). */
const mailFlight = await createFlight(db, { seats: 40, daysAhead: 13 });
const mailedTicket = async () => (await paidBooking(app, customer!, { flight: mailFlight, paxes: [OWN_PAX] })).tickets[0]!.ticket_nr;
const blockedBooking = async () => (await storeAs(staffWho, storeBody(4, bookingFlight, staffWho))).bookingCode;
const failedCode = async () => (await failedBooking(app, customer!, 'declined')).code;
const resetToken = async () => {
  const token = `matrix-${crypto.randomUUID()}`;
  const now = new Date();
  await insertPasswordReset(db, {
    user_id: resettable.id,
    token_hash: sha256(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
  });
  return token;
};
/** A paid booking of the customer on a flight staff then cancel: its personal link (each choice uses one up). */
const cancelledLink = async () => {
  const flight = await createFlight(db, { daysAhead: 16 });
  const b = await paidBooking(app, customer!, { flight, paxes: [OWN_PAX] });
  await app.services.cancellations.cancel(staffWho.id, { flightId: flight.flightId, legId: null, reason: 'Vento forte' }, 'it');
  return linkOfGroup(app, b.group);
};
const viewedLink = await cancelledLink();
const cancellationId = (await db.selectFrom('flight_cancellations').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
/** A refund of the paid booking in the ledger: a failed one (for a retry) or a cash one waiting for its payout. */
const paidRequestId = (await db.selectFrom('booking_requests').select('id').where('code', '=', paid.code).executeTakeFirstOrThrow()).id;
const ledgerRefund = (source: 'sandbox' | 'cash', state: 'failed' | 'pending') => ledgerRow(db, { group: paid.group, requestId: paidRequestId }, { source, state });
const solvedCaptcha = async () => {
  const challenge = (await app.inject({ url: '/api/altcha/challenge', remoteAddress: nextIp() })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

// ---- the table -----------------------------------------------------------------------------

interface Call {
  params?: Record<string, unknown>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw payload (content type in headers). */
  raw?: string;
  /** Who should hold the failed booking before the call (the payment-link route needs it). */
  before?: (who: Who) => Promise<void>;
}
type Example = (who: Who | null) => Call | Promise<Call>;
interface Row {
  /** Expected status per caller, in the order of COLUMNS. */
  expect: string;
  example: Example;
}
const row = (expect: string, example: Example): Row => ({ expect, example });
const login = () => ({ body: { email: customer!.email, password: PASSWORD } });
const single = (ticketNr: string) => Buffer.from(`${ticketNr}:receipt@example.com`).toString('base64');

/**
 * The table's columns: visitor, customer, other customer, agency waiting for authorisation,
 * authorised agency, then the demo staff roles Admin, Prenotazioni, PrenotaFull, Prenota,
 * PagamentoCash and PagamentoContoOperatore (Pagamento{product}).
 */
const HEADER = ['visitor', 'customer', 'other', 'agencyPending', 'agency', 'Admin', 'Prenotazioni', 'PrenotaFull', 'Prenota', 'PagamentoCash', 'PagamentoContoOperatore'];

// prettier-ignore
const TABLE: Record<string, Row> = {
  //                                                     vis cus oth agP agA Adm Pzn PFl Pta Csh Opr
  'POST /api/auth/register':                         row('201 201 201 201 201 201 201 201 201 201 201', () => ({ body: userSignup() })),
  'POST /api/auth/login':                            row('200 200 200 200 200 200 200 200 200 200 200', login),
  'POST /api/auth/logout':                           row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'POST /api/auth/resend-verification-email':        row('200 200 200 200 200 200 200 200 200 200 200', async () => ({ body: { email: (await createUser(db, { verified: false })).email } })),
  'GET /email/verify/{id}/{hash}':                   row('302 302 302 302 302 302 302 302 302 302 302', () => {
    const url = new URL(app.services.auth.verificationUrl(unverified.id, unverified.email));
    return { params: { id: unverified.id, hash: url.pathname.split('/').pop() }, query: Object.fromEntries(url.searchParams) };
  }),
  'POST /password/email':                            row('200 200 200 200 200 200 200 200 200 200 200', async () => ({ body: { email: (await createUser(db)).email } })),
  'POST /password/reset':                            row('200 200 200 200 200 200 200 200 200 200 200', async () => ({
    body: { token: await resetToken(), email: resettable.email, password: 'NuovaPassword2026', password_confirmation: 'NuovaPassword2026' },
  })),
  'POST /api/v1/auth/login':                         row('200 200 200 200 200 200 200 200 200 200 200', login),
  'POST /api/v1/auth/logout':                        row('401 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'POST /login':                                     row('200 200 200 200 200 200 200 200 200 200 200', login),
  'POST /logout':                                    row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'GET /api/auth/user':                              row('401 200 200 200 200 200 200 200 200 200 200', () => ({})),
  // `id` names the customer's account: everyone updates only their own.
  'PUT /api/auth/user':                              row('401 200 200 200 200 200 200 200 200 200 200', () => ({
    body: { id: customer!.id, address: 'Via Roma 2', telephone: '+39 0881 123457' },
  })),
  'GET /api/document-types':                         row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'POST /api/v1/user/details':                       row('401 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'POST /api/v1/user/bookings':                      row('401 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'GET /api/admin/agencies':                         row('401 403 403 403 403 200 403 403 403 403 403', () => ({ query: { status: 'all' } })),
  'POST /api/admin/agencies/{id}/authorise':         row('401 403 403 403 403 200 403 403 403 403 403', async () => ({ params: { id: (await agencyUser(false)).id } })),
  'GET /api/helipad-posts':                          row('200 200 200 200 200 200 200 200 200 200 200', () => ({ query: { lang: 'en' } })),
  'GET /api/helipad-posts/{slug}':                   row('200 200 200 200 200 200 200 200 200 200 200', () => ({ params: { slug: posts[0]!.slug } })),
  'GET /company-pages/{lang}/{page}':                row('200 200 200 200 200 200 200 200 200 200 200', () => ({ params: { lang: 'it', page: 'profile' } })),
  'GET /documents/{lang}/{file}':                    row('200 200 200 200 200 200 200 200 200 200 200', () => ({ params: { lang: 'it', file: 'baggage.pdf' } })),
  'GET /api/altcha/challenge':                       row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'POST /api/contact-requests':                      row('200 200 200 200 200 200 200 200 200 200 200', async () => ({
    body: {
      lang: 'it',
      form: { firstname: 'Maria', lastname: 'Rossi', email: 'maria@example.com', telephone: '333 1234567', request_type: 'contatto', message: 'Buongiorno' },
      captcha: await solvedCaptcha(),
    },
  })),
  'GET /api/next-flight':                            row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'GET /api/calendar-flights':                       row('200 200 200 200 200 200 200 200 200 200 200', () => ({ query: { date: wireDate(bookingFlight.date) } })),
  'GET /timetable-grid':                             row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'GET /api/flights':                                row('200 200 200 200 200 200 200 200 200 200 200', () => ({
    query: { origin: '1348', destination: '1511', departureDate: wireDate(bookingFlight.date), men: '1' },
  })),
  // Card payment: buyers and agencies, not the three booking roles (they book with other types).
  'POST /api/bookings':                              row('401 200 200 403 200 403 403 403 200 200 200', (who) => ({
    body: who ? storeBody(1, bookingFlight, who) : asBuyer(bookingBody({ flight: bookingFlight }), 1),
  })),
  'POST /api/bookings/{code}/extend':                row('401 200 404 404 404 404 404 404 404 404 404', async () => ({
    params: { code: (await storeAs(CALLERS.customer!, asBuyer(bookingBody({ flight: bookingFlight }), customer!.paxId))).bookingCode },
  })),
  'GET /api/booking-status':                         row('401 200 404 404 404 200 200 200 404 404 404', () => ({ query: { code: pending.bookingCode } })),
  // An agency waiting for authorisation may not book, so it gets no totals either.
  'POST /api/guest/grandtotal':                      row('401 200 200 403 200 200 200 200 200 200 200', (who) => ({
    body: { type: 1, form: (who ? storeBody(1, bookingFlight, who) : asBuyer(bookingBody({ flight: bookingFlight }), 1)).form },
  })),
  'POST /api/dev/booking-sweep':                     row('200 200 200 200 200 200 200 200 200 200 200', () => ({ body: {} })),
  'POST /api/dev/voucher':                           row('200 200 200 200 200 200 200 200 200 200 200', () => ({ body: { amountCents: 1_000 } })),
  'POST /api/check-coupon':                          row('401 200 200 200 200 200 200 200 200 200 200', () => ({ body: { coupon: 'MATRIX10', tickets: '100.00', tot: '120.00', att: 0 } })),
  'GET /payment-link/{token}':                       row('302 302 302 302 302 302 302 302 302 302 302', () => ({ params: { token: pathOf(linked.payment_link!).split('/').pop() } })),
  'GET /api/blocked-bookings':                       row('401 403 403 403 403 200 200 200 403 403 403', () => ({})),
  'POST /api/rem-blocco-posti':                      row('401 403 403 403 403 200 200 200 403 403 403', async () => ({ body: { bookingCode: await blockedBooking() } })),
  'GET /api/admin/bookings':                         row('401 403 403 403 403 200 200 200 403 403 403', () => ({ query: { code: paid.code } })),
  // Server to server: the bank's signature, not a session, decides (a replay answers the same).
  'POST /api/payments/sandbox/notify':               row('200 200 200 200 200 200 200 200 200 200 200', () => ({
    raw: notification.raw,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: notification.signature },
  })),
  'GET /sandbox-bank/api/orders/{orderId}':          row('200 200 200 200 200 200 200 200 200 200 200', () => ({ params: { orderId: bankOrder.id } })),
  'POST /api/submit-ticket':                         row('401 200 404 404 404 200 200 200 404 404 404', async () => ({ body: { email: 'receipt@example.com', tickets: [await mailedTicket()] } })),
  'POST /api/send-single-ticket/{param}':            row('401 200 404 404 404 200 200 200 404 404 404', async () => ({ params: { param: single(await mailedTicket()) } })),
  'GET /api/tickets/{ticketNr}/pdf':                 row('401 200 404 404 404 200 200 200 404 404 404', () => ({ params: { ticketNr: ticket.ticket_nr } })),
  'GET /api/tickets/{ticketNr}/boarding-pass.svg':   row('401 200 404 404 404 200 200 200 404 404 404', () => ({ params: { ticketNr: ticket.ticket_nr } })),
  'GET /api/bookings/{code}/pdf':                    row('401 200 404 404 404 200 200 200 404 404 404', () => ({ params: { code: paid.code } })),
  'GET /api/manage-bookings/{code}':                 row('401 200 404 404 404 200 200 200 404 404 404', () => ({ params: { code: paid.group } })),
  // type 0: the preview of a change (nothing written).
  'PUT /api/bookings/{code}':                        row('401 200 404 404 404 200 200 200 404 404 404', () => ({
    params: { code: paid.group },
    body: { type: 0, travels: [{ origin: 1348, destination: 1511, flightId: moveTarget.flightId, paxes: [{ ticketNr: ticket.ticket_nr }] }] },
  })),
  'GET /api/bookings-requests/retrieve-status':      row('401 200 404 404 404 404 404 404 404 404 404', () => ({ query: { bookingRequestUuid: waitingChange.bookingRequestUuid } })),
  'POST /api/paypal/api/orders':                     row('401 200 404 404 404 404 404 404 404 404 404', () => ({ body: { bookingRequestUuid: waitingChange.bookingRequestUuid } })),
  'POST /api/paypal/api/orders/{orderID}/capture':   row('401 200 404 404 404 404 404 404 404 404 404', () => ({ params: { orderID: order.id }, body: {} })),
  'GET /api/my-tickets':                             row('401 200 404 404 404 200 200 200 404 404 404', () => ({ query: { bookingCode: paid.code } })),
  'PUT /api/tickets/{ticketNr}/passenger':           row('401 200 404 404 404 200 200 200 404 404 404', () => ({
    params: { ticketNr: ticket.ticket_nr },
    body: { lastname: 'Rossi', firstname: 'Maria', birthdate: '14/03/1985', doc_type: 2, doc_num: 'YA1234567' },
  })),
  'POST /api/tickets/{ticketNr}/email':              row('401 200 404 404 404 200 200 200 404 404 404', async () => ({
    params: { ticketNr: await mailedTicket() },
    body: { pdfType: 'ticket', recipient: 'emailBooking' },
  })),
  'GET /api/bookings-failed':                        row('401 403 403 403 403 200 200 200 403 403 403', () => ({})),
  'POST /api/bookings/lock':                         row('401 403 403 403 403 200 200 200 403 403 403', async () => ({ body: { code: await failedCode(), status: true } })),
  'PUT /api/bookings-failed/{code}':                 row('401 403 403 403 403 200 200 200 403 403 403', async () => ({ params: { code: await failedCode() }, body: { pending: false } })),
  // The row must be in use by the caller: booking staff select it first.
  'POST /api/bookings-failed/{code}/payment-link':   row('401 403 403 403 403 403 200 200 403 403 403', async () => {
    const code = await failedCode();
    return { params: { code }, body: { email_payment_link: 'link@example.com' }, before: (who) => holdRow(who, code) };
  }),
  // Personal data: every account may export its own; deletion (a wrong password here, so nobody goes) is for customers and agencies.
  'GET /api/user/data-export':                       row('401 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'DELETE /api/user':                                row('401 422 422 422 422 403 403 403 403 403 403', () => ({ body: { current_password: 'not-the-password-1' } })),
  'GET /api/admin/bookings/{code}/audit':            row('401 403 403 403 403 200 200 200 403 403 403', () => ({ params: { code: paid.code } })),
  // The check-in desk: the three booking roles. A fresh ticket per check-in, a fresh flight per closing (each happens once).
  'GET /api/admin/check-in/flights':                 row('401 403 403 403 403 200 200 200 403 403 403', () => ({})),
  'GET /api/admin/check-in/flights/{flightId}':      row('401 403 403 403 403 200 200 200 403 403 403', () => ({ params: { flightId: desk.flightId } })),
  'POST /api/admin/check-in/flights/{flightId}/check-in': row('401 403 403 403 403 200 200 200 403 403 403', async () => ({
    params: { flightId: desk.flightId },
    body: { code: await deskTicket() },
  })),
  'PUT /api/admin/check-in/flights/{flightId}/passengers/{ticketNr}/weights': row('401 403 403 403 403 200 200 200 403 403 403', () => ({
    params: { flightId: desk.flightId, ticketNr: deskWeighed },
    body: { passenger_kg: 80, bags_kg: [10] },
  })),
  'POST /api/admin/check-in/flights/{flightId}/close': row('401 403 403 403 403 200 200 200 403 403 403', async () => ({ params: { flightId: (await deskFlight(db)).flightId }, body: {} })),
  'GET /api/admin/check-in/flights/{flightId}/manifest.pdf': row('401 403 403 403 403 200 200 200 403 403 403', () => ({ params: { flightId: desk.flightId }, query: { lang: 'en' } })),
  'GET /api/admin/check-in/flights/{flightId}/manifest.csv': row('401 403 403 403 403 200 200 200 403 403 403', () => ({ params: { flightId: desk.flightId }, query: { lang: 'it' } })),
  // Health for the proxy and operators: no session needed.
  'GET /api/health':                                 row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  'GET /api/health/ready':                           row('200 200 200 200 200 200 200 200 200 200 200', () => ({})),
  // XPay's urlpost: its MAC, not a session, decides; fields that are not XPay's are refused (400), whoever sends them.
  'POST /api/payments/nexi/notify':                  row('400 400 400 400 400 400 400 400 400 400 400', () => ({ body: { codTrans: 'not-ours' } })),
  // Weather cancellations: staff with booking powers; the passenger's page by its personal link, no login.
  'GET /api/admin/cancellations/flights':            row('401 403 403 403 403 200 200 200 403 403 403', () => ({ query: { date: bookingFlight.date } })),
  'POST /api/admin/cancellations':                   row('401 403 403 403 403 200 200 200 403 403 403', async () => ({
    body: { flightId: (await createFlight(db, { daysAhead: 17 })).flightId, reason: 'Vento forte' },
  })),
  'GET /api/admin/cancellations':                    row('401 403 403 403 403 200 200 200 403 403 403', () => ({})),
  'GET /api/admin/cancellations/{id}':               row('401 403 403 403 403 200 200 200 403 403 403', () => ({ params: { id: cancellationId } })),
  'GET /api/flight-change/{token}':                  row('200 200 200 200 200 200 200 200 200 200 200', () => ({ params: { token: viewedLink } })),
  'POST /api/flight-change/{token}':                 row('200 200 200 200 200 200 200 200 200 200 200', async () => ({ params: { token: await cancelledLink() }, body: { choice: 'refund' } })),
  // Refunds (issue 51 item 4): a customer's own on my tickets (others' are left out, never an error); the ledger for Admin, the booking office and the cashier; retry Admin; desk payouts Admin and PagamentoCash.
  'GET /api/my-tickets/refunds':                     row('401 200 200 200 200 200 200 200 200 200 200', () => ({ query: { groups: paid.group } })),
  'GET /api/admin/refunds':                          row('401 403 403 403 403 200 200 200 403 200 403', () => ({ query: { state: 'failed' } })),
  'POST /api/admin/refunds/{id}/retry':              row('401 403 403 403 403 200 403 403 403 403 403', async () => ({ params: { id: await ledgerRefund('sandbox', 'failed') } })),
  'POST /api/admin/refunds/{id}/payout':             row('401 403 403 403 403 200 403 403 403 200 403', async () => ({
    params: { id: await ledgerRefund('cash', 'pending') },
    body: { how: 'contanti allo sportello' },
  })),
  // Money reports (issue 51 item 6): Admin everything, PagamentoCash its own cash; nobody else.
  'GET /api/admin/reports':                          row('401 403 403 403 403 200 403 403 403 200 403', () => ({ query: { from: '2026-12-01', to: '2026-12-07' } })),
  'GET /api/admin/reports.csv':                      row('401 403 403 403 403 200 403 403 403 200 403', () => ({ query: { from: '2026-12-07' } })),
  'POST /api/broadcasting/auth':                     row('401 403 403 403 403 200 200 200 403 403 403', () => ({
    body: { socket_id: '1234.5678', channel_name: 'private-bookings-failed' },
  })),
};

function wireDate(iso: string) {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

async function holdRow(who: Who, code: string) {
  if (!['Admin', 'Prenotazioni', 'PrenotaFull'].includes(who.name)) return;
  const res = await http.post('/api/bookings/lock', { code, status: true }, { bearer: await app.services.sessions.issueToken(who.id) });
  if (res.statusCode !== 200) throw new Error(`lock refused: ${res.body}`);
}

const TABLES = await tableNames(db);

/**
 * One call as `who`: a fresh token each time (logout revokes it), a CSRF-carrying client for
 * the visitor. Returns the answer and the tables it added rows to (counted after the example's
 * own fixtures are made).
 */
async function callAs(key: string, who: Who | null, example: Example) {
  const [method, path] = key.split(' ') as [string, string];
  const call = await example(who);
  if (who) await call.before?.(who);
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  const client = new Client(app);
  const bearer = who ? await app.services.sessions.issueToken(who.id) : undefined;
  const payload = (call.raw ?? call.body) as InjectOptions['payload'];
  // Mail queued by an earlier call gets its attachments from the sender after that commit: done before counting.
  await app.mailer.sender.drain();
  const before = await rowCounts(db, TABLES);
  const res = await client.request({
    method: method as InjectOptions['method'],
    url: `${fillPath(path, call.params)}${query}`,
    payload,
    headers: call.headers,
    bearer,
    remoteAddress: nextIp(),
  });
  return { res, written: changedTables(before, await rowCounts(db, TABLES), WRITTEN_ON_REFUSAL) };
}

/**
 * What the table says about an operation's declared access (x-access in the document): public
 * routes let the visitor in; the others answer her 401; an ability route answers 403 to
 * exactly the logged-in callers whose roles lack it (ownership and account state may refuse
 * others too, with 404 or 403, on 'user' routes).
 */
function accessDisagreements(op: Operation, row: Row): string[] {
  const statuses = row.expect.split(/\s+/);
  const access = op.access as string;
  const out: string[] = [];
  const visitor = statuses[COLUMNS.indexOf('visitor')];
  if ((access === 'public') !== (visitor !== '401')) out.push(`${op.key}: declared ${access}, the visitor gets ${visitor}`);
  if ((ABILITIES as readonly string[]).includes(access)) {
    for (const [i, name] of COLUMNS.entries()) {
      const who = CALLERS[name];
      if (!who) continue;
      const allowed = can(who.roles, access as Ability);
      if (allowed === (statuses[i] === '403')) out.push(`${op.key}: declared ${access}, ${name} (${who.roles.join(',') || 'no role'}) gets ${statuses[i]}`);
    }
  }
  return out;
}

describe(`authorisation matrix (${dialect})`, () => {
  const operations = operationsOf(app);

  it('the table has one row per operation of the OpenAPI document, and no other; its columns are the callers', () => {
    expect(COLUMNS).toEqual(HEADER);
    const documented = operations.map((o) => o.key).sort();
    expect(
      documented.filter((k) => !TABLE[k]),
      'operations missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((k) => !documented.includes(k)),
      'rows of operations that no longer exist',
    ).toEqual([]);
  });

  it("each operation's declared access (x-access) agrees with its row", () => {
    expect(
      operations.filter((o) => o.access === undefined).map((o) => o.key),
      'operations without x-access',
    ).toEqual([]);
    expect(operations.flatMap((o) => (TABLE[o.key] ? accessDisagreements(o, TABLE[o.key]!) : []))).toEqual([]);
  });

  it('every operation answers each caller with the status of the table, as the document describes it; a refusal writes nothing', { timeout: 120_000 }, async () => {
    const checkAnswer = answerChecker();
    const wrong: string[] = [];
    for (const op of operations) {
      const { key } = op;
      const entry = TABLE[key];
      if (!entry) continue;
      const expected = entry.expect.split(/\s+/);
      expect(expected, key).toHaveLength(COLUMNS.length);
      for (const [i, name] of COLUMNS.entries()) {
        const { res, written } = await callAs(key, CALLERS[name] ?? null, entry.example);
        if (res.statusCode >= 400 && written.length) wrong.push(`${key} as ${name}: ${res.statusCode} but wrote ${written.join(', ')}`);
        if (String(res.statusCode) !== expected[i]) wrong.push(`${key} as ${name}: ${res.statusCode} (table: ${expected[i]}) ${res.body.slice(0, 160)}`);
        const mismatch = checkAnswer(op, res);
        if (mismatch) wrong.push(`${mismatch} (as ${name})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("another customer's account update, sent with the customer's id, changes only their own account", async () => {
    const addressOf = async (userId: number) => (await db.selectFrom('paxes').select('address').where('user_id', '=', userId).executeTakeFirstOrThrow()).address;
    const before = await addressOf(customer!.id);
    const res = await http.put('/api/auth/user', { id: customer!.id, address: 'Via degli Altri 9', telephone: '+39 0881 999999' }, { bearer: other!.token });
    expect(res.statusCode).toBe(200);
    expect(await addressOf(customer!.id)).toBe(before);
    expect(await addressOf(other!.id)).toBe('Via degli Altri 9');
  });
});
