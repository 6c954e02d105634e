import { romeToday } from '@heliline/domain/dates';
import { formatFullDate, formatMonthYear, weekdayNamesFromMonday } from '@heliline/domain/i18n/formats';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { addMonths, dayAfterKey, isWeekend, monthOf, monthWeeks } from './month-grid.ts';
import classes from './MonthCalendar.module.css';

const MONTH_BUTTONS = [
  { label: 'calendar.previousMonth', months: -1, chevron: '16 18.1 9.8 12 16 5.9 14.1 4 6 12 14.1 20' },
  { label: 'calendar.nextMonth', months: 1, chevron: '8 18.1 14.2 12 8 5.9 9.9 4 18 12 9.9 20' },
] as const;

/**
 * One month to pick a day from (decision 035), on the timetable and in the app's date fields
 * (DateField): Monday first, Italian or British English names. The month is a grid named "novembre 2026"; a day is a button named by its full
 * date ("Oggi, sabato 28 novembre 2026, selezionato"); one day holds the tab stop and the keys of
 * the WAI-ARIA date picker move it (arrows, Home/End, Page Up/Down, with Shift by a year).
 * Weekends in red as on the printed timetable. Days before `minDate` are shown and reachable by
 * the keys but say they are unavailable and cannot be picked. Our own rather than a library's: a
 * calendar library's first render of a month was the public pages' one long task left on a
 * phone, and the date picker library added to the booking screens' first load.
 */
export function MonthCalendar({
  value,
  onChange,
  lang,
  t,
  minDate,
  openAt,
  focusOnOpen,
}: {
  /** The picked day (YYYY-MM-DD), or null: the calendar then opens on `openAt` or today. */
  value: string | null;
  onChange: (iso: string) => void;
  lang: 'it' | 'en';
  t: TFunction;
  minDate?: string;
  openAt?: string;
  /** Focus the day with the tab stop once shown (the calendar opened as a dialog). */
  focusOnOpen?: boolean;
}) {
  // The day with the tab stop; the grid shows its month. The ref runs ahead of the render, so
  // keys pressed faster than the page redraws (a held arrow key) each count from the last one.
  const [today] = useState(romeToday);
  const [focused, setFocused] = useState(() => value ?? openAt ?? (minDate && minDate > today ? minDate : today));
  const latest = useRef(focused);
  const moveFocus = useRef(focusOnOpen === true);
  const grid = useRef<HTMLTableElement>(null);
  const captionId = useId();
  const unavailable = (day: string) => minDate !== undefined && day < minDate;
  const month = monthOf(focused);
  const weekdays = weekdayNamesFromMonday(lang);

  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const day = grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]');
    // Chromium centres an off-screen element that takes the focus; in a six-week month that put
    // the field that opened the calendar under the sticky header. The least scroll keeps it in sight.
    day?.focus({ preventScroll: true });
    day?.scrollIntoView({ block: 'nearest' });
  }, [focused]);

  const show = (day: string) => {
    latest.current = day;
    setFocused(day);
  };
  const pick = (day: string) => {
    show(day);
    if (!unavailable(day)) onChange(day);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    // Alt+Left and the like belong to the browser.
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Enter and Space pick the day the keys reached, even before its button has the focus.
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(latest.current);
      return;
    }
    const next = dayAfterKey(latest.current, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    show(next);
  };

  const dayName = (day: string) =>
    [
      day === today ? t('calendar.today') : null,
      formatFullDate(day, lang),
      day === value ? t('calendar.selected') : null,
      unavailable(day) ? t('calendar.unavailable') : null,
    ]
      .filter(Boolean)
      .join(', ');

  return (
    <div className={classes.calendar}>
      <div className={classes.calendarHead}>
        <span id={captionId} role="status" aria-live="polite" className={classes.monthCaption}>
          {formatMonthYear(month, lang)}
        </span>
        {MONTH_BUTTONS.map(({ label, months, chevron }) => (
          <button key={label} type="button" className={classes.monthButton} aria-label={t(label)} onClick={() => show(addMonths(latest.current, months))}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <polygon points={chevron} fill="currentColor" />
            </svg>
          </button>
        ))}
      </div>
      <table ref={grid} role="grid" aria-labelledby={captionId} className={classes.monthGrid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name.slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) =>
                day ? (
                  <td key={day} aria-selected={day === value || undefined} className={isWeekend(day) ? classes.weekend : undefined}>
                    <button
                      type="button"
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={dayName(day)}
                      className={classes.dayButton}
                      data-day={day}
                      data-today={day === today || undefined}
                      data-selected={day === value || undefined}
                      aria-disabled={unavailable(day) || undefined}
                      onClick={() => pick(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={i} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
