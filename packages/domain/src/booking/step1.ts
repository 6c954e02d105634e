import { placeById } from '../places.ts';
import { can } from '../roles.ts';
import { MAX_PETS_PER_FLIGHT, maxInfants } from './categories.ts';
import { issue } from './issue.ts';
import type { WizardIssue } from './wizard-messages.ts';

/**
 * Step 1 (route and passengers), spec wizard §5. Dates are ISO calendar dates (YYYY-MM-DD):
 * the wizard's date inputs give ISO, the wire's DD/MM/YYYY is parsed by the schemas first.
 */
export type FlightType = 'DW' | 'OW';
export interface PaxCounts {
  men: number;
  women: number;
  children: number;
  infants: number;
}

export interface Step1Input {
  flightType: FlightType;
  originId: number | null | undefined;
  destinationId: number | null | undefined;
  departureDate: string | null | undefined;
  comebackDate?: string | null;
  counts: PaxCounts;
  /** Staff only: a pet travels (one per flight). Counted apart from `counts.children`. */
  pets?: number;
  /** Staff only: unaccompanied-minor booking, and its declaration tick. */
  unattendedMinor?: boolean;
  minorDisclaimer?: boolean;
}

export interface BookingUser {
  gender: 'M' | 'F' | null;
  roles: readonly string[];
}

interface Step1Context {
  /** The logged-in user, if any. */
  user?: BookingUser | null;
  /** Today in Rome (ISO); when given, a past departure date is refused. */
  today?: string;
}

/** Admin, Prenotazioni, PrenotaFull: the unattended-minor and pet checkboxes (spec §2 step 1, §6). */
export function canUseStaffBookingOptions(roles: readonly string[]): boolean {
  return can(roles, 'booking.staffPaymentArea');
}

/** Prenotazioni and PrenotaFull may book without their own passenger (spec §5). */
export function canRemoveOwnPax(roles: readonly string[]): boolean {
  return can(roles, 'booking.discounts');
}

const adultsOf = (c: PaxCounts) => c.men + c.women;
const paxTotal = (c: PaxCounts, pets = 0) => c.men + c.women + c.children + c.infants + pets;

function routeIssues(input: Pick<Step1Input, 'originId' | 'destinationId'>): WizardIssue[] {
  const { originId, destinationId } = input;
  if (!originId || !destinationId) return [issue('originDestinationMissing')];
  // Foggia has two ids (1348 departure, 1349 arrival): the same heliport either way.
  const o = placeById(originId);
  const d = placeById(destinationId);
  if (originId === destinationId || (o && d && o.code === d.code)) return [issue('originDestinationIdentical')];
  if (!o?.canDepart) return [issue('routeNotServed', undefined, 'originId')];
  if (!d?.canArrive) return [issue('routeNotServed', undefined, 'destinationId')];
  return [];
}

export function dateIssues(input: Pick<Step1Input, 'flightType' | 'departureDate' | 'comebackDate'>, today?: string): WizardIssue[] {
  if (!input.departureDate) return [issue('departureDateRequired', undefined, 'departureDate')];
  if (today && input.departureDate < today) return [issue('departureDatePast', undefined, 'departureDate')];
  if (input.flightType !== 'DW') return [];
  if (!input.comebackDate) return [issue('comebackDateRequired', undefined, 'comebackDate')];
  if (input.comebackDate < input.departureDate) return [issue('comebackBeforeDeparture', undefined, 'comebackDate')];
  return [];
}

function paxCountIssues(input: Step1Input, user?: BookingUser | null): WizardIssue[] {
  const c = input.counts;
  const pets = input.pets ?? 0;
  const out: WizardIssue[] = [];
  if (paxTotal(c, pets) < 1) return [issue('atLeastOnePax')];
  const adults = adultsOf(c);
  if (c.infants > maxInfants(adults)) out.push(issue('tooManyInfants', { adults, max: maxInfants(adults) }, 'infants'));
  const staff = canUseStaffBookingOptions(user?.roles ?? []);
  if (pets > MAX_PETS_PER_FLIGHT) out.push(issue('onePetPerFlight', undefined, 'pets'));
  if (pets > 0 && !staff) out.push(issue('forbidden', undefined, 'pets'));
  if (input.unattendedMinor && !staff) out.push(issue('forbidden', undefined, 'unattendedMinor'));
  const minor = !!input.unattendedMinor && staff;
  if (c.children > 0 && adults === 0 && !minor) out.push(issue('childrenWithoutAdults', undefined, 'children'));
  if (minor && !input.minorDisclaimer) out.push(issue('unattendedMinorDisclaimerRequired', undefined, 'minorDisclaimer'));
  // A user travelling with the other gender must keep a passenger of their own gender (their own).
  if (user?.gender && !canRemoveOwnPax(user.roles)) {
    const own = user.gender === 'M' ? c.men : c.women;
    const other = user.gender === 'M' ? c.women : c.men;
    if (own === 0 && other > 0) {
      out.push(issue(user.gender === 'M' ? 'userGenderManRequired' : 'userGenderWomanRequired', undefined, user.gender === 'M' ? 'men' : 'women'));
    }
  }
  return out;
}

export function step1Issues(input: Step1Input, context: Step1Context = {}): WizardIssue[] {
  return [...routeIssues(input), ...dateIssues(input, context.today), ...paxCountIssues(input, context.user)];
}
