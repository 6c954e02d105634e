import { describe, expect, it } from 'vitest';
import { spaRoutePatterns, type ManifestRoute } from './spa-routes.ts';

/** The shape of React Router's build manifest for a few of our routes: layouts without a path, a prefix, nested and index routes. */
const routes: Record<string, ManifestRoute> = {
  root: { id: 'root', path: '', file: 'root.tsx' },
  home: { id: 'home', parentId: 'root', index: true, file: 'features/public/routes/home.tsx' },
  'home-en': { id: 'home-en', parentId: 'root', path: 'en', file: 'features/public/routes/home.tsx' },
  company: { id: 'company', parentId: 'root', path: 'company', file: 'company-layout.tsx' },
  'company-profile': { id: 'company-profile', parentId: 'company', index: true, file: 'company-section.tsx' },
  'company-section': { id: 'company-section', parentId: 'company', path: ':section', file: 'company-section.tsx' },
  mantine: { id: 'mantine', parentId: 'root', file: 'app/mantine-layout.tsx' },
  query: { id: 'query', parentId: 'mantine', file: 'app/query-layout.tsx' },
  status: { id: 'status', parentId: 'query', path: 'booking-status/:code', file: 'booking-status.tsx' },
  agencies: { id: 'agencies', parentId: 'query', path: 'admin/agencies', file: 'agencies.tsx' },
  'setup-email': { id: 'setup-email', parentId: 'root', path: 'setup-email', file: 'app/redirect-home.tsx' },
  catchall: { id: 'catchall', parentId: 'root', path: '*', file: 'app/redirect-home.tsx' },
};

describe('spaRoutePatterns', () => {
  it('joins each route to its parents through layouts without a path, and leaves out the routes that only redirect home', () => {
    expect(spaRoutePatterns(routes)).toEqual(['/', '/admin/agencies', '/booking-status/:code', '/company', '/company/:section', '/en']);
  });
});
