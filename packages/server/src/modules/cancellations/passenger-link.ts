import {
  addDays,
  CANCELLATION_MOVE_DAYS,
  centsToAmount,
  CHANGE_TYPE,
  formatMoney,
  isOnSale,
  type Lang,
  romeToday,
  SEATS_PER_PASSENGER,
  type PaxCategory,
  type TFlightChangeBody,
  type TFlightChangeView,
  toWireDate,
  VOUCHER_VALID_MONTHS,
  voucherValidTo,
  ZChangeBody,
  type CancellationChoice,
} from '@heliline/domain';
import type { Db } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { AuditLog } from '../audit/service.ts';
import type { CouponsService } from '../booking/coupons/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { REFUND_REASONS } from '../refunds/ledger-queries.ts';
import type { Journey } from '../schedule/journeys.ts';
import { romeTime } from '../schedule/rome-clock.ts';
import type { ScheduleService } from '../schedule/service.ts';
import type { TicketChangesService } from '../ticket-changes/service.ts';
import type { TicketRow } from '../tickets/ticket-pdf.ts';
import { voucherMail } from './mail.ts';
import { AlreadyAnswered, cancelledLegs, choiceMessages, langOf, type Notice, routeOf, ticketsByNr } from './notices.ts';
import * as q from './queries.ts';

export interface FlightChangeDeps {
  db: Db;
  transactions: Pick<Transactions, 'run'>;
  schedule: Pick<ScheduleService, 'legsOfFlights' | 'journeysOn' | 'journeyOf'>;
  inventory: Pick<InventoryService, 'seats'>;
  ticketChanges: Pick<TicketChangesService, 'applyForPassenger'>;
  coupons: Pick<CouponsService, 'issueVoucher' | 'voucherLeft'>;
  mailer: Pick<Mailer, 'enqueue'>;
  audit: Pick<AuditLog, 'record'>;
  now?: () => Date;
}

const FULL_REFUND = { percent: 100, feeCents: 0, tax: true, landingFee: true };
const NO_REFUND = { percent: 0, feeCents: 0, tax: false, landingFee: false };
const FLIGHT_CANCELLED_REFUND = { refundMail: true, reason: REFUND_REASONS.flightCancelled };
const seatsOf = (t: Pick<TicketRow, 'category'>) => SEATS_PER_PASSENGER[t.category as PaxCategory] ?? 1;

/**
 * Weather cancellations, the passenger's personal link (issue 13 part B, decisions 026 and 027):
 * the passenger moves the affected tickets to another flight of the same route (no cost), takes
 * a full refund or a voucher — each through the ticket-changes service (same seat take, marks,
 * refund e-mail).
 */
export class FlightChangeService {
  private readonly now: () => Date;

  constructor(private readonly deps: FlightChangeDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async noticeOf(token: string): Promise<Notice> {
    const n = await q.noticeByHash(this.deps.db, sha256(token));
    if (!n) throw new AppError('notFound', 'cancellationLinkInvalid');
    return n;
  }

  /** GET /api/flight-change/{token}: the cancelled flight, the passengers, the offers (or the choice made). */
  async view(token: string, lang: Lang | null): Promise<TFlightChangeView> {
    const n = await this.noticeOf(token);
    return this.viewOf(n, lang ?? langOf(n.lang));
  }

  private async viewOf(n: Notice, lang: Lang): Promise<TFlightChangeView> {
    const c = (await q.findCancellation(this.deps.db, n.cancellation_id))!;
    const legs = await this.deps.schedule.legsOfFlights([c.flight_id]);
    const nrs = JSON.parse(n.ticket_nrs) as string[];
    const tickets = await ticketsByNr(this.deps.db, nrs);
    const live = await q.liveOf(this.deps.db, nrs);
    const expired = !n.choice && live.size === 0;
    const detail = n.choice_detail ? (JSON.parse(n.choice_detail) as Record<string, string>) : {};
    // A voucher chosen here: what bookings have left on it (issue 51).
    const left = n.choice === 'voucher' && detail.voucherCode ? await this.deps.coupons.voucherLeft(detail.voucherCode) : null;
    const made = choiceMessages(n);
    const choice = made && left ? { it: `${made.it}. ${left.it}`, en: `${made.en}. ${left.en}` } : made;
    return {
      bookingCode: n.group_code,
      lang,
      bookingLang: langOf(n.lang),
      flightCode: legs[0]?.code ?? '',
      date: legs[0] ? toWireDate(legs[0].serviceDate) : '',
      route: routeOf(cancelledLegs(legs, c.leg_id), lang),
      reason: c.reason,
      passengers: nrs.map((nr) => ({ ticketNr: nr, name: tickets.get(nr) ? `${tickets.get(nr)!.lastname} ${tickets.get(nr)!.firstname}` : '' })),
      paid: centsToAmount(n.paid_cents),
      choice: n.choice as CancellationChoice | null,
      choiceText: choice?.[lang] ?? null,
      choiceMessages: choice,
      voucherCode: n.choice === 'voucher' ? (detail.voucherCode ?? null) : null,
      offers:
        n.choice || expired
          ? []
          : await this.offers(
              [...tickets.values()].filter((t) => live.has(t.ticket_nr)),
              c.flight_id,
            ),
      voucherValidMonths: VOUCHER_VALID_MONTHS,
      expired,
    };
  }

  /**
   * Flights a move may go to: every flight (other than the cancelled one) that flies each affected
   * ticket's route, on sale to the public, with seats for all of them, from today for
   * CANCELLATION_MOVE_DAYS days. The seats are counted again, atomically, when the move is made.
   */
  private async offers(tickets: TicketRow[], cancelledFlightId: number) {
    if (!tickets.length) return [];
    const now = this.now();
    const routes = [...new Map(tickets.map((t) => [`${t.origin_id}-${t.destination_id}`, t])).values()];
    const today = romeToday(now);
    const out: TFlightChangeView['offers'] = [];
    for (let i = 0; i <= CANCELLATION_MOVE_DAYS; i++) {
      const date = addDays(today, i);
      const first = routes[0]!;
      const candidates = (await this.deps.schedule.journeysOn(date, first.origin_id, first.destination_id)).filter((j) => j.flightId !== cancelledFlightId);
      for (const j of candidates) {
        const journeys: Journey[] = [];
        for (const r of routes) {
          const jr = r === first ? j : await this.deps.schedule.journeyOf(j.flightId, r.origin_id, r.destination_id);
          if (jr) journeys.push(jr);
        }
        if (
          journeys.length !== routes.length ||
          journeys.some((x) => x.status !== 'scheduled' || x.extra || !isOnSale(x.originId, x.destinationId, new Date(x.departsAt), now))
        )
          continue;
        const need = new Map<number, number>();
        for (const t of tickets) {
          const jr = journeys[routes.findIndex((r) => r.origin_id === t.origin_id && r.destination_id === t.destination_id)]!;
          for (const legId of jr.legIds) need.set(legId, (need.get(legId) ?? 0) + seatsOf(t));
        }
        const seats = await this.deps.inventory.seats(this.deps.db, [...need.keys()]);
        const free = Math.min(...seats.map((s) => s.available));
        if (seats.some((s) => s.available < need.get(s.legId)!)) continue;
        out.push({
          flightId: j.flightId,
          code: j.code,
          date: toWireDate(j.serviceDate),
          departs: romeTime(j.departsAt),
          arrives: romeTime(j.arrivesAt),
          freeSeats: free,
        });
      }
    }
    return out;
  }

  /** POST /api/flight-change/{token}: move, refund or voucher; once. */
  async choose(token: string, body: TFlightChangeBody, lang: Lang | null): Promise<TFlightChangeView> {
    const n = await this.noticeOf(token);
    const viewLang = lang ?? langOf(n.lang);
    if (n.choice) throw new AlreadyAnswered(n);
    const c = (await q.findCancellation(this.deps.db, n.cancellation_id))!;
    const nrs = JSON.parse(n.ticket_nrs) as string[];
    const live = await q.liveOf(this.deps.db, nrs);
    // Only the tickets still live: one moved or cancelled meanwhile (my-tickets, staff) is not touched again.
    const tickets = [...(await ticketsByNr(this.deps.db, nrs)).values()].filter((t) => live.has(t.ticket_nr));
    if (!tickets.length) throw new AppError('conflict', 'cancellationLinkExpired');
    if (body.choice === 'move') {
      const offered = await this.offers(tickets, c.flight_id);
      if (!offered.some((o) => o.flightId === body.flightId)) {
        throw new AppError('validation', 'cancellationMoveNotOffered', { flightId: ['cancellationMoveNotOffered'] });
      }
    }
    const at = this.now().toISOString();
    // Claimed first: of two concurrent answers exactly one goes on; given back if the change fails.
    if (!(await q.claimChoice(this.deps.db, n.id, body.choice, at))) throw new AlreadyAnswered((await q.noticeByHash(this.deps.db, n.token_hash))!);
    try {
      const detail = await this.carryOut(n, tickets, body);
      await q.setChoiceDetail(this.deps.db, n.id, detail);
    } catch (err) {
      await q.releaseChoice(this.deps.db, n.id, body.choice);
      throw err;
    }
    const fresh = (await q.noticeByHash(this.deps.db, n.token_hash))!;
    await this.deps.transactions.run((trx) =>
      this.deps.audit.record(trx, { code: tickets[0]?.booking_code ?? n.group_code, actor: 'system', action: 'cancellationAnswered', detail: { choice: body.choice } }),
    );
    return this.viewOf(fresh, viewLang);
  }

  /** The change behind a choice, through the ticket-changes service; returns what to remember. */
  private async carryOut(n: Notice, tickets: TicketRow[], body: TFlightChangeBody): Promise<Record<string, unknown>> {
    const lang = langOf(n.lang);
    if (body.choice === 'move') {
      const routes = new Map<string, TicketRow[]>();
      for (const t of tickets) routes.set(`${t.origin_id}-${t.destination_id}`, [...(routes.get(`${t.origin_id}-${t.destination_id}`) ?? []), t]);
      const travels = [...routes.values()].map((ts) => ({
        origin: ts[0]!.origin_id,
        destination: ts[0]!.destination_id,
        flightId: body.flightId,
        paxes: ts.map((t) => ({ ticketNr: t.ticket_nr })),
      }));
      const change = ZChangeBody.parse({ type: CHANGE_TYPE.pay, travels, adminFeeCheck: false });
      const done = await this.deps.ticketChanges.applyForPassenger(n.group_code, change, { refundSettings: FULL_REFUND }, lang, FLIGHT_CANCELLED_REFUND);
      const j = done.plan.moves[0]!.journey;
      return { changeCode: done.code, flightId: j.flightId, flightCode: j.flightCode, date: `${toWireDate(romeToday(new Date(j.departsAt)))} ${romeTime(j.departsAt)}` };
    }
    const cancellations = tickets.map((t) => ({ ticketNr: t.ticket_nr }));
    const change = ZChangeBody.parse({ type: CHANGE_TYPE.pay, cancellations });
    if (body.choice === 'refund') {
      // The refund ledger row is written in the change's transaction (ticket-changes/refunds.ts).
      const done = await this.deps.ticketChanges.applyForPassenger(n.group_code, change, { refundSettings: FULL_REFUND }, lang, FLIGHT_CANCELLED_REFUND);
      return { changeCode: done.code, amountCents: done.refundCents };
    }
    const done = await this.deps.ticketChanges.applyForPassenger(n.group_code, change, { refundSettings: NO_REFUND }, lang, {
      ...FLIGHT_CANCELLED_REFUND,
      refundMail: false,
    });
    const amountCents = done.plan.cancels.reduce((a, x) => a + x.paidCents, 0);
    const today = romeToday(this.now());
    const validTo = voucherValidTo(today);
    // The voucher and its e-mail together.
    const voucherCode = await this.deps.transactions.run(async (trx) => {
      const code = await this.deps.coupons.issueVoucher(amountCents, today, validTo, trx);
      await this.deps.mailer.enqueue(trx, voucherMail({ to: n.email, lang, voucherCode: code, amount: formatMoney(amountCents, lang), validTo: toWireDate(validTo) }));
      return code;
    });
    return { changeCode: done.code, amountCents, voucherCode, validTo: toWireDate(validTo) };
  }
}
