import type { Lang } from '@heliline/domain';
import { paths } from '../../lib/paths.ts';

/** Main navigation, in order (i18n key, path). */
export function mainNav(lang: Lang) {
  void lang;
  return [
    { key: 'nav.home', to: paths.home, end: true },
    { key: 'nav.company', to: paths.company(), end: false },
    { key: 'nav.timetable', to: paths.timetable, end: true },
    { key: 'nav.fares', to: paths.fares, end: true },
    { key: 'nav.booking', to: paths.booking, end: true },
    { key: 'nav.myTickets', to: paths.myTickets, end: true },
    { key: 'nav.contacts', to: paths.contacts, end: true },
  ] as const;
}
