/**
 * The operator's helicopters. Seats are passenger seats in the scheduled-service layout
 * (two pilots): the AW109s carry 6, the AW139 12.
 */
export interface Aircraft {
  registration: string;
  model: string;
  seats: number;
  /** What it usually does; informative only. */
  role: string;
}

export const FLEET = [
  { registration: 'I-HELA', model: 'AgustaWestland AW109 Grand New', seats: 6, role: 'daily Foggia–Tremiti line' },
  { registration: 'I-HELB', model: 'AgustaWestland AW109 Grand New', seats: 6, role: 'spare and charter' },
  { registration: 'I-HELC', model: 'AgustaWestland AW139', seats: 12, role: 'summer flights (Peschici, evening rotation)' },
] as const satisfies readonly Aircraft[];

export type Registration = (typeof FLEET)[number]['registration'];

export function aircraftByRegistration(registration: string): Aircraft | undefined {
  return FLEET.find((a) => a.registration === registration);
}
