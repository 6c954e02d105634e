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

/** Every route that renders a screen, with its full path pattern ('/booking-status/:code'). */
export function screenRoutes(routes: Record<string, ManifestRoute | undefined>): { route: ManifestRoute; pattern: string }[] {
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const head = parent ? fullPath(parent) : '';
    return route.path ? `${head.replace(/\/$/, '')}/${route.path}` : head;
  };
  return Object.values(routes).flatMap((route) =>
    !route || route.file === REDIRECTS_HOME || (!route.path && !route.index) ? [] : [{ route, pattern: fullPath(route) || '/' }],
  );
}

/**
 * The full path pattern of every route that renders a screen, for the server: a GET for a path
 * no pattern matches is redirected home there (spec: "any unknown path redirects to home")
 * instead of downloading the app to be told so.
 */
export function spaRoutePatterns(routes: Record<string, ManifestRoute | undefined>): string[] {
  return [...new Set(screenRoutes(routes).map(({ pattern }) => pattern))].sort();
}

/** Writes build/client/spa-routes.json (read by the server at start, never served). */
export async function writeSpaRoutes(clientDir: string, routes: Record<string, ManifestRoute | undefined>): Promise<number> {
  const patterns = spaRoutePatterns(routes);
  await writeFile(join(clientDir, 'spa-routes.json'), `${JSON.stringify(patterns, null, 1)}\n`);
  return patterns.length;
}
