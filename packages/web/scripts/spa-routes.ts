import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The part of React Router's build manifest this needs (`buildEnd`'s `buildManifest.routes`). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  file: string;
}

/** Routes that only send the visitor home (the catch-all, /setup-email): the server redirects for them. */
const REDIRECTS_HOME = 'app/redirect-home.tsx';

/**
 * The full path pattern of every route that renders a screen ('/booking-status/:code'), for the
 * server: a GET for a path no pattern matches is redirected home there (spec: "any unknown path
 * redirects to home") instead of downloading the app to be told so.
 */
export function spaRoutePatterns(routes: Record<string, ManifestRoute | undefined>): string[] {
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const head = parent ? fullPath(parent) : '';
    return route.path ? `${head.replace(/\/$/, '')}/${route.path}` : head;
  };
  const patterns = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route || route.file === REDIRECTS_HOME || (!route.path && !route.index)) continue;
    patterns.add(fullPath(route) || '/');
  }
  return [...patterns].sort();
}

/** Writes build/client/spa-routes.json (read by the server at start, never served). */
export async function writeSpaRoutes(clientDir: string, routes: Record<string, ManifestRoute | undefined>): Promise<number> {
  const patterns = spaRoutePatterns(routes);
  await writeFile(join(clientDir, 'spa-routes.json'), `${JSON.stringify(patterns, null, 1)}\n`);
  return patterns.length;
}
