import { describe, expect, it } from 'vitest';
import { type ClientRoute, parseClientManifest, routePreloads, shellLinks } from './route-preloads.ts';
import type { ManifestRoute } from './spa-routes.ts';

/** React Router's build manifest for a few routes: the root, two layouts without a path, screens with and without parameters. */
const routes: Record<string, ManifestRoute> = {
  root: { id: 'root', path: '', file: 'root.tsx' },
  mantine: { id: 'mantine', parentId: 'root', file: 'app/mantine-layout.tsx' },
  query: { id: 'query', parentId: 'mantine', file: 'app/query-layout.tsx' },
  booking: { id: 'booking', parentId: 'query', path: 'booking', file: 'booking.tsx' },
  status: { id: 'status', parentId: 'query', path: 'booking-status/:code', file: 'booking-status.tsx' },
  catchall: { id: 'catchall', parentId: 'root', path: '*', file: 'app/redirect-home.tsx' },
};

/** The client manifest of the same routes: every chunk imports the runtime, which the shell already preloads. */
const client: Record<string, ClientRoute> = {
  root: { module: '/assets/root-1.js', imports: ['/assets/runtime-0.js'], css: ['/assets/root-1.css'] },
  mantine: { module: '/assets/mantine-layout-2.js', imports: ['/assets/runtime-0.js'], css: ['/assets/mantine-layout-2.css'] },
  query: { module: '/assets/query-layout-3.js', imports: ['/assets/runtime-0.js'] },
  booking: { module: '/assets/booking-4.js', imports: ['/assets/runtime-0.js', '/assets/wizard-5.js', '/assets/dates-6.js'], css: ['/assets/booking-4.css'] },
  status: { module: '/assets/booking-status-7.js', imports: ['/assets/runtime-0.js', '/assets/dates-6.js'] },
  catchall: { module: '/assets/redirect-home-8.js', imports: ['/assets/runtime-0.js'] },
};

const SHELL =
  '<link rel="modulepreload" href="/assets/manifest-9.js"/><link rel="modulepreload" href="/assets/runtime-0.js"/>' +
  '<link rel="modulepreload" href="/assets/root-1.js"/><link rel="stylesheet" href="/assets/root-1.css"/><link rel="stylesheet" href="/assets/extra-10.css#"/>';

describe('routePreloads', () => {
  const inShell = shellLinks(SHELL);

  it('reads the files the shell already links, the marked stylesheets too', () => {
    expect([...inShell].sort()).toEqual(['/assets/extra-10.css', '/assets/manifest-9.js', '/assets/root-1.css', '/assets/root-1.js', '/assets/runtime-0.js']);
  });

  it("lists a screen's stylesheets, then the modules of its layouts and its own with their imports, at low priority, without what the shell links", () => {
    expect(routePreloads(routes, client, inShell)['/booking']).toEqual([
      '</assets/mantine-layout-2.css>; rel=preload; as=style; fetchpriority=low',
      '</assets/booking-4.css>; rel=preload; as=style; fetchpriority=low',
      '</assets/mantine-layout-2.js>; rel=modulepreload; fetchpriority=low',
      '</assets/query-layout-3.js>; rel=modulepreload; fetchpriority=low',
      '</assets/wizard-5.js>; rel=modulepreload; fetchpriority=low',
      '</assets/dates-6.js>; rel=modulepreload; fetchpriority=low',
      '</assets/booking-4.js>; rel=modulepreload; fetchpriority=low',
    ]);
  });

  it('keys each screen by its full path pattern, and leaves out the routes that only redirect home', () => {
    const preloads = routePreloads(routes, client, inShell);
    expect(Object.keys(preloads).sort()).toEqual(['/booking', '/booking-status/:code']);
    expect(preloads['/booking-status/:code']).toContain('</assets/booking-status-7.js>; rel=modulepreload; fetchpriority=low');
  });

  it("parses React Router's client manifest module", () => {
    const source = `window.__reactRouterManifest=${JSON.stringify({ entry: {}, routes: client })};`;
    expect(parseClientManifest(source).routes['booking']?.module).toBe('/assets/booking-4.js');
  });
});
