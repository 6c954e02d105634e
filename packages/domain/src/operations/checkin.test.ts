import { describe, expect, it } from 'vitest';
import {
  checkInPhase,
  countsInLoad,
  DESK_LOOKAHEAD_MS,
  flightLoad,
  loadLine,
  massCategory,
  onTonightsDesk,
  STANDARD_BAG_KG,
  stillFlies,
  STANDARD_MASS_KG,
} from './checkin.ts';

const departure = new Date('2026-07-01T08:00:00.000Z');
const at = (hhmmss: string) => new Date(`2026-07-01T${hhmmss}.000Z`);

describe('check-in window', () => {
  it('opens 30 minutes before take-off, inclusive', () => {
    expect(checkInPhase(departure, at('07:29:59'))).toBe('notOpen');
    expect(checkInPhase(departure, at('07:30:00'))).toBe('open');
  });
  it('closes strictly 10 minutes before take-off', () => {
    expect(checkInPhase(departure, new Date(at('07:50:00').getTime() - 1))).toBe('open');
    expect(checkInPhase(departure, at('07:50:00'))).toBe('closed');
    expect(checkInPhase(departure, at('09:00:00'))).toBe('closed');
  });
});

describe("tonight's desk", () => {
  it('lists a flight of the next day taking off within 3 hours, and not one after', () => {
    const now = new Date('2026-07-01T21:45:00.000Z'); // 23:45 in Rome
    expect(DESK_LOOKAHEAD_MS).toBe(3 * 60 * 60 * 1000);
    expect(onTonightsDesk(new Date('2026-07-02T00:45:00.000Z'), now)).toBe(true);
    expect(onTonightsDesk(new Date('2026-07-02T00:45:00.001Z'), now)).toBe(false);
  });
});

describe('who the load counts', () => {
  it('counts every passenger who still flies before closing, the checked-in only once closed', () => {
    expect(['waiting', 'checkedIn', 'cancelled', 'moved'].filter(stillFlies)).toEqual(['waiting', 'checkedIn']);
    expect(countsInLoad('waiting', false)).toBe(true);
    expect(countsInLoad('waiting', true)).toBe(false);
    expect(countsInLoad('checkedIn', true)).toBe(true);
    expect(countsInLoad('moved', false)).toBe(false);
  });
});

describe('flight load', () => {
  it('maps ticket categories to mass categories (pets by category an)', () => {
    expect(massCategory('a', 'AD')).toBe('AD');
    expect(massCategory('c', 'CH')).toBe('CH');
    expect(massCategory('i', 'INF')).toBe('INF');
    expect(massCategory('an', 'CH')).toBe('PET');
  });

  it('counts standard masses and one standard bag for passengers not weighed', () => {
    expect(loadLine({ category: 'AD', passengerKg: null, bagsKg: null })).toEqual({ passengerKg: 84, bagsKg: STANDARD_BAG_KG, standard: true });
    expect(loadLine({ category: 'CH', passengerKg: null, bagsKg: null })).toEqual({ passengerKg: 35, bagsKg: 11, standard: true });
    // infants and pets bring no bag of their own
    expect(loadLine({ category: 'INF', passengerKg: null, bagsKg: null })).toEqual({ passengerKg: STANDARD_MASS_KG.INF, bagsKg: 0, standard: true });
  });

  it('uses the weighed masses once entered, a passenger without bags counts none', () => {
    expect(loadLine({ category: 'AD', passengerKg: 92.4, bagsKg: [7.3, 2.1] })).toEqual({ passengerKg: 92.4, bagsKg: 9.4, standard: false });
    expect(loadLine({ category: 'AD', passengerKg: 70, bagsKg: [] })).toEqual({ passengerKg: 70, bagsKg: 0, standard: false });
  });

  it('sums weighed and standard entries against the payload and gives the margin, to one decimal', () => {
    const load = flightLoad(
      [
        { category: 'AD', passengerKg: 80.1, bagsKg: [10.2] },
        { category: 'AD', passengerKg: 65.2, bagsKg: [] },
        { category: 'CH', passengerKg: null, bagsKg: null },
      ],
      600,
    );
    expect(load).toEqual({ passengersKg: 180.3, bagsKg: 21.2, totalKg: 201.5, payloadKg: 600, marginKg: 398.5, over: false, standardCount: 1 });
  });

  it('is over the limit only when the total exceeds the payload', () => {
    const six = Array.from({ length: 6 }, () => ({ category: 'AD' as const, passengerKg: 100, bagsKg: [] }));
    expect(flightLoad(six, 600)).toMatchObject({ totalKg: 600, marginKg: 0, over: false });
    expect(flightLoad([...six.slice(1), { category: 'AD', passengerKg: 100, bagsKg: [0.1] }], 600)).toMatchObject({ totalKg: 600.1, marginKg: -0.1, over: true });
    expect(flightLoad([], 600)).toMatchObject({ totalKg: 0, marginKg: 600, over: false, standardCount: 0 });
  });
});
