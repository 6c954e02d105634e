import type { Lang } from '@heliline/domain/i18n/messages';
import type { TReportAnswer } from '@heliline/domain/reports/wire';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The money report's calls: GET /api/admin/reports and the CSV link. */

export interface ReportRange {
  /** Rome calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export function reportQuery(range: ReportRange) {
  return queryOptions({
    queryKey: ['staff', 'reports', range.from, range.to] as const,
    queryFn: () => api.get<TReportAnswer>('/api/admin/reports', { query: { from: range.from, to: range.to } }),
    // The last report stays on screen while the next range loads.
    placeholderData: keepPreviousData,
  });
}

/** The CSV's route names in the page's language (a download link sends no language of its own). */
export const reportCsvUrl = (range: ReportRange, lang: Lang) => `/api/admin/reports.csv?${new URLSearchParams({ from: range.from, to: range.to, lang }).toString()}`;
