import { toWireDate } from '@heliline/domain';
import type { DbOrTrx } from '../../../db/database.ts';
import type { LegNeed } from '../../inventory/service.ts';
import type { PaymentOutcome } from '../../payments/contract.ts';
import { refundedBeforeLedger } from '../../payments/service.ts';
import { REFUND_REASONS } from '../../refunds/ledger-queries.ts';
import { requestRefundOfPayment } from '../../refunds/ledger.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { TicketIssueRequest } from '../../tickets/contract.ts';
import * as q from './queries.ts';
import { reversePlaces } from '../search/service.ts';
import { flaggedForms } from './rows.ts';
import { MONEY_RETURNED_REASONS } from './failure-reasons.ts';
import type { BookingDeps, BookingStatus } from './types.ts';

const {
  seatsLost: SEATS_LOST,
  bookingRemoved: BOOKING_REMOVED,
  amountMismatch: AMOUNT_MISMATCH,
  flightCancelled: FLIGHT_CANCELLED,
  voucherSpent: VOUCHER_SPENT,
} = MONEY_RETURNED_REASONS;

type TransitionExtra = Parameters<typeof q.transition>[5];
type Settled = 'ticketed' | 'refund' | 'nothing';

/**
 * The bank's outcome for a booking request: tickets for an approved payment with its seats,
 * a refund when the seats (or the booking) are gone, a recorded failure otherwise. Also the
 * shared steps the store paths use: fail(), ticketRequest() and mailTickets().
 */
export class PaymentOutcomes {
  private readonly now: () => Date;

  constructor(private readonly deps: BookingDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The bank's verified outcome. Idempotent: a replay finds the request already paid,
   * ticketed, failed or refunded and changes nothing (tickets are never issued twice).
   */
  async handleOutcome(outcome: PaymentOutcome): Promise<void> {
    if (outcome.status === 'approved') return this.approved(outcome);
    await this.fail(outcome.reference, `bank:${outcome.gateway}`, outcome.status === 'declined' ? 'payment declined' : 'payment abandoned', {
      bank_message: outcome.bankMessage?.slice(0, 255) ?? null,
      error_code: outcome.errorCode?.slice(0, 32) ?? null,
      payment_id: outcome.paymentId,
    });
  }

  private async approved(outcome: PaymentOutcome): Promise<void> {
    await this.deps.transactions.run(async (trx) => {
      if ((await this.settleApproved(trx, outcome)) === 'refund') await this.refund(trx, outcome);
    });
  }

  private async settleApproved(trx: DbOrTrx, outcome: PaymentOutcome): Promise<Settled> {
    const { inventory, tickets, log } = this.deps;
    const actor = `bank:${outcome.gateway}`;
    const now = this.now();
    const at = now.toISOString();
    const row = await q.lockRequest(trx, outcome.reference, at);
    if (!row) {
      log.error({ reference: outcome.reference }, 'approved payment for an unknown booking request');
      return 'nothing';
    }
    // A ticket change (channel CHANGE) rides on a booking request: ticket-changes handles its approved payment.
    if (row.channel === 'CHANGE') return 'nothing';
    const step = async (from: string, to: BookingStatus, reason: string, extra: TransitionExtra = {}) => {
      if (!(await q.transition(trx, row.id, from, to, at, extra))) throw new Error(`booking ${row.code}: ${from} → ${to} refused`);
      await q.insertEvent(trx, { requestId: row.id, from, to, actor, reason, at });
      await this.deps.audit.status(trx, row.code, actor, to === 'ticketed' ? 'ticketed' : to === 'paid' ? 'paid' : 'failed', from, to, { reason });
      if (to === 'failed') await this.deps.coupons.restoreVoucher(trx, row.id, 'booking-failed', at);
    };
    if (row.status === 'paid' || row.status === 'ticketed' || row.status === 'refunded') return 'nothing';
    const refundedReasons: (string | null)[] = [SEATS_LOST, BOOKING_REMOVED, FLIGHT_CANCELLED, VOUCHER_SPENT];
    if (row.status === 'failed' && refundedReasons.includes(row.failure_reason)) return 'refund'; // refund not done yet
    // Staff removed it (or retried it as a new booking) while the buyer was still on the bank page:
    // its seats are gone or belong to the new booking, so the money goes back.
    if (row.status === 'deleted') {
      await step('deleted', 'failed', 'payment approved after the booking was removed', { failure_reason: BOOKING_REMOVED, payment_id: outcome.paymentId });
      return 'refund';
    }
    if (outcome.amountCents !== row.amount_cents) {
      await step(row.status, 'failed', `approved amount ${outcome.amountCents} ≠ ${row.amount_cents}`, {
        failure_reason: AMOUNT_MISMATCH,
        payment_id: outcome.paymentId,
      });
      await inventory.release(trx, row.id, now);
      return 'refund';
    }
    // The flight was cancelled while the buyer was at the bank: no ticket on it, the money goes back.
    if (await this.overCancelledLeg(trx, row)) {
      await step(row.status, 'failed', 'payment approved after the flight was cancelled', { failure_reason: FLIGHT_CANCELLED, payment_id: outcome.paymentId });
      await inventory.release(trx, row.id, now);
      return 'refund';
    }
    // Its voucher part went back when the hold expired (or a decline raced it): taken again, or the money goes back.
    if (!(await this.deps.coupons.respendVoucher(trx, row.id, at))) {
      await step(row.status, 'failed', 'payment approved after its voucher was spent elsewhere', { failure_reason: VOUCHER_SPENT, payment_id: outcome.paymentId });
      await inventory.release(trx, row.id, now);
      return 'refund';
    }
    // Seats still held → sold. Hold already swept (or a decline raced it) → take them again.
    const seated = (row.status === 'pending' && (await inventory.sellHeld(trx, row.id, now))) || (await this.seatAgain(trx, row, now));
    if (!seated) {
      await step(row.status, 'failed', 'payment approved after the hold expired; seats gone', { failure_reason: SEATS_LOST, payment_id: outcome.paymentId });
      return 'refund';
    }
    await step(row.status, 'paid', 'payment approved', { payment_id: outcome.paymentId, failure_reason: null });
    await this.deps.audit.ticketsIssued(trx, row.code, actor, await tickets.issue(trx, await this.ticketRequest(trx, row)));
    await step('paid', 'ticketed', 'tickets issued');
    await this.mailTickets(trx, row);
    return 'ticketed';
  }

  /**
   * Never keep money without a ticket: in the transaction that fails the request, the whole
   * payment goes to the refund ledger (the refund worker sends it) and the request is refunded.
   */
  private async refund(trx: DbOrTrx, outcome: PaymentOutcome): Promise<void> {
    const now = this.now();
    const at = now.toISOString();
    const row = await q.lockRequest(trx, outcome.reference, at);
    if (!row || !(await q.transition(trx, row.id, 'failed', 'refunded', at))) return;
    // A payment the gateway refunded before the ledger existed has nothing left to give back.
    if (!(await refundedBeforeLedger(trx, outcome.paymentId))) {
      await requestRefundOfPayment(
        trx,
        {
          groupCode: row.group_code,
          amountCents: outcome.amountCents,
          reason: REFUND_REASONS.bookingFailed,
          causeRef: row.code,
          requestedBy: 'system',
          lang: row.lang === 'en' ? 'en' : 'it',
          email: row.contact_email,
          payment: { source: outcome.gateway, sourceRef: outcome.paymentId },
        },
        now,
      );
    }
    await q.insertEvent(trx, { requestId: row.id, from: 'failed', to: 'refunded', actor: 'system', reason: 'payment refunded', at });
    await this.deps.audit.status(trx, row.code, 'system', 'refunded', 'failed', 'refunded', { amount_cents: outcome.amountCents });
  }

  /** In the ticketing transaction: the tickets mail to the contact e-mail, with the check-in forms the booking flagged (email_forms_pdf). */
  async mailTickets(trx: DbOrTrx, row: Pick<q.BookingRequestRow, 'code' | 'forms_json'>): Promise<void> {
    await this.deps.tickets.mailBookingTickets(trx, row.code, { forms: flaggedForms(row.forms_json) });
  }

  /**
   * A payment approved after the hold was swept: the pet's place (if it flies) and the seats
   * taken again. The pet first: a place claimed by a request that then fails is free to take over.
   */
  private async seatAgain(trx: DbOrTrx, row: q.BookingRequestRow, now: Date): Promise<boolean> {
    const pet = (await q.passengersOf(trx, row.id)).some((p) => p.category === 'an');
    const flights = [row.departure_flight_id, ...(row.comeback_flight_id ? [row.comeback_flight_id] : [])];
    for (const flightId of pet ? flights : []) if (!(await this.deps.inventory.claimPetPlace(trx, flightId, row.id, now))) return false;
    return this.deps.inventory.take(trx, row.id, await this.needsOf(trx, row), 'sold', now);
  }

  /** Whether a journey of the request (its flight, or a leg it flies) has been cancelled (issue 13). */
  private async overCancelledLeg(trx: DbOrTrx, row: q.BookingRequestRow): Promise<boolean> {
    const { schedule } = this.deps;
    const out = await schedule.journeyOf(row.departure_flight_id, row.origin_id, row.destination_id, trx);
    if (out && out.status !== 'scheduled') return true;
    if (!row.comeback_flight_id) return false;
    const back = reversePlaces(row.origin_id, row.destination_id);
    const comeback = await schedule.journeyOf(row.comeback_flight_id, back.originId, back.destinationId, trx);
    return !!comeback && comeback.status !== 'scheduled';
  }

  /** Seats each leg of the request's journeys needs (to take them again after a sweep). */
  private async needsOf(trx: DbOrTrx, row: q.BookingRequestRow): Promise<LegNeed[]> {
    const holds = await this.deps.inventory.holds(trx, row.id);
    const byLeg = new Map<number, number>();
    for (const h of holds) byLeg.set(h.flight_leg_id, Math.max(byLeg.get(h.flight_leg_id) ?? 0, h.seats));
    return [...byLeg].map(([legId, seats]) => ({ legId, seats }));
  }

  /**
   * Pending (or paid-but-unseated) request → failed with the reason, seats released.
   * Expired requests also take the bank's message. Paid or ticketed ones are never touched.
   */
  async fail(code: string, actor: string, reason: string, extra: TransitionExtra): Promise<void> {
    const { inventory, transactions } = this.deps;
    await transactions.run(async (trx) => {
      const now = this.now();
      const at = now.toISOString();
      const row = await q.lockRequest(trx, code, at);
      if (!row || (row.status !== 'pending' && row.status !== 'expired')) return;
      if (!(await q.transition(trx, row.id, row.status, 'failed', at, { ...extra, failure_reason: reason }))) return;
      await inventory.release(trx, row.id, now);
      await this.deps.coupons.restoreVoucher(trx, row.id, 'booking-failed', at);
      await q.insertEvent(trx, {
        requestId: row.id,
        from: row.status,
        to: 'failed',
        actor,
        reason: [reason, extra?.error_code, extra?.bank_message].filter(Boolean).join(' – '),
        at,
      });
      await this.deps.audit.status(trx, row.code, actor, 'failed', row.status, 'failed', {
        reason,
        error_code: extra?.error_code ?? null,
        bank_message: extra?.bank_message ?? null,
      });
    });
  }

  /** What the tickets module needs to issue the request's tickets: passengers, journeys (the legs it holds) and prices. */
  async ticketRequest(trx: DbOrTrx, row: q.BookingRequestRow): Promise<TicketIssueRequest> {
    const [passengers, prices] = await Promise.all([q.passengersOf(trx, row.id), q.priceLinesOf(trx, row.id)]);
    const flightIds = [row.departure_flight_id, ...(row.comeback_flight_id ? [row.comeback_flight_id] : [])];
    const legs = await this.deps.schedule.legsOfFlights(flightIds, trx);
    const holds = new Set((await this.deps.inventory.holds(trx, row.id)).map((h) => h.flight_leg_id));
    const journey = (direction: 'd' | 'c', flightId: number) => journeyOf(legs, holds, direction, flightId);
    return {
      bookingCode: row.code,
      ownerUserId: row.user_id,
      contactEmail: row.contact_email,
      lang: row.lang === 'en' ? 'en' : 'it',
      passengers: passengers.map(ticketPassenger),
      journeys: [journey('d', row.departure_flight_id), ...(row.comeback_flight_id ? [journey('c', row.comeback_flight_id)] : [])],
      prices: prices.map(ticketPrice),
    };
  }
}

type FlightLegs = Awaited<ReturnType<ScheduleService['legsOfFlights']>>;

/** One journey of the ticket: from the first to the last leg of the flight that the request holds seats on. */
function journeyOf(legs: FlightLegs, holds: Set<number>, direction: 'd' | 'c', flightId: number): TicketIssueRequest['journeys'][number] {
  const own = legs.filter((l) => l.flightId === flightId && holds.has(l.legId)).sort((a, b) => a.seq - b.seq);
  const first = own[0]!;
  const last = own.at(-1)!;
  return {
    direction,
    flightId,
    flightCode: first.code,
    departsAt: first.departsAt,
    arrivesAt: last.arrivesAt,
    originId: first.originId,
    destinationId: last.destinationId,
  };
}

function ticketPassenger(p: Awaited<ReturnType<typeof q.passengersOf>>[number]): TicketIssueRequest['passengers'][number] {
  return {
    key: String(p.position),
    lastname: p.lastname,
    firstname: p.firstname,
    birthDate: toWireDate(p.birth_date),
    category: p.category as 'a' | 'c' | 'i' | 'an',
    tktCategory: p.tkt_category as 'AD' | 'CH' | 'INF',
    email: p.email,
  };
}

function ticketPrice(p: Awaited<ReturnType<typeof q.priceLinesOf>>[number]): TicketIssueRequest['prices'][number] {
  return {
    passengerKey: String(p.position),
    direction: p.direction as 'd' | 'c',
    fareCents: p.fare_cents,
    ticketCents: p.ticket_cents,
    taxCents: p.tax_cents,
    landingTaxCents: p.landing_tax_cents,
    totalCents: p.total_cents,
  };
}
