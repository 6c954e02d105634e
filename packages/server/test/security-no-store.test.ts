import { beforeAll, describe, expect, it } from 'vitest';
import { deskFlight, deskTickets } from './checkin-support.ts';
import { buildTestApp, Client, type TestApp } from './helpers.ts';
import { fillPath, operationsOf } from './openapi-support.ts';
import { staffUsers } from './staff-support.ts';

/**
 * Personal answers are not cached (issue 52 item 7): every GET of the API document, called as a
 * customer with tickets and as an Admin, answers `Cache-Control: no-store` unless the route is
 * public and says its answer is (`public, max-age=…`).
 */
const t: TestApp = await buildTestApp();
let users: Awaited<ReturnType<typeof staffUsers>>;
let values: Record<string, string>;
beforeAll(async () => {
  users = await staffUsers(t.app);
  const flight = await deskFlight(t.db);
  const { code, numbers } = await deskTickets(t.app, flight, users.buyer.id, 1);
  values = { ticketNr: numbers[0]!, code: code.slice(0, 6), bookingCode: code.slice(0, 6), flightId: String(flight.flightId), date: '10/06/2030', lang: 'it' };
});

/** A value for a path or query parameter: a real one where the fixtures have it (those are sent when optional too). */
const valueFor = (name: string) => values[name] ?? '1';

describe('Cache-Control on API answers', () => {
  it('every GET of the OpenAPI document, as a customer and as an Admin: no-store unless public by its route', async () => {
    const gets = operationsOf(t.app).filter((op) => op.method === 'GET' && op.path.startsWith('/api/'));
    expect(gets.length).toBeGreaterThan(20);
    const ok = new Set<string>();
    for (const who of [users.buyer, users.Admin]) {
      for (const op of gets) {
        const params = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, valueFor(p.name)]));
        const query = new URLSearchParams(op.parameters.filter((p) => p.in === 'query' && (p.required || p.name in values)).map((p) => [p.name, valueFor(p.name)]));
        const url = `${fillPath(op.path, params)}${query.size ? `?${query}` : ''}`;
        const res = await new Client(t.app).request({ method: 'GET', url, bearer: who.token });
        const header = res.headers['cache-control'];
        if (res.statusCode < 300) ok.add(op.key);
        if (op.access === 'public' && res.statusCode < 400 && typeof header === 'string' && header.startsWith('public')) continue;
        expect(header, `${who.name} ${url} (${res.statusCode})`).toBe('no-store');
      }
    }
    // The personal answers the probe named were real answers, not refusals
    for (const key of ['GET /api/auth/user', 'GET /api/my-tickets', 'GET /api/tickets/{ticketNr}/pdf', 'GET /api/admin/check-in/flights/{flightId}'])
      expect(ok, key).toContain(key);
  });

  it('errors are never public', async () => {
    const res = await new Client(t.app).get('/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
