import type { Lang } from '@heliline/domain/i18n/messages';
import { BAGS_MAX, plausibleBagKg } from '@heliline/domain/operations/checkin';

const locale = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'it-IT');

/** HH:mm in Rome time. */
export const romeTime = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/Rome' }).format(new Date(iso));

/** Kilograms with one decimal in the UI language (84,0 / 84.0). */
export const formatKg = (kg: number, lang: Lang) => new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(kg);

/** "7,5 + 3" → [7.5, 3]; '' → []; null when any part is not a plausible mass or there are too many bags (the server checks again). */
export function parseBags(text: string): number[] | null {
  const parts = text
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > BAGS_MAX) return null;
  const values = parts.map((p) => Number(p.replace(',', '.')));
  return values.every(plausibleBagKg) ? values : null;
}
