import type { TBookingHandled, TFailedBooking } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { applyEvent, noticeOf } from './apply-event.ts';
import { readEvent } from './read-event.ts';

const row = (code: string, extra: Partial<TFailedBooking> = {}): TFailedBooking => ({
  code,
  user: 'buyer@example.test',
  bookingDate: '2026-11-24T05:00:00.000Z',
  pending: true,
  disabled_flag: false,
  disabled_lock: false,
  in_use_by_user: null,
  locked: false,
  locked_by_user: null,
  flagged: false,
  error_description: null,
  state: 'pending',
  type: 1,
  createdByMe: false,
  amount: 120.5,
  originId: 1348,
  destinationId: 1511,
  departureFlightId: 1,
  comebackFlightId: null,
  departureFlight: { date: '26/11/2026', time: '09:00', code: 'LID101', source: 'Foggia', destination: 'Isole Tremiti' },
  comebackFlight: null,
  paxes: [],
  contacts: { email: 'buyer@example.test', email_payment_link: null, telephone: '1' },
  email_forms_pdf: { minor: false, pregnant: false, weapons: false },
  ...extra,
});

const handled = (code: string, user: string, action: TBookingHandled['action'], status: boolean, locked = false): TBookingHandled => ({
  code,
  user,
  action,
  status,
  locked,
  messages: { it: `Prenotazione ${code} in uso da ${user}`, en: `Booking ${code} in use by ${user}` },
});

const ME = 'prenotazioni@heliline.test';
const OTHER = 'prenotafull@heliline.test';

describe('live events on the failed-bookings list', () => {
  it("another user's select disables the row for me, with who has it; a release makes it free again", () => {
    const selected = applyEvent([row('AAAAAA22')], { kind: 'handled', data: handled('AAAAAA22', OTHER, 'selected', true) }, ME);
    expect(selected[0]).toMatchObject({ in_use_by_user: OTHER, flagged: false, disabled_flag: true, disabled_lock: true });
    const released = applyEvent(selected, { kind: 'handled', data: handled('AAAAAA22', OTHER, 'released', false) }, ME);
    expect(released[0]).toMatchObject({ in_use_by_user: null, flagged: false, disabled_flag: false, disabled_lock: false });
  });

  it('my own select (an echo from another tab) marks the row as mine, not disabled', () => {
    const [mine] = applyEvent([row('AAAAAA22')], { kind: 'handled', data: handled('AAAAAA22', ME, 'selected', true) }, ME);
    expect(mine).toMatchObject({ flagged: true, disabled_flag: false, in_use_by_user: ME });
  });

  it("a select moves that user's previous row back to free (one row at a time)", () => {
    const rows = [row('AAAAAA22', { in_use_by_user: OTHER, disabled_flag: true, disabled_lock: true }), row('BBBBBB33')];
    const after = applyEvent(rows, { kind: 'handled', data: handled('BBBBBB33', OTHER, 'selected', true) }, ME);
    expect(after.map((r) => [r.code, r.in_use_by_user, r.disabled_flag])).toEqual([
      ['AAAAAA22', null, false],
      ['BBBBBB33', OTHER, true],
    ]);
  });

  it('lock and unlock change the lock and keep who has the row in use', () => {
    const rows = [row('AAAAAA22', { in_use_by_user: OTHER, disabled_flag: true, disabled_lock: true })];
    const locked = applyEvent(rows, { kind: 'handled', data: handled('AAAAAA22', OTHER, 'locked', true, true) }, ME);
    expect(locked[0]).toMatchObject({ locked: true, locked_by_user: OTHER, in_use_by_user: OTHER, disabled_flag: true });
    const unlocked = applyEvent(locked, { kind: 'handled', data: handled('AAAAAA22', OTHER, 'unlocked', true, false) }, ME);
    expect(unlocked[0]).toMatchObject({ locked: false, locked_by_user: null, in_use_by_user: OTHER });
  });

  it('a discard removes the row and leaves the others as they are', () => {
    const rows = [row('AAAAAA22'), row('BBBBBB33')];
    const after = applyEvent(rows, { kind: 'discarded', data: { code: 'AAAAAA22', user: OTHER, freedSeats: 2, messages: { it: 'x', en: 'y' } } }, ME);
    expect(after.map((r) => r.code)).toEqual(['BBBBBB33']);
    expect(after[0]).toBe(rows[1]);
  });

  it('reads only well-formed events of the two kinds, and gives the notice in the UI language', () => {
    const event = readEvent({ event: 'BookingHandled', data: handled('AAAAAA22', OTHER, 'selected', true) });
    expect(event?.kind).toBe('handled');
    expect(noticeOf(event!, 'en')).toBe(`Booking AAAAAA22 in use by ${OTHER}`);
    expect(readEvent({ event: 'BookingHandled', data: { code: 'AAAAAA22' } })).toBeNull();
    expect(readEvent({ event: 'Other', data: {} })).toBeNull();
    expect(readEvent({ event: 'BookingDiscarded', data: { code: 'A', user: OTHER, freedSeats: 0, messages: { it: 'a', en: 'b' } } })?.kind).toBe('discarded');
  });
});
