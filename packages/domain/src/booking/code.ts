/**
 * Booking codes (DESIGN §3): a 6-character group code from an alphabet without look-alikes
 * (no 0/O, 1/I/L), and per booking transaction a 2-character suffix: 8 characters in all
 * (e.g. "K7MPQ4" + "X2"). Ticket numbers are 7 digits. Codes travel in URLs as base64.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GROUP_CODE_LENGTH = 6;
const SUFFIX_LENGTH = 2;
const BOOKING_CODE_LENGTH = GROUP_CODE_LENGTH + SUFFIX_LENGTH;

const CHARS = `[${CODE_ALPHABET}]`;
const GROUP_CODE_PATTERN = new RegExp(`^${CHARS}{${GROUP_CODE_LENGTH}}$`);
export const BOOKING_CODE_PATTERN = new RegExp(`^${CHARS}{${BOOKING_CODE_LENGTH}}$`);
export const TICKET_NUMBER_PATTERN = /^\d{7}$/;

/** Fills a buffer with random bytes: crypto.getRandomValues in browsers and Node. */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;
export const cryptoRandom: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** Uniform over the alphabet: bytes at or above the largest multiple of its size are redrawn. */
function randomChars(length: number, random: RandomSource): string {
  const n = CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < length) {
    for (const b of random(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out += CODE_ALPHABET[b % n];
    }
  }
  return out;
}

export function generateGroupCode(random: RandomSource = cryptoRandom): string {
  return randomChars(GROUP_CODE_LENGTH, random);
}

function generateSuffix(random: RandomSource = cryptoRandom): string {
  return randomChars(SUFFIX_LENGTH, random);
}

/** A new booking-request code: group code + suffix. */
export function generateBookingCode(random: RandomSource = cryptoRandom, group = generateGroupCode(random)): string {
  if (!GROUP_CODE_PATTERN.test(group)) throw new RangeError(`not a group code: ${group}`);
  return group + generateSuffix(random);
}

interface ParsedBookingCode {
  code: string;
  group: string;
  suffix: string;
}

/** Accepts what a person types (spaces, lower case); null unless a valid 8-character code. */
export function parseBookingCode(value: string): ParsedBookingCode | null {
  const code = value.replace(/\s+/g, '').toUpperCase();
  if (!BOOKING_CODE_PATTERN.test(code)) return null;
  return { code, group: code.slice(0, GROUP_CODE_LENGTH), suffix: code.slice(GROUP_CODE_LENGTH) };
}

export const isBookingCode = (value: string) => BOOKING_CODE_PATTERN.test(value);
export const isGroupCode = (value: string) => GROUP_CODE_PATTERN.test(value);

export function formatTicketNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 9_999_999) throw new RangeError(`ticket number out of range: ${n}`);
  return String(n).padStart(7, '0');
}
export const isTicketNumber = (value: string) => TICKET_NUMBER_PATTERN.test(value);

// base64 of UTF-8 text. Encoding gives base64url without padding (safe as a path segment);
// decoding accepts both alphabets, with or without padding, as a link may have been retyped.
function toBase64Url(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(value: string): string | null {
  const std = value.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(std) || std.length % 4 === 1) return null;
  try {
    const bin = atob(std + '='.repeat((4 - (std.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** /booking-status/{base64(code)} */
export function encodeBookingStatusParam(code: string): string {
  return toBase64Url(code);
}

export function decodeBookingStatusParam(param: string): string | null {
  const decoded = fromBase64(param);
  return decoded && parseBookingCode(decoded)?.code === decoded ? decoded : null;
}

/** /api/send-single-ticket/{base64(ticketNr:email)} */
export function encodeSingleTicketParam(ticketNr: string, email: string): string {
  return toBase64Url(`${ticketNr}:${email}`);
}

export function decodeSingleTicketParam(param: string): { ticketNr: string; email: string } | null {
  const decoded = fromBase64(param);
  const sep = decoded?.indexOf(':') ?? -1;
  if (!decoded || sep < 0) return null;
  const ticketNr = decoded.slice(0, sep);
  const email = decoded.slice(sep + 1);
  return isTicketNumber(ticketNr) && email ? { ticketNr, email } : null;
}
