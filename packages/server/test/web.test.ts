import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

/** A stand-in for packages/web/build/client, so these tests don't need a web build. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'heliline-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Heliline</title><div id="app">shell</div>');
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(root, 'assets/app-3f9a1c.js'), js);
  writeFileSync(join(root, 'assets/app-3f9a1c.js.br'), brotliCompressSync(js));
  return root;
}

describe('web app hosting', async () => {
  const { app } = await buildTestApp({}, { serveWeb: { root: fakeBuild() } });

  it('serves the shell for / and for client routes, never cached', async () => {
    for (const url of ['/', '/account', '/password/reset/abc?email=a%40b.it', '/company/doa', '/no/such/page', '/dev/login-panel']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="app">shell</div>');
      expect(res.headers['cache-control'], url).toMatch(/no-cache|max-age=0/);
    }
  });

  it('serves hashed assets precompressed, with a year-long immutable cache', async () => {
    const res = await app.inject({ url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths, missing files and non-GET requests with a JSON 404', async () => {
    for (const req of [{ url: '/api/nope' }, { url: '/assets/missing-123.js' }, { url: '/favicon.png' }, { url: '/sanctum/other' }]) {
      const res = await app.inject(req);
      expect(res.statusCode, req.url).toBe(404);
      expect(res.json().messages.en, req.url).toBe('Not found');
    }
    // An unsafe request never gets the shell: without a CSRF token it is refused before routing.
    const del = await app.inject({ method: 'DELETE', url: '/account' });
    expect(del.statusCode).toBe(419);
    expect(del.body).not.toContain('shell');
    const bearer = await app.inject({ method: 'DELETE', url: '/account', headers: { authorization: 'Bearer x' } });
    expect(bearer.statusCode).toBe(404);
  });
});

describe('web app hosting in production', async () => {
  const { app } = await buildTestApp({ production: true, env: 'production' }, { serveWeb: { root: fakeBuild() } });

  it('does not serve the developer pages', async () => {
    expect((await app.inject('/dev/login-panel')).statusCode).toBe(404);
    expect((await app.inject('/dev/mailbox')).statusCode).toBe(404);
    expect((await app.inject('/account')).statusCode).toBe(200);
  });
});
