import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from './helpers.ts';

const SHELL_HASH = 'sha256-c2hlbGwtc2NyaXB0LWhhc2g=';
const FARES_HASH = 'sha256-ZmFyZXMtc2NyaXB0LWhhc2g=';

/** A stand-in for packages/web/build/client, so these tests don't need a web build. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'heliline-web-'));
  const write = (path: string, body: string | Buffer) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  };
  write(
    '__spa-fallback.html',
    '<!doctype html><head><link rel="modulepreload" href="/assets/manifest-1a.js"/><link rel="modulepreload" href="/assets/root-3c.js"/>' +
      '<link rel="stylesheet" href="/assets/root-5e.css"/></head><title>Heliline</title><div id="app">shell</div>',
  );
  write('index.html', '<!doctype html><html lang="it"><title>Home</title><h1>Da Foggia alle Isole Tremiti</h1>');
  write('en/index.html', '<!doctype html><html lang="en"><title>Home</title><h1>From Foggia to the Tremiti Islands</h1>');
  const fares = `<!doctype html><html lang="it"><title>Tariffe</title><h1>Tariffe</h1>${'<p>prezzi</p>'.repeat(200)}`;
  write('fares/index.html', fares);
  write(
    'timetable/index.html',
    '<!doctype html><html lang="it"><head><link rel="modulepreload" href="/assets/manifest-1a.js"/><link rel="modulepreload" href="/assets/entry.client-2b.js"/>' +
      '<link rel="modulepreload" href="/assets/root-3c.js"/><link rel="modulepreload" href="/assets/timetable-4d.js"/>' +
      '<link rel="stylesheet" href="/assets/root-5e.css"/><link rel="stylesheet" href="/assets/timetable-6f.css#"/></head><h1>Orari</h1>',
  );
  write('fares/index.html.br', brotliCompressSync(fares));
  write('fares/index.html.gz', gzipSync(fares));
  write('en/company/doa/index.html', '<!doctype html><html lang="en"><h1>DOA</h1>');
  write('company/training/index.html', '<!doctype html><html lang="it"><h1>Addestramento</h1>');
  write('helipad-posts/peschici/index.html', '<!doctype html><html lang="it"><h1>Peschici</h1>');
  write('sitemap.xml', '<?xml version="1.0"?><urlset></urlset>');
  write('robots.txt', 'User-agent: *\nAllow: /\n');
  // The web build's route list (scripts/spa-routes.ts): client-only screens and the public routes.
  const routes = ['/', '/en', '/account', '/booking', '/booking-status/:code', '/password/reset/:token', '/dev/login-panel', '/fares', '/timetable'];
  const prerenderedRoutes = ['/company/:section', '/en/company/:section', '/helipad-posts/:slug', '/en/helipad-posts/:slug'];
  write('spa-routes.json', JSON.stringify([...routes, ...prerenderedRoutes]));
  write('csp-hashes.json', JSON.stringify({ '__spa-fallback.html': [SHELL_HASH], 'fares/index.html': [FARES_HASH] }));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  write('assets/app-3f9a1c.js', js);
  write('assets/app-3f9a1c.js.br', brotliCompressSync(js));
  return root;
}

const scriptSrc = (csp: string | string[] | number | undefined) =>
  String(csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src')) ?? '';

describe('web app hosting', async () => {
  const { app } = await buildTestApp({}, { serveWeb: { root: fakeBuild() } });

  it('serves each prerendered page for its path, with and without a trailing slash, revalidated on each visit', async () => {
    for (const [url, text] of [
      ['/', 'Da Foggia alle Isole Tremiti'],
      ['/en', 'From Foggia to the Tremiti Islands'],
      ['/en/', 'From Foggia to the Tremiti Islands'],
      ['/fares', '<h1>Tariffe</h1>'],
      ['/fares/', '<h1>Tariffe</h1>'],
      ['/fares?tab=high', '<h1>Tariffe</h1>'],
      ['/en/company/doa', '<h1>DOA</h1>'],
    ] as const) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain(text);
      expect(res.headers['cache-control'], url).toBe('no-cache, max-age=0');
    }
  });

  it('sends pages and assets precompressed by Accept-Encoding (brotli first), varying on it', async () => {
    for (const url of ['/fares', '/assets/app-3f9a1c.js']) {
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body.length, url).toBeGreaterThan(br.rawPayload.length);
    }
    const gz = await app.inject({ url: '/fares/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it("preloads a prerendered page's stylesheets, and the SPA fallback's entry modules too (read from the HTML at start)", async () => {
    const res = await app.inject('/timetable');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Orari</h1>');
    expect(res.headers.link).toBe('</assets/root-5e.css>; rel=preload; as=style, </assets/timetable-6f.css>; rel=preload; as=style');
    expect((await app.inject('/account')).headers.link).toBe('</assets/root-5e.css>; rel=preload; as=style, </assets/manifest-1a.js>; rel=modulepreload');
    // A page with nothing to preload sends no header.
    expect((await app.inject('/fares')).headers.link).toBeUndefined();
  });

  it("gives every HTML page a CSP with its own inline-script hashes and no 'unsafe-inline' for scripts", async () => {
    const fares = await app.inject('/fares');
    expect(scriptSrc(fares.headers['content-security-policy'])).toBe(`script-src 'self' '${FARES_HASH}'`);
    const shell = await app.inject('/account');
    expect(scriptSrc(shell.headers['content-security-policy'])).toBe(`script-src 'self' '${SHELL_HASH}'`);
    // A page without recorded hashes: scripts from this origin only. The API runs nothing at all.
    expect(scriptSrc((await app.inject('/en')).headers['content-security-policy'])).toBe("script-src 'self'");
    const api = await app.inject('/api/nope');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const csp = String(fares.headers['content-security-policy']);
    for (const directive of ["worker-src 'self' blob:", "frame-src 'self'", "media-src 'self'", "frame-ancestors 'self'", "base-uri 'self'"]) {
      expect(csp).toContain(directive);
    }
  });

  it('keeps a relaxed script policy for the API explorer only', async () => {
    const docs = await app.inject('/api/docs');
    expect(scriptSrc(docs.headers['content-security-policy'])).toContain("'unsafe-inline'");
  });

  it('serves the SPA fallback for client routes, never cached', async () => {
    for (const url of ['/account', '/password/reset/abc?email=a%40b.it', '/dev/login-panel', '/booking', '/booking-status/HL-ABC123', '/BOOKING/']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="app">shell</div>');
      expect(res.headers['cache-control'], url).toMatch(/no-cache|max-age=0/);
    }
  });

  it('redirects a path that is neither a page nor a route of the app to home in its language (spec: any unknown path redirects to home)', async () => {
    for (const [url, home] of [
      ['/no/such/page', '/'],
      ['/setup-email', '/'],
      ['/bookings', '/'],
      ['/booking-status', '/'],
      ['/booking-status/a/b', '/'],
      // Every company section is prerendered: another is an unknown path, not the route's screen.
      ['/company/doa', '/'],
      ['/company/no-such-section?x=1', '/'],
      ['/en/no/such/page', '/en'],
      ['/en/company/no-such-section/', '/en'],
      ['/english', '/'],
    ] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(302);
        expect(res.headers.location, url).toBe(home);
        expect(res.headers['cache-control'], url).toMatch(/no-cache/);
      }
    }
  });

  it('answers 404 with the app (its not-found screen) for a helipad post that was not prerendered', async () => {
    expect((await app.inject('/helipad-posts/peschici')).statusCode).toBe(200);
    for (const url of ['/helipad-posts/no-such-post', '/en/helipad-posts/no-such-post/']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="app">shell</div>');
    }
  });

  it('serves sitemap.xml and robots.txt from the build, and never the HTML files or the hash list by name', async () => {
    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect((await app.inject('/robots.txt')).body).toContain('User-agent');
    for (const url of ['/fares/index.html', '/__spa-fallback.html', '/csp-hashes.json', '/spa-routes.json', '/index.html']) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('serves hashed assets precompressed, with a year-long immutable cache', async () => {
    const res = await app.inject({ url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown API path from the route table, without reading the build folder', async () => {
    const fs = await import('node:fs');
    const stat = vi.spyOn(fs.default, 'stat');
    const res = await app.inject('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().messages.en).toBe('Not found');
    expect(stat).not.toHaveBeenCalled();
    stat.mockRestore();
  });

  it('answers unknown API paths, missing files and non-GET requests with a JSON 404', async () => {
    for (const req of [{ url: '/api/nope' }, { url: '/assets/missing-123.js' }, { url: '/favicon.png' }, { url: '/sanctum/other' }, { url: '/documents/xx/nope.pdf' }]) {
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
    const post = await app.inject({ method: 'POST', url: '/fares', headers: { authorization: 'Bearer x' } });
    expect(post.statusCode).toBe(404);
  });
});

describe('web app hosting in production', async () => {
  const { app } = await buildTestApp({ production: true, env: 'production' }, { serveWeb: { root: fakeBuild() } });

  it('does not serve the developer pages', async () => {
    expect((await app.inject('/dev/login-panel')).statusCode).toBe(404);
    expect((await app.inject('/dev/mailbox')).statusCode).toBe(404);
    expect((await app.inject('/account')).statusCode).toBe(200);
    expect((await app.inject('/fares')).statusCode).toBe(200);
  });
});

/** A real HTTP/1.1 GET (app.inject has no informational answers): the 103s' Link values, then the final status and Link. */
async function getOverHttp(app: FastifyInstance, path: string): Promise<{ hints: string[]; status?: number; link?: string }> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const hints: string[] = [];
    const req = httpGet({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve({ hints, status: res.statusCode, link: [res.headers.link ?? []].flat().join(', ') || undefined }));
    });
    req.on('information', (info) => {
      if (info.statusCode === 103) hints.push(String(info.headers.link));
    });
    req.on('error', reject);
  });
}

describe('early hints', async () => {
  const direct = (await buildTestApp({}, { serveWeb: { root: fakeBuild() } })).app;
  const proxied = (await buildTestApp({ trustProxy: 1 }, { serveWeb: { root: fakeBuild() } })).app;
  const TIMETABLE_LINKS = '</assets/root-5e.css>; rel=preload; as=style, </assets/timetable-6f.css>; rel=preload; as=style';

  it("facing the browser itself, a page's preloads go out as 103 Early Hints as well as in the Link header", async () => {
    const res = await getOverHttp(direct, '/timetable');
    expect(res.status).toBe(200);
    expect(res.hints).toHaveLength(1);
    expect(res.hints[0]).toContain(TIMETABLE_LINKS);
    expect(res.link).toContain(TIMETABLE_LINKS);
  });

  it('behind a proxy (TRUST_PROXY), in the Link header only: nginx before 1.29 takes a 103 for the whole answer and stalls', async () => {
    const res = await getOverHttp(proxied, '/timetable');
    expect(res.status).toBe(200);
    expect(res.hints).toEqual([]);
    expect(res.link).toContain(TIMETABLE_LINKS);
  });
});
