import type { TFlight } from '@heliline/domain';
import type { OwnPassenger } from './state.ts';

/** Fixtures of the wizard's unit tests: an account holder and flights as the search answers them. */
export const OWN: OwnPassenger = {
  paxId: 42,
  gender: 'F',
  lastname: 'Bianchi',
  firstname: 'Giulia',
  birthDate: '14/03/1988',
  residence: 'Vieste',
  document_type: '1',
  document_num: 'CA12345BD',
  email: 'giulia@example.test',
  telephone: '+39 0884 700100',
};

/** A flight taking off at 10:00 Rome time (08:00 UTC in summer) on an ISO date. */
export function flight(flightId: number, isoDate: string, over: Partial<TFlight> = {}): TFlight {
  const [y, m, d] = isoDate.split('-');
  return {
    flightId,
    flightCode: `LID${String(100 + flightId).slice(-3)}`,
    takeOffDate: `${d}/${m}/${y}`,
    takeOffTime: '10:00',
    takeOffDateTime: `${isoDate}T08:00:00.000Z`,
    extra: false,
    aircraft: 'AW139',
    route: 'Foggia - Isole Tremiti',
    origin: 'Foggia',
    destination: 'Isole Tremiti',
    landingTime: '10:20',
    availableSeats: 10,
    bookable: true,
    ...over,
  };
}
