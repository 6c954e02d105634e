/**
 * The rules a passenger meets at the heliport (spec §9 of both documents): when check-in and
 * the gate open and close, the baggage and pet-cage sizes, the car-park fees. Every text that
 * states them (tickets, receipt, fares and directions pages) interpolates these values.
 * No dependencies: public pages import this file directly.
 */

/** Check-in and the gate open this many minutes before departure (arrive at least as early). */
export const CHECK_IN_OPENS_MINUTES = 30;
/** Check-in and the gate close strictly this many minutes before departure. */
export const GATE_CLOSES_MINUTES = 10;

/** Outer sizes in centimetres, in the order the spec writes them. */
type Dimensions = readonly [number, number, number];
/** One piece of luggage per person, at most 60x40x20 cm. */
export const BAGGAGE_MAX_CM: Dimensions = [60, 40, 20];
/** A small pet travels in a cage of at most 43x33x34 cm. */
export const PET_CAGE_MAX_CM: Dimensions = [43, 33, 34];

/** "60x40x20" (tickets, receipt) or, with '×', "60×40×20" (public pages). */
export function dimensionsText(cm: Dimensions, times: 'x' | '×' = 'x'): string {
  return cm.join(times);
}

/** The base's car park: 0,30 euro an hour or 5,00 euro a day (limited spaces). */
export const PARKING_FEES = { hourlyCents: 30, dailyCents: 500 } as const;

const minutesBefore = (departure: Date, minutes: number) => new Date(departure.getTime() - minutes * 60_000);

/** When check-in opens and when it (and the gate) closes for a departure. */
export function checkInWindow(departure: Date): { opens: Date; closes: Date } {
  return { opens: minutesBefore(departure, CHECK_IN_OPENS_MINUTES), closes: minutesBefore(departure, GATE_CLOSES_MINUTES) };
}
