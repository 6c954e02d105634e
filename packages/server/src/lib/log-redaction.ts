/**
 * Addresses that carry a secret (ASVS 7.1.1): a password-reset token, a payment or flight-change
 * link, a signed verification link, a gateway's MAC. The request log keeps the route, never the
 * secret. The secret path segments come from the route table (a route's `config.secretParams`,
 * the web app's `:token` routes), never from a list kept here.
 */
const SECRET_QUERY_PARAMS = new Set(['token', 'signature', 'mac', 'hash', 'email', 'expires']);

export const REDACTED = '[redacted]';

interface SecretPath {
  pattern: string;
  params: readonly string[];
  /** The route's segments: a literal, or null for a parameter. */
  segments: (string | null)[];
  /** Indexes of the segments that are secret. */
  secret: Set<number>;
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
};

/** The routes whose path carries a secret, and the request line without it. */
export class SecretPaths {
  private readonly paths: SecretPath[] = [];

  /** `pattern` as Fastify writes it ('/api/flight-change/:token'); `params` the secret ones. */
  add(pattern: string, params: readonly string[]): void {
    const parts = pattern.split('/').filter(Boolean);
    const unknown = params.filter((p) => !parts.includes(`:${p}`));
    if (unknown.length) throw new Error(`${pattern}: no path parameter ${unknown.join(', ')}`);
    this.paths.push({
      pattern,
      params,
      segments: parts.map((s) => (s.startsWith(':') ? null : s.toLowerCase())),
      secret: new Set(parts.flatMap((s, i) => (params.includes(s.slice(1)) && s.startsWith(':') ? [i] : []))),
    });
  }

  /** Every route declared so far, with its secret parameters. */
  declared(): { pattern: string; params: readonly string[] }[] {
    return this.paths.map(({ pattern, params }) => ({ pattern, params }));
  }

  /** The URL as logged: every secret path segment and secret query parameter replaced. */
  redact(url: string): string {
    const q = url.indexOf('?');
    const path = this.redactPath(q === -1 ? url : url.slice(0, q));
    if (q === -1) return path;
    const params = new URLSearchParams(url.slice(q + 1));
    for (const key of [...params.keys()]) if (SECRET_QUERY_PARAMS.has(key.toLowerCase())) params.set(key, REDACTED);
    return `${path}?${params.toString()}`;
  }

  /** Matched as the routers do (any case, empty segments ignored), so no spelling of a path slips by. */
  private redactPath(path: string): string {
    const parts = path.split('/').filter(Boolean);
    const route = this.paths.find(({ segments }) => parts.length >= segments.length && segments.every((s, i) => s === null || s === decoded(parts[i]!)));
    if (!route) return path;
    return `/${parts.map((part, i) => (route.secret.has(i) ? REDACTED : part)).join('/')}`;
  }
}
