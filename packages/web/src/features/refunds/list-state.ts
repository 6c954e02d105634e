import { REFUND_SOURCES, REFUND_STATES, type RefundSourceName, type RefundStateName, type TAdminRefundsQueryInput } from '@heliline/domain/refunds/wire';

/**
 * The refund list's filters live in the address (?state=&source=&from=&to=&code=&page=), so a
 * reload or a shared link shows the same page. The one translation between address and query.
 */
export interface RefundFilters {
  state: RefundStateName | '';
  source: RefundSourceName | '';
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
  code: string;
}

export const EMPTY_FILTERS: RefundFilters = { state: '', source: '', from: '', to: '', code: '' };
const KEYS = ['state', 'source', 'from', 'to', 'code'] as const;

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' => (v !== null && (list as readonly string[]).includes(v) ? (v as T) : '');
const isoDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

export function filtersFromParams(params: URLSearchParams): RefundFilters {
  return {
    state: oneOf(REFUND_STATES, params.get('state')),
    source: oneOf(REFUND_SOURCES, params.get('source')),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
    code: (params.get('code') ?? '').trim().slice(0, 8),
  };
}

export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The address for these filters and page: empty filters and page 1 are left out. */
export function paramsFor(filters: RefundFilters, page = 1): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of KEYS) if (filters[key].trim()) out.set(key, filters[key].trim());
  if (page > 1) out.set('page', String(page));
  return out;
}

/** The API query: only the filters that are set. */
export function queryFor(filters: RefundFilters, page: number): TAdminRefundsQueryInput {
  const query: TAdminRefundsQueryInput = { page };
  for (const key of KEYS) if (filters[key].trim()) Object.assign(query, { [key]: filters[key].trim() });
  return query;
}

/** A range whose end comes before its start is reported on the end field instead of being sent. */
export const rangeProblem = (f: RefundFilters) => f.from !== '' && f.to !== '' && f.to < f.from;

export const hasFilters = (f: RefundFilters) => KEYS.some((k) => f[k].trim() !== '');
