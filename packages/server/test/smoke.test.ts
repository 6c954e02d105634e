import { describe, expect, it } from 'vitest';
import { buildTestApp, Client } from './helpers.ts';

describe('app shell', async () => {
  const { app } = await buildTestApp();

  it('sets a CSRF cookie and refuses unsafe requests without the header', async () => {
    const client = new Client(app);
    const res = await client.get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    expect(client.hasCookie('XSRF-TOKEN')).toBe(true);
    const forged = await client.post('/api/auth/logout', {}, { noCsrf: true });
    expect(forged.statusCode).toBe(419);
  });

  it('answers unknown API paths with a JSON 404 in the request language', async () => {
    const res = await new Client(app, 'en').get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found');
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
