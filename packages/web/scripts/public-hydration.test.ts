import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { languageRedirect, moduleFiles, rewritePage, routeTree, streamedLoaderData } from './public-hydration.ts';

/** The shape React Router's prerender writes (react-router 7): preload links in the head, context and bootstrap scripts after the shell. */
const STREAM = '[{"_1":2,"_3":-5,"_4":-5},"loaderData",{"_5":6},"actionData","errors","helipad-posts",{"_7":8},"posts",[9],{"_10":11},"title","Ciao"]\n';
const SHELL = '<div class="shell"><div id="hl-header"><header></header></div><main id="main"><h1>Orari</h1></main><div id="hl-footer"></div></div>';
const prerendered = (body = SHELL) =>
  '<!DOCTYPE html><html lang="it"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="stylesheet" href="/assets/root-4.css"/>' +
  '<link rel="stylesheet" href="/assets/page-5.css#"/></head>' +
  `<body>${body}<script>window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = new ReadableStream({});</script>` +
  `<script type="module" async="">import "/assets/manifest-1.js";\nwindow.__reactRouterRouteModules = {};\nimport("/assets/entry.client-2.js");</script>` +
  `<!--$--><script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(STREAM)});</script>` +
  '<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$--></body></html>';

const ROUTES = {
  root: { id: 'root', path: '', file: 'root.tsx' },
  home: { id: 'home', parentId: 'root', index: true, file: 'features/public/routes/home.tsx' },
  company: { id: 'company', parentId: 'root', path: 'company', file: 'features/public/routes/company-layout.tsx' },
  'company-profile': { id: 'company-profile', parentId: 'company', index: true, file: 'features/public/routes/company-section.tsx' },
  'company-section': { id: 'company-section', parentId: 'company', path: ':section', file: 'features/public/routes/company-section.tsx' },
};

describe('public pages without React Router', () => {
  it('reads the loader data React Router streamed into the page, by route id', async () => {
    expect(await streamedLoaderData(prerendered())).toEqual({ 'helipad-posts': { posts: [{ title: 'Ciao' }] } });
  });

  it('finds the routes a page was rendered from, outermost first, with the params', () => {
    const matches = matchRoutes(routeTree(ROUTES), '/company/doa')!;
    expect(matches.map((m) => m.route.id)).toEqual(['root', 'company', 'company-section']);
    expect(matches.at(-1)!.params).toEqual({ section: 'doa' });
    expect(matchRoutes(routeTree(ROUTES), '/company')!.map((m) => m.route.id)).toEqual(['root', 'company', 'company-profile']);
  });

  it('lists a module with its static imports first, each file once', () => {
    const manifest = {
      'src/a.tsx': { file: 'assets/a.js', imports: ['_b.js', '_c.js'] },
      '_b.js': { file: 'assets/b.js', imports: ['_c.js'] },
      '_c.js': { file: 'assets/c.js' },
    };
    expect([...moduleFiles(manifest, 'src/a.tsx')]).toEqual(['/assets/c.js', '/assets/b.js', '/assets/a.js']);
    expect(() => moduleFiles(manifest, 'src/missing.tsx')).toThrow(/not in the public build/);
  });

  it('lists each chunk once when chunks import each other (a route chunk and a group chunk it shares modules with)', () => {
    const manifest = {
      'src/timetable.tsx': { file: 'assets/timetable.js', imports: ['_calendar.js', '_preact.js'] },
      '_calendar.js': { file: 'assets/calendar.js', imports: ['src/timetable.tsx', '_preact.js'] },
      '_preact.js': { file: 'assets/preact.js' },
    };
    expect([...moduleFiles(manifest, 'src/timetable.tsx')]).toEqual(['/assets/preact.js', '/assets/calendar.js', '/assets/timetable.js']);
  });

  it("takes React Router's scripts out and puts the page data and the public bootstrap in the head", () => {
    const page = { params: {}, routes: [{ file: 'features/public/routes/timetable.tsx', loaderData: { text: '</script>' } }] };
    const html = rewritePage(prerendered(), page, ['/assets/react-1.js', '/assets/timetable-2.js'], '/assets/entry.public-3.js', '<script>redirect()</script>');
    expect(html).not.toMatch(/__reactRouter|modulepreload" href|entry\.client/);
    expect(html).toContain(`<body>${SHELL}</body>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-4.css"/><link rel="stylesheet" href="/assets/page-5.css"/>');
    expect(html).toContain('<head><meta charSet="utf-8"/><script>redirect()</script>');
    const json = /<script type="application\/json" id="hl-page">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(page);
    const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script><\/head>/.exec(html)![1]!;
    expect(bootstrap).toContain('"first-contentful-paint"');
    expect(bootstrap).toContain(JSON.stringify(['/assets/react-1.js', '/assets/timetable-2.js']));
    expect(bootstrap.trim().split('\n').at(-1)).toBe('import("/assets/entry.public-3.js");');
  });

  it('after the first paint, requests the modules a few per task, in order, then starts the entry', async () => {
    const preloads = Array.from({ length: 10 }, (_, i) => `/assets/m${i}.js`);
    const html = rewritePage(prerendered(), { params: {}, routes: [] }, preloads, '/assets/entry.public-3.js');
    const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script><\/head>/.exec(html)![1]!.replace(/\bimport\(/, 'startEntry(');
    const tasks: string[][] = [[]];
    let painted = false;
    const document = {
      visibilityState: 'visible',
      createElement: () => ({}),
      head: { append: (link: { rel: string; href: string }) => (expect(painted).toBe(true), expect(link.rel).toBe('modulepreload'), tasks.at(-1)!.push(link.href)) },
    };
    class PerformanceObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
      observe() {
        setTimeout(() => ((painted = true), this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) })), 5);
      }
    }
    const nextTask = (run: () => void, ms?: number) => setTimeout(() => (ms === undefined && tasks.push([]), run()), ms);
    let started = '';
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction('document', 'PerformanceObserver', 'setTimeout', 'requestAnimationFrame', 'startEntry', bootstrap)(
      document,
      PerformanceObserver,
      nextTask,
      () => 0,
      (entry: string) => {
        started = entry;
        expect(tasks.flat()).toEqual(preloads);
      },
    );
    expect(tasks.filter((task) => task.length)).toEqual([preloads.slice(0, 4), preloads.slice(4, 8), preloads.slice(8)]);
    expect(started).toBe('/assets/entry.public-3.js');
  });

  it('refuses a page whose body is not the site shell alone once the scripts are out', () => {
    const refused = (body: string) => () => rewritePage(prerendered(body), { params: {}, routes: [] }, [], '/e.js');
    expect(refused(`${SHELL}<script>other()</script>`)).toThrow(/does not know/);
    expect(refused(`${SHELL}<p>more</p>`)).toThrow(/does not know/);
    expect(refused('<div class="shell"><main id="main"></main></div>')).toThrow(/does not know/);
  });

  it("sends a visitor whose stored language differs to the page's copy, only where there is one", () => {
    expect(languageRedirect('/en/timetable')).toContain('localStorage.getItem("lang")==="it")location.replace("/timetable"');
    expect(languageRedirect('/timetable')).toContain('==="en")location.replace("/en/timetable"');
    expect(languageRedirect('/accessibilita')).toContain('"/en/accessibility"');
    // Each directions page forces its language.
    expect(languageRedirect('/come-raggiungerci')).toBe('');
    expect(languageRedirect('/directions')).toBe('');
  });
});
