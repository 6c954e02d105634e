import { BOOKING_TYPE, type BookingType, MESSAGES } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import { createUser } from './accounts-support.ts';
import { asBuyer, bookingBody, bookingCounts, createBuyers, newPax, OWN_PAX, type TestFlight } from './booking-support.ts';
import { Client } from './helpers.ts';

/** Fixtures of the staff booking tests (staff-*.test.ts): one user per role, bodies per payment type. */

export interface Who {
  name: string;
  id: number;
  paxId: number;
  email: string;
  token: string;
  roles: string[];
  agency: boolean;
}

export const ROLE_NAMES = ['Admin', 'Prenotazioni', 'PrenotaFull', 'Prenota', 'PagamentoCash', 'PagamentoAgenzia'] as const;

/** A plain buyer, an authorised agency and one user per role. */
export async function staffUsers(app: FastifyInstance): Promise<Record<'buyer' | 'agency' | (typeof ROLE_NAMES)[number], Who>> {
  const out: Record<string, Who> = {};
  const [buyer] = await createBuyers(app, 1);
  out.buyer = { name: 'buyer', ...buyer!, roles: [], agency: false };
  for (const role of ROLE_NAMES) {
    const [u] = await createBuyers(app, 1, { roles: [role] });
    out[role] = { name: role, ...u!, roles: [role], agency: false };
  }
  const agency = await createUser(app.db, { agency: true, authorised: true });
  const paxId = (await app.db.selectFrom('paxes').select('id').where('user_id', '=', agency.id).executeTakeFirst())?.id ?? 0;
  out.agency = { name: 'agency', id: agency.id, paxId, email: agency.email, token: await app.services.sessions.issueToken(agency.id), roles: [], agency: true };
  return out as Record<'buyer' | 'agency' | (typeof ROLE_NAMES)[number], Who>;
}

export const CONTACT = 'cliente@example.com';
export const LINK_TO = 'link.cliente@example.com';
const contacts = { email: CONTACT, telephone: '+39 333 7654321', email_payment_link: LINK_TO };

/** Passengers anyone may book: the user's own passenger (agencies have none) and a new one. */
const paxesFor = (who: Who) => (who.agency ? [newPax({ gender: 'F', firstname: 'Anna', document_num: 'CA7' }), newPax()] : [OWN_PAX, newPax()]);

/** A valid POST /api/bookings body of a payment type for this user. */
export function storeBody(type: BookingType, flight: TestFlight, who: Who, over: Parameters<typeof bookingBody>[0] extends infer O ? Partial<O> : never = {}) {
  const body = bookingBody({ flight, paxes: paxesFor(who), ...over, form: { contacts, ...over.form } });
  return asBuyer({ ...body, type, ...(type === BOOKING_TYPE.block ? { bloccaPostiNota: 'Gruppo scuola' } : {}) }, who.paxId);
}

/** Rows that any store writes or sends, to prove a refusal wrote and sent nothing. */
export async function everything(db: Db) {
  const n = async (t: 'mail_outbox' | 'payment_links' | 'staff_payments' | 'flight_pets' | 'tickets') =>
    Number((await db.selectFrom(t).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    ...(await bookingCounts(db)),
    mails: await n('mail_outbox'),
    links: await n('payment_links'),
    staffPayments: await n('staff_payments'),
    pets: await n('flight_pets'),
    tickets: await n('tickets'),
  };
}

export const staffClient = (app: FastifyInstance) => {
  const client = new Client(app);
  return {
    post: (url: string, body: unknown, who: Who | null) => client.post(url, body, who ? { bearer: who.token } : {}),
    get: (url: string, who: Who | null, lang: 'it' | 'en' = 'it') =>
      client.get(url, { headers: { 'x-locale': lang, ...(who ? { authorization: `Bearer ${who.token}` } : {}) } }),
  };
};

export { MESSAGES };
