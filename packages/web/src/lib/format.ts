import type { Lang } from '@heliline/domain';

const locale = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'it-IT');

/** Euros with 2 decimals in the UI language (31,75 / 31.75). */
export function formatEuro(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** An ISO instant as DD/MM/YYYY HH:mm in Rome time. */
export function formatInstant(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' }).format(
    d,
  );
}
