import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/en-gb';
import { DatePicker, DatesProvider } from '@mantine/dates';
import type { TFunction } from 'i18next';
import { MantineIsland } from '../shared/MantineIsland.tsx';
import classes from './timetable.module.css';

/**
 * The inline calendar of the timetable: Monday first, Italian or British English names. The
 * month and year headers keep their visible text ("novembre 2026") as their name (WCAG 2.5.3).
 */
export function DayPicker({ value, onChange, lang, t }: { value: string; onChange: (iso: string) => void; lang: 'it' | 'en'; t: TFunction }) {
  return (
    <MantineIsland>
      <DatesProvider settings={{ locale: lang === 'en' ? 'en-gb' : 'it', firstDayOfWeek: 1 }}>
        <DatePicker
          value={value}
          onChange={(v) => v && onChange(v)}
          size="md"
          classNames={{ day: classes.pickerDay }}
          hideOutsideDates
          ariaLabels={{
            previousMonth: t('site.timetable.previousMonth'),
            nextMonth: t('site.timetable.nextMonth'),
            previousYear: t('site.timetable.previousYear'),
            nextYear: t('site.timetable.nextYear'),
            previousDecade: t('site.timetable.previousDecade'),
            nextDecade: t('site.timetable.nextDecade'),
          }}
        />
      </DatesProvider>
    </MantineIsland>
  );
}
