/**
 * The Content Security Policy of the app (decision 007). Scripts come only from this origin,
 * plus, on each prerendered page, the hashes of that page's own inline scripts (React Router's
 * hydration context and module bootstrap), computed at build time into csp-hashes.json. No
 * 'unsafe-inline' for scripts, except on the developer pages and the API explorer below.
 */
export type CspDirectives = Record<string, string[]>;

export function cspDirectives(scriptHashes: readonly string[] = []): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((h) => `'${h}'`)],
    // Mantine writes its theme variables in <style> tags and React sets style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The profile video and its poster and captions.
    'media-src': ["'self'"],
    // Same-origin frames: /company-pages, /timetable-grid, the travel documents.
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'connect-src': ["'self'"],
    // The ALTCHA widget solves its proof of work in a Web Worker started from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    // No object-src 'none': Chromium shows PDFs (/documents) through a plugin that it would block.
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** The same policy with inline scripts allowed: swagger-ui (/api/docs) and the /dev pages only. */
export function relaxedCspDirectives(): CspDirectives {
  const d = cspDirectives();
  return { ...d, 'script-src': ["'self'", "'unsafe-inline'"] };
}

export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Paths that keep the relaxed policy (they are not the public site and render their own inline scripts). */
export const RELAXED_CSP_PATHS = /^\/(api\/docs|dev\/mailbox)(\/|$)/;
