import { type CHANGE_TYPE, type ChangeType, cryptoRandom, generateBookingCode, issue, type Lang } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import type { InventoryService, LegNeed } from '../inventory/service.ts';
import { applyTicketChange, type TicketChangeRequest } from '../tickets/changes.ts';
import { conflict } from './errors.ts';
import type { ChangePlan } from './plan.ts';
import * as q from './queries.ts';

/**
 * Recording and applying a change, inside the caller's transaction. The plan is stored as
 * JSON on the request so the capture (minutes later, maybe on another instance) applies
 * exactly what was priced and held.
 */
export interface StoredPlan {
  moves: {
    ticketNr: string;
    slot: number;
    journey: { flightId: number; flightCode: string; departsAt: string; arrivesAt: string; originId: number; destinationId: number; legIds: number[] };
    price: { fareCents: number; ticketCents: number; taxCents: number; landingTaxCents: number; totalCents: number };
    seats: number;
    oldLegIds: number[];
    /** The animal's ticket: it takes the new flight's pet place and frees the old one. */
    pet?: boolean;
    oldFlightId?: number;
  }[];
  cancels: {
    ticketNr: string;
    paidCents: number;
    refundCents: number;
    settings: { percent: number; feeCents: number; tax: boolean; landingFee: boolean };
    seats: number;
    oldLegIds: number[];
    pet?: boolean;
    oldFlightId?: number;
  }[];
}

export function storedPlan(plan: ChangePlan): StoredPlan {
  return {
    moves: plan.moves.map((m) => ({
      ticketNr: m.ticket.ticket_nr,
      slot: m.slot,
      journey: {
        flightId: m.journey.flightId,
        flightCode: m.journey.code,
        departsAt: m.journey.departsAt,
        arrivesAt: m.journey.arrivesAt,
        originId: m.journey.originId,
        destinationId: m.journey.destinationId,
        legIds: m.journey.legIds,
      },
      price: {
        fareCents: m.difference.price.fare,
        ticketCents: m.difference.price.ticket,
        taxCents: m.difference.price.tax,
        landingTaxCents: m.difference.price.landingTax,
        totalCents: m.difference.price.total,
      },
      seats: m.seats,
      oldLegIds: m.oldLegIds,
      pet: m.ticket.category === 'an',
      oldFlightId: m.ticket.flight_id,
    })),
    cancels: plan.cancels.map((c) => ({
      ticketNr: c.ticket.ticket_nr,
      paidCents: c.paidCents,
      refundCents: c.refundCents,
      settings: c.settings,
      seats: c.seats,
      oldLegIds: c.oldLegIds,
      pet: c.ticket.category === 'an',
      oldFlightId: c.ticket.flight_id,
    })),
  };
}

/** The moved pet takes its new flight's one pet place (409 when another pet has it), inside the recording transaction. */
export async function claimPetPlaces(trx: DbOrTrx, inventory: InventoryService, requestId: number, plan: StoredPlan, now: Date): Promise<void> {
  for (const m of plan.moves.filter((x) => x.pet)) {
    if (!(await inventory.claimPetPlace(trx, m.journey.flightId, requestId, now))) throw conflict([issue('petAlreadyOnFlight')]);
  }
}

/** When the change is applied, the flights the pet left have their place free again. */
async function freeLeftPetPlaces(trx: DbOrTrx, inventory: InventoryService, plan: StoredPlan): Promise<void> {
  for (const m of [...plan.moves, ...plan.cancels]) if (m.pet && m.oldFlightId) await inventory.freePetPlace(trx, m.oldFlightId);
}

/** Seats the new flights need, and the seats the moved and cancelled tickets give back. */
export const newSeatNeeds = (p: StoredPlan): LegNeed[] => p.moves.flatMap((m) => m.journey.legIds.map((legId) => ({ legId, seats: m.seats })));
const returnedSeats = (p: StoredPlan): LegNeed[] => [...p.moves, ...p.cancels].flatMap((m) => m.oldLegIds.map((legId) => ({ legId, seats: m.seats })));

export async function newChangeCode(trx: DbOrTrx, groupCode: string): Promise<string> {
  for (;;) {
    const code = generateBookingCode(cryptoRandom, groupCode);
    if (!(await q.codeExists(trx, code))) return code;
  }
}

export interface RecordInput {
  plan: ChangePlan;
  stored: StoredPlan;
  /** A preview records nothing. */
  type: Exclude<ChangeType, typeof CHANGE_TYPE.preview>;
  uuid: string;
  code: string;
  createdBy: number;
  lang: Lang;
  holdExpiresAt: string;
}

/** The booking_requests row of a change: its first new flight (or first cancelled ticket) as the route. */
export function requestRow(input: RecordInput, at: string) {
  const { plan } = input;
  const first = plan.moves[0];
  const anyTicket = plan.moves[0]?.ticket ?? plan.cancels[0]!.ticket;
  const count = (c: string) => plan.moves.filter((m) => m.ticket.category === c).length;
  return {
    code: input.code,
    group_code: plan.group.groupCode,
    type: input.type,
    status: 'pending',
    user_id: anyTicket.owner_user_id,
    lang: input.lang,
    channel: q.CHANGE_CHANNEL,
    flight_type: 'OW',
    origin_id: first?.journey.originId ?? anyTicket.origin_id,
    destination_id: first?.journey.destinationId ?? anyTicket.destination_id,
    departure_flight_id: first?.journey.flightId ?? anyTicket.flight_id,
    comeback_flight_id: null,
    men: count('a'),
    women: 0,
    children: count('c') + count('an'),
    infants: count('i'),
    contact_email: anyTicket.contact_email,
    contact_telephone: '',
    coupon_code: null,
    coupon_perc: 0,
    tickets_cents: plan.costs.ticket,
    taxes_cents: plan.costs.tax,
    landing_taxes_cents: plan.costs.landingFee,
    grand_total_cents: plan.costs.total,
    amount_cents: plan.costs.total,
    invoice_json: null,
    forms_json: null,
    hold_expires_at: input.holdExpiresAt,
    hold_extended: 0 as const,
    payment_id: null,
    bank_message: null,
    error_code: null,
    failure_reason: null,
    note: `ticket change by user:${input.createdBy}`,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Applies a recorded change in the caller's transaction: the held seats sold (taken again as
 * sold when the hold was swept meanwhile, or 409), the old seats given back, the replacement
 * tickets issued and the old ones marked by the tickets module, the request ticketed.
 */
export async function applyRecorded(trx: DbOrTrx, inventory: InventoryService, row: q.ChangeRequestRow, from: string, actor: string, now: Date): Promise<StoredPlan> {
  const plan = JSON.parse(row.plan_json) as StoredPlan;
  const seated = !plan.moves.length || (await inventory.sellHeld(trx, row.id, now)) || (await inventory.take(trx, row.id, newSeatNeeds(plan), 'sold', now));
  if (!seated) throw conflict([issue('changeSeatsGone')]);
  if (!(await inventory.returnSold(trx, row.id, returnedSeats(plan), now))) throw new Error(`change ${row.code}: sold seats to give back are missing`);
  await applyTicketChange(trx, ticketRequest(row, plan), now);
  await freeLeftPetPlaces(trx, inventory, plan);
  const at = now.toISOString();
  if (!(await q.transition(trx, row.id, from, 'ticketed', at))) throw new Error(`change ${row.code}: ${from} → ticketed refused`);
  await q.setApplied(trx, row.id, at);
  await q.insertEvent(trx, { requestId: row.id, from, to: 'ticketed', actor, reason: `${plan.moves.length} moved, ${plan.cancels.length} cancelled`, at });
  return plan;
}

function ticketRequest(row: q.ChangeRequestRow, plan: StoredPlan): TicketChangeRequest {
  return {
    bookingCode: row.code,
    changeRequestId: row.id,
    replacements: plan.moves.map((m) => ({
      oldTicketNr: m.ticketNr,
      journey: {
        flightId: m.journey.flightId,
        flightCode: m.journey.flightCode,
        departsAt: m.journey.departsAt,
        arrivesAt: m.journey.arrivesAt,
        originId: m.journey.originId,
        destinationId: m.journey.destinationId,
      },
      price: m.price,
    })),
    cancellations: plan.cancels.map((c) => ({ ticketNr: c.ticketNr, paidCents: c.paidCents, refundCents: c.refundCents, settings: c.settings })),
  };
}
