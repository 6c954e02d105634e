import type { Lang } from '@heliline/domain/i18n/messages';
import { localizedPath, paths } from '../../lib/paths.ts';

/** Main navigation, in order (i18n key, path in the page's language). */
export function mainNav(lang: Lang) {
  return [
    { key: 'nav.home', to: localizedPath(paths.home, lang), end: true },
    { key: 'nav.company', to: localizedPath(paths.company(), lang), end: false },
    { key: 'nav.timetable', to: localizedPath(paths.timetable, lang), end: true },
    { key: 'nav.fares', to: localizedPath(paths.fares, lang), end: true },
    { key: 'nav.booking', to: paths.booking, end: true },
    { key: 'nav.myTickets', to: paths.myTickets, end: true },
    { key: 'nav.contacts', to: localizedPath(paths.contacts, lang), end: true },
  ] as const;
}
