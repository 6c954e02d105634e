import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, Client } from './helpers.ts';

/**
 * Issue 11: production is safe by construction. No developer routes (mailbox, clock and sweep
 * helpers), no Swagger UI or OpenAPI JSON unless OPENAPI_PUBLIC=true, and a server with
 * NODE_ENV unset refuses to listen on anything but loopback.
 */
const DEV_PATHS: [string, string][] = [
  ['GET', '/dev/mailbox'],
  ['GET', '/dev/mailbox/1'],
  ['GET', '/api/dev/mailbox?limit=0'],
  ['POST', '/api/dev/flight-departure'],
  ['POST', '/api/dev/booking-sweep'],
  ['POST', '/api/dev/voucher'],
];
const DOC_PATHS = ['/api/docs', '/api/docs/json', '/api/docs/static/index.html'];

const production = await buildTestApp({ production: true, openApiPublic: loadConfig(productionEnv()).openApiPublic });
/** With the CSRF header a browser sends, so a refusal is the route's absence, not the CSRF check. */
const request = (method: string, url: string) => new Client(production.app).request({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined });

function productionEnv(extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(40),
    ALTCHA_HMAC_SECRET: 'a'.repeat(40),
    HELILINE_BOARDING_PASS_KEY: 'b'.repeat(40),
    PAYMENTS_SANDBOX_SECRET: 'p'.repeat(40),
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    PAYPAL_ENABLED: 'false',
    ...extra,
  };
}

describe('in production', () => {
  it.each(DEV_PATHS)('%s %s is not there (404)', async (method, url) => {
    expect((await request(method, url)).statusCode).toBe(404);
  });

  it.each(DOC_PATHS)('%s is not served by default', async (url) => {
    expect((await request('GET', url)).statusCode).toBe(404);
  });

  it('OPENAPI_PUBLIC=true serves the documentation on purpose', async () => {
    expect(loadConfig(productionEnv()).openApiPublic).toBe(false);
    expect(loadConfig(productionEnv({ OPENAPI_PUBLIC: 'true' })).openApiPublic).toBe(true);
    const open = await buildTestApp({ production: true, openApiPublic: true });
    const json = await open.app.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
  });
});

describe('outside production', () => {
  it('the documentation and the developer mailbox are served', async () => {
    const dev = await buildTestApp();
    expect((await dev.app.inject('/api/docs/json')).statusCode).toBe(200);
    expect((await dev.app.inject('/api/dev/mailbox?limit=0')).statusCode).toBe(200);
  });
});

describe('NODE_ENV unset', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'heliline.example.org'])('refuses to start on HOST=%s, saying why', (host) => {
    expect(() => loadConfig({ HOST: host })).toThrow(/NODE_ENV: is unset while HOST is not a loopback address: set NODE_ENV=production/);
  });

  it.each(['127.0.0.1', 'localhost', '::1'])('starts as development on loopback HOST=%s (npm start as the README says)', (host) => {
    expect(loadConfig({ HOST: host })).toMatchObject({ env: 'development', production: false, seedDemo: true });
  });

  it('a development server on a network address is a deliberate NODE_ENV=development', () => {
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'development' })).toMatchObject({ env: 'development', host: '0.0.0.0' });
  });
});
