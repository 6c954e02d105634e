import { describe, expect, it } from 'vitest';
import { deferHydration } from './defer-hydration.ts';

/** The shape React Router's prerender writes (react-router 7): preload links in the head, a bootstrap module script in the body. */
const page = (bootstrap: string) =>
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<link rel="modulepreload" href="/assets/root-3.js"/><link rel="stylesheet" href="/assets/root-4.css"/></head><body><main><h1>Orari</h1></main>' +
  '<script>window.__reactRouterContext = {};</script>' +
  `<script type="module" async="">${bootstrap}</script></body></html>`;
const BOOTSTRAP = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/timetable-5.js";
  
  window.__reactRouterRouteModules = {"root":route0,"timetable":route1};

import("/assets/entry.client-2.js");`;

describe('deferHydration', () => {
  const html = deferHydration(page(BOOTSTRAP));
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

  it('takes the preload links out of the head, keeping the stylesheet and the rest of the page', () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-4.css"/>');
    expect(html).toContain('<main><h1>Orari</h1></main><script>window.__reactRouterContext = {};</script>');
  });

  it('waits for the first contentful paint, then preloads the same modules in the same order and imports them as before', () => {
    const lines = script
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const started = lines.indexOf('});');
    expect(lines.slice(0, started).join('\n')).toContain('"first-contentful-paint"');
    expect(lines[started + 1]).toContain(JSON.stringify(['/assets/manifest-1.js', '/assets/entry.client-2.js', '/assets/root-3.js']));
    expect(lines.slice(started + 2)).toEqual([
      'await import("/assets/manifest-1.js");',
      'const route0 = await import("/assets/root-3.js");',
      'const route1 = await import("/assets/timetable-5.js");',
      'window.__reactRouterRouteModules = {"root":route0,"timetable":route1};',
      'import("/assets/entry.client-2.js");',
    ]);
  });

  it('leaves a page without the bootstrap as it is, and refuses an import it does not know how to rewrite', () => {
    const spa = '<html><head></head><body><script type="module">import("/assets/x.js")</script></body></html>';
    expect(deferHydration(spa)).toBe(spa);
    expect(() => deferHydration(page(`import { a } from "/assets/a.js";\n${BOOTSTRAP}`))).toThrow(/static import/);
  });
});
