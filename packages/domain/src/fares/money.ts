/**
 * Money is integer euro cents inside the product; the wire carries euros with 2 decimals
 * (spec: "Prices with 2 decimals"), e.g. 31.75. These helpers are the only conversions.
 */
export type Cents = number;

export const CURRENCY = 'EUR';

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

const FORMATTERS = new Map<string, Intl.NumberFormat>();

/** Display an amount for a reader: it → "31,75 €", en → "€31.75". */
export function formatMoney(cents: Cents, lang: 'it' | 'en'): string {
  const locale = lang === 'en' ? 'en-GB' : 'it-IT';
  let f = FORMATTERS.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2 });
    FORMATTERS.set(locale, f);
  }
  return f.format(cents / 100);
}

/** A percentage of an amount, rounded half up to the cent (amounts are never negative). */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
