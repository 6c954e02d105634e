import { romeToday } from '@heliline/domain/dates';
import type { ReportRange } from './api.ts';

/** The report's days live in the address (?from=&to=), so a reload or a shared link shows the same report; today when absent. */

const isoDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

export function rangeFromParams(params: URLSearchParams, today = romeToday()): ReportRange {
  const from = isoDate(params.get('from')) || today;
  const to = isoDate(params.get('to')) || from;
  return { from, to };
}

export const paramsFor = (range: ReportRange) => new URLSearchParams(range.from === range.to ? { from: range.from } : { from: range.from, to: range.to });
