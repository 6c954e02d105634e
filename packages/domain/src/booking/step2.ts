import { canBookFlight, cutoffHours, isOnSale } from './cutoff.ts';
import { issue } from './issue.ts';
import type { WizardIssue } from './wizard-messages.ts';
import type { FlightType } from './step1.ts';

/** What step 2 needs of a chosen flight (a subset of the flight search's flight). */
export interface ChosenFlight {
  flightId: number;
  /** ISO-8601 instant of the journey's take-off. */
  takeOffDateTime: string;
  extra: boolean;
  originId: number;
  destinationId: number;
  /** The flight, or a leg of this journey, was cancelled (the server knows; a search never lists one). */
  cancelled?: boolean;
}

interface Step2Input {
  flightType: FlightType;
  departure: ChosenFlight | null | undefined;
  comeback?: ChosenFlight | null;
}

interface Step2Context {
  roles?: readonly string[];
  /** When given, the purchase cut-off is checked against it. */
  now?: Date;
}

function flightIssues(f: ChosenFlight, path: string, context: Step2Context): WizardIssue[] {
  // Said as such: 'select the flight' would send the buyer looking for the one they chose.
  if (f.cancelled) return [issue('chosenFlightCancelled', undefined, path)];
  if (!canBookFlight(f, context.roles ?? [])) return [issue('extraFlightStaffOnly', undefined, path)];
  if (context.now && !isOnSale(f.originId, f.destinationId, new Date(f.takeOffDateTime), context.now)) {
    return [issue('purchaseCutoff', { hours: cutoffHours(f.originId, f.destinationId) }, path)];
  }
  return [];
}

/** Spec wizard §5 step 2, plus the cut-off and extra-flight rules that the server enforces too. */
export function step2Issues(input: Step2Input, context: Step2Context = {}): WizardIssue[] {
  const { departure, comeback } = input;
  if (!departure) return [issue('departureFlightRequired', undefined, 'departureFlightId')];
  const out = flightIssues(departure, 'departureFlightId', context);
  if (input.flightType !== 'DW') return out;
  if (!comeback) return [...out, issue('comebackFlightRequired', undefined, 'comebackFlightId')];
  if (comeback.flightId === departure.flightId) return [...out, issue('sameFlightBothLegs', undefined, 'comebackFlightId')];
  if (Date.parse(comeback.takeOffDateTime) < Date.parse(departure.takeOffDateTime)) {
    out.push(issue('comebackFlightBeforeDeparture', undefined, 'comebackFlightId'));
  }
  return [...out, ...flightIssues(comeback, 'comebackFlightId', context)];
}
