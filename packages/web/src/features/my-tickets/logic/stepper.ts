/**
 * The number stepper of spec §5: a non-numeric value becomes 0, a negative one is refused (the
 * previous value stays), and an optional maximum caps it.
 */
export function stepperValue(input: string | number, previous: number, max?: number): number {
  const n = typeof input === 'number' ? input : Number(String(input).trim().replace(',', '.'));
  if (String(input).trim() === '' || !Number.isFinite(n)) return 0;
  if (n < 0) return previous;
  return max !== undefined && n > max ? max : n;
}

/** Refund percentage and fee (spec §5): digits with an optional decimal part after a dot. */
const REFUND_NUMBER = /^\d+(\.\d+)?$/;

export function isRefundNumber(text: string): boolean {
  return REFUND_NUMBER.test(text.trim());
}
