import { createHmac, timingSafeEqual } from 'node:crypto';
import { isTicketNumber } from '@heliline/domain';
import { qrPng, qrSvg } from '../pdf/barcode.ts';

/**
 * The boarding pass's code (decision 024): `HL1.<ticket number>.<signature>`, the signature
 * being HMAC-SHA256 under HELILINE_BOARDING_PASS_KEY over `HL1.<ticket number>`, its first
 * 16 bytes in base64url (22 characters). Short enough for a small QR code a phone camera reads at
 * the desk; a code anyone could make up or alter (another number, another signature) is refused.
 * Nothing else is in it: the desk reads the ticket's state from the database.
 */
const VERSION = 'HL1';
const SIGNATURE_BYTES = 16;
const PATTERN = /^HL1\.(\d{7})\.([A-Za-z0-9_-]{22})$/;

export class BoardingPasses {
  constructor(private readonly key: string) {}

  private mac(ticketNr: string): Buffer {
    return createHmac('sha256', this.key).update(`${VERSION}.${ticketNr}`).digest().subarray(0, SIGNATURE_BYTES);
  }

  /** The code printed in the QR of a ticket. */
  sign(ticketNr: string): string {
    if (!isTicketNumber(ticketNr)) throw new Error('not a ticket number');
    return `${VERSION}.${ticketNr}.${this.mac(ticketNr).toString('base64url')}`;
  }

  /** The ticket number of a genuine code; null for anything else (constant-time comparison). */
  verify(code: string): string | null {
    const m = PATTERN.exec(code.trim());
    if (!m) return null;
    const [, ticketNr, signature] = m as unknown as [string, string, string];
    // The text is compared, not the decoded bytes: the last base64url character carries 2 bits
    // only, and a decoder ignores the other 4, so an altered character could decode the same.
    const given = Buffer.from(signature, 'ascii');
    const expected = Buffer.from(this.mac(ticketNr).toString('base64url'), 'ascii');
    return given.length === expected.length && timingSafeEqual(given, expected) ? ticketNr : null;
  }

  /** Whether a string has the shape of a boarding-pass code (genuine or not). */
  static looksLikePass(code: string): boolean {
    return code.trim().startsWith(`${VERSION}.`);
  }

  png(ticketNr: string): Promise<Buffer> {
    return qrPng(this.sign(ticketNr));
  }

  svg(ticketNr: string): string {
    return qrSvg(this.sign(ticketNr));
  }
}
