import type { TAdminBookingsQueryInput } from '@heliline/domain';
import { ADMIN_BOOKING_STATUSES, type AdminBookingStatus } from '@heliline/domain/staff/booking-statuses';
import { parseWireDate } from '@heliline/domain/dates';

/**
 * The management list's filters live in the address (?date=&code=&name=&status=&page=), so a
 * reload, the back button or a shared link show the same page. These functions are the one
 * translation between the address and the API query.
 */
export interface ListFilters {
  /** DD/MM/YYYY or '' */
  date: string;
  code: string;
  name: string;
  status: AdminBookingStatus | '';
}

export const EMPTY_FILTERS: ListFilters = { date: '', code: '', name: '', status: '' };

const isStatus = (v: string | null): v is AdminBookingStatus => v !== null && (ADMIN_BOOKING_STATUSES as readonly string[]).includes(v);

export function filtersFromParams(params: URLSearchParams): ListFilters {
  const date = params.get('date')?.trim() ?? '';
  const status = params.get('status');
  return {
    date: parseWireDate(date) ? date : '',
    code: (params.get('code') ?? '').trim().slice(0, 8),
    name: (params.get('name') ?? '').trim().slice(0, 64),
    status: isStatus(status) ? status : '',
  };
}

export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The address for these filters and page: empty filters and page 1 are left out. */
export function paramsFor(filters: ListFilters, page = 1): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['date', 'code', 'name', 'status'] as const) {
    const value = filters[key].trim();
    if (value) out.set(key, value);
  }
  if (page > 1) out.set('page', String(page));
  return out;
}

/** The API query: only the filters that are set. */
/** GET /api/admin/bookings query as sent (the domain's ZAdminBookingsQuery input, page as a number). */
export type ListQuery = Omit<TAdminBookingsQueryInput, 'page'> & { page: number };

export function queryFor(filters: ListFilters, page: number): ListQuery {
  return {
    date: filters.date || undefined,
    code: filters.code.trim().toUpperCase() || undefined,
    name: filters.name.trim() || undefined,
    status: filters.status || undefined,
    page,
  };
}

/** A typed date that is not DD/MM/YYYY is reported next to the field instead of being sent. */
export function dateProblem(text: string): 'dateInvalid' | null {
  const v = text.trim();
  return v === '' || parseWireDate(v) ? null : 'dateInvalid';
}

export function hasFilters(filters: ListFilters): boolean {
  return Object.values(filters).some((v) => v.trim() !== '');
}
