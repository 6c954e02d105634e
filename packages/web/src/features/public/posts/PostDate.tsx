/** A post date (YYYY-MM-DD) as a <time>, long form in the page's language. */
export function PostDate({ date, lang, className }: { date: string; lang: 'it' | 'en'; className?: string }) {
  const [y, m, d] = date.split('-').map(Number);
  const text = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
  return (
    <time dateTime={date} className={className}>
      {text}
    </time>
  );
}
