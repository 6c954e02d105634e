import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webRoutes from '../../web/src/routes.ts';
import { type ManifestRoute, spaRoutePatterns } from '../../web/scripts/spa-routes.ts';
import { REDACTED, SecretPaths } from '../src/lib/log-redaction.ts';
import { SECRET_PAGE_PARAM } from '../src/plugins/web.ts';
import { PASSWORD } from './accounts-support.ts';
import { createBuyers } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';

/** ASVS 7.1.1: the request log never holds a password, a session cookie, a bearer or CSRF token, or a secret link. */
const lines: string[] = [];
const { app } = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
const [buyer] = await createBuyers(app, 1);

describe('the request log', () => {
  it('keeps method, route and status but none of the credentials a request carried', async () => {
    const browser = new Client(app);
    const login = await browser.request({ method: 'POST', url: '/api/auth/login', payload: { email: buyer!.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).match(/heliline_session=([^;]+)/)?.[1];
    expect(cookie).toBeTruthy();
    const spaToken: string = login.json().user.token;
    expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${buyer!.token}` } })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/payment-link/payment-link-token-0123456789' });

    const log = lines.join('');
    expect(log).toContain('/api/auth/login');
    expect(log).toContain(`/payment-link/${REDACTED}`);
    for (const secret of [PASSWORD, cookie!, spaToken, buyer!.token, 'payment-link-token-0123456789']) {
      expect(log).not.toContain(secret);
    }
  });
});

/** The web app's route list as its build writes it (build/client/spa-routes.json), from its route config. */
interface ConfigRoute {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigRoute[];
}
function webPatterns(): string[] {
  const manifest: Record<string, ManifestRoute> = { root: { id: 'root', path: '', file: 'root.tsx' } };
  const walk = (routes: ConfigRoute[], parentId: string) => {
    for (const { children, ...route } of routes) {
      const id = route.id ?? route.file;
      manifest[id] = { ...route, id, parentId };
      walk(children ?? [], id);
    }
  };
  walk(webRoutes as ConfigRoute[], 'root');
  return spaRoutePatterns(manifest);
}

/**
 * Path parameters that carry no secret: a new parameter must be added here or declared secret
 * (`config.secretParams` on a server route; named `token` on a web route).
 */
const PUBLIC_PARAMS = new Set(['id', 'code', 'flightId', 'ticketNr', 'slug', 'lang', 'page', 'file', 'orderID', 'key', 'section', 'provider']);
const paramsOf = (pattern: string) => pattern.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : []));

describe('every route with a secret in its path', async () => {
  const root = mkdtempSync(join(tmpdir(), 'heliline-web-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const pages = webPatterns();
  writeFileSync(join(root, '__spa-fallback.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'spa-routes.json'), JSON.stringify(pages));
  const log: string[] = [];
  const { app } = await buildTestApp({ logLevel: 'info', logAllRequests: true }, { serveWeb: { root }, logStream: { write: (line) => void log.push(line) } });
  const secret = new Map(app.secretPaths.declared().map(({ pattern, params }) => [pattern, params]));
  const serverRoutes = app.declaredRoutes().filter((r) => r.url.includes('/:'));

  it('declares each path parameter of the route table secret or names it as carrying none', () => {
    const unclassified = [
      ...serverRoutes.flatMap((r) => paramsOf(r.url).map((p) => ({ url: r.url, p }))),
      ...pages.flatMap((url) => paramsOf(url).map((p) => ({ url, p }))),
    ].filter(({ url, p }) => !secret.get(url)?.includes(p) && !PUBLIC_PARAMS.has(p));
    expect(unclassified).toEqual([]);
    // The web app's secret pages are known from its route list.
    expect(pages.filter((p) => paramsOf(p).includes(SECRET_PAGE_PARAM)).sort()).toEqual(['/flight-change/:token', '/password/reset/:token']);
    expect([...secret.keys()]).toEqual(expect.arrayContaining(['/api/flight-change/:token', '/payment-link/:token', '/flight-change/:token']));
  });

  it('logs each of them without the secret, however the path is spelled', async () => {
    const routes = [
      ...serverRoutes.filter((r) => secret.has(r.url) && r.method !== 'HEAD'),
      ...pages.filter((url) => secret.has(url)).map((url) => ({ method: 'GET', url })),
    ];
    expect(routes.length).toBeGreaterThanOrEqual(10);
    let n = 0;
    for (const { method, url } of routes) {
      const secrets: string[] = [];
      const fill = (upper: boolean) =>
        url
          .split('/')
          .map((s) => {
            if (!s.startsWith(':')) return upper ? s.toUpperCase() : s;
            if (!secret.get(url)!.includes(s.slice(1))) return '1';
            secrets.push(`secret${++n}x${'a'.repeat(24)}`);
            return secrets.at(-1);
          })
          .join('/');
      const spellings = [fill(false), `/${fill(false)}/more?lang=en`, `${fill(true)}?token=${'b'.repeat(20)}`];
      for (const path of spellings) {
        const before = log.length;
        await app.inject({ method: method as 'GET', url: path, payload: method === 'GET' ? undefined : {} });
        const written = log.slice(before).join('');
        expect(written, `${method} ${path}`).toContain(REDACTED);
      }
      for (const token of secrets) expect(log.join(''), `${method} ${url}`).not.toContain(token);
    }
    expect(log.join('')).not.toContain('b'.repeat(20));
  });
});

describe('SecretPaths', () => {
  const paths = new SecretPaths();
  paths.add('/password/reset/:token', ['token']);
  paths.add('/email/verify/:id/:hash', ['hash']);
  it.each([
    ['/password/reset/abc?email=a%40b.it', `/password/reset/${REDACTED}?email=%5Bredacted%5D`],
    ['/Password//Reset/abc/', `/Password/Reset/${REDACTED}`],
    ['/email/verify/12/deadbeef?expires=1&signature=s', `/email/verify/12/${REDACTED}?expires=%5Bredacted%5D&signature=%5Bredacted%5D`],
    ['/api/flights?from=1&to=2', '/api/flights?from=1&to=2'],
    ['/password/reset', '/password/reset'],
  ])('%s → %s', (url, expected) => {
    expect(paths.redact(url)).toBe(expected);
  });

  it('refuses a secret that is not a parameter of the route', () => {
    expect(() => paths.add('/payment-link/:token', ['code'])).toThrow(/no path parameter code/);
  });
});
