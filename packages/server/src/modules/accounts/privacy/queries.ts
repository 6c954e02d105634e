import type { DbOrTrx } from '../../../db/database.ts';

/**
 * SQL of personal data: what the export reads about one user, and the pseudonymisation of an
 * account being deleted. Password and token hashes are never selected.
 */

export function accountOf(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at', 'is_agency', 'is_agency_auth', 'agency_authorised_at', 'locale', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Only to check the password re-entered before a deletion. */
export async function passwordHashOf(db: DbOrTrx, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())?.password_hash;
}

export function profileOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('paxes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function rolesOf(db: DbOrTrx, userId: number): Promise<string[]> {
  return (await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute()).map((r) => r.role);
}

export function bookingsOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('booking_requests').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function passengersOf(db: DbOrTrx, requestIds: number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db.selectFrom('booking_passengers').selectAll().where('booking_request_id', 'in', requestIds).orderBy('booking_request_id').orderBy('position').execute();
}

export function ticketsOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('tickets').selectAll().where('owner_user_id', '=', userId).orderBy('ticket_nr').execute();
}

export function ticketChangesOf(db: DbOrTrx, ticketNrs: string[]) {
  if (!ticketNrs.length) return Promise.resolve([]);
  return db.selectFrom('ticket_changes').selectAll().where('ticket_nr', 'in', ticketNrs).orderBy('created_at').execute();
}

export function ticketEventsOf(db: DbOrTrx, ticketNrs: string[]) {
  if (!ticketNrs.length) return Promise.resolve([]);
  return db.selectFrom('ticket_events').selectAll().where('ticket_nr', 'in', ticketNrs).orderBy('id').execute();
}

export function paymentsOf(db: DbOrTrx, bookingCodes: string[]) {
  if (!bookingCodes.length) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select([
      'id',
      'gateway',
      'reference',
      'amount_cents',
      'description',
      'lang',
      'customer_email',
      'status',
      'bank_message',
      'error_code',
      'created_at',
      'completed_at',
      'refunded_at',
      'refund_reason',
    ])
    .where('reference', 'in', bookingCodes)
    .orderBy('created_at')
    .execute();
}

export function contactRequestsOf(db: DbOrTrx, email: string) {
  return db.selectFrom('contact_requests').selectAll().where('email', '=', email).orderBy('id').execute();
}

export function sessionsOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('sessions').select(['created_at', 'expires_at', 'last_seen_at', 'ip', 'user_agent']).where('user_id', '=', userId).orderBy('created_at').execute();
}

export function apiTokensOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('api_tokens').select(['name', 'created_at', 'last_used_at', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute();
}

/** Subjects and dates only: a body may carry a one-time link (password reset, payment). */
export function mailsTo(db: DbOrTrx, email: string) {
  return db.selectFrom('mail_outbox').select(['subject', 'kind', 'created_at', 'sent_at']).where('to_address', '=', email).orderBy('id').execute();
}

// ---- pseudonymisation ----------------------------------------------------------------------

type Booking = { id: number; code: string };

export interface Pseudonym {
  email: string;
  lastname: string;
  firstname: string;
}

export async function pseudonymiseAccount(db: DbOrTrx, userId: number, p: Pseudonym, at: string): Promise<void> {
  // An unusable hash: no password ever verifies against it.
  await db.updateTable('users').set({ email: p.email, password_hash: '!deleted', email_verified_at: null, updated_at: at }).where('id', '=', userId).execute();
  await db
    .updateTable('paxes')
    .set({
      lastname: p.lastname,
      firstname: p.firstname,
      gender: null,
      birthdate: null,
      address: '',
      city: '',
      province: null,
      zipcode: '',
      telephone: '',
      document_type_id: null,
      document_num: null,
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Every way in ends: sessions, bearer tokens, reset links. */
export async function endAccess(db: DbOrTrx, userId: number, at: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.updateTable('api_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** The contact of every booking (and its payments and links) becomes the pseudonym. */
export async function pseudonymiseBookingContacts(db: DbOrTrx, bookings: Booking[], oldEmail: string, p: Pseudonym, at: string): Promise<void> {
  if (!bookings.length) return;
  const requestIds = bookings.map((b) => b.id);
  const codes = bookings.map((b) => b.code);
  await db.updateTable('booking_requests').set({ contact_email: p.email, contact_telephone: '', updated_at: at }).where('id', 'in', requestIds).execute();
  await db.updateTable('payments').set({ customer_email: p.email }).where('reference', 'in', codes).execute();
  await db.updateTable('payment_links').set({ email: p.email }).where('booking_request_id', 'in', requestIds).execute();
  await db.updateTable('booking_passengers').set({ email: null, telephone: null }).where('booking_request_id', 'in', requestIds).execute();
  // 'payment link sent to <address>' in the bookings' event log.
  await db
    .updateTable('booking_events')
    .set((eb) => ({ reason: eb.fn<string>('replace', [eb.ref('reason'), eb.val(oldEmail), eb.val(p.email)]) }))
    .where('booking_request_id', 'in', requestIds)
    .execute();
}

/** Passengers of bookings with nothing left to fly: names replaced, birth date and document dropped. */
export async function pseudonymisePassengers(db: DbOrTrx, requestIds: number[], p: Pseudonym): Promise<void> {
  if (!requestIds.length) return;
  await db
    .updateTable('booking_passengers')
    .set({ lastname: p.lastname, firstname: p.firstname, birth_date: '1900-01-01', residence: null, document_num: null, pax_id: null, gender: null })
    .where('booking_request_id', 'in', requestIds)
    .execute();
}

/** The contact of every ticket; the passenger too on tickets flown, cancelled or moved. */
export async function pseudonymiseTickets(db: DbOrTrx, allNrs: string[], closedNrs: string[], p: Pseudonym): Promise<void> {
  if (allNrs.length) {
    await db.updateTable('tickets').set({ contact_email: p.email, email: null, tel: null, address: null }).where('ticket_nr', 'in', allNrs).execute();
    await db.updateTable('ticket_events').set({ old_values: null, new_values: null }).where('ticket_nr', 'in', allNrs).execute();
  }
  if (closedNrs.length) {
    await db
      .updateTable('tickets')
      .set({ lastname: p.lastname, firstname: p.firstname, birth_date: '01/01/1900', doc_type: null, doc_num: null, doc_expdate: null })
      .where('ticket_nr', 'in', closedNrs)
      .execute();
  }
}

/** Tickets still to fly (not cancelled or moved): they stay valid with their passenger. */
export async function liveTicketNrs(db: DbOrTrx, userId: number, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tickets')
    .leftJoin('ticket_changes', 'ticket_changes.ticket_nr', 'tickets.ticket_nr')
    .select('tickets.ticket_nr')
    .where('tickets.owner_user_id', '=', userId)
    .where('tickets.departs_at', '>', now)
    .where('ticket_changes.ticket_nr', 'is', null)
    .execute();
  return rows.map((r) => r.ticket_nr);
}

/** Messages and mails about the person, kept for no legal reason: erased. */
export async function eraseContactTrail(db: DbOrTrx, email: string): Promise<void> {
  await db.deleteFrom('contact_requests').where('email', '=', email).execute();
  await db.deleteFrom('mail_outbox').where('to_address', '=', email).execute();
}
