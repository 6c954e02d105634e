import {
  ANIMAL_PAX_ID,
  PET_DEFAULT_NAME,
  seatsNeeded,
  can,
  canRemoveOwnPax,
  isStaff,
  countPaxes,
  type Issue,
  issue,
  type Lang,
  normaliseCouponCode,
  romeToday,
  toWireDate,
  type TBookingStoreBody,
  TKT_CATEGORY,
  validateBookingForm,
  validBirthDate,
  voucherPaymentIssue,
  voucherSpend,
} from '@heliline/domain';
import type { AccountsService } from '../../accounts/service.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { OwnPax } from '../../sessions/service.ts';
import type { Journey } from '../../schedule/journeys.ts';
import type { CouponsService } from '../coupons/service.ts';
import { reversePlaces } from '../search/service.ts';

interface PlannedPassenger {
  position: number;
  paxId: number | null;
  category: 'a' | 'c' | 'i' | 'an';
  tktCategory: 'AD' | 'CH' | 'INF';
  gender: 'M' | 'F' | null;
  lastname: string;
  firstname: string;
  /** YYYY-MM-DD */
  birthDate: string;
  residence: string | null;
  documentType: number;
  documentNum: string | null;
  email: string | null;
  telephone: string | null;
  exemption: boolean;
  dsc: number;
}

interface PlannedPrice {
  position: number;
  direction: 'd' | 'c';
  fare: number;
  ticket: number;
  ticket_nodsc: number;
  tax: number;
  landingTax: number;
  total: number;
  total_nodsc: number;
}

/** A booking the domain rules have accepted and priced (cents); what create() records. */
export interface BookingPlan {
  type: number;
  lang: Lang;
  channel: string;
  flightType: 'DW' | 'OW';
  originId: number;
  destinationId: number;
  outbound: Journey;
  comeback: Journey | null;
  counts: { men: number; women: number; children: number; infants: number };
  seats: number;
  /** Pets on board (0 or 1): each flight of the booking claims its one pet place. */
  pets: number;
  contacts: { email: string; telephone: string };
  /** voucherCents: what a voucher pays of the total (issue 51), spent when the request is recorded. */
  coupon: { code: string; perc: number; voucherCents?: number } | null;
  passengers: PlannedPassenger[];
  prices: PlannedPrice[];
  /** Cents; amount = what the buyer pays by card, link or at the desk: grandTotalDiscounted less the voucher part. */
  totals: { tickets: number; ticketsDiscounted: number; taxes: number; landingTaxes: number; grandTotal: number; grandTotalDiscounted: number; amount: number };
  invoice: unknown;
  forms: unknown;
}

/** The store body as planBooking reads it (grandtotal sends the same form). */
export type TPlanInput = Pick<TBookingStoreBody, 'form' | 'invoice' | 'bookingChannel' | 'bloccaPostiNota'> & {
  /** null: price the form only (guest grandtotal), whoever asks. */
  type: TBookingStoreBody['type'] | null;
};

/** Who is buying, as the rules need them. */
export interface Buyer {
  id: number;
  roles: readonly string[];
  agency: boolean;
  /**
   * The account's passenger profile. The wizard sends it as the passenger whose id is the
   * profile's passenger id (spec §5 "Other": no names).
   */
  pax: OwnPax | null;
}

export type PlanResult = { ok: true; plan: BookingPlan } | { ok: false; issues: Issue[] };

type FormPax = TPlanInput['form']['paxes'][number];

/** The account holder travels as a person of their gender: private users with a gendered profile (web own.ts). */
const hasOwnPassenger = (buyer: Buyer) => !buyer.agency && !!buyer.pax?.gender;

/**
 * Passengers with an id ≥ 0 are not new: the pet (id 100, category an only) or the account
 * holder's own passenger, sent with its profile id and without names (spec §5 "Other"),
 * whose names, gender and birth date come from the profile. Any other id ≥ 0 is refused:
 * the domain rules skip the name check for it. A basic user's own passenger cannot be
 * removed; Prenotazioni and PrenotaFull may book without it (canRemoveOwnPax, as the wizard).
 */
function resolvePassengers(paxes: readonly FormPax[], buyer: Buyer): { paxes: FormPax[] } | { issues: Issue[] } {
  const isPet = (p: FormPax) => p.id === ANIMAL_PAX_ID && p.category === 'an';
  const isOwn = (p: FormPax) => hasOwnPassenger(buyer) && p.id === buyer.pax!.id && p.category !== 'an';
  const known = paxes.filter((p) => p.id >= 0);
  if (known.some((p) => !isPet(p) && !isOwn(p)) || known.filter(isOwn).length > 1) return { issues: [issue('invalidValue', undefined, 'paxes')] };
  // A basic user (no role) travels; staff roles book for others (the gender rule of step 1 still applies to all but canRemoveOwnPax).
  if (hasOwnPassenger(buyer) && !isStaff(buyer.roles) && !canRemoveOwnPax(buyer.roles) && !paxes.some(isOwn))
    return { issues: [issue('ownPaxCannotBeRemoved', undefined, 'paxes')] };
  const profile = buyer.pax!;
  const filled = paxes.map((p) =>
    isOwn(p)
      ? {
          ...p,
          lastname: profile.lastname,
          firstname: profile.firstname,
          gender: profile.gender,
          birthDate: profile.birthdate ? toWireDate(profile.birthdate) : p.birthDate,
        }
      : p,
  );
  // Every person needs names and gender, whatever their id (the domain checks new ones only).
  const incomplete = filled.flatMap((p, i) =>
    p.category !== 'an' && (!p.lastname?.trim() || !p.firstname?.trim() || (p.gender !== 'M' && p.gender !== 'F')) ? [i + 1] : [],
  );
  if (incomplete.length) return { issues: [issue('paxIncomplete', { positions: incomplete.join(', ') }, 'paxes')] };
  return { paxes: filled };
}

/** What planning reads: flights from the schedule, coupons from their module, the document types. */
export interface PlanDeps {
  schedule: Pick<ScheduleService, 'journeyOf'>;
  coupons: Pick<CouponsService, 'lookup'>;
  accounts: Pick<AccountsService, 'documentTypeIds'>;
}

type PlanForm = TPlanInput['form'];
type Priced = NonNullable<ReturnType<typeof validateBookingForm>['priced']>;

/** The form's flights as stored: a return flies the route backwards. */
export interface StoredFlights {
  originId: number;
  destinationId: number;
  outbound: Journey | null;
  comeback: Journey | null;
}

const fail = (...issues: Issue[]): PlanResult => ({ ok: false, issues });

/**
 * Re-validates a whole booking form with the domain's validateBookingForm (steps 1–4, flights
 * on the form's route and dates, cut-off, extra flights, counts, totals recomputed with
 * computeTotals), on the flights as the database has them: the server never trusts a price, a
 * count, a birth date or a discount it did not compute.
 */
export async function planBooking(deps: PlanDeps, body: TPlanInput, buyer: Buyer, lang: Lang, now: Date): Promise<PlanResult> {
  const staff = can(buyer.roles, 'booking.discounts');
  const resolved = resolvePassengers(body.form.paxes, buyer);
  if ('issues' in resolved) return fail(...resolved.issues);
  const paxes = resolved.paxes;
  const flights = await storedFlights(deps, body.form);
  const found = await checkedCoupon(deps, body.form, now);
  if (found === 'invalid') return fail(issue('couponInvalid', undefined, 'coupon'));
  const checked = validateOnFlights(body, paxes, buyer, flights, found?.perc ?? 0, now);
  if (checked.issues.length) return fail(...checked.issues);
  if (!checked.priced || !flights.outbound) return fail(issue('flightNotAvailable', undefined, 'departureFlightId'));
  const spend = found?.balanceCents ? voucherSpend(checked.priced.totals.grandTotalDiscounted, found.balanceCents) : null;
  const payIssue = body.type === null ? null : voucherPaymentIssue(body.type, spend);
  if (payIssue) return fail(issue(payIssue, undefined, 'type'));
  const coupon = found && { code: found.code, perc: found.perc, ...(spend ? { voucherCents: spend.spentCents } : {}) };
  const stored = await storedDataIssues(deps, paxes);
  if (stored.length) return fail(...stored);
  const outbound = flights.outbound;
  const passengers = plannedPassengers(paxes, buyer, staff, outbound.serviceDate);
  return { ok: true, plan: assemblePlan(body, lang, { ...flights, outbound }, paxes, coupon, passengers, checked.priced) };
}

/** What only the database knows: every passenger's document type is one of ours (GET /api/document-types). */
async function storedDataIssues(deps: PlanDeps, paxes: FormPax[]): Promise<Issue[]> {
  const types = await deps.accounts.documentTypeIds();
  return paxes.flatMap((p, i) =>
    p.category !== 'an' && !types.has(Number(p.document_type)) ? [issue('documentTypeInvalid', undefined, `paxes.${i}.document_type`)] : [],
  );
}

export async function storedFlights(deps: PlanDeps, form: PlanForm): Promise<StoredFlights> {
  const originId = form.originId ?? 0;
  const destinationId = form.destinationId ?? 0;
  const back = reversePlaces(originId, destinationId);
  const outbound = form.departureFlightId ? await deps.schedule.journeyOf(form.departureFlightId, originId, destinationId) : null;
  const comeback = form.flightType === 'DW' && form.comebackFlightId ? await deps.schedule.journeyOf(form.comebackFlightId, back.originId, back.destinationId) : null;
  return { originId, destinationId, outbound, comeback };
}

type CheckedCoupon = { code: string; perc: number; balanceCents?: number } | null;

/** The form's coupon, checked for today in Rome: none, 'invalid', or its code and percentage or voucher balance. */
async function checkedCoupon(deps: PlanDeps, form: PlanForm, now: Date): Promise<CheckedCoupon | 'invalid'> {
  const couponCode = form.coupon?.code?.trim();
  if (!couponCode) return null;
  const found = await deps.coupons.lookup(couponCode, romeToday(now));
  if (!found) return 'invalid';
  return 'balanceCents' in found
    ? { code: normaliseCouponCode(couponCode), perc: 0, balanceCents: found.balanceCents }
    : { code: normaliseCouponCode(couponCode), perc: found.perc };
}

/**
 * A flight as the domain's form check reads it. A cancelled one stays chosen, marked, so step 2
 * refuses it as cancelled rather than as missing ('Selezionare il volo di andata').
 */
export const chosen = (j: Journey | null) =>
  j
    ? {
        flightId: j.flightId,
        takeOffDateTime: j.departsAt,
        extra: j.extra,
        originId: j.originId,
        destinationId: j.destinationId,
        ...(j.status !== 'scheduled' ? { cancelled: true } : {}),
      }
    : null;

function validateOnFlights(body: TPlanInput, paxes: FormPax[], buyer: Buyer, flights: StoredFlights, couponPerc: number, now: Date) {
  return validateBookingForm(
    { ...body.form, paxes, totals: body.form.totals ?? undefined },
    {
      user: { gender: buyer.pax?.gender ?? null, roles: buyer.roles },
      storeType: body.type,
      flights: { departure: chosen(flights.outbound), comeback: chosen(flights.comeback) },
      couponPerc,
      invoice: body.invoice ?? null,
      bloccaPostiNota: body.bloccaPostiNota ?? null,
      now,
    },
  );
}

function plannedPassengers(paxes: FormPax[], buyer: Buyer, staff: boolean, flightDate: string): PlannedPassenger[] {
  return paxes.map((p, i) => ({
    position: i + 1,
    paxId: p.id === buyer.pax?.id && p.category !== 'an' ? p.id : null,
    category: p.category,
    tktCategory: TKT_CATEGORY[p.category],
    gender: p.gender === 'M' || p.gender === 'F' ? p.gender : null,
    lastname: p.lastname?.trim() || (p.category === 'an' ? PET_DEFAULT_NAME.lastname : ''),
    firstname: p.firstname?.trim() || (p.category === 'an' ? PET_DEFAULT_NAME.firstname : ''),
    birthDate: p.category === 'an' ? flightDate : validBirthDate(p, flightDate)!,
    residence: p.residence ?? null,
    documentType: p.document_type ?? 0,
    documentNum: p.document_num ?? null,
    email: p.email || null,
    telephone: p.telephone || null,
    exemption: staff && !!p.exemption,
    dsc: staff ? (p.dsc ?? 0) : 0,
  }));
}

function plannedPrices(priced: Priced): PlannedPrice[] {
  return priced.paxes.flatMap((pp, i) =>
    pp.legs.map((l) => ({
      position: i + 1,
      direction: l.direction,
      fare: l.fare,
      ticket: l.ticket,
      ticket_nodsc: l.ticket_nodsc,
      tax: l.tax,
      landingTax: l.landingTax,
      total: l.total,
      total_nodsc: l.total_nodsc,
    })),
  );
}

function assemblePlan(
  body: TPlanInput,
  lang: Lang,
  flights: StoredFlights & { outbound: Journey },
  paxes: FormPax[],
  coupon: BookingPlan['coupon'],
  passengers: PlannedPassenger[],
  priced: Priced,
): BookingPlan {
  const form = body.form;
  const c = countPaxes(paxes);
  const counts = { men: c.men, women: c.women, children: c.children + c.pets, infants: c.infants };
  return {
    type: body.type ?? 1,
    lang,
    channel: body.bookingChannel,
    flightType: form.flightType,
    ...flights,
    counts,
    seats: seatsNeeded(counts),
    pets: c.pets,
    contacts: { email: form.contacts.email!.trim(), telephone: form.contacts.telephone!.trim() },
    coupon,
    passengers,
    prices: plannedPrices(priced),
    totals: { ...priced.totals, amount: priced.totals.grandTotalDiscounted - (coupon?.voucherCents ?? 0) },
    invoice: body.invoice?.requested ? body.invoice : null,
    forms: formsOf(form),
  };
}

/** The check-in forms to send: an unattended-minor booking always gets the minor's form (spec §4). */
function formsOf(form: PlanForm): BookingPlan['forms'] {
  const flags = form.email_forms_pdf ?? null;
  if (!form.unattendedMinor) return flags;
  return { pregnant: false, weapons: false, ...flags, minor: true };
}
