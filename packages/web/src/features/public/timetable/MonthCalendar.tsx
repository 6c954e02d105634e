import { romeToday } from '@heliline/domain/dates';
import { formatFullDate, formatMonthYear, weekdayNamesFromMonday } from '@heliline/domain/i18n/formats';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { addMonths, dayAfterKey, isWeekend, monthOf, monthWeeks } from './month-grid.ts';
import classes from './timetable.module.css';

const MONTH_BUTTONS = [
  { label: 'site.timetable.previousMonth', months: -1, chevron: '16 18.1 9.8 12 16 5.9 14.1 4 6 12 14.1 20' },
  { label: 'site.timetable.nextMonth', months: 1, chevron: '8 18.1 14.2 12 8 5.9 9.9 4 18 12 9.9 20' },
] as const;

/**
 * The timetable's inline calendar (decision 035): one month, Monday first, Italian or British
 * English names. The month is a grid named "novembre 2026"; a day is a button named by its full
 * date ("Oggi, sabato 28 novembre 2026, selezionato"); one day holds the tab stop and the keys of
 * the WAI-ARIA date picker move it (arrows, Home/End, Page Up/Down, with Shift by a year).
 * Weekends in red as on the printed timetable. Our own rather than a library's: a calendar
 * library's first render of a month was the public pages' one long task left on a phone.
 */
export function MonthCalendar({ value, onChange, lang, t }: { value: string; onChange: (iso: string) => void; lang: 'it' | 'en'; t: TFunction }) {
  // The day with the tab stop; the grid shows its month. The ref runs ahead of the render, so
  // keys pressed faster than the page redraws (a held arrow key) each count from the last one.
  const [focused, setFocused] = useState(value);
  const latest = useRef(value);
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const captionId = useId();
  const [today] = useState(romeToday);
  const month = monthOf(focused);
  const weekdays = weekdayNamesFromMonday(lang);

  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const show = (day: string) => {
    latest.current = day;
    setFocused(day);
  };
  const pick = (day: string) => {
    show(day);
    onChange(day);
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
    [day === today ? t('site.timetable.today') : null, formatFullDate(day, lang), day === value ? t('site.timetable.selected') : null].filter(Boolean).join(', ');

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
