import { MY_TICKETS_PAGE_SIZE } from '@heliline/domain/tickets/my-tickets-rules';
import type { TMyTicketsPagination } from '@heliline/domain/tickets/wire';

/** Spec §9: 25 tickets a page. */
export const PAGE_SIZE = MY_TICKETS_PAGE_SIZE;

/** Pagination of GET /api/my-tickets (spec §3); from/to may be missing on older answers. */
export type PageInfo = Omit<TMyTicketsPagination, 'from' | 'to'> & { from: number | null; to: number | null };

/** The pages between first and last shown as links: up to `span` around the current one. */
export function pageRange(current: number, last: number, span = 2): number[] {
  if (last < 1) return [];
  const start = Math.max(1, Math.min(current - span, last - 2 * span));
  const end = Math.min(last, Math.max(current + span, 1 + 2 * span));
  const out: number[] = [];
  for (let p = start; p <= end; p++) out.push(p);
  return out;
}

/** The numbers of 'shown from X to Y ~ results found N' (0 to 0 for an empty list). */
export function shownCounts(p: PageInfo): { from: number; to: number; total: number } {
  if (p.total === 0) return { from: 0, to: 0, total: 0 };
  const from = p.from ?? (p.current_page - 1) * p.per_page + 1;
  const to = p.to ?? Math.min(p.total, p.current_page * p.per_page);
  return { from, to, total: p.total };
}
