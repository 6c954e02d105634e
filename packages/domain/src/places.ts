/** Heliports with the spec's ids. Foggia has one id as origin and one as destination. */
export const PLACE_IDS = {
  foggiaDeparture: 1348,
  foggiaArrival: 1349,
  tremiti: 1511,
  vieste: 1514,
  peschici: 1529,
} as const;

export type PlaceId = (typeof PLACE_IDS)[keyof typeof PLACE_IDS];

export interface Place {
  id: PlaceId;
  code: string;
  name: { it: string; en: string };
  canDepart: boolean;
  canArrive: boolean;
}

export const PLACES: readonly Place[] = [
  { id: 1348, code: 'FOG', name: { it: 'Foggia', en: 'Foggia' }, canDepart: true, canArrive: false },
  { id: 1349, code: 'FOG', name: { it: 'Foggia', en: 'Foggia' }, canDepart: false, canArrive: true },
  { id: 1511, code: 'TRE', name: { it: 'Isole Tremiti', en: 'Tremiti Islands' }, canDepart: true, canArrive: true },
  { id: 1514, code: 'VIE', name: { it: 'Vieste', en: 'Vieste' }, canDepart: true, canArrive: true },
  { id: 1529, code: 'PES', name: { it: 'Peschici', en: 'Peschici' }, canDepart: true, canArrive: false },
];

export function placeById(id: number): Place | undefined {
  return PLACES.find((p) => p.id === id);
}
