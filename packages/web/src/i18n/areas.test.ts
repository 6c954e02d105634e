import { describe, expect, it } from 'vitest';
import { ALL_AREAS, areasFor } from './index.ts';

describe('areasFor', () => {
  it('gives public pages core (+ site)', () => {
    expect(areasFor('/')).toEqual(['core']);
    expect(areasFor('/en/contacts')).toEqual(['core', 'site']);
  });
  it('gives the account, booking and ticket screens only their areas', () => {
    for (const p of ['/login', '/login/google', '/sign-up', '/pending', '/password/reset', '/password/reset/abc', '/account/'])
      expect(areasFor(p)).toEqual(['core', 'accounts']);
    expect(areasFor('/booking')).toEqual(['core', 'accounts', 'wizard']);
    expect(areasFor('/booking-status/ABC123')).toEqual(['core', 'accounts', 'wizard']);
    expect(areasFor('/my-tickets')).toEqual(['core', 'accounts', 'tickets']);
  });
  it('gives every other screen all areas', () => {
    for (const p of ['/bookings-failed', '/admin/posti-bloccati', '/admin/check-in', '/it/prenotazioni', '/flight-change/t', '/dev/login-panel', '/bookingx'])
      expect(areasFor(p)).toBe(ALL_AREAS);
  });
});
