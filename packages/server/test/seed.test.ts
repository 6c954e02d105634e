import { randomBytes } from 'node:crypto';
import { addDays, dayjs, datesBetween, DEFAULT_COUNTRY_CODE, FLEET, isoWeekday, OPERATOR_TZ, PLACE_IDS, PLACES, plannedFlightsOn, romeToday } from '@heliline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { type Db, dropSchema, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-users.ts';
import { EXTRA_FLIGHT, FLIGHT_WINDOW } from '../src/seed/flights.ts';
import { seed } from '../src/seed/index.ts';
import { DOCUMENT_TYPES } from '../src/seed/reference.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { handleOf } from './helpers.ts';

/**
 * A migrated, empty database of the test dialect (its own schema on PostgreSQL), created
 * before the suite's tests and dropped after them, so that only one test schema exists at a
 * time: Kysely's migrator looks for its bookkeeping tables in every schema of the database.
 */
function freshDb(prepare: (db: Db) => Promise<unknown> = async () => {}): Db {
  const ctx = {} as { db: Db };
  let close = async () => {};
  beforeAll(async () => {
    const { databaseUrl } = testConfig();
    const schema = databaseUrl.startsWith('postgres') ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const handle = await openDatabase(databaseUrl, { schema });
    close = async () => {
      await handle.close();
      if (schema) await dropSchema(databaseUrl, schema);
    };
    await migrateToLatest(handle.db);
    ctx.db = handle.db;
    await prepare(ctx.db);
  });
  afterAll(() => close());
  // The suite's tests use the database once beforeAll has opened it.
  return new Proxy({} as Db, {
    get(_, prop) {
      const value = Reflect.get(ctx.db, prop);
      return typeof value === 'function' ? value.bind(ctx.db) : value;
    },
  });
}

const TABLES = ['places', 'document_types', 'aircraft', 'flights', 'flight_legs', 'users', 'paxes', 'user_roles'] as const;

async function counts(db: Db): Promise<Record<(typeof TABLES)[number], number>> {
  const out = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

function legsOn(db: Db, date: string) {
  return db
    .selectFrom('flight_legs')
    .innerJoin('flights', 'flights.id', 'flight_legs.flight_id')
    .select([
      'flights.code',
      'flights.pattern',
      'flight_legs.seq',
      'flight_legs.origin_id',
      'flight_legs.destination_id',
      'flight_legs.departs_at',
      'flight_legs.arrives_at',
    ])
    .where('flights.service_date', '=', date)
    .orderBy('flight_legs.departs_at')
    .execute();
}

const rome = (iso: string) => dayjs(iso).tz(OPERATOR_TZ);

describe('seed as every test app gets it (demo: false)', () => {
  const db = freshDb((db) => seed(handleOf(db), { demo: false }));
  const today = romeToday();
  const from = addDays(today, -FLIGHT_WINDOW.daysBefore);
  const to = addDays(today, FLIGHT_WINDOW.daysAfter);

  it('loads the places with their spec ids', async () => {
    const places = await db.selectFrom('places').selectAll().orderBy('id').execute();
    expect(places).toEqual(
      PLACES.map((p) => ({
        id: p.id,
        code: p.code,
        name_it: p.name.it,
        name_en: p.name.en,
        can_depart: p.canDepart ? 1 : 0,
        can_arrive: p.canArrive ? 1 : 0,
      })),
    );
  });

  it('loads the document types 1 ID card, 2 passport, 3 driving licence', async () => {
    const types = await db.selectFrom('document_types').selectAll().orderBy('id').execute();
    expect(types).toEqual([
      { id: 1, code: 'id_card', text_it: "Carta d'identità", text_en: 'ID card' },
      { id: 2, code: 'passport', text_it: 'Passaporto', text_en: 'Passport' },
      { id: 3, code: 'driving_licence', text_it: 'Patente di guida', text_en: 'Driving licence' },
    ]);
    expect(types).toHaveLength(DOCUMENT_TYPES.length);
  });

  it('loads the fleet: two AW109 and one AW139', async () => {
    const aircraft = await db.selectFrom('aircraft').select(['registration', 'model', 'seats']).orderBy('registration').execute();
    expect(aircraft).toEqual(FLEET.map(({ registration, model, seats }) => ({ registration, model, seats })));
    expect(aircraft.filter((a) => a.model.includes('AW109')).map((a) => a.seats)).toEqual([6, 6]);
    expect(aircraft.filter((a) => a.model.includes('AW139')).map((a) => a.seats)).toEqual([12]);
  });

  it('creates no users', async () => {
    expect((await counts(db)).users).toBe(0);
  });

  it('generates the timetable for every date from 7 days back to 365 ahead, and nothing outside', async () => {
    const rows = await db.selectFrom('flights').select(['code', 'service_date', 'pattern']).where('is_extra', '=', 0).execute();
    const byDate = new Map<string, string[]>();
    for (const r of rows) byDate.set(r.service_date, [...(byDate.get(r.service_date) ?? []), r.code]);
    const window = datesBetween(from, to);
    expect(window).toHaveLength(373);
    expect([...byDate.keys()].sort()).toEqual(window);
    for (const date of window) {
      expect(byDate.get(date)!.sort(), date).toEqual(
        plannedFlightsOn(date)
          .map((f) => f.code)
          .sort(),
      );
    }
    expect(rows.every((r) => r.pattern)).toBe(true);
  });

  it('gives every flight its legs, chained, with the aircraft of its pattern', async () => {
    const date = addDays(today, 10);
    const flights = await db
      .selectFrom('flights')
      .innerJoin('aircraft', 'aircraft.id', 'flights.aircraft_id')
      .select(['flights.id', 'flights.code', 'flights.status', 'aircraft.registration'])
      .where('service_date', '=', date)
      .where('is_extra', '=', 0)
      .execute();
    const planned = new Map(plannedFlightsOn(date).map((p) => [p.code, p]));
    for (const f of flights) {
      const p = planned.get(f.code)!;
      expect(f.registration).toBe(p.registration);
      expect(f.status).toBe('scheduled');
      const legs = await db.selectFrom('flight_legs').selectAll().where('flight_id', '=', f.id).orderBy('seq').execute();
      expect(legs.map((l) => [l.seq, l.origin_id, l.destination_id])).toEqual(p.legs.map((l, i) => [i + 1, l.originId, l.destinationId]));
      legs.forEach((l, i) => {
        expect(l.departs_at < l.arrives_at).toBe(true);
        if (i > 0) expect(l.departs_at > legs[i - 1]!.arrives_at).toBe(true);
      });
    }
  });

  it('has Vieste legs on a Monday', async () => {
    const monday = datesBetween(today, addDays(today, 6)).find((d) => isoWeekday(d) === 1)!;
    const legs = await legsOn(db, monday);
    expect(legs.some((l) => l.destination_id === PLACE_IDS.vieste)).toBe(true);
    expect(legs.some((l) => l.origin_id === PLACE_IDS.vieste)).toBe(true);
    const wednesday = addDays(monday, 2);
    expect((await legsOn(db, wednesday)).some((l) => l.origin_id === PLACE_IDS.vieste)).toBe(false);
  });

  it('adds no extra flight: the charter-style extra is demo data', async () => {
    expect(await db.selectFrom('flights').select('id').where('is_extra', '=', 1).execute()).toHaveLength(0);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts(db);
    const result = await seed(handleOf(db), { demo: false });
    expect(result.flights.flightsAdded).toBe(0);
    expect(result.demoUsersAdded).toBe(0);
    expect(await counts(db)).toEqual(before);
  });

  it('a start tomorrow extends the window by one day', async () => {
    const before = await counts(db);
    const tomorrow = dayjs().add(1, 'day').toDate();
    const result = await seed(handleOf(db), { demo: false, now: tomorrow });
    const newDay = addDays(romeToday(tomorrow), FLIGHT_WINDOW.daysAfter);
    expect(newDay).toBe(addDays(to, 1));
    expect(result.flights.flightsAdded).toBe(plannedFlightsOn(newDay).length);
    const after = await counts(db);
    expect(after.flights - before.flights).toBe(plannedFlightsOn(newDay).length);
    expect(after.flight_legs - before.flight_legs).toBe(plannedFlightsOn(newDay).flatMap((f) => f.legs).length);
  });

  it('does not re-create flights that staff changed or removed on a generated date', async () => {
    const date = addDays(today, 20);
    const [first, second] = await db.selectFrom('flights').select(['id', 'code']).where('service_date', '=', date).orderBy('code').execute();
    await db.updateTable('flights').set({ status: 'cancelled' }).where('id', '=', first!.id).execute();
    await db.deleteFrom('flights').where('id', '=', second!.id).execute();
    const before = await counts(db);
    await seed(handleOf(db), { demo: false });
    expect(await counts(db)).toEqual(before);
    const row = await db.selectFrom('flights').select('status').where('id', '=', first!.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });
});

describe('seed across daylight-saving changes', () => {
  // Today 20 March 2026 in Rome: the window holds both 2026 changes (29 March, 25 October).
  const db = freshDb((db) => seed(handleOf(db), { demo: false, now: new Date('2026-03-20T10:00:00Z') }));

  it('stores departures in UTC that read as the timetable time in Rome', async () => {
    const before = await legsOn(db, '2026-03-28');
    const after = await legsOn(db, '2026-03-29');
    expect(before.find((l) => l.code === 'LID101')!.departs_at).toBe('2026-03-28T07:30:00.000Z'); // CET, UTC+1
    expect(after.find((l) => l.code === 'LID101')!.departs_at).toBe('2026-03-29T06:30:00.000Z'); // CEST, UTC+2
    expect((await legsOn(db, '2026-10-24')).find((l) => l.code === 'LID103')!.departs_at).toBe('2026-10-24T12:00:00.000Z');
    expect((await legsOn(db, '2026-10-25')).find((l) => l.code === 'LID103')!.departs_at).toBe('2026-10-25T13:00:00.000Z');
  });

  it('matches the Rome timetable for every leg of the year', async () => {
    const rows = await db
      .selectFrom('flight_legs')
      .innerJoin('flights', 'flights.id', 'flight_legs.flight_id')
      .select(['flights.code', 'flights.service_date', 'flight_legs.seq', 'flight_legs.departs_at', 'flight_legs.arrives_at'])
      .where('flights.is_extra', '=', 0)
      .execute();
    const planned = new Map<string, { departs: string; arrives: string }>();
    for (const date of new Set(rows.map((r) => r.service_date))) {
      for (const f of plannedFlightsOn(date)) f.legs.forEach((l, i) => planned.set(`${date}|${f.code}|${i + 1}`, l));
    }
    expect(rows.length).toBe(planned.size);
    for (const r of rows) {
      const p = planned.get(`${r.service_date}|${r.code}|${r.seq}`)!;
      expect(rome(r.departs_at).format('YYYY-MM-DD HH:mm')).toBe(`${r.service_date} ${p.departs}`);
      expect(rome(r.arrives_at).format('YYYY-MM-DD HH:mm')).toBe(`${r.service_date} ${p.arrives}`);
    }
  });
});

describe('demo accounts (demo: true)', () => {
  let first: Awaited<ReturnType<typeof seed>>;
  const db = freshDb(async (db) => {
    first = await seed(handleOf(db), { demo: true });
  });

  function user(email: string) {
    return db
      .selectFrom('users')
      .innerJoin('paxes', 'paxes.user_id', 'users.id')
      .selectAll('paxes')
      .select([
        'users.id as uid',
        'users.email',
        'users.email_verified_at',
        'users.is_agency',
        'users.is_agency_auth',
        'users.agency_authorised_by',
        'users.password_hash',
      ])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
  }
  const rolesOf = async (id: number) => (await db.selectFrom('user_roles').select('role').where('user_id', '=', id).execute()).map((r) => r.role);

  it('adds exactly one extra flight, a few days ahead, with its legs', async () => {
    const extras = await db.selectFrom('flights').selectAll().where('is_extra', '=', 1).execute();
    expect(extras).toHaveLength(1);
    const extra = extras[0]!;
    expect(extra).toMatchObject({ code: EXTRA_FLIGHT.flight.code, service_date: addDays(romeToday(), EXTRA_FLIGHT.daysAhead), pattern: null, status: 'scheduled' });
    expect(extra.code).toMatch(/^LID9\d\d$/);
    const legs = await db.selectFrom('flight_legs').selectAll().where('flight_id', '=', extra.id).execute();
    expect(legs.map((l) => [l.origin_id, l.destination_id, rome(l.departs_at).format('HH:mm')])).toEqual([[PLACE_IDS.foggiaDeparture, PLACE_IDS.tremiti, '12:00']]);
  });

  it('keeps the one extra flight on a second run', async () => {
    await seed(handleOf(db), { demo: true });
    expect(await db.selectFrom('flights').select('id').where('is_extra', '=', 1).execute()).toHaveLength(1);
  });

  it('creates one account per kind and role, each with a passenger profile', async () => {
    expect(first.demoUsersAdded).toBe(DEMO_ACCOUNTS.length);
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual(
      expect.arrayContaining([
        'user@heliline.test',
        'agency@heliline.test',
        'agency.pending@heliline.test',
        'unverified@heliline.test',
        'admin@heliline.test',
        'prenotazioni@heliline.test',
        'prenotafull@heliline.test',
        'prenota@heliline.test',
        'cassa@heliline.test',
        'operatore@heliline.test',
      ]),
    );
    const c = await counts(db);
    expect(c.users).toBe(DEMO_ACCOUNTS.length);
    expect(c.paxes).toBe(DEMO_ACCOUNTS.length);
    for (const a of DEMO_ACCOUNTS) expect(a.password).toBe(DEMO_PASSWORD);
  });

  it('gives each staff account its role', async () => {
    const expected: Record<string, string[]> = {
      'admin@heliline.test': ['Admin'],
      'prenotazioni@heliline.test': ['Prenotazioni'],
      'prenotafull@heliline.test': ['PrenotaFull'],
      'prenota@heliline.test': ['Prenota'],
      'cassa@heliline.test': ['PagamentoCash'],
      'operatore@heliline.test': ['PagamentoContoOperatore'],
      'user@heliline.test': [],
      'agency@heliline.test': [],
    };
    for (const [email, roles] of Object.entries(expected)) expect(await rolesOf((await user(email)).uid), email).toEqual(roles);
  });

  it('sets the verification and agency flags', async () => {
    const u = await user('user@heliline.test');
    expect(u.email_verified_at).not.toBeNull();
    expect(u.is_agency).toBe(0);
    expect((await user('unverified@heliline.test')).email_verified_at).toBeNull();
    const agency = await user('agency@heliline.test');
    const admin = await user('admin@heliline.test');
    expect(agency).toMatchObject({ is_agency: 1, is_agency_auth: 1, agency_authorised_by: admin.uid });
    expect(agency.email_verified_at).not.toBeNull();
    const pending = await user('agency.pending@heliline.test');
    expect(pending).toMatchObject({ is_agency: 1, is_agency_auth: 0, agency_authorised_by: null });
    expect(pending.email_verified_at).not.toBeNull();
  });

  it('fills a full Italian profile; agencies carry company name and VAT number, no personal data', async () => {
    const u = await user('user@heliline.test');
    expect(u).toMatchObject({ country_code: DEFAULT_COUNTRY_CODE, document_type_id: 1, gender: 'F' });
    expect(u.birthdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const field of ['lastname', 'firstname', 'address', 'city', 'province', 'zipcode', 'telephone', 'document_num'] as const) {
      expect(u[field], field).toBeTruthy();
    }
    const agency = await user('agency@heliline.test');
    expect(agency.firstname).toMatch(/^IT\d{11}$/);
    expect(agency).toMatchObject({ gender: null, birthdate: null, document_type_id: null, document_num: null });
  });

  it('hashes the demo password once, and the hash verifies', async () => {
    const hashes = await db.selectFrom('users').select('password_hash').execute();
    expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(1);
    expect(hashes[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashes[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('is idempotent and leaves existing accounts as they are', async () => {
    const admin = await user('admin@heliline.test');
    await db.updateTable('users').set({ password_hash: 'changed-by-the-user' }).where('id', '=', admin.uid).execute();
    const before = await counts(db);
    const again = await seed(handleOf(db), { demo: true });
    expect(again.demoUsersAdded).toBe(0);
    expect(await counts(db)).toEqual(before);
    expect((await user('admin@heliline.test')).password_hash).toBe('changed-by-the-user');
  });

  it('re-creates a demo account that was deleted', async () => {
    await db.deleteFrom('users').where('email', '=', 'prenota@heliline.test').execute();
    expect((await seed(handleOf(db), { demo: true })).demoUsersAdded).toBe(1);
    expect(await rolesOf((await user('prenota@heliline.test')).uid)).toEqual(['Prenota']);
  });
});

describe('two instances seeding the same empty database at once', () => {
  const db = freshDb();

  it('end with the same rows as one seeding', async () => {
    const now = new Date('2026-06-01T08:00:00Z');
    const results = await Promise.all([seed(handleOf(db), { demo: true, now }), seed(handleOf(db), { demo: true, now })]);
    const c = await counts(db);
    const window = datesBetween('2026-05-25', addDays('2026-06-01', 365));
    const flights = window.reduce((n, d) => n + plannedFlightsOn(d).length, 0) + 1;
    expect(c.flights).toBe(flights);
    expect(results[0].flights.flightsAdded + results[1].flights.flightsAdded).toBe(flights);
    expect(c.users).toBe(DEMO_ACCOUNTS.length);
    expect(c.paxes).toBe(DEMO_ACCOUNTS.length);
    const legs = await db.selectFrom('flight_legs').select(['flight_id', 'seq']).execute();
    expect(new Set(legs.map((l) => `${l.flight_id}|${l.seq}`)).size).toBe(legs.length);
  });
});
