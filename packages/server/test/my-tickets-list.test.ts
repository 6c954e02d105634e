import { describe, expect, it } from 'vitest';
import { buildTestApp, Client } from './helpers.ts';
import { bookingRow, cancelTicket, clientFor, createUser, issueTickets, uniqueSurname } from './my-tickets-support.ts';

const { app, db } = await buildTestApp();
const owner = await createUser(db);
const stranger = await createUser(db);
const desk = await createUser(db, { roles: ['Prenotazioni'] });
const cashier = await createUser(db, { roles: ['PagamentoCash'] });
const mine = await clientFor(app, owner);
const theirs = await clientFor(app, stranger);

const list = (client: Client, query: Record<string, string | number | boolean | undefined>) =>
  client.get(
    `/api/my-tickets?${new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    )}`,
  );

describe('GET /api/my-tickets: access and filters', () => {
  it('needs a login', async () => {
    expect((await list(new Client(app), { lastname: 'Rossi' })).statusCode).toBe(401);
  });

  it("needs at least one filter: 422 with the spec's exact message (includeCancelled alone is not one)", async () => {
    for (const query of [{}, { includeCancelled: 1 }, { lastname: '  ', current_page: 1 }]) {
      const res = await list(mine, query);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: 'Inserire almeno un filtro di ricerca!', message_it: 'Inserire almeno un filtro di ricerca!' });
    }
  });

  it('validates the limits (422): booking code 8, ticket number 7, 25 a page, a real date', async () => {
    const bad = [
      { bookingCode: 'ABCDEFGHJ' },
      { ticketNr: '12345678' },
      { lastname: 'R', per_page: 26 },
      { lastname: 'R', current_page: 0 },
      { flightDate: '31/02/2026' },
      { flightDate: '2026-07-10' },
    ];
    for (const query of bad) expect((await list(mine, query)).statusCode, JSON.stringify(query)).toBe(422);
    const res = await list(mine, { ticketNr: '12345678' });
    expect(res.json().errors.ticketNr).toEqual(['Il numero di biglietto ha al massimo 7 caratteri']);
  });

  it("lists the user's own tickets only; booking staff see everyone's; other staff only their own", async () => {
    const surname = uniqueSurname();
    const own = await issueTickets(app, owner, { lastname: surname, passengers: 1 });
    const other = await issueTickets(app, stranger, { lastname: surname, passengers: 1 });
    const res = await list(mine, { lastname: surname.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .bookings.map((r: { ticketNr: string }) => r.ticketNr)
        .sort(),
    ).toEqual([...own.numbers].sort());

    for (const role of ['Prenotazioni', 'PrenotaFull', 'Admin']) {
      const staff = role === 'Prenotazioni' ? desk : await createUser(db, { roles: [role] });
      const seen = (await list(await clientFor(app, staff), { lastname: surname })).json().bookings.map((r: { ticketNr: string }) => r.ticketNr);
      expect(seen.sort(), role).toEqual([...own.numbers, ...other.numbers].sort());
    }
    expect((await list(await clientFor(app, cashier), { lastname: surname })).json().bookings).toEqual([]);
  });

  it('an agency sees the bookings it made', async () => {
    const agency = await createUser(db, { agency: true, authorised: true });
    const surname = uniqueSurname();
    const made = await issueTickets(app, agency, { lastname: surname, passengers: 2 });
    const res = await list(await clientFor(app, agency), { lastname: surname });
    expect(res.json().pagination.total).toBe(made.numbers.length);
  });

  it("someone else's ticket number, booking code or group code answers 404 (like an unknown one); a prefix that matches nothing is an empty page", async () => {
    const own = await issueTickets(app, owner, { passengers: 1 });
    const nr = own.numbers[0]!;
    for (const query of [{ ticketNr: nr }, { bookingCode: own.bookingCode }, { bookingCode: own.bookingCode.slice(0, 6) }, { ticketNr: '0000001' }]) {
      const res = await list(theirs, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(404);
    }
    expect((await list(mine, { ticketNr: nr })).json().bookings.map((r: { ticketNr: string }) => r.ticketNr)).toEqual([nr]);
    expect((await list(mine, { bookingCode: own.bookingCode.slice(0, 6).toLowerCase() })).json().pagination.total).toBe(2);
    const empty = await list(theirs, { bookingCode: own.bookingCode.slice(0, 4) });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ bookings: [], pagination: { total: 0, from: 0, to: 0, last_page: 1 } });
  });

  it('filters by flight date on the Rome calendar day', async () => {
    const surname = uniqueSurname();
    const t = await issueTickets(app, owner, { lastname: surname, passengers: 1, roundTrip: false, hoursAhead: 24 * 30 });
    const takeOff = new Date(t.journeys[0]!.departsAt);
    const romeDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(takeOff);
    const next = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(takeOff.getTime() + 86_400_000),
    );
    expect((await list(mine, { flightDate: romeDay, lastname: surname })).json().pagination.total).toBe(1);
    expect((await list(mine, { flightDate: next, lastname: surname })).json().pagination.total).toBe(0);
  });

  it('cancelled tickets (and tickets a change moved onto new ones) only with includeCancelled', async () => {
    const surname = uniqueSurname();
    const t = await issueTickets(app, owner, { lastname: surname, passengers: 2 });
    await cancelTicket(db, t.numbers[1]!);
    await cancelTicket(db, t.numbers[2]!, 'moved');
    const live = (await list(mine, { lastname: surname })).json().bookings;
    expect(live.map((r: { ticketNr: string }) => r.ticketNr).sort()).toEqual([t.numbers[0], t.numbers[3]].sort());
    expect(live.every((r: { cancelled: boolean }) => !r.cancelled)).toBe(true);
    const all = (await list(mine, { lastname: surname, includeCancelled: true })).json();
    expect(all.pagination.total).toBe(4);
    for (const nr of [t.numbers[1], t.numbers[2]]) {
      expect(all.bookings.find((r: { ticketNr: string }) => r.ticketNr === nr)).toMatchObject({ cancelled: true, editable: false });
    }
  });
});

describe('GET /api/my-tickets: rows and pages', () => {
  it('25 a page in a stable order (flight date, booking, passenger 1 … 10 …), with the pagination numbers', async () => {
    const surname = uniqueSurname();
    await issueTickets(app, owner, { lastname: surname, passengers: 15, roundTrip: true });
    const first = (await list(mine, { lastname: surname })).json();
    expect(first.pagination).toEqual({ current_page: 1, last_page: 2, from: 1, to: 25, total: 30, per_page: 25 });
    const second = (await list(mine, { lastname: surname, current_page: 2 })).json();
    expect(second.pagination).toMatchObject({ current_page: 2, from: 26, to: 30, total: 30 });
    const rows = [...first.bookings, ...second.bookings] as { idPax: number; dw_flight: string; ticketNr: string }[];
    expect(new Set(rows.map((r) => r.ticketNr)).size).toBe(30);
    expect(rows.slice(0, 15).map((r) => r.idPax)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(rows.slice(0, 15).every((r) => r.dw_flight === 'd')).toBe(true);
    expect(rows.slice(15).every((r) => r.dw_flight === 'c')).toBe(true);
    const again = (await list(mine, { lastname: surname })).json();
    expect(again.bookings).toEqual(first.bookings);
  });

  it('row fields: round-trip markers, amounts in euros, places, Rome times, editable_until (6 h Foggia ⇄ Tremiti, 12 h otherwise)', async () => {
    const surname = uniqueSurname();
    const t = await issueTickets(app, owner, { lastname: surname, passengers: 1, originId: 1348, destinationId: 1511 });
    const [out, back] = (await list(mine, { lastname: surname })).json().bookings;
    expect(out).toMatchObject({
      idPax: 1,
      bookingCode: t.bookingCode,
      ticketNr: t.numbers[0],
      ticketNrInv: t.numbers[1],
      dw: 'DW',
      dw_flight: 'd',
      lastname: surname,
      firstname: 'Maria',
      birthdate: '14/03/1985',
      paxCategory: 'AD',
      emailBooking: 'contact@example.com',
      email_pdf_forms: { minor: false, pregnant: false, weapons: false },
      cancelled: false,
      editable: true,
      paymentType: 1,
      ticket: 55,
      tax: 10,
      landingFee: 2.5,
      fare: 55,
      ticketCost: 67.5,
      origin: 1348,
      destination: 1511,
      label_origin: 'Foggia',
      label_destination: 'Isole Tremiti',
      flightCode: 'LID101',
      flightId: 101,
    });
    expect(back).toMatchObject({ dw_flight: 'c', ticketNrInv: t.numbers[0], origin: 1511, destination: 1349 });
    const rome = (iso: string, shiftH: number) => {
      const d = new Date(new Date(iso).getTime() - shiftH * 3_600_000);
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Rome',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(d)
          .map((x) => [x.type, x.value]),
      );
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    expect(out.editable_until).toBe(rome(t.journeys[0]!.departsAt, 6));
    expect(back.editable_until).toBe(rome(t.journeys[1]!.departsAt, 6));
    expect(out.takeOffTime).toBe(rome(t.journeys[0]!.departsAt, 0).slice(11, 16));

    const vieste = uniqueSurname();
    const v = await issueTickets(app, owner, { lastname: vieste, passengers: 1, roundTrip: false, originId: 1348, destinationId: 1514 });
    const [row] = (await list(mine, { lastname: vieste })).json().bookings;
    expect(row).toMatchObject({ dw: 'OW', ticketNrInv: null, label_destination: 'Vieste' });
    expect(row.editable_until).toBe(rome(v.journeys[0]!.departsAt, 12));
  });

  it('a ticket past editable_until is listed as not editable', async () => {
    const surname = uniqueSurname();
    await issueTickets(app, owner, { lastname: surname, passengers: 1, roundTrip: false, hoursAhead: 3 });
    const [row] = (await list(mine, { lastname: surname })).json().bookings;
    expect(row.editable).toBe(false);
  });

  it("booking data: payment type, gender, document, contacts and discount from the booking; pending groups and 'being modified' (12)", async () => {
    const surname = uniqueSurname();
    const cash = await issueTickets(app, owner, { lastname: surname, passengers: 1, roundTrip: false });
    await bookingRow(db, cash.bookingCode, owner.id, {
      type: 2,
      passengers: [{ position: 1, gender: 'F', document_type: 2, document_num: 'YA1234567', email: 'maria@example.com', telephone: '+39 333 1234567', dsc: 10 }],
    });
    const changed = await issueTickets(app, owner, { lastname: surname, passengers: 1, roundTrip: false });
    await bookingRow(db, changed.bookingCode, owner.id, { type: -1 });
    const changeCode = `${changed.bookingCode.slice(0, 6)}YY`;
    await bookingRow(db, changeCode, owner.id, { type: 1, status: 'pending' });

    const res = (await list(mine, { lastname: surname })).json();
    const cashRow = res.bookings.find((r: { bookingCode: string }) => r.bookingCode === cash.bookingCode);
    expect(cashRow).toMatchObject({
      paymentType: 2,
      gender: 'F',
      doc_type: 2,
      doc_num: 'YA1234567',
      emailPax: 'maria@example.com',
      telPax: '+39 333 1234567',
      discount: 10,
    });
    const changedRow = res.bookings.find((r: { bookingCode: string }) => r.bookingCode === changed.bookingCode);
    expect(changedRow.paymentType).toBe(12);
    expect(res.bookingsPending).toEqual([changed.bookingCode.slice(0, 6)]);
  });
});

describe('OpenAPI', () => {
  it('documents the my-tickets calls, saying who sees what', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/my-tickets'].get.description).toContain('booking staff (Admin, Prenotazioni, PrenotaFull) see every booking');
    expect(doc.paths['/api/tickets/{ticketNr}/passenger'].put).toBeDefined();
    expect(doc.paths['/api/tickets/{ticketNr}/email'].post).toBeDefined();
  });
});
