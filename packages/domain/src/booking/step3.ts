import { parseWireDate } from '../dates.ts';
import { isPrintableName } from '../text/printable.ts';
import { ANIMAL_PAX_ID, birthDateFits, isBookingAdult, type PaxCategory } from './categories.ts';
import { isValidEmail, TEXT_MAX_LENGTH } from './email.ts';
import { issue } from './issue.ts';
import type { WizardIssue } from './wizard-messages.ts';

/** The passenger fields step 3 checks (wizard draft and wire passenger both fit). */
export interface Step3Pax {
  /** Negative = new passenger; a known passenger (the account's own) keeps its stored names. */
  id: number;
  category: PaxCategory;
  gender?: string | null;
  lastname?: string | null;
  firstname?: string | null;
  /** DD/MM/YYYY as typed / sent. */
  birthDate?: string | null;
  document_type?: number | string | null;
  document_num?: string | null;
  email?: string | null;
}

export interface Step3Input {
  paxes: readonly Step3Pax[];
  contacts: { email?: string | null; telephone?: string | null };
  conditions: boolean;
  unattendedMinor?: boolean;
}

interface Step3Context {
  /** ISO date of the departure flight: ages are taken on it. */
  departureDate: string;
}

const blank = (v: string | null | undefined) => !v || !v.trim();
const positions = (idx: number[]) => idx.map((i) => i + 1).join(', ');
const isPerson = (p: Step3Pax) => p.category !== 'an';

/** A passenger's birth date as ISO if it fits their category on the flight date, else null. */
export function validBirthDate(p: Step3Pax, departureDate: string): string | null {
  const iso = parseWireDate(p.birthDate?.trim() ?? '');
  return iso && birthDateFits(p.category, iso, departureDate) ? iso : null;
}

// Built once: the server bundle spells a `\p{…}` literal as `new RegExp(…)`, which would compile it on every call.
const MARKS = /\p{M}/gu;
const SPACES = /\s+/g;
const plain = (v: string | null | undefined) => (v ?? '').normalize('NFKD').replace(MARKS, '').toLowerCase().replace(SPACES, ' ').trim();

/**
 * Who a passenger is, for "the same passenger twice on one flight": names without case, accents
 * or repeated spaces, and the birth date (ISO). Null while names or date are incomplete.
 */
function personKey(lastname: string | null | undefined, firstname: string | null | undefined, birthIso: string | null): string | null {
  const last = plain(lastname);
  const first = plain(firstname);
  return last && first && birthIso ? `${last}|${first}|${birthIso}` : null;
}

/** Positions (0-based) of passengers who appear again further up the list (my-tickets §5's rule, applied to a booking). */
function repeatedPassengers(paxes: readonly Step3Pax[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  paxes.forEach((p, i) => {
    if (!isPerson(p)) return;
    const key = personKey(p.lastname, p.firstname, parseWireDate(p.birthDate?.trim() ?? ''));
    if (key === null) return;
    if (seen.has(key)) out.push(i);
    seen.add(key);
  });
  return out;
}

/** Spec wizard §5 step 3, in the order the wizard shows them. Positions are 1-based. */
export function step3Issues(input: Step3Input, context: Step3Context): WizardIssue[] {
  const out: WizardIssue[] = [];
  const people = input.paxes.map((p, i) => [p, i] as const).filter(([p]) => isPerson(p));

  const incomplete = people.filter(([p]) => p.id < 0 && (blank(p.lastname) || blank(p.firstname) || (p.gender !== 'M' && p.gender !== 'F'))).map(([, i]) => i);
  if (incomplete.length) out.push(issue('paxIncomplete', { positions: positions(incomplete) }, 'paxes'));
  const tooLong = people.filter(([p]) => [p.lastname, p.firstname, p.document_num, p.email].some((v) => (v?.length ?? 0) > TEXT_MAX_LENGTH));
  if (tooLong.length) out.push(issue('tooLong', undefined, 'paxes'));
  // Names print on tickets, forms and the manifest: only in the scripts their typeface has.
  for (const [p, i] of people) {
    if (p.lastname && !isPrintableName(p.lastname)) out.push(issue('lastnameNotPrintable', undefined, `paxes.${i}.lastname`));
    if (p.firstname && !isPrintableName(p.firstname)) out.push(issue('firstnameNotPrintable', undefined, `paxes.${i}.firstname`));
  }

  const badBirth = people.filter(([p]) => !validBirthDate(p, context.departureDate)).map(([, i]) => i);
  if (badBirth.length) out.push(issue('birthDatesInvalid', { positions: positions(badBirth) }, 'paxes'));

  if (people.some(([p]) => !Number(p.document_type) || blank(p.document_num))) out.push(issue('documentRequired', undefined, 'paxes'));

  const repeated = repeatedPassengers(input.paxes);
  if (repeated.length) out.push(issue('paxTwiceOnFlight', { positions: positions(repeated) }, 'paxes'));

  if (people.some(([p]) => !blank(p.email) && !isValidEmail(p.email))) out.push(issue('paxEmailsInvalid', undefined, 'paxes'));

  const { email, telephone } = input.contacts;
  if (blank(email) || blank(telephone)) out.push(issue('contactsRequired', undefined, 'contacts'));
  else if (!isValidEmail(email)) out.push(issue('contactEmailInvalid', undefined, 'contacts.email'));

  if (!input.conditions) out.push(issue('conditionsRequired', undefined, 'conditions'));

  if (input.unattendedMinor) {
    if (people.some(([p]) => p.category === 'a')) out.push(issue('noAdultsForUnattendedMinor', undefined, 'paxes'));
  } else if (!badBirth.length) {
    const adult = people.some(([p]) => isBookingAdult(validBirthDate(p, context.departureDate)!, context.departureDate));
    if (!adult) out.push(issue('adultOnFlightDateRequired', undefined, 'paxes'));
  }
  return out;
}

/** A pet as the form sends it: id 100, category an, the key of the passenger who travels with it. */
interface PetPax {
  id: number;
  category: PaxCategory;
  animal_owner_key?: string | number | null;
  _uuid?: string | null;
}

/** Does `key` name this passenger? The wizard's client key (_uuid), else the passenger's id. */
const namesPax = (key: string | number, p: PetPax) => (p._uuid != null && p._uuid === String(key)) || String(p.id) === String(key);

/**
 * Pets (spec §2 step 1, §3): passenger id 100, category an, and animal_owner_key naming a person
 * of the same booking (its _uuid or id), who answers for it on board.
 */
export function petIssues(paxes: readonly PetPax[]): WizardIssue[] {
  const out: WizardIssue[] = [];
  paxes.forEach((p, i) => {
    if (p.category !== 'an') return;
    if (p.id !== ANIMAL_PAX_ID) out.push(issue('invalidValue', undefined, `paxes.${i}.id`));
    const key = p.animal_owner_key;
    const owner = key != null && key !== '' && paxes.some((o) => o.category !== 'an' && namesPax(key, o));
    if (!owner) out.push(issue('petOwnerRequired', undefined, `paxes.${i}.animal_owner_key`));
  });
  return out;
}
