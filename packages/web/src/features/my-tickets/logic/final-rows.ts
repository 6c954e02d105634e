import type { TChangeRow } from '@heliline/domain';

/** How a row of the final step is shown (spec §2): cancelled pink, new green, moved originals white, unchanged greyed. */
export type RowState = 'cancelled' | 'new' | 'moved' | 'unchanged';

export function rowState(row: Pick<TChangeRow, 'id' | 'cancelled' | 'movedOn' | 'movedTo'>): RowState {
  if (row.id < 0) return 'new';
  if (row.cancelled) return 'cancelled';
  if (row.movedOn !== 0 || row.movedTo) return 'moved';
  return 'unchanged';
}

/** Mantine background of each state; the state is also written in the row (not colour alone). */
export const ROW_BACKGROUND: Record<RowState, string | undefined> = { cancelled: 'pink.1', new: 'green.1', moved: 'white', unchanged: 'gray.1' };

/** The admin-fee checkbox (spec §4): unticking stores the fee and sets it to 0; ticking restores it. */
export interface AdminFee {
  check: boolean;
  fee: number;
  stored: number;
}

export function toggleAdminFee(s: AdminFee, check: boolean): AdminFee {
  if (check === s.check) return s;
  return check ? { check, fee: s.stored, stored: s.stored } : { check, fee: 0, stored: s.fee };
}
