import { describe, expect, it } from 'vitest';
import { buildTestApp, Client } from './helpers.ts';
import { pdfText } from './my-tickets-pdf-support.ts';
import { bookingRow, cancelTicket, clientFor, createUser, issueTickets, uniqueSurname } from './my-tickets-support.ts';

const { app, db } = await buildTestApp();
const owner = await createUser(db);
const stranger = await createUser(db);
const desk = await createUser(db, { roles: ['PrenotaFull'] });
const mine = await clientFor(app, owner);
const mineEn = await clientFor(app, owner, 'en');

/** A valid pax-modal body for the adult of the fixtures (born 14/03/1985). */
const body = (overrides: Record<string, unknown> = {}) => ({
  lastname: 'Verdi',
  firstname: 'Anna Maria',
  birthdate: '14/03/1985',
  doc_type: 2,
  doc_num: 'YA7654321',
  doc_expdate: '01/01/2035',
  address: 'Via Roma 1, Foggia',
  emailPax: 'anna.verdi@example.com',
  telPax: '+39 333 7654321',
  ...overrides,
});
const put = (client: Client, nr: string, payload: unknown) => client.put(`/api/tickets/${nr}/passenger`, payload);
const ticket = (nr: string) => db.selectFrom('tickets').selectAll().where('ticket_nr', '=', nr).executeTakeFirstOrThrow();
const events = (nr: string) => db.selectFrom('ticket_events').selectAll().where('ticket_nr', '=', nr).orderBy('id').execute();

describe('PUT /api/tickets/{ticketNr}/passenger', () => {
  it('saves the passenger on both tickets of the round trip, logs old → new, and the list and PDFs show it', async () => {
    const t = await issueTickets(app, owner, { passengers: 1, lastname: uniqueSurname() });
    const [out, back] = t.numbers as [string, string];
    const res = await put(mine, out, body());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Dati del passeggero aggiornati');
    expect(res.json().bookings.map((r: { ticketNr: string }) => r.ticketNr)).toEqual([out, back]);
    for (const nr of [out, back]) {
      expect(await ticket(nr)).toMatchObject({
        lastname: 'Verdi',
        firstname: 'Anna Maria',
        doc_type: 2,
        doc_num: 'YA7654321',
        doc_expdate: '2035-01-01',
        address: 'Via Roma 1, Foggia',
        email: 'anna.verdi@example.com',
        tel: '+39 333 7654321',
      });
      const [event] = await events(nr);
      expect(event).toMatchObject({ kind: 'passenger-edit', actor_user_id: owner.id });
      expect(JSON.parse(event!.old_values!)).toMatchObject({ lastname: t.passengers[0]!.lastname, firstname: 'Maria', doc_num: null });
      expect(JSON.parse(event!.new_values!)).toMatchObject({ lastname: 'Verdi', firstname: 'Anna Maria', doc_num: 'YA7654321' });
      expect(JSON.parse(event!.new_values!)).not.toHaveProperty('birth_date'); // unchanged values are not logged
    }
    const [row] = (await mine.get(`/api/my-tickets?ticketNr=${out}`)).json().bookings;
    expect(row).toMatchObject({
      lastname: 'Verdi',
      doc_type: 2,
      doc_num: 'YA7654321',
      doc_expdate: '01/01/2035',
      address: 'Via Roma 1, Foggia',
      emailPax: 'anna.verdi@example.com',
      telPax: '+39 333 7654321',
    });

    const one = pdfText((await mine.get(`/api/tickets/${back}/pdf`)).rawPayload);
    expect(one).toContain('Verdi Anna Maria');
    expect(one).toContain('Passaporto YA7654321 (scad. 01/01/2035)');
    const whole = pdfText((await mine.get(`/api/bookings/${t.bookingCode.slice(0, 6)}/pdf?lang=en`)).rawPayload);
    expect(whole).toContain('Passport YA7654321 (exp. 01/01/2035)');
    expect(whole.match(/Verdi Anna Maria/g)).toHaveLength(2);
  });

  it('the ticket PDF shows the document the booking recorded until it is edited', async () => {
    const t = await issueTickets(app, owner, { passengers: 1, roundTrip: false });
    await bookingRow(db, t.bookingCode, owner.id, { passengers: [{ position: 1, document_type: 1, document_num: 'CA00000AA' }] });
    const res = await mine.get(`/api/tickets/${t.numbers[0]}/pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(pdfText(res.rawPayload)).toContain("Carta d'identità CA00000AA");
  });

  it("refuses a birth date that changes the passenger's category on the flight date (422, it/en, nothing written)", async () => {
    const t = await issueTickets(app, owner, { passengers: 2 });
    const adultOut = t.numbers[0]!;
    const res = await put(mine, adultOut, body({ birthdate: '01/01/2020' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().messages.it).toContain('cambierebbe categoria (AD → CH)');
    expect(res.json().messages.en).toContain('would change category (AD → CH)');
    expect(res.json().errors.birthdate).toHaveLength(1);
    const en = await put(mineEn, adultOut, body({ birthdate: '01/01/2026' }));
    expect(en.json().message).toContain('(AD → INF)');
    expect(await ticket(adultOut)).toMatchObject({ lastname: t.passengers[0]!.lastname, birth_date: '14/03/1985', doc_num: null });
    expect(await events(adultOut)).toEqual([]);

    // A child (born 02/06/2016) stays a child with another day of birth; an adult date is refused.
    const childOut = t.numbers[2]!;
    expect((await put(mine, childOut, body({ birthdate: '03/07/2016' }))).statusCode).toBe(200);
    expect((await ticket(childOut)).birth_date).toBe('03/07/2016');
    expect((await put(mine, childOut, body({ birthdate: '03/07/1990' }))).json().messages.en).toContain('(CH → AD)');
  });

  it('validates every field with the domain rules (422, nothing written)', async () => {
    const t = await issueTickets(app, owner, { passengers: 1, roundTrip: false });
    const nr = t.numbers[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ birthdate: '31/02/1985' }, 'birthdate'],
      [{ birthdate: '14/03/2099' }, 'birthdate'],
      [{ doc_type: null }, 'doc_type'],
      [{ doc_num: '' }, 'doc_num'],
      [{ doc_type: 99 }, 'doc_type'],
      [{ doc_expdate: '01/01/2020' }, 'doc_expdate'],
      [{ emailPax: 'not-an-address' }, 'emailPax'],
      [{ telPax: 'call me' }, 'telPax'],
      [{ lastname: '' }, 'lastname'],
      [{ firstname: 'x'.repeat(256) }, 'firstname'],
    ];
    for (const [change, field] of cases) {
      const res = await put(mine, nr, body(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(change)).toContain(field);
    }
    expect((await put(mine, nr, body({ doc_num: '' }))).json().message).toBe('Tipo e numero del documento sono obbligatori');
    expect(await events(nr)).toEqual([]);
    expect((await ticket(nr)).lastname).toBe(t.passengers[0]!.lastname);
  });

  it('409 after editable_until (the message names it) and on a cancelled ticket', async () => {
    const late = await issueTickets(app, owner, { passengers: 1, roundTrip: false, hoursAhead: 5 });
    const res = await put(mine, late.numbers[0]!, body());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Il biglietto non è più modificabile: il termine è scaduto il \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const gone = await issueTickets(app, owner, { passengers: 1, roundTrip: false });
    await cancelTicket(db, gone.numbers[0]!);
    expect((await put(mine, gone.numbers[0]!, body())).statusCode).toBe(409);
    expect(await events(gone.numbers[0]!)).toEqual([]);
  });

  it('round trip with the outbound already past its deadline: only the return ticket changes', async () => {
    const t = await issueTickets(app, owner, { passengers: 1, hoursAhead: 2 });
    const [out, back] = t.numbers as [string, string];
    expect((await put(mine, out, body())).statusCode).toBe(409);
    const res = await put(mine, back, body());
    expect(res.statusCode).toBe(200);
    expect((await ticket(out)).lastname).toBe(t.passengers[0]!.lastname);
    expect((await ticket(back)).lastname).toBe('Verdi');
  });

  it("someone else's or an unknown ticket: 404; no login: 401; booking staff may edit", async () => {
    const t = await issueTickets(app, owner, { passengers: 1, roundTrip: false });
    const nr = t.numbers[0]!;
    expect((await put(await clientFor(app, stranger), nr, body())).statusCode).toBe(404);
    expect((await put(mine, '0000001', body())).statusCode).toBe(404);
    expect((await put(mine, 'abc', body())).statusCode).toBe(404);
    expect((await put(new Client(app), nr, body())).statusCode).toBe(401);
    expect(await events(nr)).toEqual([]);
    const staff = await clientFor(app, desk);
    expect((await put(staff, nr, body({ lastname: 'Neri' }))).statusCode).toBe(200);
    expect((await events(nr))[0]).toMatchObject({ actor_user_id: desk.id });
  });
});
