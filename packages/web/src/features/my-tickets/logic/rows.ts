import { romeDateTimeToUtc } from '@heliline/domain/dates';

/** Spec §2: 'd' rows show 'R: <ticketNrInv>', 'c' rows 'A: <ticketNrInv>'; none without a paired ticket. */
export function roundTripMarker(row: { dw_flight?: string | null; ticketNrInv?: string | null }): string | null {
  if (!row.ticketNrInv) return null;
  if (row.dw_flight === 'd') return `R: ${row.ticketNrInv}`;
  if (row.dw_flight === 'c') return `A: ${row.ticketNrInv}`;
  return null;
}

/** editable_until is 'YYYY-MM-DD hh:mm:ss', Rome time; an unreadable value counts as expired. */
export function isEditable(editableUntil: string | null | undefined, now: Date = new Date()): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(editableUntil ?? '');
  if (!m) return false;
  const seconds = Number((m[3] ?? ':00').slice(1));
  return romeDateTimeToUtc(m[1]!, m[2]!).getTime() + seconds * 1000 > now.getTime();
}

/** 'YYYY-MM-DD hh:mm:ss' → 'DD/MM/YYYY hh:mm' for the expiry message. */
export function displayDeadline(editableUntil: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2})/.exec(editableUntil);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : editableUntil;
}

/** Amounts in euros, Italian style in both languages (1.234,50 €). */
export function euro(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return `${(Number.isFinite(n) ? n : 0).toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
}
