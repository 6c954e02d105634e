import { computeTotals, type Journey, type PaxPrice, type Totals } from '@heliline/domain/booking/totals';
import { PLACE_IDS } from '@heliline/domain/places';
import type { PaxDraft } from './state.ts';

/**
 * The cost table of steps 3–4 comes from the domain's computeTotals: the server recomputes
 * with the same function and refuses a booking whose totals differ from what the buyer saw.
 */
export type { Journey, Totals };

/** Foggia has one id as origin and one as destination: the return journey swaps them. */
export function returnJourney(originId: number, destinationId: number, date: string): Journey {
  const asOrigin = (id: number) => (id === PLACE_IDS.foggiaArrival ? PLACE_IDS.foggiaDeparture : id);
  const asDestination = (id: number) => (id === PLACE_IDS.foggiaDeparture ? PLACE_IDS.foggiaArrival : id);
  return { direction: 'c', originId: asOrigin(destinationId), destinationId: asDestination(originId), date };
}

export interface PaxCost extends Omit<PaxPrice, 'legs'> {
  pax: PaxDraft;
}

/** `staffDiscounts`: the booker may set exemption and dsc (Prenotazioni, PrenotaFull); else they count for nothing. */
export function costsOf(paxes: readonly PaxDraft[], journeys: readonly Journey[], couponPerc: number, staffDiscounts = false): { costs: PaxCost[]; totals: Totals } {
  const { paxes: prices, totals } = computeTotals({ paxes, journeys, couponPerc, staffDiscounts });
  return { costs: prices.map(({ legs: _legs, ...p }, i) => ({ ...p, pax: paxes[i]! })), totals };
}
