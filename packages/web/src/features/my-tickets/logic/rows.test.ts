import { describe, expect, it } from 'vitest';
import { displayDeadline, euro, isEditable, roundTripMarker } from './rows.ts';

describe('ticket rows', () => {
  it('mark the paired ticket of a round trip', () => {
    expect(roundTripMarker({ dw_flight: 'd', ticketNrInv: '1000002' })).toBe('R: 1000002');
    expect(roundTripMarker({ dw_flight: 'c', ticketNrInv: '1000001' })).toBe('A: 1000001');
    expect(roundTripMarker({ dw_flight: '', ticketNrInv: '1000001' })).toBeNull();
    expect(roundTripMarker({ dw_flight: 'd', ticketNrInv: null })).toBeNull();
  });

  it('are editable until editable_until, Rome time', () => {
    // 10:00 in Rome in January is 09:00 UTC.
    expect(isEditable('2027-01-15 10:00:00', new Date('2027-01-15T08:59:59Z'))).toBe(true);
    expect(isEditable('2027-01-15 10:00:00', new Date('2027-01-15T09:00:00Z'))).toBe(false);
    expect(isEditable('garbage', new Date('2020-01-01T00:00:00Z'))).toBe(false);
    expect(displayDeadline('2027-01-15 10:00:00')).toBe('15/01/2027 10:00');
  });

  it('show euros with two decimals', () => {
    expect(euro(12.5)).toBe('12,50 €');
    expect(euro('3')).toBe('3,00 €');
  });
});
