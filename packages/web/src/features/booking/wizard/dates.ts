import { parseWireDate, romeToday, toWireDate } from '@heliline/domain/dates';

/** DateInput's typed text (DD/MM/YYYY) → its ISO value; anything else → null (left to the validation). */
export function parseTypedDate(text: string): string | null {
  return parseWireDate(text.trim());
}

export const todayIso = () => romeToday();

/** ISO → DD/MM/YYYY for the API and the messages, or '' when unset. */
export const wire = (iso: string | null | undefined) => (iso ? toWireDate(iso) : '');

/** Shifts an ISO calendar date by whole days (step 2's previous/next day arrows). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
