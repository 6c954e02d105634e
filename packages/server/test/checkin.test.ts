import { MESSAGES } from '@heliline/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, deskFlight, deskRows, deskTickets, DESK_DATE } from './checkin-support.ts';
import { createFlight } from './booking-support.ts';
import { Client, buildTestApp, type TestApp } from './helpers.ts';
import { cancelTicket } from './my-tickets-support.ts';
import { staffUsers, type Who } from './staff-support.ts';

/** The check-in desk (issue 13 part A): /api/admin/check-in/… for every role, boarding passes, window, masses, closing, manifest. */
const t: TestApp = await buildTestApp();
let users: Awaited<ReturnType<typeof staffUsers>>;
beforeAll(async () => {
  t.app.services.checkIn.compressPdf = false;
  users = await staffUsers(t.app);
});
beforeEach(() => {
  t.app.services.checkIn.now = () => at('09:40');
});

const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  new Client(t.app).request({ method, url, payload: payload as never, ...(who ? { bearer: who.token } : {}) });

const STAFF = ['Admin', 'Prenotazioni', 'PrenotaFull'] as const;
const OTHERS = ['buyer', 'agency', 'Prenota', 'PagamentoCash', 'PagamentoAgenzia'] as const;

describe('access: every endpoint × role', () => {
  it('anonymous 401, buyer / agency / other roles 403, Admin, Prenotazioni and PrenotaFull 200', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, STAFF.length);
    const base = `/api/admin/check-in/flights/${flight.flightId}`;
    const endpoints = (i: number) =>
      [
        ['GET', '/api/admin/check-in/flights', undefined],
        ['GET', base, undefined],
        ['POST', `${base}/check-in`, { code: numbers[i] }],
        ['PUT', `${base}/passengers/${numbers[i]}/weights`, { passenger_kg: 80, bags_kg: [9.5] }],
        ['GET', `${base}/manifest.pdf`, undefined],
        ['GET', `${base}/manifest.csv?lang=en`, undefined],
      ] as const;
    const before = await deskRows(t.db);
    for (const [method, url, body] of endpoints(0)) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const name of OTHERS) expect((await call(users[name], method, url, body)).statusCode, `${method} ${url} ${name}`).toBe(403);
    }
    expect((await call(null, 'POST', `${base}/close`, {})).statusCode).toBe(401);
    for (const name of OTHERS) expect((await call(users[name], 'POST', `${base}/close`, {})).statusCode).toBe(403);
    expect(await deskRows(t.db)).toEqual(before);

    for (const [i, name] of STAFF.entries()) {
      for (const [method, url, body] of endpoints(i)) {
        const res = await call(users[name], method, url, body);
        expect(res.statusCode, `${method} ${url} ${name}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
    // Closing is once per flight: the first role closes, each staff role may
    const res = await call(users.PrenotaFull, 'POST', `${base}/close`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().flight.closure.closed_by).toBe(users.PrenotaFull.email);
  });
});

describe('check in', () => {
  it("lists today's flights (Rome date of the desk's clock) with counts", async () => {
    const flight = await deskFlight(t.db);
    await deskTickets(t.app, flight, users.buyer.id, 2);
    const res = await call(users.Admin, 'GET', '/api/admin/check-in/flights');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.date).toBe(DESK_DATE);
    const row = body.flights.find((f: { id: number }) => f.id === flight.flightId);
    expect(row).toMatchObject({ code: flight.code, passengers: 2, checked_in: 0, closed: false, aircraft: { payload_kg: 600, payload_source: 'test data sheet' } });
  });

  it("a late desk also sees tomorrow's flights within 3 hours (the one just past midnight), not later ones", async () => {
    const nextDay = '2030-06-11';
    const leg = (departs: string, arrives: string) => [{ originId: 1348, destinationId: 1511, departs, arrives }];
    const pastMidnight = await createFlight(t.db, { date: nextDay, legs: leg('00:15', '00:35') });
    const morning = await createFlight(t.db, { date: nextDay, legs: leg('07:00', '07:20') });
    t.app.services.checkIn.now = () => at('23:50');
    const ids = (await call(users.Admin, 'GET', '/api/admin/check-in/flights')).json().flights.map((f: { id: number }) => f.id);
    expect(ids).toContain(pastMidnight.flightId);
    expect(ids).not.toContain(morning.flightId);
    t.app.services.checkIn.now = () => at('09:40');
    const earlier = (await call(users.Admin, 'GET', '/api/admin/check-in/flights')).json().flights.map((f: { id: number }) => f.id);
    expect(earlier).not.toContain(pastMidnight.flightId);
  });

  it('by a genuine boarding pass or a typed number, once; a second scan says so', async () => {
    const flight = await deskFlight(t.db);
    const { numbers, code } = await deskTickets(t.app, flight, users.buyer.id, 2);
    const pass = t.app.services.tickets.passes.sign(numbers[0]!);
    const url = `/api/admin/check-in/flights/${flight.flightId}/check-in`;
    const first = await call(users.Prenotazioni, 'POST', url, { code: pass });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MESSAGES.checkedIn.it);
    expect(first.json().passenger).toMatchObject({ ticket_nr: numbers[0], state: 'checkedIn', checked_in_by: users.Prenotazioni.email, override_reason: null });
    expect(first.json().passenger.checked_in_at).toBe(at('09:40').toISOString());

    const again = await call(users.Admin, 'POST', url, { code: numbers[0] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.alreadyCheckedIn.it);

    expect((await call(users.Admin, 'POST', url, { code: ` ${numbers[1]} ` })).statusCode).toBe(200);
    const audit = await t.db.selectFrom('booking_audit').selectAll().where('booking_code', '=', code).where('action', '=', 'checkedIn').execute();
    expect(audit.map((a) => a.ticket_nr).sort()).toEqual([...numbers].sort());
    expect(audit.map((a) => a.actor_user_id).sort()).toEqual([users.Prenotazioni.id, users.Admin.id].sort());
  });

  it('refuses a forged or altered boarding pass, writing nothing', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 2);
    const genuine = t.app.services.tickets.passes.sign(numbers[0]!);
    const other = t.app.services.tickets.passes.sign(numbers[1]!);
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const forged = [
      flip(genuine), // altered signature
      `HL1.${numbers[1]}.${genuine.split('.')[2]}`, // another ticket's number under this signature
      `HL1.${numbers[0]}.${other.split('.')[2]}`,
      `HL1.${numbers[0]}.AAAAAAAAAAAAAAAAAAAAAA`,
      `HL1.${numbers[0]}`,
      genuine.replace('HL1', 'HL2'),
      'HL1.not-a-pass',
    ];
    const before = await deskRows(t.db);
    for (const code of forged) {
      const res = await call(users.Admin, 'POST', `/api/admin/check-in/flights/${flight.flightId}/check-in`, { code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().message_en, code).toBe(MESSAGES.boardingPassInvalid.en);
      expect(res.json().errors.code, code).toEqual([MESSAGES.boardingPassInvalid.it]);
    }
    expect(await deskRows(t.db)).toEqual(before);
    // a pass signed with another key is refused too
    const { BoardingPasses } = await import('../src/modules/tickets/boarding-pass.ts');
    const foreign = new BoardingPasses('another-key-of-someone-else-0123456789').sign(numbers[0]!);
    expect((await call(users.Admin, 'POST', `/api/admin/check-in/flights/${flight.flightId}/check-in`, { code: foreign })).statusCode).toBe(422);
    expect(await deskRows(t.db)).toEqual(before);
  });

  it('any one character of a pass changed is refused (the last base64url character included)', async () => {
    const passes = t.app.services.tickets.passes;
    const genuine = passes.sign('1234567');
    expect(passes.verify(genuine)).toBe('1234567');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < genuine.length; i++) {
      for (const c of alphabet) {
        if (c === genuine[i]) continue;
        const altered = genuine.slice(0, i) + c + genuine.slice(i + 1);
        expect(passes.verify(altered), altered).toBeNull();
      }
    }
  });

  it('warns about a ticket of another flight, a cancelled or moved ticket, an unknown one', async () => {
    const flight = await deskFlight(t.db);
    const other = await deskFlight(t.db);
    const mine = await deskTickets(t.app, flight, users.buyer.id, 3);
    const theirs = await deskTickets(t.app, other, users.buyer.id, 1);
    await cancelTicket(t.db, mine.numbers[1]!, 'cancelled');
    await cancelTicket(t.db, mine.numbers[2]!, 'moved');
    const url = `/api/admin/check-in/flights/${flight.flightId}/check-in`;
    const before = await deskRows(t.db);
    const expectRefusal = async (code: string, status: number, key: keyof typeof MESSAGES) => {
      const res = await call(users.Admin, 'POST', url, { code });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().message, code).toBe(MESSAGES[key].it);
    };
    await expectRefusal(theirs.numbers[0]!, 409, 'checkInOtherFlight');
    await expectRefusal(t.app.services.tickets.passes.sign(theirs.numbers[0]!), 409, 'checkInOtherFlight');
    await expectRefusal(mine.numbers[1]!, 409, 'checkInTicketCancelled');
    await expectRefusal(mine.numbers[2]!, 409, 'checkInTicketMoved');
    const unknown = mine.numbers[0] === '9999999' ? '9999998' : '9999999';
    await expectRefusal(unknown, 404, 'checkInTicketUnknown');
    expect((await call(users.Admin, 'POST', '/api/admin/check-in/flights/987654/check-in', { code: mine.numbers[0] })).statusCode).toBe(404);
    expect(await deskRows(t.db)).toEqual(before);

    const view = (await call(users.Admin, 'GET', `/api/admin/check-in/flights/${flight.flightId}`)).json();
    expect(view.passengers.map((p: { state: string }) => p.state).sort()).toEqual(['cancelled', 'moved', 'waiting']);
    expect(view.flight.passengers).toBe(1);
  });

  it('opens 30 minutes before take-off and closes strictly 10 minutes before; outside, only with a reason (audited)', async () => {
    const flight = await deskFlight(t.db);
    const { numbers, code } = await deskTickets(t.app, flight, users.buyer.id, 3);
    const url = `/api/admin/check-in/flights/${flight.flightId}/check-in`;
    const before = await deskRows(t.db);
    t.app.services.checkIn.now = () => new Date(at('09:30').getTime() - 1);
    const early = await call(users.Admin, 'POST', url, { code: numbers[0] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.checkInNotOpen.it);
    t.app.services.checkIn.now = () => at('09:50');
    const late = await call(users.Admin, 'POST', url, { code: numbers[0] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.checkInClosed.it);
    expect(await deskRows(t.db)).toEqual(before);

    expect((await call(users.Admin, 'POST', url, { code: numbers[0], override_reason: ' ' })).statusCode).toBe(422);
    const overridden = await call(users.Admin, 'POST', url, { code: numbers[0], override_reason: 'Passeggero in ritardo, autorizzato dal comandante' });
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json().passenger.override_reason).toBe('Passeggero in ritardo, autorizzato dal comandante');
    const audit = await t.db.selectFrom('booking_audit').select('detail').where('booking_code', '=', code).where('ticket_nr', '=', numbers[0]!).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toMatchObject({ phase: 'closed', override_reason: 'Passeggero in ritardo, autorizzato dal comandante' });

    t.app.services.checkIn.now = () => at('09:30');
    expect((await call(users.Admin, 'POST', url, { code: numbers[1] })).statusCode).toBe(200);
    t.app.services.checkIn.now = () => new Date(at('09:50').getTime() - 1);
    expect((await call(users.Admin, 'POST', url, { code: numbers[2] })).statusCode).toBe(200);
  });
});

describe('masses, load and closing', () => {
  it('sums weighed and standard masses against the payload; refuses to close over it without a reason', async () => {
    const flight = await deskFlight(t.db, 200);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 2, { pregnant: true, minor: false, weapons: false });
    const base = `/api/admin/check-in/flights/${flight.flightId}`;
    // adult + child not weighed: 84 + 11 + 35 + 11
    let view = (await call(users.Admin, 'GET', base)).json();
    expect(view.load).toMatchObject({ passengersKg: 119, bagsKg: 22, totalKg: 141, payloadKg: 200, marginKg: 59, over: false, standardCount: 2 });
    expect(view.passengers[0].forms).toEqual(['pregnant']);
    expect(view.window).toEqual({ opens: at('09:30').toISOString(), closes: at('09:50').toISOString(), phase: 'open' });

    for (const bad of [
      { passenger_kg: -1, bags_kg: [] },
      { passenger_kg: 400, bags_kg: [] },
      { passenger_kg: 80, bags_kg: [10, 10, 10, 10, 10] },
      { passenger_kg: '80', bags_kg: [] },
    ]) {
      expect((await call(users.Admin, 'PUT', `${base}/passengers/${numbers[0]}/weights`, bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    const w = await call(users.Admin, 'PUT', `${base}/passengers/${numbers[0]}/weights`, { passenger_kg: 120.5, bags_kg: [15.2, 4.3] });
    expect(w.statusCode).toBe(200);
    expect(w.json().passenger).toMatchObject({ passenger_kg: 120.5, bags_kg: [15.2, 4.3], state: 'waiting' });
    view = (await call(users.Admin, 'GET', base)).json();
    expect(view.load).toMatchObject({ passengersKg: 155.5, bagsKg: 30.5, totalKg: 186, marginKg: 14, standardCount: 1 });

    for (const nr of numbers) expect((await call(users.Admin, 'POST', `${base}/check-in`, { code: nr })).statusCode).toBe(200);
    await call(users.Admin, 'PUT', `${base}/passengers/${numbers[1]}/weights`, { passenger_kg: 45, bags_kg: [20] });
    // 120.5 + 45 + 19.5 + 20 = 205 > 200
    const before = await deskRows(t.db);
    const refused = await call(users.Admin, 'POST', `${base}/close`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.loadOverLimit.it);
    expect(await deskRows(t.db)).toEqual(before);

    const closed = await call(users.Admin, 'POST', `${base}/close`, { reason: 'Carburante ridotto, confermato dal comandante' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().flight.closure).toMatchObject({
      total_kg: 205,
      payload_kg: 200,
      reason: 'Carburante ridotto, confermato dal comandante',
      closed_by: users.Admin.email,
    });
    expect((await call(users.Admin, 'POST', `${base}/close`, { reason: 'again' })).statusCode).toBe(409);
    expect((await call(users.Admin, 'PUT', `${base}/passengers/${numbers[0]}/weights`, { passenger_kg: 70, bags_kg: [] })).statusCode).toBe(409);
  });

  it('closing counts the checked-in only: a no-show does not fly, and the manifest says so (PDF and CSV, it and en)', async () => {
    const flight = await deskFlight(t.db, 600);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 2);
    const base = `/api/admin/check-in/flights/${flight.flightId}`;
    await call(users.Admin, 'PUT', `${base}/passengers/${numbers[0]}/weights`, { passenger_kg: 80, bags_kg: [10] });
    expect((await call(users.Admin, 'POST', `${base}/check-in`, { code: numbers[0] })).statusCode).toBe(200);
    const closed = await call(users.Admin, 'POST', `${base}/close`, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json().flight.load).toMatchObject({ totalKg: 90, marginKg: 510, over: false, standardCount: 0 });
    expect(closed.json().flight.closure.reason).toBeNull();

    const csvIt = await call(users.Admin, 'GET', `${base}/manifest.csv?lang=it`);
    expect(csvIt.headers['content-type']).toContain('text/csv');
    expect(csvIt.headers['content-disposition']).toContain(`heliline-manifest-${flight.code}-${DESK_DATE}-it.csv`);
    const lines = csvIt.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[3]).toContain('Biglietto;Cognome;Nome;Categoria');
    const row = (nr: string) => lines.find((l) => l.includes(nr))!;
    // Italian decimals hold a comma: quoted (RFC 4180), a spreadsheet still reads them as numbers.
    expect(row(numbers[0]!)).toContain(';"80,0";"10,0 (1)";sì;;Imbarcato;');
    expect(row(numbers[1]!)).toContain('Non presentato');
    expect(csvIt.body).toContain('Totale kg;"90,0"');

    const csvEn = await call(users.Admin, 'GET', `${base}/manifest.csv?lang=en`);
    expect(csvEn.body).toContain('Ticket;Last name;First name;Category');
    expect(csvEn.body).toContain('No-show');
    expect(csvEn.body).toContain('Total kg;90.0');

    for (const lang of ['it', 'en'] as const) {
      const pdf = await call(users.Admin, 'GET', `${base}/manifest.pdf?lang=${lang}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.toString('latin1')).toContain(numbers[0]!);
    }
  });

  it('check-ins racing the closing: each one is either in the closed load or refused as closed, never checked in outside it', async () => {
    // Each round starts the check-ins a little later into the closing, so some land while it reads the load.
    for (let round = 0; round < 8; round++) {
      const flight = await deskFlight(t.db, 2000);
      const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 4);
      const base = `/api/admin/check-in/flights/${flight.flightId}`;
      for (const nr of numbers) await call(users.Admin, 'PUT', `${base}/passengers/${nr}/weights`, { passenger_kg: 100, bags_kg: [] });
      const closing = call(users.PrenotaFull, 'POST', `${base}/close`, {});
      const checkIns = await Promise.all(
        numbers.map(async (nr, i) => {
          await new Promise((resolve) => setTimeout(resolve, round + i / 2));
          return call(users.Prenotazioni, 'POST', `${base}/check-in`, { code: nr });
        }),
      );
      expect((await closing).statusCode).toBe(200);
      const admitted = checkIns.filter((r) => r.statusCode === 200).length;
      for (const r of checkIns.filter((r) => r.statusCode !== 200)) expect(r.json().message).toBe(MESSAGES.checkInFlightClosed.it);
      const view = (await call(users.Admin, 'GET', base)).json();
      expect(view.passengers.filter((p: { state: string }) => p.state === 'checkedIn')).toHaveLength(admitted);
      expect(view.closure.total_kg, `round ${round}: ${admitted} checked in`).toBe(100 * admitted);
    }
  });

  it('a CSV cell that starts like a formula is made inert', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 1);
    await t.db.updateTable('tickets').set({ lastname: '=HYPERLINK("x")' }).where('ticket_nr', '=', numbers[0]!).execute();
    const csv = (await call(users.Admin, 'GET', `/api/admin/check-in/flights/${flight.flightId}/manifest.csv`)).body;
    expect(csv).toContain(`;"'=HYPERLINK(""x"")";`);
  });
});

describe('two desks see each other', () => {
  it('a check-in, a weighing and a closing are told on the live staff channel, which the three booking roles may join', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 1);
    const heard: unknown[] = [];
    const stop = t.app.services.bus.subscribe((e) => {
      if (e.event === 'CheckInChanged') heard.push(e.data);
    });
    const base = `/api/admin/check-in/flights/${flight.flightId}`;
    await call(users.Prenotazioni, 'POST', `${base}/check-in`, { code: numbers[0] });
    await call(users.Prenotazioni, 'PUT', `${base}/passengers/${numbers[0]}/weights`, { passenger_kg: 70, bags_kg: [] });
    await call(users.Prenotazioni, 'POST', `${base}/close`, {});
    await call(users.Prenotazioni, 'POST', `${base}/close`, {}); // refused: nothing told
    stop();
    expect(heard).toEqual(Array.from({ length: 3 }, () => ({ flightId: flight.flightId, user: users.Prenotazioni.email })));

    const auth = (who: Who) => call(who, 'POST', '/api/broadcasting/auth', { socket_id: '1234.5678', channel_name: 'private-check-in' });
    for (const name of STAFF) expect((await auth(users[name])).statusCode, name).toBe(200);
    for (const name of OTHERS) expect((await auth(users[name])).statusCode, name).toBe(403);
  });
});

describe('boarding pass on the receipt', () => {
  it('the owner and booking staff get the QR as SVG; others 404, anonymous 401', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 1);
    const url = `/api/tickets/${numbers[0]}/boarding-pass.svg`;
    const own = await call(users.buyer, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('image/svg+xml');
    expect(own.body).toContain('<svg');
    expect((await call(users.agency, 'GET', url)).statusCode).toBe(404);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });
});
