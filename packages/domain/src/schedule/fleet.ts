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
  /**
   * Maximum payload for passengers and bags in kg, in the scheduled-service configuration
   * (useful load less two pilots and the fuel of a rotation): what the desk's load sums are
   * checked against (decision 025).
   */
  payloadKg: number;
  /** Where payloadKg comes from. */
  payloadSource: string;
}

/**
 * The payload figures are planning values derived from the manufacturer's published data
 * (Leonardo Helicopters, AW109 Grand New and AW139 product data sheets: maximum take-off mass,
 * basic empty mass) less crew and rotation fuel. The operator's flight operations must confirm
 * them against each aircraft's own mass and balance report before they are used for dispatch.
 */
const AW109_SOURCE = 'Leonardo Helicopters AW109 Grand New data sheet (MTOM 3175 kg) less basic empty mass, 2 pilots, rotation fuel — to be confirmed per aircraft';
const AW139_SOURCE = 'Leonardo Helicopters AW139 data sheet (MTOM 6400 kg) less basic empty mass, 2 pilots, rotation fuel — to be confirmed per aircraft';

export const FLEET = [
  { registration: 'I-HELA', model: 'AgustaWestland AW109 Grand New', seats: 6, role: 'daily Foggia–Tremiti line', payloadKg: 600, payloadSource: AW109_SOURCE },
  { registration: 'I-HELB', model: 'AgustaWestland AW109 Grand New', seats: 6, role: 'spare and charter', payloadKg: 600, payloadSource: AW109_SOURCE },
  { registration: 'I-HELC', model: 'AgustaWestland AW139', seats: 12, role: 'summer flights (Peschici, evening rotation)', payloadKg: 1300, payloadSource: AW139_SOURCE },
] as const satisfies readonly Aircraft[];

export type Registration = (typeof FLEET)[number]['registration'];

export function aircraftByRegistration(registration: string): Aircraft | undefined {
  return FLEET.find((a) => a.registration === registration);
}
