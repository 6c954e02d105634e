import type { Lang, TBookingDiscarded, TBookingHandled, TFailedBooking } from '@heliline/domain';

/**
 * What the live channel's events do to the list on screen (pure, unit-tested): the row flags
 * are recomputed for the viewer, as the server would answer GET /api/bookings-failed to them.
 */
export type LiveEvent = { kind: 'handled'; data: TBookingHandled } | { kind: 'discarded'; data: TBookingDiscarded };

/** A row after a select/release/lock/unlock by `event.user`, seen by `me`. */
function applyHandled(row: TFailedBooking, event: TBookingHandled, me: string): TFailedBooking {
  const holder = inUseAfter(row, event);
  const byOther = holder !== null && holder !== me;
  return {
    ...row,
    in_use_by_user: holder,
    flagged: holder !== null && holder === me,
    disabled_flag: byOther,
    disabled_lock: byOther,
    locked: event.locked,
    locked_by_user: event.locked ? (event.action === 'locked' ? event.user : row.locked_by_user) : null,
  };
}

/** Who holds the row after the event: a select gives it to the actor; a release frees it; lock changes leave it. */
function inUseAfter(row: TFailedBooking, event: TBookingHandled): string | null {
  if (event.action === 'selected') return event.user;
  if (event.action === 'released') return null;
  return event.status ? (row.in_use_by_user ?? event.user) : null;
}

/**
 * The list after an event. A select by someone also releases that person's previous row (one
 * row at a time per user), which the server does without a separate event.
 */
export function applyEvent(rows: readonly TFailedBooking[], event: LiveEvent, me: string): TFailedBooking[] {
  if (event.kind === 'discarded') return rows.filter((r) => r.code !== event.data.code);
  const { data } = event;
  return rows.map((row) => {
    if (row.code === data.code) return applyHandled(row, data, me);
    if (data.action === 'selected' && row.in_use_by_user === data.user)
      return { ...row, in_use_by_user: null, flagged: false, disabled_flag: false, disabled_lock: false };
    return row;
  });
}

/** The notice to show and announce, in the UI language (the server sends it in both). */
export function noticeOf(event: LiveEvent, lang: Lang): string {
  return event.data.messages[lang];
}
