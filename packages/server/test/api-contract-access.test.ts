import { ABILITIES } from '@heliline/domain';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { authPlugin } from '../src/plugins/auth.ts';
import type { SessionService } from '../src/modules/sessions/service.ts';
import { createUser } from './accounts-support.ts';
import { buildTestApp, Client, type TestApp } from './helpers.ts';

/** Access is declared per route and enforced before validation (docs/decisions/018). */
const t: TestApp = await buildTestApp();
let customerToken: string;
beforeAll(async () => {
  const customer = await createUser(t.db);
  customerToken = await t.app.services.sessions.issueToken(customer.id);
});

const BAD_BODY = { nonsense: 'x'.repeat(600), document_num: 42, address: ['not', 'text'] };

describe('authentication runs before body validation', () => {
  it('an anonymous call with a bad body gets 401, not the field rules', async () => {
    const client = new Client(t.app);
    for (const [method, url] of [
      ['PUT', '/api/auth/user'],
      ['POST', '/api/bookings'],
      ['POST', '/api/check-coupon'],
      ['PUT', '/api/tickets/1234567890123/passenger'],
      ['POST', '/api/admin/agencies/abc/authorise'],
    ] as const) {
      const res = await client.request({ method, url, payload: BAD_BODY });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().errors, `${method} ${url}`).toBeUndefined();
    }
  });

  it('an anonymous query with bad parameters gets 401 too', async () => {
    const res = await new Client(t.app).get('/api/my-tickets?flightDate=nonsense&page=-4');
    expect(res.statusCode).toBe(401);
  });

  it('a missing CSRF token on an unsafe method answers 419 before both', async () => {
    const res = await new Client(t.app).request({ method: 'PUT', url: '/api/auth/user', payload: BAD_BODY, noCsrf: true });
    expect(res.statusCode).toBe(419);
  });

  it('a logged-in customer on a staff route with a bad body gets 403, not 422', async () => {
    const client = new Client(t.app);
    const res = await client.request({ method: 'POST', url: '/api/admin/agencies/abc/authorise', bearer: customerToken });
    expect(res.statusCode).toBe(403);
    const list = await client.get('/api/admin/agencies?status=nonsense', { bearer: customerToken });
    expect(list.statusCode).toBe(403);
  });

  it('the test panel API takes a bearer token only: a session cookie gets 401', async () => {
    const bearer = await new Client(t.app).request({ method: 'POST', url: '/api/v1/user/details', bearer: customerToken });
    expect(bearer.statusCode).toBe(200);
    const user = await createUser(t.db);
    const client = new Client(t.app);
    await client.post('/api/auth/login', { email: user.email, password: user.password });
    expect((await client.request({ method: 'POST', url: '/api/v1/user/details', noCsrf: true })).statusCode).toBe(401);
  });
});

describe('every route declares its access', () => {
  it('lists each route with a known access level', () => {
    const routes = t.app.declaredRoutes();
    const levels = new Set<string>(['public', 'user', 'bearer', ...ABILITIES]);
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) expect(levels.has(r.access), `${r.method} ${r.url}: ${r.access}`).toBe(true);
    const find = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.access;
    expect(find('PUT', '/api/auth/user')).toBe('user');
    expect(find('GET', '/api/admin/agencies')).toBe('agencies.authorise');
    expect(find('POST', '/api/v1/user/details')).toBe('bearer');
    expect(find('GET', '/api/flights')).toBe('public');
  });

  it('a route that declares nothing stops the app at start-up', async () => {
    const app = Fastify();
    await app.register(authPlugin, { sessions: { resolve: async () => null } as unknown as SessionService });
    app.get('/declared', { config: { access: 'public' } }, async () => 'ok');
    app.get('/forgotten', async () => 'oops');
    await expect(app.ready()).rejects.toThrow(/without a declared access.*GET \/forgotten/);
  });
});
