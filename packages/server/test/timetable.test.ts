import { addDays, isoWeekday, plannedFlightsOn, romeDateTimeToUtc, romeToday, toWireDate } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { ScheduleService } from '../src/modules/schedule/service.ts';
import { BOARD_TTL_MS, TimetableService } from '../src/modules/timetable/service.ts';
import { buildTestApp } from './helpers.ts';

const { app, db } = await buildTestApp();

/** A Tuesday well inside the seeded window (the seed runs with the real clock). */
function aTuesdayAhead(): string {
  let d = addDays(romeToday(), 8);
  while (isoWeekday(d) !== 2) d = addDays(d, 1);
  return d;
}
const DAY = aTuesdayAhead();
const NEXT_DAY = addDays(DAY, 1);
const at = (date: string, hhmm: string, seconds = 0) => new Date(romeDateTimeToUtc(date, hhmm).getTime() + seconds * 1000);
const serviceAt = (now: Date) => new TimetableService(new ScheduleService(db), () => now);

async function flightId(code: string, date: string): Promise<number> {
  const row = await db.selectFrom('flights').select('id').where('code', '=', code).where('service_date', '=', date).executeTakeFirstOrThrow();
  return row.id;
}

async function addExtraFlight(date: string, departs: string, arrives: string): Promise<void> {
  const aircraft = await db.selectFrom('aircraft').select('id').where('registration', '=', 'I-HELB').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('flights')
    .values({ code: 'LID950', service_date: date, aircraft_id: aircraft.id, is_extra: 1, status: 'scheduled', pattern: null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('flight_legs')
    .values({ flight_id: id, seq: 1, origin_id: 1348, destination_id: 1511, departs_at: at(date, departs).toISOString(), arrives_at: at(date, arrives).toISOString() })
    .execute();
}

describe('next flight (service, injectable clock)', () => {
  const planned = plannedFlightsOn(DAY);
  const first = planned[0]!;

  it('answers the first departure of the day with the Rome date, time and seconds to go', async () => {
    const next = await serviceAt(at(DAY, '08:00')).nextFlight('it');
    expect(next).toMatchObject({
      nextFlightDate: toWireDate(DAY),
      nextFlightTime: first.legs[0]!.departs,
      secondsToNextFlight: 30 * 60,
      flightCode: first.code,
    });
    expect(next.displayMessage).toBe(next.displayMessages.it);
    expect(next.displayMessages.it).toMatch(new RegExp(`^Prossimo volo: ${first.code} Foggia → `));
    expect(next.displayMessages.en).toMatch(new RegExp(`^Next flight: ${first.code} Foggia → `));
  });

  it('counts down to zero at takeoff and moves on one second later', async () => {
    expect((await serviceAt(at(DAY, first.legs[0]!.departs)).nextFlight('it')).secondsToNextFlight).toBe(0);
    const later = await serviceAt(at(DAY, first.legs[0]!.departs, 1)).nextFlight('en');
    expect(later.flightCode).toBe(planned[1]!.code);
    expect(later.nextFlightTime).toBe(planned[1]!.legs[0]!.departs);
    expect(later.displayMessage).toBe(later.displayMessages.en);
  });

  it('shows a cancelled flight as cancelled (issue 13) and never shows a staff-only extra flight', async () => {
    await addExtraFlight(NEXT_DAY, '07:00', '07:20');
    const id = await flightId(first.code, NEXT_DAY);
    await db.updateTable('flights').set({ status: 'cancelled' }).where('id', '=', id).execute();
    const next = await serviceAt(at(NEXT_DAY, '06:00')).nextFlight('it');
    const expected = plannedFlightsOn(NEXT_DAY)[0]!;
    expect(next.flightCode).toBe(expected.code);
    expect(next.nextFlightTime).toBe(expected.legs[0]!.departs);
    expect(next.cancelled).toBe(true);
    expect(next.displayMessage).toContain('Volo cancellato');
  });

  it('answers nulls and a clear text when nothing flies in the next 30 days', async () => {
    const next = await serviceAt(new Date(Date.now() + 400 * 86_400_000)).nextFlight('en');
    expect(next).toEqual({
      nextFlightDate: null,
      nextFlightTime: null,
      secondsToNextFlight: null,
      flightCode: null,
      displayMessage: 'No flight scheduled at the moment',
      displayMessages: { it: 'Nessun volo in programma al momento', en: 'No flight scheduled at the moment' },
    });
  });
});

describe('GET /api/next-flight', () => {
  it('answers from the server clock, in the request language', async () => {
    const res = await app.inject({ url: '/api/next-flight', headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.nextFlightDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(body.nextFlightTime).toMatch(/^\d{2}:\d{2}$/);
    expect(body.secondsToNextFlight).toBeGreaterThanOrEqual(0);
    expect(body.secondsToNextFlight).toBeLessThan(2 * 86_400);
    expect(body.displayMessage).toMatch(/^Next flight: LID\d{3} /);
    const same = await serviceAt(new Date()).nextFlight('en');
    expect(body.flightCode).toBe(same.flightCode);
  });

  it('keeps the board BOARD_TTL_MS at most: a cancellation shows by then, and on a take-off at once', async () => {
    const day = addDays(DAY, 21);
    const flight = plannedFlightsOn(day)[0]!;
    let now = at(day, '07:00');
    const service = new TimetableService(new ScheduleService(db), () => now);
    expect(await service.nextFlight('it')).not.toHaveProperty('cancelled');
    await db
      .updateTable('flights')
      .set({ status: 'cancelled' })
      .where('id', '=', await flightId(flight.code, day))
      .execute();
    now = new Date(now.getTime() + BOARD_TTL_MS - 1);
    expect(await service.nextFlight('it')).not.toHaveProperty('cancelled');
    now = new Date(now.getTime() + 1);
    expect(await service.nextFlight('it')).toMatchObject({ flightCode: flight.code, cancelled: true });
    now = at(day, flight.legs[0]!.departs, 1);
    expect((await service.nextFlight('it')).flightCode).not.toBe(flight.code);
  });

  it('takes ?lang= over the header and refuses an unknown language', async () => {
    const res = await app.inject({ url: '/api/next-flight?lang=it', headers: { 'x-locale': 'en' } });
    expect(res.json().displayMessage).toMatch(/^Prossimo volo: /);
    const bad = await app.inject({ url: '/api/next-flight?lang=de' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'I dati inseriti non sono validi', errors: { lang: ['Valore non valido'] } });
  });
});

describe('GET /api/calendar-flights', () => {
  it('lists the flights of the day with their segments in Rome time', async () => {
    const res = await app.inject({ url: `/api/calendar-flights?date=${toWireDate(DAY)}`, headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(200);
    const { flights } = res.json();
    const planned = plannedFlightsOn(DAY);
    expect(flights.map((f: { description: string }) => f.description)).toEqual(planned.map((p) => p.code));
    for (const [i, p] of planned.entries()) {
      expect(flights[i].segments).toHaveLength(p.legs.length);
      p.legs.forEach((leg, j) => {
        expect(flights[i].segments[j]).toMatchObject({ counter: j + 1, takeoff: leg.departs, landing: leg.arrives });
      });
    }
    expect(flights[0].segments[0].source).toBe('Foggia');
    expect(JSON.stringify(flights)).toContain('Tremiti Islands');
  });

  it('shows a cancelled flight as cancelled (issue 13) and leaves out extra flights', async () => {
    const res = await app.inject({ url: `/api/calendar-flights?date=${toWireDate(NEXT_DAY)}` });
    const flights = res.json().flights as { code: string; cancelled?: true }[];
    const codes = flights.map((f) => f.code);
    const planned = plannedFlightsOn(NEXT_DAY).map((p) => p.code);
    expect(codes).toEqual(planned);
    expect(flights.map((f) => f.cancelled ?? false)).toEqual(planned.map((_, i) => i === 0));
    expect(codes).not.toContain('LID950');
    expect(JSON.stringify(res.json())).toContain('Isole Tremiti');
  });

  it('answers an empty list on a day without flights', async () => {
    const res = await app.inject({ url: '/api/calendar-flights?date=01/01/2001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ flights: [] });
  });

  it.each([
    ['', 'Campo obbligatorio'],
    ['?date=31/02/2026', 'Data non valida (gg/mm/aaaa)'],
    ['?date=2026-01-10', 'Data non valida (gg/mm/aaaa)'],
    ['?date=1/1/2026', 'Data non valida (gg/mm/aaaa)'],
  ])('refuses a missing or bad date %s with 422', async (query, text) => {
    const res = await app.inject({ url: `/api/calendar-flights${query}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'I dati inseriti non sono validi', messages: { en: 'The data entered is not valid' }, errors: { date: [text] } });
  });
});

describe('GET /timetable-grid', () => {
  it('is a self-contained, accessible HTML week grid with its own CSP and no script', async () => {
    const res = await app.inject({ url: '/timetable-grid?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).not.toContain('<script');
    expect(html).toContain('<caption>Flight timetable of the week');
    expect(html.match(/<th scope="col"/g)).toHaveLength(8);
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) expect(html).toContain(day);
    expect(html).toMatch(/<th scope="row">LID1\d\d<\/th>/);
    expect(html.match(/aria-current="date"/g)).toHaveLength(1);
  });

  it('speaks Italian by default and answers 422 for an unknown language', async () => {
    const res = await app.inject({ url: '/timetable-grid' });
    expect(res.body).toMatch(/<html lang="it">/);
    expect(res.body).toContain('Lunedì');
    expect(res.body).toContain('Orario voli della settimana');
    expect((await app.inject({ url: '/timetable-grid?lang=xx' })).statusCode).toBe(422);
  });
});

describe('TimetableService.weekGrid', () => {
  it('places each flight under its weekday, Monday first', async () => {
    const grid = await serviceAt(at(DAY, '12:00')).weekGrid('it');
    expect(grid.days[0]).toBe(addDays(DAY, -1));
    expect(grid.days).toHaveLength(7);
    const tuesdayCodes = grid.rows
      .filter((r) => r.cells[1] !== null)
      .map((r) => r.code)
      .sort();
    expect(tuesdayCodes).toEqual(
      plannedFlightsOn(DAY)
        .map((p) => p.code)
        .sort(),
    );
  });
});
