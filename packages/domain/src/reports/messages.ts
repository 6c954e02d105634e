import type { Localized } from '../i18n/localized.ts';

/** Answers of the money reports (/admin/reports). */
export const REPORT_MESSAGES = {
  reportRangeInvalid: { it: 'La data finale non può precedere quella iniziale.', en: 'The end date cannot be before the start date.' },
  reportRangeTooLong: { it: 'Scegliere un periodo di al massimo 366 giorni.', en: 'Choose a period of at most 366 days.' },
} satisfies Record<string, Localized>;
