import { groupDigits } from '../i18n/formats.ts';

/**
 * Money is integer euro cents inside the product; the wire carries euros with 2 decimals
 * (spec: "Prices with 2 decimals"), e.g. 31.75. These helpers are the only conversions.
 */
export type Cents = number;

/** 3175 → "31.75" (always 2 decimals, no thousands separator). */
export function centsToWire(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not integer cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 3175 → 31.75 as a JSON number (the wire's money fields are numbers). */
export function centsToAmount(cents: Cents): number {
  return Number(centsToWire(cents));
}

const WIRE_AMOUNT = /^-?\d{1,9}(\.\d{1,2})?$/;

/**
 * "31.75", "31.7", "31" or the number 31.75 → 3175. Anything with more than 2 decimals,
 * or not a finite amount, → null: a client may not send sub-cent money.
 */
export function amountToCents(value: string | number): Cents | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!WIRE_AMOUNT.test(text)) return null;
  const negative = text.startsWith('-');
  const [units, decimals = ''] = text.replace('-', '').split('.');
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/**
 * Display an amount for a reader: it → "31,75 €", en → "€31.75", exactly as Intl.NumberFormat's
 * euro formats them (fares.test.ts compares them), written out because a browser's first Intl
 * formatter blocks the main thread while the fares page loads (i18n/formats.ts).
 */
export function formatMoney(cents: Cents, lang: 'it' | 'en'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.round(Math.abs(cents));
  const units = String(Math.trunc(abs / 100));
  const hundredths = String(abs % 100).padStart(2, '0');
  return lang === 'en' ? `${sign}€${groupDigits(units, 'en')}.${hundredths}` : `${sign}${groupDigits(units, 'it')},${hundredths}\u00a0€`;
}

/** A percentage of an amount, rounded half up to the cent (amounts are never negative). */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
