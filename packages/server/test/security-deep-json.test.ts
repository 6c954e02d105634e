import { describe, expect, it } from 'vitest';
import { createBuyers } from './booking-support.ts';
import { buildTestApp, Client, type TestApp } from './helpers.ts';

/** Deeply nested JSON bodies answer 400 before any handler, on SQLite and PostgreSQL alike. */
const t: TestApp = await buildTestApp();
const [buyer] = await createBuyers(t.app, 1);

const nested = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;

describe('deep JSON', () => {
  it('a body nested 100,000 arrays deep (under 1 MB) answers 400, not 500', async () => {
    const payload = nested(100_000);
    expect(payload.length).toBeLessThan(1024 * 1024);
    const client = new Client(t.app);
    for (const url of ['/api/check-coupon', '/api/bookings']) {
      const res = await client.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' }, bearer: buyer!.token });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('deeper than the limit inside an object answers 400; at the limit the route answers as usual', async () => {
    const client = new Client(t.app);
    const deep = { coupon: JSON.parse(nested(100)) as unknown };
    const tooDeep = await client.post('/api/check-coupon', deep, { bearer: buyer!.token });
    expect(tooDeep.statusCode).toBe(400);
    const shallow = await client.post('/api/check-coupon', { coupon: JSON.parse(nested(10)) as unknown }, { bearer: buyer!.token });
    expect(shallow.statusCode).toBe(422);
  });
});
