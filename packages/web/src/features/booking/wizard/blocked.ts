import type { TBlockedBooking, TFlight } from '@heliline/domain';
import { parseTypedDate } from '../../../lib/dates.ts';
import type { BlockedPick } from './state.ts';

/**
 * A step-0 row as the wizard takes it over (spec §2 step 0): the route, dates, counts and
 * flights of the blocked booking, and its code as prenBloccataSel. The flights come from a
 * search of their day when it lists them; otherwise from what the row says (id, date, places).
 */
export function blockedPick(row: TBlockedBooking, found: { departure?: TFlight; comeback?: TFlight } = {}): BlockedPick {
  const departureDate = parseTypedDate(row.DataAnd) ?? '';
  const comebackDate = row.DataRit ? parseTypedDate(row.DataRit) : null;
  const departure = found.departure ?? flightFromRow(row.idDepFlight, row.DataAnd, row.Provenienza, row.Destinazione);
  const comeback =
    row.idComFlight != null && row.DataRit ? (found.comeback ?? flightFromRow(row.idComFlight, row.DataRit, row.Destinazione, row.Provenienza)) : undefined;
  return {
    code: row.CodPrenotazione,
    originId: row.idProvenienza,
    destinationId: row.idDestinazione,
    departureDate,
    comebackDate,
    counts: { men: row.AdM, women: row.AdF, children: row.Ch, infants: row.Inf },
    departure,
    ...(comeback ? { comeback } : {}),
  };
}

function flightFromRow(flightId: number, date: string, origin: string, destination: string): TFlight {
  return {
    flightId,
    flightCode: '',
    takeOffDate: date,
    takeOffTime: '',
    takeOffDateTime: '',
    extra: false,
    aircraft: '',
    route: '',
    origin,
    destination,
    landingTime: '',
    availableSeats: 0,
  };
}
