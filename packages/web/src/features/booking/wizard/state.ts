import { ANIMAL_PAX_ID } from '@heliline/domain/booking/categories';
import type { PaxCategory as WirePaxCategory, TFlight } from '@heliline/domain';

/**
 * The wizard's form (spec §3 "Booking form") and its step machine (spec §4), as a reducer so
 * every transition rule lives in one place and the step components stay presentational.
 * Dates are ISO (YYYY-MM-DD) here, the date fields' value; they become DD/MM/YYYY on the wire.
 */
export type FlightType = 'DW' | 'OW';
/** a adult, c child, i infant, an pet (staff only: one per flight, passenger id 100). */
type PaxCategory = WirePaxCategory;
/** The people's categories: the counters' and the passenger blocks' (the pet has its own block). */
type PersonCategory = Exclude<PaxCategory, 'an'>;
type Gender = 'M' | 'F';
export type CountKey = 'men' | 'women' | 'children' | 'infants';
export type Counts = Record<CountKey, number>;

/** One passenger block of step 3 (spec §3 Passenger: the fields the buyer edits). */
export interface PaxDraft {
  /** Client-side key (spec `_uuid`): stable across re-renders and count changes. */
  _uuid: string;
  /**
   * Negative = new passenger (spec §3). The account holder's own passenger carries its real
   * passenger-profile id and is sent without names (spec §5 Other): the server takes them
   * from the profile, so the fixed names are not only the browser's.
   */
  id: number;
  /** The account holder's own passenger: pre-filled, names fixed, not removable (§5). */
  own?: boolean;
  category: PaxCategory;
  gender: Gender | '';
  lastname: string;
  firstname: string;
  /** DD/MM/YYYY as typed. */
  birthDate: string;
  residence: string;
  document_type: string | null;
  document_num: string;
  email: string;
  telephone: string;
  /** Staff with discounts (Prenotazioni, PrenotaFull): landing-fee exemption and discount percent. */
  exemption: boolean;
  dsc: number;
  /** The pet only: its owner's `_uuid` (chosen on step 3). */
  animal_owner_key: string | null;
}

interface Contacts {
  email: string;
  telephone: string;
  email_payment_link: string;
}

export interface WizardForm {
  flightType: FlightType;
  originId: number | null;
  destinationId: number | null;
  departureDate: string | null;
  comebackDate: string | null;
  counts: Counts;
  pregnant: boolean;
  /** Staff only: an unaccompanied-minor booking and its declaration (feeds email_forms_pdf.minor). */
  unattendedMinor: boolean;
  minorDisclaimer: boolean;
  /** Staff only: a pet travels (one per flight, counted as a child in the search). */
  pet: boolean;
  /** Prenotazioni, PrenotaFull: their own passenger taken off the booking (spec §5). */
  ownDropped: boolean;
  /** The blocked reservation being completed (step 0), by its code. */
  prenBloccataSel: string | null;
  departureFlightId: number | null;
  comebackFlightId: number | null;
  paxes: PaxDraft[];
  contacts: Contacts;
  conditions: boolean;
  /** voucher: a voucher (issue 51) instead of a percentage: its balance and last valid day (YYYY-MM-DD). */
  coupon: WizardCoupon;
}

/** The applied coupon: a percentage, or a voucher's balance that pays the total (issue 51). */
export interface WizardCoupon {
  code: string;
  perc: number;
  voucher?: { balanceCents: number; validTo: string };
}

/** 0 is the blocked-seats list (staff, /admin/posti-bloccati); 1–4 the wizard's steps. */
export type Step = 0 | 1 | 2 | 3 | 4;

/** The flights picked on step 2, as the search answered them (summary and prices need them). */
interface ChosenFlights {
  departure?: TFlight;
  comeback?: TFlight;
}

export interface WizardState {
  step: Step;
  /** Highest step reached: the step bar lets the buyer jump back, never beyond it (§4). */
  reached: Step;
  form: WizardForm;
  chosen: ChosenFlights;
  /** Failed coupon attempts (§4: at most 3); kept when the buyer leaves step 4 and comes back. */
  couponFailures: number;
}

/** Who is booking: their own passenger is pre-filled and counted (spec §5 step 1). */
export type OwnPassenger = Omit<PaxDraft, '_uuid' | 'id' | 'own' | 'category' | 'gender' | 'exemption' | 'dsc' | 'animal_owner_key'> & {
  gender: Gender;
  /** The account's passenger-profile id (≥ 0). */
  paxId: number;
};

let uuidCounter = 0;
const nextUuid = () => `pax-${Date.now().toString(36)}-${(uuidCounter++).toString(36)}`;

function blankPax(category: PaxCategory, gender: Gender | '', id: number): PaxDraft {
  return {
    _uuid: nextUuid(),
    id,
    category,
    gender,
    lastname: '',
    firstname: '',
    birthDate: '',
    residence: '',
    document_type: null,
    document_num: '',
    email: '',
    telephone: '',
    exemption: false,
    dsc: 0,
    animal_owner_key: null,
  };
}

function ownPax({ paxId, ...own }: OwnPassenger): PaxDraft {
  return { _uuid: nextUuid(), id: paxId, own: true, category: 'a', ...own, exemption: false, dsc: 0, animal_owner_key: null };
}

/** The pet's block: the fixed passenger id 100 and category an; its owner is chosen on step 3. */
function petPax(): PaxDraft {
  return { ...blankPax('an', '', ANIMAL_PAX_ID) };
}

/**
 * The passenger list that matches the counters, keeping what was already typed: adults (the
 * account holder's gender first), children, infants, and the pet last. A pet whose owner is
 * gone gets no owner (chosen again on step 3).
 */
function reconcilePaxes(previous: readonly PaxDraft[], counts: Counts, own: OwnPassenger | null, pet = false): PaxDraft[] {
  const pool = [...previous];
  const take = (pred: (p: PaxDraft) => boolean) => {
    const i = pool.findIndex(pred);
    return i >= 0 ? pool.splice(i, 1)[0] : undefined;
  };
  let nextId = Math.min(-1, ...previous.map((p) => p.id)) - 1;
  const fresh = (category: PersonCategory, gender: Gender | '') => blankPax(category, gender, nextId--);
  const out: PaxDraft[] = [];
  const adults = (gender: Gender, n: number) => {
    const group: PaxDraft[] = [];
    // The own passenger stays first of its gender while that gender has anyone.
    if (own && own.gender === gender && n > 0) group.push(take((p) => !!p.own) ?? ownPax(own));
    while (group.length < n) group.push(take((p) => p.category === 'a' && p.gender === gender && !p.own) ?? fresh('a', gender));
    out.push(...group);
  };
  // The account holder's gender comes first, so their own passenger is passenger 1.
  const genders: ['M' | 'F', number][] =
    own?.gender === 'F'
      ? [
          ['F', counts.women],
          ['M', counts.men],
        ]
      : [
          ['M', counts.men],
          ['F', counts.women],
        ];
  for (const [g, n] of genders) adults(g, n);
  for (let i = 0; i < counts.children; i++) out.push(take((p) => p.category === 'c') ?? fresh('c', ''));
  for (let i = 0; i < counts.infants; i++) out.push(take((p) => p.category === 'i') ?? fresh('i', ''));
  if (pet) {
    const animal = take((p) => p.category === 'an') ?? petPax();
    // Its owner stays while on board; else the first passenger (changed on step 3).
    const ownerStays = out.some((p) => p._uuid === animal.animal_owner_key);
    out.push(ownerStays ? animal : { ...animal, animal_owner_key: out[0]?._uuid ?? null });
  }
  return out;
}

function initialForm(own: OwnPassenger | null): WizardForm {
  const counts: Counts = { men: own?.gender === 'M' ? 1 : 0, women: own?.gender === 'F' ? 1 : 0, children: 0, infants: 0 };
  return {
    flightType: 'DW',
    originId: null,
    destinationId: null,
    departureDate: null,
    comebackDate: null,
    counts,
    pregnant: false,
    unattendedMinor: false,
    minorDisclaimer: false,
    pet: false,
    ownDropped: false,
    prenBloccataSel: null,
    departureFlightId: null,
    comebackFlightId: null,
    paxes: reconcilePaxes([], counts, own),
    contacts: { email: own?.email ?? '', telephone: own?.telephone ?? '', email_payment_link: '' },
    conditions: false,
    coupon: { code: '', perc: 0 },
  };
}

export type WizardAction =
  | {
      type: 'patch';
      patch: Partial<
        Pick<WizardForm, 'originId' | 'destinationId' | 'departureDate' | 'comebackDate' | 'pregnant' | 'conditions' | 'unattendedMinor' | 'minorDisclaimer'>
      >;
    }
  | { type: 'flightType'; value: FlightType }
  | { type: 'count'; key: CountKey; value: number; own: OwnPassenger | null }
  /** Staff only: a pet on board (or not), one per flight. */
  | { type: 'pet'; value: boolean; own: OwnPassenger | null }
  /** Prenotazioni, PrenotaFull: their own passenger becomes a new, blank one of the same gender. */
  | { type: 'dropOwn' }
  /** Step 0: a blocked reservation picked, the wizard pre-filled and on step 3. */
  | { type: 'pickBlocked'; blocked: BlockedPick; own: OwnPassenger | null }
  | { type: 'selectFlight'; leg: 'departure' | 'comeback'; flight: TFlight | null }
  | { type: 'pax'; uuid: string; patch: Partial<PaxDraft> }
  | { type: 'contacts'; patch: Partial<Contacts> }
  | ({ type: 'coupon' } & WizardCoupon)
  /** A refused coupon: the count rises, or takes the server's count (`att`) when it is higher. */
  | { type: 'couponFailed'; att?: number }
  | { type: 'goto'; step: Step };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const form = state.form;
  switch (action.type) {
    case 'patch':
      return { ...state, form: { ...form, ...action.patch } };
    case 'flightType':
      // A one-way trip clears the return date (§4).
      return {
        ...state,
        form: { ...form, flightType: action.value, comebackDate: action.value === 'OW' ? null : form.comebackDate, comebackFlightId: null },
        chosen: { departure: state.chosen.departure },
      };
    case 'count': {
      const counts = { ...form.counts, [action.key]: Math.max(0, action.value) };
      // The pregnant flag resets when there are no women (§4).
      const pregnant = counts.women > 0 && form.pregnant;
      return { ...state, form: { ...form, counts, pregnant, paxes: reconcilePaxes(form.paxes, counts, ownOf(form, action.own), form.pet) } };
    }
    case 'pet':
      return { ...state, form: { ...form, pet: action.value, paxes: reconcilePaxes(form.paxes, form.counts, ownOf(form, action.own), action.value) } };
    case 'dropOwn':
      return { ...state, form: dropOwn(form) };
    case 'pickBlocked':
      return pickBlocked(state, action.blocked, action.own);
    case 'selectFlight': {
      const id = action.leg === 'departure' ? 'departureFlightId' : 'comebackFlightId';
      return { ...state, form: { ...form, [id]: action.flight?.flightId ?? null }, chosen: { ...state.chosen, [action.leg]: action.flight ?? undefined } };
    }
    case 'pax':
      return { ...state, form: { ...form, paxes: form.paxes.map((p) => (p._uuid === action.uuid ? { ...p, ...action.patch } : p)) } };
    case 'contacts':
      return { ...state, form: { ...form, contacts: { ...form.contacts, ...action.patch } } };
    case 'coupon':
      return { ...state, form: { ...form, coupon: { code: action.code, perc: action.perc, ...(action.voucher ? { voucher: action.voucher } : {}) } } };
    case 'couponFailed':
      return { ...state, couponFailures: Math.max(state.couponFailures + 1, action.att ?? 0) };
    case 'goto':
      return enterStep(state, action.step);
  }
}

/**
 * Entry effects of each step (§4). Callers validate before moving forward (navigation.ts).
 * A forward jump on the step bar passes through the steps in between: their entry effects
 * apply too (2 → 4 resets the coupon as 2 → 3 → 4 would).
 */
function enterStep(state: WizardState, step: Step): WizardState {
  if (step > state.reached + 1) return state;
  // The blocked-seats list: nothing chosen any more, step 1 is the way on.
  if (step === 0) return { ...state, step: 0, reached: 1, form: { ...state.form, ...NO_FLIGHTS, prenBloccataSel: null }, chosen: {} };
  let form = state.form;
  let chosen = state.chosen;
  const entered = step > state.step ? STEPS.filter((s) => s > state.step && s <= step) : [step];
  for (const s of entered) {
    // Going back to step 1 clears the chosen flights (their lists are refetched on step 2).
    // A blocked reservation picked on step 0 is no longer what the wizard books.
    if (s === 1) {
      form = { ...form, ...NO_FLIGHTS, prenBloccataSel: null };
      chosen = {};
    }
    // Entering step 3 resets all discounts, exemptions and the coupon.
    if (s === 3) form = withoutDiscounts(form);
    // Entering step 4 copies the contact e-mail into the payment-link e-mail.
    if (s === 4) form = { ...form, contacts: { ...form.contacts, email_payment_link: form.contacts.email } };
  }
  const reached = (step === 1 ? 1 : Math.max(state.reached, step)) as Step;
  return { ...state, step, reached, form, chosen };
}

/** The account holder's passenger, unless they took it off the booking. */
const ownOf = (form: WizardForm, own: OwnPassenger | null) => (form.ownDropped ? null : own);

function dropOwn(form: WizardForm): WizardForm {
  const nextId = Math.min(-1, ...form.paxes.map((p) => p.id)) - 1;
  const old = form.paxes.find((p) => p.own);
  if (!old) return form;
  // A new block (new key: the old inputs' typed values go), the pet following its owner.
  const fresh = blankPax('a', old.gender, nextId);
  const paxes = form.paxes.map((p) => (p === old ? fresh : p.category === 'an' && p.animal_owner_key === old._uuid ? { ...p, animal_owner_key: fresh._uuid } : p));
  return { ...form, ownDropped: true, paxes };
}

const NO_FLIGHTS = { departureFlightId: null, comebackFlightId: null } as const;

function withoutDiscounts(form: WizardForm): WizardForm {
  return { ...form, coupon: { code: '', perc: 0 }, paxes: form.paxes.map((p) => (p.dsc || p.exemption ? { ...p, dsc: 0, exemption: false } : p)) };
}

const STEPS: readonly Step[] = [1, 2, 3, 4];

/** A blocked reservation as the wizard takes it over (step 0): route, dates (ISO), counts, flights, code. */
export interface BlockedPick {
  code: string;
  originId: number;
  destinationId: number;
  departureDate: string;
  comebackDate: string | null;
  counts: Counts;
  departure: TFlight;
  comeback?: TFlight;
}

/** Step 0 → step 3 with the blocked reservation's trip; its passengers are typed on step 3. */
function pickBlocked(state: WizardState, b: BlockedPick, own: OwnPassenger | null): WizardState {
  const base = initialForm(own);
  const form: WizardForm = {
    ...base,
    flightType: b.comeback ? 'DW' : 'OW',
    originId: b.originId,
    destinationId: b.destinationId,
    departureDate: b.departureDate,
    comebackDate: b.comeback ? b.comebackDate : null,
    counts: b.counts,
    paxes: reconcilePaxes([], b.counts, own),
    departureFlightId: b.departure.flightId,
    comebackFlightId: b.comeback?.flightId ?? null,
    prenBloccataSel: b.code,
    contacts: state.form.contacts,
  };
  return { ...state, step: 3, reached: 3, form: withoutDiscounts(form), chosen: { departure: b.departure, ...(b.comeback ? { comeback: b.comeback } : {}) } };
}

/** The wizard's start: step 1, or the blocked-seats list (step 0) on /admin/posti-bloccati. */
export function initialState(own: OwnPassenger | null, start: 0 | 1 = 1): WizardState {
  return { step: start, reached: 1, form: initialForm(own), chosen: {}, couponFailures: 0 };
}
