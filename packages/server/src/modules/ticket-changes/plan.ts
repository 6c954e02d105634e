import {
  canBookFlight,
  changeCosts,
  type ChangeCostsCents,
  cutoffHours,
  effectiveRefundSettings,
  formatEditableUntil,
  editableUntil,
  isEditableAt,
  isOnSale,
  issue,
  type Issue,
  type PaxCategory,
  priceMove,
  refundCents,
  type RefundSettings,
  SEATS_PER_PASSENGER,
  type TChangeBody,
  type TicketDifference,
  can,
  type EditableJourney,
  romeToday,
  moveAtNoCost,
} from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import type { ScheduleService } from '../schedule/service.ts';
import type { Journey } from '../schedule/journeys.ts';
import type { TicketRow } from '../tickets/ticket-pdf.ts';
import { conflict, refused } from './errors.ts';

/** The journey of a ticket, as the editable_until rule (domain tickets/editable.ts) reads it. */
export const journeyOf = (t: Pick<TicketRow, 'origin_id' | 'destination_id' | 'departs_at'>): EditableJourney => ({
  originId: t.origin_id,
  destinationId: t.destination_id,
  departsAt: t.departs_at,
});

/** Who asks for the change. */
export interface Reader {
  id: number;
  roles: readonly string[];
}

/** The booking group as the change sees it: its tickets and which of them are still live. */
export interface GroupState {
  groupCode: string;
  tickets: TicketRow[];
  /** Tickets neither moved nor cancelled. */
  live: TicketRow[];
}

export interface PlannedMove {
  ticket: TicketRow;
  /** 1-based slot the ticket moves onto (the row's movedOn). */
  slot: number;
  journey: Journey;
  difference: TicketDifference;
  seats: number;
  oldLegIds: number[];
}

interface PlannedCancel {
  ticket: TicketRow;
  settings: RefundSettings;
  paidCents: number;
  refundCents: number;
  seats: number;
  oldLegIds: number[];
}

export interface ChangePlan {
  group: GroupState;
  moves: PlannedMove[];
  cancels: PlannedCancel[];
  costs: ChangeCostsCents;
  refundCents: number;
}

/**
 * A change the operator makes for the passenger because the old flight was cancelled (issue 13,
 * modules/cancellations): the old tickets' cut-off does not apply (the flight will not fly), moves
 * keep what was paid with no admin fee, and cancellations refund with the given settings.
 */
export interface OperatorChange {
  refundSettings: RefundSettings;
}

export interface PlanDeps {
  schedule: Pick<ScheduleService, 'journeyOf'>;
}

const seatsOf = (t: TicketRow) => SEATS_PER_PASSENGER[t.category as PaxCategory] ?? 1;
const isAnimal = (t: TicketRow) => t.category === 'an';
const paidOf = (t: TicketRow) => ({ ticketCents: t.ticket_cents, taxCents: t.tax_cents, landingFeeCents: t.landing_tax_cents });

/**
 * The change a body asks for, checked against the spec's rules and priced; throws 422/409
 * (nothing written) when it does not hold. Rules: every slot has a flight, no more slots than
 * tickets, each ticket once, the animal with its owner, a passenger once per flight, the old
 * and the new flight before their cut-off.
 */
export async function planChange(
  deps: PlanDeps,
  db: DbOrTrx,
  reader: Reader,
  group: GroupState,
  body: TChangeBody,
  now: Date,
  operator: OperatorChange | null = null,
): Promise<ChangePlan> {
  checkTravels(body, group);
  const targets = await resolveTravels(deps, db, reader, body);
  const wanted = resolveTickets(body, group);
  const moves = withAnimals(group, wanted.moves, targets);
  checkPlacement(group, moves, wanted.cancels, targets);
  checkDeadlines(group, moves, operator ? [] : wanted.cancels, targets, now, !operator);
  const planned = await priceMoves(deps, db, group, moves, targets, !!operator);
  const cancels = await plannedCancels(deps, db, reader, wanted.cancels, group, now, operator?.refundSettings);
  if (!planned.length && !cancels.length) throw refused([issue('changeRequestEmpty')]);
  const costs = changeCosts(
    planned.map((m) => m.difference),
    operator ? { adminFeeCheck: false, mayWaiveAdminFee: true } : { adminFeeCheck: body.adminFeeCheck, mayWaiveAdminFee: can(reader.roles, 'booking.staffPaymentArea') },
  );
  return { group, moves: planned, cancels, costs, refundCents: cancels.reduce((a, c) => a + c.refundCents, 0) };
}

/** Spec §5: every travel needs a flight; none selected at all has its own message; never more travels than tickets. */
function checkTravels(body: TChangeBody, group: GroupState): void {
  if (body.travels.length > group.live.length) throw refused([issue('changeTooManyTravels', undefined, 'travels')]);
  const empty = body.travels.flatMap((t, i) => (t.flightId ? [] : [i]));
  if (body.travels.length && empty.length === body.travels.length && !body.cancellations.length) throw refused([issue('changeFlightsNotSelected', undefined, 'travels')]);
  if (empty.length) throw refused(empty.map((i) => issue('changeTravelsIncomplete', undefined, `travels.${i}.flightId`)));
}

async function resolveTravels(deps: PlanDeps, db: DbOrTrx, reader: Reader, body: TChangeBody): Promise<Journey[]> {
  const out: Journey[] = [];
  for (const [i, t] of body.travels.entries()) {
    const j = await deps.schedule.journeyOf(t.flightId!, t.origin, t.destination, db);
    if (!j || j.status !== 'scheduled' || !canBookFlight(j, reader.roles)) throw refused([issue('changeFlightUnknown', undefined, `travels.${i}.flightId`)]);
    out.push(j);
  }
  return out;
}

interface Wanted {
  /** ticket number → travel index */
  moves: Map<string, number>;
  cancels: TChangeBody['cancellations'];
}

/** Every named ticket must be a live ticket of this booking, named once. */
function resolveTickets(body: TChangeBody, group: GroupState): Wanted {
  const byNr = new Map(group.tickets.map((t) => [t.ticket_nr, t]));
  const live = new Set(group.live.map((t) => t.ticket_nr));
  const seen = new Set<string>();
  const issues: Issue[] = [];
  const take = (nr: string, path: string) => {
    if (!byNr.has(nr)) issues.push(issue('changeTicketUnknown', { ticketNr: nr }, path));
    else if (!live.has(nr)) issues.push(issue('changeTicketNotLive', { ticketNr: nr }, path));
    else if (seen.has(nr)) issues.push(issue('changeTicketTwice', { ticketNr: nr }, path));
    seen.add(nr);
  };
  const moves = new Map<string, number>();
  body.travels.forEach((t, i) =>
    t.paxes.forEach((p, k) => {
      const nr = p.ticketNr ?? String(p.bookingId).padStart(7, '0');
      take(nr, `travels.${i}.paxes.${k}`);
      moves.set(nr, i);
    }),
  );
  body.cancellations.forEach((c, i) => take(c.ticketNr, `cancellations.${i}.ticketNr`));
  if (issues.length) throw refused(issues);
  return { moves, cancels: body.cancellations };
}

/** Tickets whose slot is their own flight and route stay; the rest move. */
const staysPut = (t: TicketRow, j: Journey) => t.flight_id === j.flightId && t.origin_id === j.originId && t.destination_id === j.destinationId;

/**
 * The animal (idPax 100) has no move selector (spec §2): it follows its owners — the people of
 * its booking in the same direction — when they all move onto one flight.
 */
function withAnimals(group: GroupState, wanted: Map<string, number>, targets: Journey[]): Map<string, number> {
  const moves = new Map(
    [...wanted].filter(
      ([nr, i]) =>
        !staysPut(
          group.live.find((t) => t.ticket_nr === nr)!,
          targets[i]!,
        ),
    ),
  );
  for (const pet of group.live.filter((t) => isAnimal(t) && !wanted.has(t.ticket_nr))) {
    const owners = group.live.filter((t) => !isAnimal(t) && t.booking_code === pet.booking_code && t.direction === pet.direction && t.flight_id === pet.flight_id);
    const slots = new Set(owners.map((o) => moves.get(o.ticket_nr)));
    const [slot] = [...slots];
    if (owners.length && slots.size === 1 && slot !== undefined) moves.set(pet.ticket_nr, slot);
  }
  return moves;
}

/** After the change: a passenger at most once per flight; an animal only on a flight with a person of its booking. */
function checkPlacement(group: GroupState, moves: Map<string, number>, cancels: TChangeBody['cancellations'], targets: Journey[]): void {
  const cancelled = new Set(cancels.map((c) => c.ticketNr));
  const placed = group.live
    .filter((t) => !cancelled.has(t.ticket_nr))
    .map((t) => ({ t, flightId: moves.has(t.ticket_nr) ? targets[moves.get(t.ticket_nr)!]!.flightId : t.flight_id }));
  const seen = new Set<string>();
  for (const p of placed) {
    const key = `${p.flightId}|${p.t.booking_code}|${p.t.passenger_key}`;
    if (seen.has(key)) throw refused([issue('changePaxTwiceOnFlight', undefined, 'travels')]);
    seen.add(key);
  }
  for (const pet of placed.filter((p) => isAnimal(p.t))) {
    const owner = placed.some((p) => !isAnimal(p.t) && p.flightId === pet.flightId && p.t.booking_code === pet.t.booking_code && p.t.direction === pet.t.direction);
    if (!owner) throw refused([issue('changeAnimalWithOwner', undefined, 'travels')]);
  }
}

/** A moved or cancelled ticket must still be before its cut-off (409); a target flight still on sale (422). */
function checkDeadlines(group: GroupState, moves: Map<string, number>, cancels: TChangeBody['cancellations'], targets: Journey[], now: Date, oldCutOff = true): void {
  const touched = oldCutOff ? [...moves.keys(), ...cancels.map((c) => c.ticketNr)].map((nr) => group.live.find((t) => t.ticket_nr === nr)!) : [];
  const late = touched.filter((t) => !isEditableAt(journeyOf(t), now));
  if (late.length) {
    throw conflict(late.map((t) => issue('changeEditExpired', { ticketNr: t.ticket_nr, until: formatEditableUntil(editableUntil(journeyOf(t))) })));
  }
  const used = new Set(moves.values());
  for (const i of used) {
    const j = targets[i]!;
    if (!isOnSale(j.originId, j.destinationId, new Date(j.departsAt), now)) {
      throw refused([issue('changeFlightNotOnSale', { flightCode: j.code, hours: cutoffHours(j.originId, j.destinationId) }, `travels.${i}.flightId`)]);
    }
  }
}

async function oldLegIds(deps: PlanDeps, db: DbOrTrx, t: TicketRow): Promise<number[]> {
  return (await deps.schedule.journeyOf(t.flight_id, t.origin_id, t.destination_id, db))?.legIds ?? [];
}

async function priceMoves(deps: PlanDeps, db: DbOrTrx, group: GroupState, moves: Map<string, number>, targets: Journey[], atNoCost = false): Promise<PlannedMove[]> {
  const out: PlannedMove[] = [];
  for (const [nr, i] of moves) {
    const t = group.live.find((x) => x.ticket_nr === nr)!;
    const j = targets[i]!;
    const old = {
      category: t.category as PaxCategory,
      birthDate: t.birth_date,
      fareCents: t.fare_cents,
      ticketCents: t.ticket_cents,
      taxCents: t.tax_cents,
      landingFeeCents: t.landing_tax_cents,
      originId: t.origin_id,
      destinationId: t.destination_id,
      date: romeDateOf(t.departs_at),
    };
    const difference = (atNoCost ? moveAtNoCost : priceMove)(old, { originId: j.originId, destinationId: j.destinationId, date: j.serviceDate });
    out.push({ ticket: t, slot: i + 1, journey: j, difference, seats: seatsOf(t), oldLegIds: await oldLegIds(deps, db, t) });
  }
  return out;
}

async function plannedCancels(
  deps: PlanDeps,
  db: DbOrTrx,
  reader: Reader,
  cancels: TChangeBody['cancellations'],
  group: GroupState,
  now: Date,
  fixed?: RefundSettings,
): Promise<PlannedCancel[]> {
  const out: PlannedCancel[] = [];
  for (const c of cancels) {
    const t = group.live.find((x) => x.ticket_nr === c.ticketNr)!;
    const asked = { percent: c.refunded_perc, feeCents: Math.round(c.refunded_fee * 100), tax: c.refunded_tax, landingFee: c.refunded_landingFee };
    const settings = fixed ?? effectiveRefundSettings(reader.roles, asked, new Date(t.departs_at), now);
    const paid = paidOf(t);
    out.push({ ticket: t, settings, paidCents: t.total_cents, refundCents: refundCents(paid, settings), seats: seatsOf(t), oldLegIds: await oldLegIds(deps, db, t) });
  }
  return out;
}

/** Rome calendar date of an instant (season and age are by the flight's local date). */
export const romeDateOf = (iso: string): string => romeToday(new Date(iso));
