/**
 * Distances from the Foggia base to the four airports (spec §2: 2.4, 122, 168 and 193 km).
 * The spec gives the figures only; we name the airports by the road distances that fit:
 * Foggia "Gino Lisa" next door, Bari, Naples and Pescara. `x`/`y` place them on our map.
 */
export const AIRPORTS = [
  { id: 'foggia', km: 2.4, x: 392, y: 262 },
  { id: 'bari', km: 122, x: 530, y: 338 },
  { id: 'naples', km: 168, x: 92, y: 318 },
  { id: 'pescara', km: 193, x: 110, y: 62 },
] as const;

export const BASE_ON_MAP = { x: 300, y: 210 } as const;
