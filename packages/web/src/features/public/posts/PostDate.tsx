import { formatLongDate } from '@heliline/domain/i18n/formats';

/** A post date (YYYY-MM-DD) as a <time>, long form in the page's language. */
export function PostDate({ date, lang, className }: { date: string; lang: 'it' | 'en'; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatLongDate(date, lang)}
    </time>
  );
}
