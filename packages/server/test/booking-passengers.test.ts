import { MESSAGES } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { asBuyer, bookingBody, bookingCounts, createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';

/**
 * Issue 8 item 10: who a passenger with an id ≥ 0 may be. The domain checks names and gender
 * of new passengers (id < 0) only; the server must not let any other id skip that check.
 */
const { app, db } = await buildTestApp();
// An account without a passenger profile first, so account ids and profile ids differ below.
const at = new Date().toISOString();
await db
  .insertInto('users')
  .values({
    email: 'no-profile@example.com',
    password_hash: 'x',
    email_verified_at: null,
    is_agency: 0,
    is_agency_auth: 0,
    agency_authorised_at: null,
    agency_authorised_by: null,
    locale: 'it',
    created_at: at,
    updated_at: at,
  })
  .execute();
const [buyer] = await createBuyers(app, 1);
const [prenotazioni] = await createBuyers(app, 1, { roles: ['Prenotazioni'] });
const [prenotaFull] = await createBuyers(app, 1, { roles: ['PrenotaFull'] });
const [prenota] = await createBuyers(app, 1, { roles: ['Prenota'] });
const client = new Client(app);

type Who = { paxId: number; token: string };
const store = (body: unknown, who: Who = buyer!) => client.post('/api/bookings', asBuyer(body, who.paxId), { bearer: who.token });
const anna = newPax({ gender: 'F', firstname: 'Anna', lastname: 'Verdi', document_num: 'CA0000002' });

async function refusedWithNothingWritten(body: unknown, who: Who = buyer!) {
  const before = await bookingCounts(db);
  const res = await store(body, who);
  expect(await bookingCounts(db)).toEqual(before);
  return res;
}

describe('passengers with an id ≥ 0', () => {
  it('{id: 100, category: a} without a name is refused: 100 is the pet, category an only', async () => {
    const f = await createFlight(db);
    const nameless = { id: 100, category: 'a', gender: 'M', birthDate: '02/05/1980', residence: 'Bari', document_type: 2, document_num: 'CA0000009' };
    const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes: [OWN_PAX, nameless] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.paxes).toBeTruthy();
  });

  it("an id ≥ 0 that is not the buyer's own passenger profile is refused (it would skip the name check)", async () => {
    const f = await createFlight(db);
    const stranger = { ...OWN_PAX, id: prenota!.paxId };
    const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes: [stranger] }));
    expect(res.statusCode).toBe(422);
  });

  it('the own passenger goes by its profile id, not the account id', async () => {
    const f = await createFlight(db);
    expect(buyer!.id).not.toBe(buyer!.paxId);
    const byAccountId = { ...OWN_PAX, id: buyer!.id };
    const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes: [byAccountId] }));
    expect(res.statusCode).toBe(422);
  });

  it('the own passenger is sent with its profile id and no names; names, gender and birth date come from the profile', async () => {
    const f = await createFlight(db);
    // A birth date that differs from the profile (14/03/1985) but still fits an adult.
    const res = await store(bookingBody({ flight: f, paxes: [{ ...OWN_PAX, birthDate: '01/01/1990' }] }));
    expect(res.statusCode, res.body).toBe(200);
    const request = await db.selectFrom('booking_requests').select('id').where('code', '=', res.json().bookingCode).executeTakeFirstOrThrow();
    const row = await db.selectFrom('booking_passengers').selectAll().where('booking_request_id', '=', request.id).executeTakeFirstOrThrow();
    const profile = await db.selectFrom('paxes').selectAll().where('user_id', '=', buyer!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pax_id: profile.id, lastname: profile.lastname, firstname: profile.firstname, gender: profile.gender, birth_date: profile.birthdate });
  });

  it("a basic user's own passenger cannot be removed", async () => {
    const f = await createFlight(db);
    const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes: [anna] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual(MESSAGES.ownPaxCannotBeRemoved);
  });

  it('Prenotazioni and PrenotaFull may book without their own passenger; other roles only while one of their gender travels', async () => {
    const f = await createFlight(db);
    for (const staff of [prenotazioni!, prenotaFull!]) {
      // Staff of the booking office pay by link (type -1), not by card.
      const body = bookingBody({ flight: f, paxes: [newPax()], form: { contacts: { email: 'c@example.com', telephone: '1', email_payment_link: 'c@example.com' } } });
      const res = await store({ ...body, type: -1 }, staff);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Spec §5: a basic user's own passenger stays; others cannot drop the last passenger of their gender.
    expect((await store(bookingBody({ flight: f, paxes: [anna] }), prenota!)).statusCode).toBe(200);
    const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes: [newPax()] }), prenota!);
    expect(res.json().messages).toEqual(MESSAGES.userGenderWomanRequired);
  });

  it('two own passengers are refused', async () => {
    const f = await createFlight(db);
    const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes: [OWN_PAX, OWN_PAX] }));
    expect(res.statusCode).toBe(422);
  });
});

describe('one person, one seat per flight in a booking; document types of ours', () => {
  const maria = (over: Record<string, unknown> = {}) =>
    newPax({ gender: 'F', lastname: 'Rossi', firstname: 'Maria', birthDate: '14/03/1985', document_num: 'CA0000005', ...over });

  it('the same person twice in one booking is refused, whatever the case, accents or spaces of the names (the own passenger too)', async () => {
    const f = await createFlight(db);
    for (const paxes of [
      [OWN_PAX, maria()],
      [OWN_PAX, anna, maria({ lastname: ' ROSSI ', firstname: 'màrIa' })],
      [OWN_PAX, anna, { ...anna, document_num: 'CA0000003' }],
    ]) {
      const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes }));
      expect(res.statusCode, JSON.stringify(paxes)).toBe(422);
      expect(res.json().errors.paxes).toEqual([MESSAGES.paxTwiceOnFlight.it]);
    }
    // A namesake born on another day is another person.
    expect((await store(bookingBody({ flight: f, paxes: [OWN_PAX, maria({ birthDate: '15/03/1985' })] }))).statusCode).toBe(200);
  });

  it('a document type that is not one of GET /api/document-types is refused at its field, nothing written', async () => {
    const f = await createFlight(db);
    for (const documentType of [4, 9999]) {
      const res = await refusedWithNothingWritten(bookingBody({ flight: f, paxes: [OWN_PAX, { ...anna, document_type: documentType }] }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['paxes.1.document_type']).toEqual([MESSAGES.documentTypeInvalid.it]);
    }
  });
});
