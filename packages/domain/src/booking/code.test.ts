import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_CODE_PATTERN,
  CODE_ALPHABET,
  decodeBookingStatusParam,
  decodeSingleTicketParam,
  encodeBookingStatusParam,
  encodeSingleTicketParam,
  formatTicketNumber,
  generateBookingCode,
  generateGroupCode,
  isTicketNumber,
  parseBookingCode,
  type RandomSource,
} from './code.ts';

/** Deterministic source: cycles through the given bytes. */
const cycling = (values: number[]): RandomSource => {
  let i = 0;
  return (buf) => buf.map(() => values[i++ % values.length]!);
};

describe('booking codes', () => {
  it('uses an alphabet without 0, O, 1, I, L', () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    for (const c of '0O1IL') expect(CODE_ALPHABET).not.toContain(c);
  });

  it('draws from the random source, skipping biased bytes', () => {
    expect(generateGroupCode(cycling([0, 1, 2, 3, 4, 5]))).toBe('234567');
    expect(generateGroupCode(cycling([250, 30, 255, 31]))).toBe('Z2Z2Z2'); // 250 and 255 ≥ 248 are redrawn
  });

  it('makes 8-character codes that parse back into group and suffix', () => {
    const code = generateBookingCode(cycling([10, 20, 30, 40, 50, 60, 70, 80]));
    expect(code).toMatch(BOOKING_CODE_PATTERN);
    expect(parseBookingCode(code)).toEqual({ code, group: code.slice(0, 6), suffix: code.slice(6) });
    expect(generateBookingCode(undefined, 'ABCDEF').startsWith('ABCDEF')).toBe(true);
    expect(() => generateBookingCode(undefined, 'ABCDE0')).toThrow(RangeError);
  });

  it('parses what people type and refuses the rest', () => {
    expect(parseBookingCode(' abcd ef 23 ')?.code).toBe('ABCDEF23');
    for (const bad of ['ABCDEF2', 'ABCDEF234', 'ABCDEF0O', 'ABCDEFI1', '']) expect(parseBookingCode(bad)).toBeNull();
  });

  it('property: generated codes are valid and round-trip through the status URL', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        const code = generateBookingCode(cycling([...bytes, 7]));
        expect(code).toMatch(BOOKING_CODE_PATTERN);
        const param = encodeBookingStatusParam(code);
        expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeBookingStatusParam(param)).toBe(code);
      }),
    );
  });

  it('decodes the spec base64 (with padding) and refuses junk', () => {
    expect(decodeBookingStatusParam(btoa('ABCDEF23'))).toBe('ABCDEF23');
    expect(decodeBookingStatusParam('!!!')).toBeNull();
    expect(decodeBookingStatusParam(btoa('abcdef23'))).toBeNull();
    expect(decodeBookingStatusParam(btoa('ABCDEF2'))).toBeNull();
  });
});

describe('tickets', () => {
  it('formats 7-digit ticket numbers', () => {
    expect(formatTicketNumber(42)).toBe('0000042');
    expect(formatTicketNumber(9_999_999)).toBe('9999999');
    expect(() => formatTicketNumber(0)).toThrow(RangeError);
    expect(() => formatTicketNumber(10_000_000)).toThrow(RangeError);
    expect(isTicketNumber('0000042')).toBe(true);
    expect(isTicketNumber('000042')).toBe(false);
  });

  it('round-trips ticketNr:email through the send-single-ticket URL, any e-mail', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), fc.emailAddress(), (n, email) => {
        const nr = formatTicketNumber(n);
        const param = encodeSingleTicketParam(nr, email);
        expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeSingleTicketParam(param)).toEqual({ ticketNr: nr, email });
      }),
    );
    expect(decodeSingleTicketParam(btoa('0000042:anna@example.it'))).toEqual({ ticketNr: '0000042', email: 'anna@example.it' });
    expect(decodeSingleTicketParam(encodeSingleTicketParam('0000042', 'zoë@example.it'))?.email).toBe('zoë@example.it');
    expect(decodeSingleTicketParam(btoa('42:anna@example.it'))).toBeNull();
    expect(decodeSingleTicketParam(btoa('0000042'))).toBeNull();
  });
});
