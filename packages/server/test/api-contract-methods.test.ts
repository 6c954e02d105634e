import { MESSAGES } from '@heliline/domain';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { buildTestApp, Client } from './helpers.ts';

/** Wrong methods on known paths answer 405 with Allow; unknown paths stay 404. */
const api = await buildTestApp();

function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'heliline-web-405-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, '__spa-fallback.html'), '<!doctype html><title>Heliline</title><div id="app">shell</div>');
  return root;
}
const web = await buildTestApp({}, { serveWeb: { root: webBuild() } });

/** As the web app calls: with the CSRF token (without it, an unsafe method gets 419 before routing). */
const call = (app: FastifyInstance, method: HTTPMethods, url: string) => new Client(app, 'en').request({ method, url });

describe.each([
  ['API only', api],
  ['with the web app', web],
])('405 (%s)', (_name, { app }) => {
  it('DELETE /api/flights: 405, Allow GET and HEAD, the error body in JSON', async () => {
    const res = await call(app, 'DELETE', '/api/flights?date=x');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ message: MESSAGES.methodNotAllowed.en, message_it: MESSAGES.methodNotAllowed.it });
  });

  it('a path with parameters: GET on a POST-only route, PATCH on a GET+PUT path', async () => {
    const lock = await call(app, 'GET', '/api/bookings/lock');
    expect(lock.statusCode).toBe(405);
    // PUT /api/bookings/{code} matches it too.
    expect(lock.headers.allow).toBe('POST, PUT');
    const user = await call(app, 'PATCH', '/api/auth/user');
    expect(user.statusCode).toBe(405);
    expect(user.headers.allow).toBe('GET, HEAD, PUT');
    const pdf = await call(app, 'POST', '/api/bookings/ABCDEFGH/pdf');
    expect(pdf.statusCode).toBe(405);
    expect(pdf.headers.allow).toBe('GET, HEAD');
  });

  it('unknown paths stay 404', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/nowhere'],
      ['GET', '/api/nowhere'],
      ['POST', '/api/flights/extra'],
    ] as const) {
      const res = await call(app, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
  });
});

describe('the web app’s pages stay as they are', () => {
  it('GET of a page whose path is also a POST route (/login) is the SPA, not 405', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('shell');
  });

  it('DELETE of an unknown page is a JSON 404', async () => {
    const res = await call(web.app, 'DELETE', '/fares');
    expect(res.statusCode).toBe(404);
  });

  it('without the CSRF token an unsafe wrong method is refused first (419), like every unsafe call', async () => {
    const res = await web.app.inject({ method: 'DELETE', url: '/api/flights' });
    expect(res.statusCode).toBe(419);
  });
});
