import 'react-day-picker/style.css';
import type { TFunction } from 'i18next';
import { DayPicker as Calendar } from 'react-day-picker';
import { enGB, it } from 'react-day-picker/locale';
import classes from './timetable.module.css';

const LOCALES = { it, en: enGB } as const;

/** A calendar day (local midnight, as the calendar counts) from YYYY-MM-DD, and back. */
const dateOf = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const isoOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The inline calendar of the timetable (react-day-picker, decision 032): Monday first, Italian or
 * British English names. A day is a button named by its full date in the page's language ("Oggi,
 * sabato 28 novembre 2026, selezionato"), the month is a grid named "novembre 2026", arrow keys
 * move between days; weekends in red as on the printed timetable.
 */
export function DayPicker({ value, onChange, lang, t }: { value: string; onChange: (iso: string) => void; lang: 'it' | 'en'; t: TFunction }) {
  const selected = dateOf(value);
  return (
    <Calendar
      mode="single"
      required
      selected={selected}
      defaultMonth={selected}
      onSelect={(day) => onChange(isoOf(day))}
      locale={LOCALES[lang]}
      weekStartsOn={1}
      modifiers={{ weekend: { dayOfWeek: [0, 6] } }}
      modifiersClassNames={{ weekend: classes.weekend ?? '' }}
      className={classes.calendar}
      labels={{ labelNext: () => t('site.timetable.nextMonth'), labelPrevious: () => t('site.timetable.previousMonth') }}
    />
  );
}
