import { ageOn } from '../dates.ts';
import type { FareCategory } from '../fares/table.ts';
import type { Lang } from '../i18n/messages.ts';

/**
 * Passenger categories (spec wizard §3, §9). Ages are full years on the flight date:
 * adult from 12, child 2 to 11, infant under 2, nobody older than 100; "adult for booking
 * purposes" (someone responsible on board) from 18.
 */
export const PAX_CATEGORIES = ['a', 'c', 'i', 'an'] as const;
/** a adult, c child, i infant, an animal (pet). */
export type PaxCategory = (typeof PAX_CATEGORIES)[number];
export const TKT_CATEGORIES = ['AD', 'CH', 'INF'] as const;
type TktCategory = (typeof TKT_CATEGORIES)[number];

export const ADULT_FROM_AGE = 12;
export const CHILD_FROM_AGE = 2;
export const MAX_PAX_AGE = 100;
export const BOOKING_ADULT_AGE = 18;

/** A pet travels on a child-type ticket with the passenger id 100; one per flight. */
export const ANIMAL_PAX_ID = 100;
export const MAX_PETS_PER_FLIGHT = 1;

/** The pet's name in each language: the category label on tickets ("Animale", "Pet"). */
export const PET_DISPLAY_NAMES: Readonly<Record<Lang, string>> = { it: 'Animale', en: 'Pet' };
/** A pet booked without a name is stored as lastname "Animale", firstname "Pet". */
export const PET_DEFAULT_NAME = { lastname: PET_DISPLAY_NAMES.it, firstname: PET_DISPLAY_NAMES.en } as const;

/** Seats a passenger of each category takes: an infant flies on an adult's lap, a pet on a seat (spec §2). */
export const SEATS_PER_PASSENGER: Readonly<Record<PaxCategory, number>> = { a: 1, c: 1, i: 0, an: 1 };

/** Seats a party takes on every leg; `children` counts pets too, as the flight search does (spec §2). */
export function seatsNeeded(counts: { men: number; women: number; children: number; infants: number }): number {
  return (counts.men + counts.women) * SEATS_PER_PASSENGER.a + counts.children * SEATS_PER_PASSENGER.c + counts.infants * SEATS_PER_PASSENGER.i;
}

export const TKT_CATEGORY: Readonly<Record<PaxCategory, TktCategory>> = { a: 'AD', c: 'CH', i: 'INF', an: 'CH' };
export const FARE_CATEGORY: Readonly<Record<PaxCategory, FareCategory>> = { a: 'adult', c: 'child', i: 'infant', an: 'pet' };

/** The human category for an age, or null when nobody that age may fly (negative, over 100). */
export function categoryForAge(age: number): Exclude<PaxCategory, 'an'> | null {
  if (!Number.isInteger(age) || age < 0 || age > MAX_PAX_AGE) return null;
  if (age >= ADULT_FROM_AGE) return 'a';
  return age >= CHILD_FROM_AGE ? 'c' : 'i';
}

/** Does a birth date (ISO) fit the category on the flight date (ISO)? Animals have none to check. */
export function birthDateFits(category: PaxCategory, birthIso: string, flightIso: string): boolean {
  if (category === 'an') return true;
  if (birthIso > flightIso) return false;
  return categoryForAge(ageOn(birthIso, flightIso)) === category;
}

export function isBookingAdult(birthIso: string, flightIso: string): boolean {
  return birthIso <= flightIso && ageOn(birthIso, flightIso) >= BOOKING_ADULT_AGE;
}

/** Infants may not exceed half the adults, rounded up (spec §5, §9). */
export function maxInfants(adults: number): number {
  return Math.ceil(Math.max(0, adults) / 2);
}
