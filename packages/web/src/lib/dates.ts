import { parseWireDate, romeToday, toWireDate } from '@heliline/domain/dates';

/** A date field's typed text (DD/MM/YYYY) → its ISO value; anything else → null (left to the validation). */
export function parseTypedDate(text: string): string | null {
  return parseWireDate(text.trim());
}

export const todayIso = () => romeToday();

/** ISO → DD/MM/YYYY for the API and the messages, or '' when unset. */
export const wire = (iso: string | null | undefined) => (iso ? toWireDate(iso) : '');
