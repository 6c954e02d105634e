import { MESSAGES, STANDARD_MASS_KG } from '@heliline/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, deskFlight, deskRows, deskTickets } from './checkin-support.ts';
import { Client, buildTestApp, type TestApp } from './helpers.ts';
import { staffUsers } from './staff-support.ts';

/** Plausible masses at the desk (issue 52 item 5), on SQLite and PostgreSQL alike. */
const t: TestApp = await buildTestApp();
let users: Awaited<ReturnType<typeof staffUsers>>;
beforeAll(async () => {
  users = await staffUsers(t.app);
});
beforeEach(() => {
  t.app.services.checkIn.now = () => at('09:40');
});

const weigh = (base: string, nr: string, body: unknown, lang: 'it' | 'en' = 'it') =>
  new Client(t.app, lang).request({ method: 'PUT', url: `${base}/passengers/${nr}/weights`, payload: body as never, bearer: users.Admin.token });

describe('masses at the desk', () => {
  it('a passenger below 1 kg or above 250 kg, a bag below 0.1 kg or above 40 kg: 422 naming the field, nothing saved', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 2);
    const base = `/api/admin/check-in/flights/${flight.flightId}`;
    const before = await deskRows(t.db);
    const cases: [unknown, string, 'passengerKgImplausible' | 'bagKgImplausible'][] = [
      [{ passenger_kg: 0.1, bags_kg: [] }, 'passenger_kg', 'passengerKgImplausible'],
      [{ passenger_kg: 250.5, bags_kg: [] }, 'passenger_kg', 'passengerKgImplausible'],
      [{ passenger_kg: 80, bags_kg: [10, 0.05] }, 'bags_kg.1', 'bagKgImplausible'],
      [{ passenger_kg: 80, bags_kg: [41] }, 'bags_kg.0', 'bagKgImplausible'],
    ];
    for (const [body, field, key] of cases) {
      for (const lang of ['it', 'en'] as const) {
        const res = await weigh(base, numbers[1]!, body, lang);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors).toEqual({ [field]: [MESSAGES[key][lang]] });
      }
    }
    expect(await deskRows(t.db)).toEqual(before);
    const view = (await new Client(t.app).request({ method: 'GET', url: base, bearer: users.Admin.token })).json();
    expect(view.passengers.find((p: { ticket_nr: string }) => p.ticket_nr === numbers[1])).toMatchObject({ passenger_kg: null, bags_kg: null });

    // The bounds themselves are taken: a newborn of 1 kg with a 0.1 kg bag
    const ok = await weigh(base, numbers[1]!, { passenger_kg: 1, bags_kg: [0.1] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().passenger).toMatchObject({ passenger_kg: 1, bags_kg: [0.1] });
  });

  it('a mass stored before the bounds applied does not count as weighed: the standard mass stands in', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 1);
    const base = `/api/admin/check-in/flights/${flight.flightId}`;
    expect((await weigh(base, numbers[0]!, { passenger_kg: 80, bags_kg: [] })).statusCode).toBe(200);
    await t.db.updateTable('check_ins').set({ passenger_grams: 100 }).where('ticket_nr', '=', numbers[0]!).execute();
    const view = (await new Client(t.app).request({ method: 'GET', url: base, bearer: users.Admin.token })).json();
    expect(view.passengers[0]).toMatchObject({ ticket_nr: numbers[0], passenger_kg: null });
    expect(view.load).toMatchObject({ passengersKg: STANDARD_MASS_KG.AD, standardCount: 1 });
  });
});
