import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { homePathOf } from '@heliline/domain/i18n/lang';
import { declareAccessOf } from './auth.ts';
import { cspDirectives, cspHeader } from './csp.ts';
import { notFoundJson } from './errors.ts';

/** packages/web/build/client, found through the workspace package: the same from src/ (tsx) and from the compiled dist/main.js. */
const WEB_BUILD_DIR = join(dirname(createRequire(import.meta.url).resolve('@heliline/web/package.json')), 'build/client');

/** Paths the server answers itself; everything else that is a GET is the web app's. */
const SERVER_PATHS = /^\/(api|sanctum|email|dev\/mailbox|company-pages|timetable-grid|documents)(\/|$)/;

/** Hashed build output: cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages and other unhashed files: always revalidated, so a deploy shows at once. */
const REVALIDATE = 'no-cache, max-age=0';

/**
 * Hosts the built web app (decision 007): hashed assets with a year-long immutable cache,
 * each prerendered public page (`<path>/index.html`, with or without a trailing slash) with a
 * short cache, and the SPA fallback for client-only routes — all precompressed (.br/.gz beside
 * the files). HTML pages carry a CSP whose script-src lists the hashes of their own inline
 * scripts (build/client/csp-hashes.json, written by the web build). A path that is neither a
 * page nor one of the app's routes (build/client/spa-routes.json) is redirected home.
 */
export interface WebPluginOptions {
  /** The built web app (tests pass a folder of their own). */
  root?: string;
}

/**
 * Every helipad post is prerendered at build time: another slug is a page that does not exist.
 * The app still renders its "not found" screen, with the status a crawler needs.
 */
const POST_PAGES = /^(\/en)?\/helipad-posts\/[^/]+$/;

/**
 * A web page's path parameter named `token` is a bearer secret (password reset, flight change):
 * the request log never holds it. Every other parameter name is checked by test/security-logs.
 */
export const SECRET_PAGE_PARAM = 'token';

/** Developer-only pages of the web app (the test login panel): not served in production. */
const DEV_PAGES = /^\/dev(\/|$)/;

/** '/fares' → 'fares/index.html' for every prerendered page of the build. */
function prerenderedPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') walk(join(dir, entry.name));
      } else if (entry.name === 'index.html') {
        const file = relative(root, join(dir, entry.name)).split('\\').join('/');
        pages.set(`/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'), file);
      }
    }
  };
  walk(root);
  return pages;
}

/**
 * The `Link` preloads of a built HTML page: its stylesheets, and for the SPA fallback the entry
 * modules it lists before the root route's. A prerendered page paints from its HTML and
 * stylesheets alone: scripts hinted before it would share a weak link with the stylesheets and
 * delay that paint (decision 029). Read once at start, sent with the page and as early hints.
 */
function firstPaintLinks(html: string, withModules: boolean): string[] {
  const links: string[] = [];
  for (const [, href] of html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"#?]+)[^"]*"/g)) links.push(`<${href}>; rel=preload; as=style`);
  if (!withModules) return links;
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+)"/g)) {
    if (href!.startsWith('/assets/root-')) break;
    links.push(`<${href}>; rel=modulepreload`);
  }
  return links;
}

function readLinks(root: string, fallback: string, pages: Iterable<string>): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const file of [fallback, ...pages]) links.set(file, firstPaintLinks(readFileSync(join(root, file), 'utf8'), file === fallback));
  return links;
}

/** '/booking-status/:code' → a matcher (case-insensitive, as the web app's router). */
function routeMatcher(pattern: string): RegExp {
  const segments = pattern.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/') || '/'}$`, 'i');
}

/** A JSON file the web build writes beside the pages; `fallback` for a build without it. */
function readBuildJson<T>(root: string, file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/**
 * Matchers of those paths. A pattern with parameters that a prerendered page matches
 * ('/company/:section') had every page prerendered, so only the pages themselves are known.
 */
function spaMatchers(patterns: string[], pages: Map<string, string>): RegExp[] {
  const matchers = patterns.map((p) => ({ open: !p.includes(':'), re: routeMatcher(p) }));
  return matchers.filter(({ open, re }) => open || ![...pages.keys()].some((page) => re.test(page))).map(({ re }) => re);
}

/** '/en/fares/' → '/en/fares'; undefined for anything that cannot be a page path. */
function pagePath(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(url.split(/[?#]/)[0] ?? '/');
  } catch {
    return undefined;
  }
  if (path.includes('..') || path.includes('\0')) return undefined;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

const isStaticRoute = (route: RouteOptions) => route.url === '/*';
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const webPlugin = fp(async (app: FastifyInstance, options: WebPluginOptions) => {
  const root = options.root ?? WEB_BUILD_DIR;
  const fallback = ['__spa-fallback.html', 'index.html'].find((f) => existsSync(join(root, f)));
  if (!fallback) {
    app.log.warn(`web build not found at ${root}: run npm run build`);
    app.setNotFoundHandler(notFoundJson);
    return;
  }
  const pages = prerenderedPages(root);
  // The path patterns the web app renders a screen for (its route list); without the list every path gets the app shell.
  const spaPatterns = readBuildJson<string[] | undefined>(root, 'spa-routes.json', undefined);
  const spaRoutes = spaPatterns && spaMatchers(spaPatterns, pages);
  for (const pattern of spaPatterns ?? []) if (pattern.includes(`/:${SECRET_PAGE_PARAM}`)) app.secretPaths.add(pattern, [SECRET_PAGE_PARAM]);
  // The policy of each HTML file with its own inline scripts' hashes, built once.
  const hashes = readBuildJson<Record<string, string[]>>(root, 'csp-hashes.json', {});
  const csp = new Map([fallback, ...pages.values()].map((file) => [file, cspHeader(cspDirectives(hashes[file] ?? []))]));
  const assetsDir = join(root, 'assets');

  const preloads = readLinks(root, fallback, pages.values());
  // A 103 only where the app answers the browser itself. Behind a proxy (TRUST_PROXY) the proxy
  // may not know 103: nginx before 1.29 (Debian 12 ships 1.22) takes it for the whole answer,
  // waits for the rest until its read timeout, and leaves the upstream connection out of step.
  const earlyHints = app.config.trustProxy === false;
  const sendPage = (reply: FastifyReply, file: string) => {
    const links = preloads.get(file) ?? [];
    if (links.length) {
      // 103 where the connection can carry it (a real HTTP/1.1 or HTTP/2 response), and the same
      // list on the page itself for proxies and browsers that ignore early hints.
      if (earlyHints && typeof reply.raw.writeEarlyHints === 'function') reply.writeEarlyHints({ link: links });
      reply.header('link', links.join(', '));
    }
    return reply.header('content-security-policy', csp.get(file)!).sendFile(file);
  };

  // Prerendered pages are answered before the static route looks at the disk: '/', '/en/' are
  // directories to it, and '/fares' must not depend on how it treats them. An unknown /api (or
  // other server) path that reached the catch-all gets its JSON 404 at once, without a look at
  // the file system.
  const beforeStatic = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.url.split('?')[0] ?? '';
    if (raw.endsWith('.html') || raw === '/csp-hashes.json' || raw === '/spa-routes.json') return notFoundJson(req, reply);
    const path = pagePath(req.url);
    if (path === undefined || SERVER_PATHS.test(path)) return notFoundJson(req, reply);
    const page = pages.get(path);
    if (page) return sendPage(reply, page);
  };

  await app.register(compress, { global: true, threshold: 1024 });
  // @fastify/static's wildcard route takes no config of ours (the built files are public); the
  // page hook rides on that route alone, so the API's routes never run it.
  app.addHook('onRoute', declareAccessOf(isStaticRoute, 'public'));
  app.addHook('onRoute', (route) => {
    if (isStaticRoute(route)) route.onRequest = [...asArray(route.onRequest), beforeStatic];
  });
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    // HTML pages go through the hook above or the not-found handler below (their CSP); never by file name.
    index: false,
    redirect: false,
    setHeaders(res, path) {
      res.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const path = pagePath(req.url);
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    if (!isGet || path === undefined || SERVER_PATHS.test(path)) return notFoundJson(req, reply);
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (!isFile && POST_PAGES.test(path)) return sendPage(reply.status(404), fallback);
    if (isFile || (app.config.production && DEV_PAGES.test(path))) return notFoundJson(req, reply);
    // Spec: any unknown path redirects to home. Said by the server, a visitor (or a crawler)
    // does not download the app to be told so, and the path is not a soft 404.
    if (spaRoutes && !spaRoutes.some((re) => re.test(path))) return reply.header('cache-control', REVALIDATE).redirect(homePathOf(path), 302);
    return sendPage(reply, fallback);
  });
});
