import type { FlightQuery } from '../../../api/flights.ts';
import { wire } from '../../../lib/dates.ts';
import type { WizardForm } from './state.ts';

/**
 * GET /api/flights query of one leg (spec §7): the outbound search (reverse 0) on the
 * departure date, the return search (reverse 1) on the return date, same route ids.
 */
export function flightQuery(form: WizardForm, reverse: 0 | 1): FlightQuery | null {
  if (form.originId == null || form.destinationId == null || !form.departureDate) return null;
  if (reverse === 1 && (form.flightType !== 'DW' || !form.comebackDate)) return null;
  return {
    reverse,
    origin: String(form.originId),
    destination: String(form.destinationId),
    departureDate: wire(form.departureDate),
    comebackDate: form.flightType === 'DW' ? wire(form.comebackDate) : undefined,
    men: form.counts.men,
    women: form.counts.women,
    // The pet takes a seat: the search counts it as a child (spec §7).
    children: form.counts.children + (form.pet ? 1 : 0),
    infants: form.counts.infants,
  };
}
