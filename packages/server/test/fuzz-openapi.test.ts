/**
 * Issue 11 item 4: property-based requests against EVERY operation of the OpenAPI document,
 * built from the route's own zod schemas (params, querystring, body) with fast-check, valid
 * values mixed with hostile ones (control characters, huge strings, unicode, wrong types,
 * missing and extra fields); as a visitor, as a logged-in customer, and as staff on the
 * operations that need a login. For every answer:
 *   - never a 5xx;
 *   - on a 4xx no row was written in any table (counted before and after each call);
 *   - the status is documented for the operation and the body matches its documented schema;
 *   - a visitor on an operation that needs a login hears 401 whatever she sends (auth before validation);
 *   - an API answer that is an error or not public by its route says `Cache-Control: no-store`;
 *   - a path parameter that is a secret (`config.secretParams`) never reaches the request log.
 * Beside it, the outside probe's attempts (issue 52): deep JSON bodies and impossible dates on
 * every operation that takes them.
 * FUZZ_RUNS sets the requests per operation and caller (default 30, a couple of minutes per
 * database in CI); FUZZ_SEED replays a run (the seed is printed on failure), e.g.
 *   FUZZ_RUNS=300 npx vitest run --project server test/fuzz-openapi.test.ts
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { upsertCoupon } from '../src/modules/booking/coupons/queries.ts';
import { nextIp, PASSWORD, userSignup } from './accounts-support.ts';
import { asBuyer, bookingBody, createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { mutatedOnce, requestArbitrary, type RequestParts, type ZodLike } from './fuzz-arbitraries.ts';
import { buildTestApp, Client } from './helpers.ts';
import { failedBooking } from './failed-support.ts';
import { paidBooking } from './ticket-changes-support.ts';
import { messageBody } from '../src/http/errors.ts';
import { answerChecker, changedTables, KNOWN_GAPS, WRITTEN_ON_REFUSAL, fillPath, type Operation, operationsOf, rowCounts, tableNames } from './openapi-support.ts';

/** Each route's zod schemas as Fastify hands them to the validator compiler ("GET /x/:id body" → schema). */
const routeSchemas = vi.hoisted(() => new Map<string, unknown>());
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify-type-provider-zod')>();
  const validatorCompiler: typeof mod.validatorCompiler = (route) => {
    routeSchemas.set(`${route.method} ${route.url} ${route.httpPart}`, route.schema);
    return mod.validatorCompiler(route);
  };
  return { ...mod, validatorCompiler };
});

/** Answers given before the auth check: malformed URL or JSON (400), body too large (413), parameter too long (414). */
const BEFORE_AUTH = [400, 413, 414];

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

// Every request logged: the fuzzer checks that no secret path parameter reaches the log.
const logLines: string[] = [];
const { app, db, dialect } = await buildTestApp({ logLevel: 'info', logAllRequests: true }, { logStream: { write: (line) => void logLines.push(line) } });
const [customer, staff] = await createBuyers(app, 2);
// Admin and Prenotazioni together hold every ability of domain/roles.ts.
await app.services.accounts.addRole(staff!.id, 'Admin');
await app.services.accounts.addRole(staff!.id, 'Prenotazioni');
const TABLES = await tableNames(db);
const checkAnswer = answerChecker();

// Known valid requests of the customer, mutated at one position each (see SEEDS).
const flight = await createFlight(db, { seats: 200, daysAhead: 11 });
const paid = await paidBooking(app, customer!, { flight, paxes: [OWN_PAX, newPax()] });
const ticketNr = paid.tickets[0]!.ticket_nr;
const failed = await failedBooking(app, customer!, 'declined');
await upsertCoupon(db, { code: 'FUZZ10', perc: 10, valid_from: null, valid_to: null, created_at: new Date().toISOString() });
const wire = (iso: string) => iso.split('-').reverse().join('/');
const store = asBuyer(bookingBody({ flight, paxes: [OWN_PAX, newPax()] }), customer!.paxId);
const part = (p: Partial<RequestParts>): RequestParts => ({ params: {}, query: {}, body: undefined, ...p });

/**
 * Valid requests for the operations whose rules live beyond the schema (domain checks, the
 * database): random values seldom get that far, one hostile field in a valid request does.
 */
const SEEDS: Record<string, RequestParts> = {
  'POST /api/auth/register': part({ body: userSignup() }),
  'POST /api/auth/login': part({ body: { email: customer!.email, password: PASSWORD } }),
  'POST /password/email': part({ body: { email: customer!.email } }),
  'PUT /api/auth/user': part({ body: { address: 'Via Roma 3', telephone: '+39 0881 123458', document_type: 2, document_num: 'YA7654321' } }),
  'POST /api/check-coupon': part({ body: { coupon: 'FUZZ10', tickets: '100.00', tot: '120.00', att: 0 } }),
  'POST /api/bookings': part({ body: store }),
  'POST /api/guest/grandtotal': part({ body: { type: 1, form: store.form } }),
  'GET /api/flights': part({ query: { origin: 1348, destination: 1511, departureDate: wire(flight.date), men: 1 } }),
  'GET /api/my-tickets': part({ query: { bookingCode: paid.code, lastname: 'Rossi' } }),
  'PUT /api/tickets/{ticketNr}/passenger': part({
    params: { ticketNr },
    body: {
      lastname: 'Rossi',
      firstname: 'Maria',
      birthdate: '14/03/1985',
      doc_type: 2,
      doc_num: 'YA1234567',
      address: 'Via Roma 1',
      emailPax: 'maria@example.com',
      telPax: '+39 333 1234567',
    },
  }),
  'POST /api/tickets/{ticketNr}/email': part({ params: { ticketNr }, body: { pdfType: 'ticket', recipient: 'emailBooking' } }),
  'POST /api/submit-ticket': part({ body: { email: 'receipt@example.com', tickets: [ticketNr] } }),
  'PUT /api/bookings/{code}': part({
    params: { code: paid.group },
    body: { type: 0, travels: [{ origin: 1348, destination: 1511, flightId: flight.flightId, paxes: [{ ticketNr, cancel: true }] }] },
  }),
  'GET /api/booking-status': part({ query: { code: paid.code } }),
  'GET /api/manage-bookings/{code}': part({ params: { code: paid.group } }),
  'GET /api/tickets/{ticketNr}/pdf': part({ params: { ticketNr }, query: { lang: 'en' } }),
  'GET /api/bookings/{code}/pdf': part({ params: { code: paid.code } }),
  'POST /api/send-single-ticket/{param}': part({ params: { param: Buffer.from(`${ticketNr}:receipt@example.com`).toString('base64') } }),
  'GET /api/calendar-flights': part({ query: { date: wire(flight.date), lang: 'en' } }),
  'POST /api/bookings/lock': part({ body: { code: failed.code, status: true, locked: false } }),
  'PUT /api/bookings-failed/{code}': part({ params: { code: failed.code }, body: { pending: false } }),
  'POST /api/broadcasting/auth': part({ body: { socket_id: '1234.5678', channel_name: 'private-bookings-failed' } }),
  'GET /api/admin/bookings': part({ query: { name: 'Rossi', code: paid.code.slice(0, 3) } }),
  'GET /api/my-tickets/refunds': part({ query: { groups: paid.group } }),
  'GET /api/admin/refunds': part({ query: { state: 'failed', source: 'cash', from: '2026-01-01', to: '2026-12-31', code: paid.group } }),
  'GET /api/admin/reports': part({ query: { from: '2026-12-01', to: '2026-12-07' } }),
  'GET /api/admin/reports.csv': part({ query: { from: '2026-12-07', to: '2026-12-07' } }),
  'POST /api/contact-requests': part({
    body: {
      lang: 'it',
      form: { firstname: 'Maria', lastname: 'Rossi', email: 'maria@example.com', telephone: '333 1234567', request_type: 'contatto', message: 'Buongiorno' },
      captcha: 'x',
    },
  }),
};

type Caller = 'visitor' | 'customer' | 'staff';
const callerIds: Record<Exclude<Caller, 'visitor'>, number> = { customer: customer!.id, staff: staff!.id };

/** The route schemas of an operation (the document's {param} is Fastify's :param). */
function schemasOf(op: Operation) {
  const url = op.path.replace(/\{(\w+)\}/g, ':$1');
  const get = (part: string) => routeSchemas.get(`${op.method} ${url} ${part}`) as ZodLike | undefined;
  return { params: get('params'), querystring: get('querystring'), body: get('body') };
}

const plain = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
/** A mutation may have hit the parts themselves: keep params and query objects. */
const asParts = (p: unknown): RequestParts => ({ params: plain(plain(p).params), query: plain(plain(p).query), body: plain(p).body });

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function urlOf(op: Operation, parts: RequestParts) {
  // A path segment is never empty nor a dot segment: a URL can't carry those (every WHATWG
  // parser, light-my-request's included, resolves '.', '..' and even '%2E' away), so they
  // would name another route.
  const addressable = (v: string) => (v === '' || v === '.' || v === '..' ? '_' : v);
  const params = Object.fromEntries(
    op.path
      .match(/\{(\w+)\}/g)
      ?.map((m) => m.slice(1, -1))
      .map((name) => [name, addressable(asText(parts.params[name]))]) ?? [],
  );
  const path = fillPath(op.path, params);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.query)) if (v !== undefined) query.append(k, asText(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The call, ready to send: a caller's fresh token is issued before the row counts are taken. */
async function prepare(app: FastifyInstance, op: Operation, caller: Caller, parts: RequestParts, visitor: Client) {
  const url = urlOf(op, parts);
  const withBody = op.method !== 'GET' && parts.body !== undefined;
  const request: InjectOptions & { bearer?: string } = {
    method: op.method as InjectOptions['method'],
    url,
    remoteAddress: nextIp(),
    ...(withBody ? { payload: JSON.stringify(parts.body), headers: { 'content-type': 'application/json' } } : {}),
  };
  if (caller === 'visitor') return () => visitor.request(request);
  // A fresh token per call: a fuzzed logout may revoke the one before.
  const bearer = await app.services.sessions.issueToken(callerIds[caller]);
  return () => new Client(app).request({ ...request, bearer });
}

/** The operation's path parameters that are secrets (a link's token), as its route declares them. */
function secretParamsOf(op: Operation): readonly string[] {
  const url = op.path.replace(/\{(\w+)\}/g, ':$1');
  return app.secretPaths.declared().find((d) => d.pattern === url)?.params ?? [];
}
/** Shorter values may turn up in a log line by chance (a status, a time). */
const TRACEABLE_SECRET = 12;

/** Fuzzes one operation as one caller; returns what went wrong. */
async function fuzz(op: Operation, caller: Caller): Promise<string[]> {
  const problems: string[] = [];
  const secretParams = secretParamsOf(op);
  const fromSchemas = requestArbitrary(schemasOf(op), { hostile: true });
  const seed = SEEDS[op.key];
  const arbitrary = seed ? fc.oneof({ weight: 1, arbitrary: fromSchemas }, { weight: 2, arbitrary: mutatedOnce(seed).map(asParts) }) : fromSchemas;
  const samples = fc.sample(arbitrary, { numRuns: RUNS, seed: SEED });
  const visitor = new Client(app);
  for (const parts of samples) {
    const send = await prepare(app, op, caller, parts, visitor);
    // Mail queued by an earlier call gets its attachments from the sender after that commit: done before counting.
    await app.mailer.sender.drain();
    const before = await rowCounts(db, TABLES);
    const logFrom = logLines.length;
    const res = await send();
    const after = await rowCounts(db, TABLES);
    const what = `${op.key} as ${caller} ${JSON.stringify(parts).slice(0, 300)}`;
    const logged = logLines.slice(logFrom).join('');
    for (const name of secretParams) {
      const value = fillPath(`/{${name}}`, { [name]: asText(parts.params[name]) }).slice(1);
      if (value.length >= TRACEABLE_SECRET && logged.includes(value)) problems.push(`${what} → the secret ${name} is in the request log`);
    }
    if (op.path.startsWith('/api/') && (res.statusCode >= 400 || op.access !== 'public') && !String(res.headers['cache-control']).includes('no-store')) {
      problems.push(`${what} → ${res.statusCode} without Cache-Control: no-store (${String(res.headers['cache-control'])})`);
    }
    if (res.statusCode >= 500) problems.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (res.statusCode >= 400 && res.statusCode < 500) {
      const written = changedTables(before, after, WRITTEN_ON_REFUSAL);
      if (written.length) problems.push(`${what} → ${res.statusCode} but wrote ${written.join(', ')}`);
    }
    // Authentication runs before validation: whatever the request, a visitor hears 401 on a
    // route that needs a login (or the parser's and router's refusals, which come first).
    if (caller === 'visitor' && op.access !== 'public' && ![401, ...BEFORE_AUTH].includes(res.statusCode)) {
      problems.push(`${what} → ${res.statusCode} to a visitor on a '${String(op.access)}' route: ${res.body.slice(0, 160)}`);
    }
    const mismatch = checkAnswer(op, res);
    if (mismatch) problems.push(`${mismatch} (request ${JSON.stringify(parts).slice(0, 200)}, as ${caller})`);
  }
  return problems;
}

describe(`answers the fuzzer found wrong (${dialect})`, () => {
  it('a path parameter over the router limit answers 414, a malformed escape 400: the error body in the caller language', async () => {
    const long = await app.inject({ url: `/api/manage-bookings/${'x'.repeat(200)}`, headers: { 'x-locale': 'en' } });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual(messageBody('invalidInput', 'en'));
    // Answered before any hook, still never kept by a cache.
    expect(long.headers['cache-control']).toBe('no-store');
    const malformed = await app.inject({ url: '/api/helipad-posts/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(messageBody('invalidInput', 'it'));
    expect(malformed.headers['cache-control']).toBe('no-store');
  });

  it('send-single-ticket with a control character in its parameter answers 422 with the field, not a 500 of its answer schema', async () => {
    const res = await new Client(app).post(`/api/send-single-ticket/${encodeURIComponent('abc\u0014def')}`, undefined, { bearer: customer!.token });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty('param');
  });
});

describe(`the outside probe's attempts on every operation they fit (issue 52, ${dialect})`, () => {
  const operations = operationsOf(app);

  it('a body nested 100,000 arrays deep (under 1 MB) is refused before any handler: a 4xx, nothing written', async () => {
    const deep = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const problems: string[] = [];
    const withBody = operations.filter((op) => op.requestBody?.content?.['application/json']);
    expect(withBody.length).toBeGreaterThan(20);
    for (const op of withBody) {
      const bearer = await app.services.sessions.issueToken(staff!.id);
      await app.mailer.sender.drain();
      const before = await rowCounts(db, TABLES);
      const res = await new Client(app).request({
        method: op.method as InjectOptions['method'],
        url: urlOf(op, part({ params: SEEDS[op.key]?.params ?? {} })),
        payload: deep,
        headers: { 'content-type': 'application/json' },
        bearer,
      });
      const written = changedTables(before, await rowCounts(db, TABLES), WRITTEN_ON_REFUSAL);
      if (res.statusCode < 400 || res.statusCode >= 500 || written.length)
        problems.push(`${op.key} → ${res.statusCode}${written.length ? `, wrote ${written.join(', ')}` : ''}`);
    }
    expect(problems).toEqual([]);
  });

  it('impossible dates (30 February, day and month 0) on every date of a query answer 422 naming the field', async () => {
    const dated = operations.flatMap((op) => op.parameters.filter((p) => p.in === 'query' && /date/i.test(p.name)).map((p) => ({ op, name: p.name })));
    expect(dated.length).toBeGreaterThanOrEqual(3);
    const problems: string[] = [];
    for (const { op, name } of dated) {
      for (const date of ['2027-02-30', '0000-00-00', '30/02/2027', '00/00/0000']) {
        const parts = part({ params: SEEDS[op.key]?.params ?? {}, query: { ...SEEDS[op.key]?.query, [name]: date } });
        const res = await new Client(app).request({
          method: op.method as InjectOptions['method'],
          url: urlOf(op, parts),
          bearer: await app.services.sessions.issueToken(staff!.id),
        });
        if (res.statusCode !== 422 || !res.json().errors?.[name]) problems.push(`${op.key} ${name}=${date} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe(`fuzzing every operation from its zod schemas (${dialect}, ${RUNS} runs, seed ${SEED})`, () => {
  const operations = operationsOf(app);

  it('every known gap of the document is still one (remove the entry once it is documented)', () => {
    const documented = KNOWN_GAPS.filter((g) => operations.find((o) => o.key === g.key)?.statuses.includes(String(g.status)) ?? true);
    expect(documented).toEqual([]);
  });

  it('every seed names an operation of the document', () => {
    expect(Object.keys(SEEDS).filter((k) => !operations.some((o) => o.key === k))).toEqual([]);
  });

  it('every operation with a body, query or path schema has its zod schemas found', () => {
    const missing = operations.filter((op) => {
      const schemas = schemasOf(op);
      const documented = op.parameters.length > 0 || op.requestBody !== undefined;
      return documented && !schemas.params && !schemas.querystring && !schemas.body && !op.parameters.every((p) => p.in === 'header');
    });
    expect(missing.map((o) => o.key)).toEqual([]);
  });

  for (const op of operations) {
    const callers: Caller[] = op.security ? ['visitor', 'customer', 'staff'] : ['visitor', 'customer'];
    it(`${op.key}: no 5xx, nothing written on a 4xx, answers as documented`, { timeout: 120_000 }, async () => {
      const problems: string[] = [];
      for (const caller of callers) problems.push(...(await fuzz(op, caller)));
      expect(problems, `seed ${SEED}`).toEqual([]);
    });
  }
});
