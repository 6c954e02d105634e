import { describe, expect, it } from 'vitest';
import { bookingGroup, EMPTY_FILTERS, hasAnyFilter } from './filters.ts';

describe('list filters', () => {
  it('need at least one text filter', () => {
    expect(hasAnyFilter(EMPTY_FILTERS)).toBe(false);
    expect(hasAnyFilter({ ...EMPTY_FILTERS, includeCancelled: true })).toBe(false);
    expect(hasAnyFilter({ ...EMPTY_FILTERS, lastname: '  ' })).toBe(false);
    expect(hasAnyFilter({ ...EMPTY_FILTERS, ticketNr: '1234567' })).toBe(true);
    expect(hasAnyFilter({ ...EMPTY_FILTERS, flightDate: '01/02/2027' })).toBe(true);
  });
  it('group bookings by the first 6 characters of the code', () => {
    expect(bookingGroup('ABC123XY')).toBe('ABC123');
  });
});
