/**
 * Addresses that carry a secret (ASVS 7.1.1): a password-reset token, a payment link, a signed
 * verification link, a gateway's MAC or token. The request log keeps the route, never the secret.
 */
const SECRET_PATHS: RegExp[] = [
  /^(\/(?:en\/)?password\/reset\/)[^/?#]+/,
  /^(\/payment-link\/)[^/?#]+/,
  /^(\/email\/verify\/[^/?#]+\/)[^/?#]+/,
  // base64 of a ticket number and an e-mail address
  /^(\/api\/send-single-ticket\/)[^/?#]+/,
];
const SECRET_PARAMS = new Set(['token', 'signature', 'mac', 'hash', 'email', 'expires']);

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, REDACTED);
  return `${path}?${params.toString()}`;
}
