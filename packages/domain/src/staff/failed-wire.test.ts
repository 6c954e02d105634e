import { describe, expect, it } from 'vitest';
import { FAILED_BOOKINGS_MESSAGES } from '../i18n/failed-bookings-messages.ts';
import { ZBookingHandled, ZBookingLockBody, ZBroadcastingAuthBody } from './failed-wire.ts';

describe('failed-bookings wire', () => {
  it('lock body: the spec client sends flags as booleans, 1/0 or strings; at least one of status and locked', () => {
    expect(ZBookingLockBody.parse({ code: 'k7mpq4x2', status: 1 })).toEqual({ code: 'K7MPQ4X2', status: true });
    expect(ZBookingLockBody.parse({ code: 'K7MPQ4X2', locked: 'false' })).toEqual({ code: 'K7MPQ4X2', locked: false });
    expect(ZBookingLockBody.safeParse({ code: 'K7MPQ4X2' }).success).toBe(false);
    expect(ZBookingLockBody.safeParse({ code: 'K7MPQ4X2', status: 'yes' }).success).toBe(false);
  });

  it('broadcasting auth needs a Pusher-style socket id', () => {
    expect(ZBroadcastingAuthBody.safeParse({ socket_id: '123.456', channel_name: 'private-bookings-failed' }).success).toBe(true);
    expect(ZBroadcastingAuthBody.safeParse({ socket_id: 'abc', channel_name: 'private-bookings-failed' }).success).toBe(false);
  });

  it('BookingHandled: a known action only', () => {
    const handled = { code: 'K7MPQ4X2', user: 'a@b.it', status: true, locked: false, action: 'selected', messages: { it: 'x', en: 'y' } };
    expect(ZBookingHandled.safeParse(handled).success).toBe(true);
    expect(ZBookingHandled.safeParse({ ...handled, action: 'whispered' }).success).toBe(false);
  });

  it('the removal notices are the spec’s, verbatim', () => {
    expect(FAILED_BOOKINGS_MESSAGES.failedRemovedSeatsFreed.it).toBe("E' stata rimossa e sono stati liberati i relativi posti");
    expect(FAILED_BOOKINGS_MESSAGES.failedRemoved.it).toBe("E' stata rimossa");
  });
});
