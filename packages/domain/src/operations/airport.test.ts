import { describe, expect, it } from 'vitest';
import { BAGGAGE_MAX_CM, CHECK_IN_OPENS_MINUTES, checkInWindow, dimensionsText, GATE_CLOSES_MINUTES, PARKING_FEES, PET_CAGE_MAX_CM } from './airport.ts';

describe('heliport rules (spec §9)', () => {
  it('opens check-in and the gate 30 minutes before departure and closes them 10 minutes before', () => {
    expect(CHECK_IN_OPENS_MINUTES).toBe(30);
    expect(GATE_CLOSES_MINUTES).toBe(10);
    const { opens, closes } = checkInWindow(new Date('2025-07-01T08:00:00.000Z'));
    expect(opens.toISOString()).toBe('2025-07-01T07:30:00.000Z');
    expect(closes.toISOString()).toBe('2025-07-01T07:50:00.000Z');
  });

  it('allows luggage of 60x40x20 cm and a pet cage of 43x33x34 cm', () => {
    expect(dimensionsText(BAGGAGE_MAX_CM)).toBe('60x40x20');
    expect(dimensionsText(PET_CAGE_MAX_CM)).toBe('43x33x34');
    expect(dimensionsText(BAGGAGE_MAX_CM, '×')).toBe('60×40×20');
  });

  it('charges 0,30 euro an hour or 5,00 euro a day for parking', () => {
    expect(PARKING_FEES).toEqual({ hourlyCents: 30, dailyCents: 500 });
  });
});
