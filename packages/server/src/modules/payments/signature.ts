import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/** Header carrying `sha256=<hex HMAC-SHA256 of the raw request body>`. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** Where the sandbox bank posts its signed notifications (server to server). */
export const NOTIFY_PATH = '/api/payments/sandbox/notify';

export function signBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Constant-time check over the exact bytes received: re-serialised JSON would not do. */
export function verifyBody(secret: string, rawBody: string, header: string | undefined): boolean {
  return typeof header === 'string' && safeEqual(header, signBody(secret, rawBody));
}
