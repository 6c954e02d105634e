import {
  addDays,
  CANCELLATION_MOVE_DAYS,
  CANCELLATION_REMINDER_HOURS,
  centsToAmount,
  formatMoney,
  isOnSale,
  type Lang,
  localizedWith,
  type Localized,
  romeToday,
  SEATS_PER_PASSENGER,
  type PaxCategory,
  type TCancellableFlightsAnswer,
  type TCancelFlightAnswer,
  type TCancellationAnswers,
  type TCancellationsList,
  type TFlightChangeBody,
  type TFlightChangeView,
  toWireDate,
  VOUCHER_VALID_MONTHS,
  voucherValidTo,
  ZChangeBody,
  type CancellationChoice,
} from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import type { CancellationNoticesTable } from '../../db/schema-cancellations.ts';
import type { Selectable } from 'kysely';
import { AppError } from '../../http/errors.ts';
import { hmac, randomToken, sha256 } from '../../lib/crypto.ts';
import type { AuditLog } from '../audit/service.ts';
import type { CouponsService } from '../booking/coupons/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type Journey, placeName, samePlace } from '../schedule/journeys.ts';
import { romeTime } from '../schedule/rome-clock.ts';
import type { FlightLegRow, ScheduleService } from '../schedule/service.ts';
import type { TicketChangesService } from '../ticket-changes/service.ts';
import type { TicketRow } from '../tickets/ticket-pdf.ts';
import { noticeMail, reminderMail, voucherMail } from './mail.ts';
import * as q from './queries.ts';

type Notice = Selectable<CancellationNoticesTable>;

export interface CancellationsDeps {
  db: Db;
  transactions: Transactions;
  schedule: ScheduleService;
  inventory: Pick<InventoryService, 'seats'>;
  ticketChanges: Pick<TicketChangesService, 'applyForPassenger'>;
  coupons: Pick<CouponsService, 'issueVoucher'>;
  mailer: Mailer;
  audit: Pick<AuditLog, 'record'>;
  log: FastifyBaseLogger;
  appUrl: string;
  /** Keys the personal links (HMAC of each notice's nonce). */
  secret: string;
  now?: () => Date;
}

const FULL_REFUND = { percent: 100, feeCents: 0, tax: true, landingFee: true };
const NO_REFUND = { percent: 0, feeCents: 0, tax: false, landingFee: false };
const seatsOf = (t: Pick<TicketRow, 'category'>) => SEATS_PER_PASSENGER[t.category as PaxCategory] ?? 1;
const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'it');

/** The legs [from..to] of a rotation a ticket flies (its journey), by its places. */
function ticketLegs(legs: FlightLegRow[], t: Pick<TicketRow, 'origin_id' | 'destination_id'>): FlightLegRow[] {
  const sorted = [...legs].sort((a, b) => a.seq - b.seq);
  const from = sorted.findIndex((l) => samePlace(l.originId, t.origin_id));
  const to = sorted.findIndex((l, i) => i >= from && samePlace(l.destinationId, t.destination_id));
  return from < 0 || to < 0 ? [] : sorted.slice(from, to + 1);
}

const routeOf = (legs: Pick<FlightLegRow, 'originId' | 'destinationId'>[], lang: Lang) =>
  legs.length ? [placeName(legs[0]!.originId, lang), ...legs.map((l) => placeName(l.destinationId, lang))].join(' → ') : '';

/**
 * Weather cancellations (issue 13 part B, decisions 026 and 027). Staff cancel a flight or one
 * leg with a reason: the schedule marks it (search, booking and change refuse it from then on;
 * read caches drop their answers), and every booking group with live tickets on it gets one
 * notice with a personal link, e-mailed in its language. Through the link the passenger moves
 * the affected tickets to another flight of the same route (no cost), takes a full refund or a
 * voucher — each through the ticket-changes service (same seat take, marks, refund e-mail).
 */
export class CancellationsService {
  readonly now: () => Date;

  constructor(private readonly deps: CancellationsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The personal link's token of a notice: HMAC(secret, nonce); only its SHA-256 is stored. */
  private tokenOf(nonce: string): string {
    return hmac(this.deps.secret, `flight-change:${nonce}`);
  }

  private linkOf(nonce: string): string {
    return `${this.deps.appUrl}/flight-change/${this.tokenOf(nonce)}`;
  }

  // ---- staff ---------------------------------------------------------------------------------

  /** GET /api/admin/cancellations/flights: the flights of a date with their legs and live tickets. */
  async flightsOn(date: string, lang: Lang): Promise<TCancellableFlightsAnswer> {
    const legs = await this.deps.schedule.flightsOnDate(date);
    const byFlight = new Map<number, FlightLegRow[]>();
    for (const l of legs) byFlight.set(l.flightId, [...(byFlight.get(l.flightId) ?? []), l]);
    const ids = [...byFlight.keys()];
    const tickets = await q.liveTicketsOfFlights(this.deps.db, ids);
    const cancellations = await q.cancellationsOfFlights(this.deps.db, ids);
    const flights = [...byFlight.values()].map((fl) => {
      fl.sort((a, b) => a.seq - b.seq);
      const f = fl[0]!;
      return {
        flightId: f.flightId,
        code: f.code,
        date: f.serviceDate,
        extra: f.isExtra === 1,
        cancelled: f.status === 'cancelled',
        legs: fl.map((l) => ({
          legId: l.legId,
          seq: l.seq,
          origin: placeName(l.originId, lang),
          destination: placeName(l.destinationId, lang),
          departs: romeTime(l.departsAt),
          arrives: romeTime(l.arrivesAt),
          cancelled: f.status === 'cancelled' || l.legStatus === 'cancelled',
        })),
        tickets: tickets.filter((t) => t.flight_id === f.flightId).length,
        cancellationIds: cancellations.filter((c) => c.flight_id === f.flightId).map((c) => c.id),
      };
    });
    flights.sort((a, b) => a.legs[0]!.departs.localeCompare(b.legs[0]!.departs) || a.code.localeCompare(b.code));
    return { flights };
  }

  /** POST /api/admin/cancellations: cancels, writes one notice per booking group, then e-mails them. */
  async cancel(staffId: number, input: { flightId: number; legId: number | null; reason: string }, lang: Lang): Promise<TCancelFlightAnswer> {
    const legs = await this.deps.schedule.legsOfFlights([input.flightId]);
    if (!legs.length) throw new AppError('notFound', 'notFound');
    if (input.legId !== null && !legs.some((l) => l.legId === input.legId)) {
      throw new AppError('validation', 'cancellationLegUnknown', { legId: ['cancellationLegUnknown'] });
    }
    const now = this.now();
    const at = now.toISOString();
    const result = await this.deps.transactions.run(async (trx) => {
      if (!(await this.deps.schedule.cancel(input.flightId, input.legId, trx))) throw new AppError('conflict', 'cancellationAlreadyCancelled');
      const id = await q.insertCancellation(trx, { flight_id: input.flightId, leg_id: input.legId, reason: input.reason, created_by: staffId, created_at: at });
      const affected = (await q.liveTicketsOfFlights(trx, [input.flightId])).filter(
        (t) => input.legId === null || ticketLegs(legs, t).some((l) => l.legId === input.legId),
      );
      const groups = new Map<string, TicketRow[]>();
      for (const t of affected) groups.set(t.booking_code.slice(0, 6), [...(groups.get(t.booking_code.slice(0, 6)) ?? []), t]);
      const notices: string[] = [];
      for (const [group, tickets] of groups) {
        const nonce = randomToken(16);
        await q.insertNotice(trx, {
          cancellation_id: id,
          group_code: group,
          token_hash: sha256(this.tokenOf(nonce)),
          token_nonce: nonce,
          lang: langOf(tickets[0]!.lang),
          email: tickets[0]!.contact_email,
          ticket_nrs: JSON.stringify(tickets.map((t) => t.ticket_nr)),
          paid_cents: tickets.reduce((a, t) => a + t.total_cents, 0),
          choice: null,
          choice_detail: null,
          chosen_at: null,
          reminded_at: null,
          created_at: at,
        });
        await this.deps.audit.record(trx, {
          code: tickets[0]!.booking_code,
          actor: `user:${staffId}`,
          action: 'flightCancelled',
          detail: { flightId: input.flightId, legId: input.legId, reason: input.reason, tickets: tickets.map((t) => t.ticket_nr) },
        });
        notices.push(group);
      }
      return { id, notices };
    });
    const cancellation = (await q.findCancellation(this.deps.db, result.id))!;
    for (const notice of await q.noticesOf(this.deps.db, result.id)) await this.sendNotice(notice, cancellation, legs, 'first');
    const code = legs[0]!.code;
    const messages = localizedWith('cancellationDone', { flightCode: code, count: result.notices.length });
    return { cancellationId: result.id, notified: result.notices.length, message: messages[lang], messages };
  }

  /** The e-mail of a notice (first or reminder), in its language. Never throws: the staff view shows who has not answered. */
  private async sendNotice(notice: Notice, c: { flight_id: number; leg_id: number | null; reason: string }, legs: FlightLegRow[], which: 'first' | 'reminder') {
    const lang = langOf(notice.lang);
    const facts = {
      to: notice.email,
      lang,
      bookingCode: notice.group_code,
      flightCode: legs[0]!.code,
      date: toWireDate(legs[0]!.serviceDate),
      route: routeOf(this.cancelledLegs(legs, c.leg_id), lang),
      reason: c.reason,
      amount: formatMoney(notice.paid_cents, lang),
      link: this.linkOf(notice.token_nonce),
    };
    try {
      await this.deps.mailer.send(which === 'first' ? noticeMail(facts) : reminderMail(facts));
    } catch (err) {
      this.deps.log.error({ err, group: notice.group_code }, 'flight cancellation e-mail failed');
    }
  }

  private cancelledLegs(legs: FlightLegRow[], legId: number | null): FlightLegRow[] {
    const sorted = [...legs].sort((a, b) => a.seq - b.seq);
    return legId === null ? sorted : sorted.filter((l) => l.legId === legId);
  }

  /** GET /api/admin/cancellations */
  async list(lang: Lang): Promise<TCancellationsList> {
    const rows = await q.listCancellations(this.deps.db);
    const counts = new Map(
      (
        await q.noticeCounts(
          this.deps.db,
          rows.map((r) => r.id),
        )
      ).map((c) => [c.cancellation_id, c]),
    );
    const legs = await this.deps.schedule.legsOfFlights([...new Set(rows.map((r) => r.flight_id))]);
    return {
      cancellations: rows.map((r) => {
        const fl = legs.filter((l) => l.flightId === r.flight_id);
        return {
          cancellationId: r.id,
          flightCode: fl[0]?.code ?? '',
          date: fl[0]?.serviceDate ?? '',
          route: routeOf(this.cancelledLegs(fl, r.leg_id), lang),
          reason: r.reason,
          createdAt: r.created_at,
          notices: Number(counts.get(r.id)?.n ?? 0),
          answered: Number(counts.get(r.id)?.answered ?? 0),
        };
      }),
    };
  }

  /** GET /api/admin/cancellations/{id}: who chose what, who has not answered. */
  async answers(id: number, lang: Lang): Promise<TCancellationAnswers> {
    const c = await q.findCancellation(this.deps.db, id);
    if (!c) throw new AppError('notFound', 'notFound');
    const legs = await this.deps.schedule.legsOfFlights([c.flight_id]);
    const notices = await q.noticesOf(this.deps.db, id);
    const tickets = await this.ticketsByNr(notices.flatMap((n) => JSON.parse(n.ticket_nrs) as string[]));
    return {
      cancellationId: c.id,
      flightId: c.flight_id,
      flightCode: legs[0]?.code ?? '',
      date: legs[0]?.serviceDate ?? '',
      route: routeOf(this.cancelledLegs(legs, c.leg_id), lang),
      reason: c.reason,
      createdAt: c.created_at,
      notices: notices.map((n) => {
        const nrs = JSON.parse(n.ticket_nrs) as string[];
        return {
          bookingCode: n.group_code,
          email: n.email,
          lang: langOf(n.lang),
          passengers: nrs.map((nr) => tickets.get(nr)).map((t) => (t ? `${t.lastname} ${t.firstname}` : '')),
          tickets: nrs,
          paid: centsToAmount(n.paid_cents),
          choice: n.choice as CancellationChoice | null,
          choiceText: this.choiceMessages(n)?.[lang] ?? null,
          chosenAt: n.chosen_at,
          remindedAt: n.reminded_at,
        };
      }),
    };
  }

  private async ticketsByNr(nrs: string[]): Promise<Map<string, TicketRow>> {
    if (!nrs.length) return new Map();
    const rows = await this.deps.db.selectFrom('tickets').selectAll().where('ticket_nr', 'in', nrs).execute();
    return new Map(rows.map((t) => [t.ticket_nr, t]));
  }

  /** The choice made, in both languages (from the stored detail). */
  private choiceMessages(n: Notice): Localized | null {
    if (!n.choice || !n.choice_detail) return null;
    const d = JSON.parse(n.choice_detail) as Record<string, string>;
    const money = (l: Lang) => formatMoney(Number(d.amountCents ?? n.paid_cents), l);
    const by = (f: (l: Lang) => string): Localized => ({ it: f('it'), en: f('en') });
    if (n.choice === 'move') return localizedWith('cancellationChoiceMove', { flightCode: d.flightCode ?? '', date: d.date ?? '' });
    if (n.choice === 'refund') return by((l) => localizedWith('cancellationChoiceRefund', { amount: money(l) })[l]);
    return by((l) => localizedWith('cancellationChoiceVoucher', { voucherCode: d.voucherCode ?? '', amount: money(l), validTo: d.validTo ?? '' })[l]);
  }

  // ---- the passenger's link ------------------------------------------------------------------

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
    const tickets = await this.ticketsByNr(nrs);
    const choice = this.choiceMessages(n);
    const live = await q.liveOf(this.deps.db, nrs);
    const expired = !n.choice && live.size === 0;
    const detail = n.choice_detail ? (JSON.parse(n.choice_detail) as Record<string, string>) : {};
    return {
      bookingCode: n.group_code,
      lang,
      bookingLang: langOf(n.lang),
      flightCode: legs[0]?.code ?? '',
      date: legs[0] ? toWireDate(legs[0].serviceDate) : '',
      route: routeOf(this.cancelledLegs(legs, c.leg_id), lang),
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
    if (n.choice) throw new AppError('conflict', 'cancellationAlreadyAnswered');
    const c = (await q.findCancellation(this.deps.db, n.cancellation_id))!;
    const nrs = JSON.parse(n.ticket_nrs) as string[];
    const live = await q.liveOf(this.deps.db, nrs);
    // Only the tickets still live: one moved or cancelled meanwhile (my-tickets, staff) is not touched again.
    const tickets = [...(await this.ticketsByNr(nrs)).values()].filter((t) => live.has(t.ticket_nr));
    if (!tickets.length) throw new AppError('conflict', 'cancellationLinkExpired');
    if (body.choice === 'move') {
      const offered = await this.offers(tickets, c.flight_id);
      if (!offered.some((o) => o.flightId === body.flightId)) {
        throw new AppError('validation', 'cancellationMoveNotOffered', { flightId: ['cancellationMoveNotOffered'] });
      }
    }
    const at = this.now().toISOString();
    // Claimed first: of two concurrent answers exactly one goes on; given back if the change fails.
    if (!(await q.claimChoice(this.deps.db, n.id, body.choice, at))) throw new AppError('conflict', 'cancellationAlreadyAnswered');
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
      const change = ZChangeBody.parse({ type: 1, travels, adminFeeCheck: false });
      const done = await this.deps.ticketChanges.applyForPassenger(n.group_code, change, { refundSettings: FULL_REFUND }, lang, { refundMail: true });
      const j = done.plan.moves[0]!.journey;
      return { changeCode: done.code, flightId: j.flightId, flightCode: j.flightCode, date: `${toWireDate(romeToday(new Date(j.departsAt)))} ${romeTime(j.departsAt)}` };
    }
    const cancellations = tickets.map((t) => ({ ticketNr: t.ticket_nr }));
    const change = ZChangeBody.parse({ type: 1, cancellations });
    if (body.choice === 'refund') {
      const done = await this.deps.ticketChanges.applyForPassenger(n.group_code, change, { refundSettings: FULL_REFUND }, lang, { refundMail: true });
      return { changeCode: done.code, amountCents: done.refundCents };
    }
    const done = await this.deps.ticketChanges.applyForPassenger(n.group_code, change, { refundSettings: NO_REFUND }, lang, { refundMail: false });
    const amountCents = done.plan.cancels.reduce((a, x) => a + x.paidCents, 0);
    const today = romeToday(this.now());
    const validTo = voucherValidTo(today);
    const voucherCode = await this.deps.coupons.issueVoucher(amountCents, today, validTo);
    try {
      await this.deps.mailer.send(voucherMail({ to: n.email, lang, voucherCode, amount: formatMoney(amountCents, lang), validTo: toWireDate(validTo) }));
    } catch (err) {
      this.deps.log.error({ err, group: n.group_code }, 'voucher e-mail failed');
    }
    return { changeCode: done.code, amountCents, voucherCode, validTo: toWireDate(validTo) };
  }

  // ---- the reminder --------------------------------------------------------------------------

  /** For the sweeper: one reminder per unanswered notice, CANCELLATION_REMINDER_HOURS after the first e-mail; claimed before sending, so once. */
  async remindUnanswered(): Promise<number> {
    const now = this.now();
    const due = await q.dueReminders(this.deps.db, new Date(now.getTime() - CANCELLATION_REMINDER_HOURS * 3_600_000).toISOString());
    let sent = 0;
    for (const n of due) {
      if (!(await q.claimReminder(this.deps.db, n.id, now.toISOString()))) continue;
      const c = (await q.findCancellation(this.deps.db, n.cancellation_id))!;
      await this.sendNotice(n, c, await this.deps.schedule.legsOfFlights([c.flight_id]), 'reminder');
      sent++;
    }
    return sent;
  }
}
