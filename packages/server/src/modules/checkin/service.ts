import {
  checkInPhase,
  checkInWindow,
  type CheckInState,
  flightLoad,
  isTicketNumber,
  type LoadEntry,
  massCategory,
  type TCheckInBody,
  type TCheckInFlight,
  type TCheckInFlights,
  type TCheckInFlightSummary,
  type TCheckInPassenger,
  type TCloseFlightBody,
  type TWeightsBody,
  romeToday,
  addDays,
  type Lang,
  CHECK_IN_CHANNEL,
  onTonightsDesk,
  stillFlies,
  countsInLoad,
  plausibleBagKg,
  plausiblePassengerKg,
  PDF_FORM_KINDS,
} from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/service.ts';
import { pdfFormFlags } from '../pdf/forms.ts';
import type { EventBus } from '../realtime/bus.ts';
import type { AuthUser } from '../sessions/service.ts';
import { BoardingPasses } from '../tickets/boarding-pass.ts';
import { ticketDocumentField } from '../tickets/my-tickets/document.ts';
import { withBookedPassengerData } from '../tickets/my-tickets/pdf-data.ts';
import type { TicketRow } from '../tickets/ticket-pdf.ts';
import * as q from './queries.ts';
import { createDemoDeskFlight, type DemoDeskFlight } from './demo.ts';

export interface CheckInDeps {
  db: Db;
  transactions: Transactions;
  passes: BoardingPasses;
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** The live staff channel: the other desks hear of each change (best effort; they also re-read every 15 s). */
  bus: Pick<EventBus, 'publish'>;
}

type FlightRow = NonNullable<Awaited<ReturnType<typeof q.flightById>>>;
type DeskTicket = Awaited<ReturnType<typeof q.ticketsOfFlight>>[number];

const grams = (kg: number) => Math.round(kg * 1000);
const kg = (g: number) => Math.round(g / 100) / 10;

function stateOf(t: { change_kind: string | null; checked_in_at: string | null }): CheckInState {
  if (t.change_kind === 'cancelled') return 'cancelled';
  if (t.change_kind === 'moved') return 'moved';
  return t.checked_in_at ? 'checkedIn' : 'waiting';
}

// A stored mass counts as weighed only when plausible: one saved before the bounds applied reads as not weighed.

function passengerKg(grams: number | null): number | null {
  return grams === null || !plausiblePassengerKg(kg(grams)) ? null : kg(grams);
}

function bagsKg(json: string | null): number[] | null {
  if (!json) return null;
  try {
    const list = JSON.parse(json) as unknown;
    const bags = Array.isArray(list) ? list.filter((g): g is number => typeof g === 'number').map(kg) : null;
    return bags?.every(plausibleBagKg) ? bags : null;
  } catch {
    return null;
  }
}

/**
 * The forms a passenger must hand over at the desk: those the booking flagged (email_forms_pdf,
 * set by the unaccompanied-minor declaration too) and those last e-mailed with the ticket.
 */
function formsOf(t: DeskTicket) {
  const booked = pdfFormFlags(t.forms_json);
  const mailed = pdfFormFlags(t.email_pdf_forms);
  return PDF_FORM_KINDS.filter((k) => booked[k] || mailed[k]);
}

/** One passenger of the desk's list, in the wire shape. */
function passengerOf(t: DeskTicket, lang: Lang): TCheckInPassenger {
  const doc = ticketDocumentField(t, lang);
  return {
    ticket_nr: t.ticket_nr,
    booking_code: t.booking_code,
    lastname: t.lastname,
    firstname: t.firstname,
    birth_date: t.birth_date,
    category: massCategory(t.category, t.tkt_category),
    origin_id: t.origin_id,
    destination_id: t.destination_id,
    document: doc ? doc.value : null,
    forms: formsOf(t),
    state: stateOf(t),
    checked_in_at: t.checked_in_at,
    checked_in_by: t.checked_in_by_email,
    override_reason: t.override_reason,
    passenger_kg: passengerKg(t.passenger_grams),
    bags_kg: bagsKg(t.bags_grams),
  };
}

/** How many of a flight's passengers still fly, and how many of them are checked in. */
const countsOf = (states: CheckInState[]) => ({ flying: states.filter(stillFlies).length, checkedIn: states.filter((s) => s === 'checkedIn').length });

const loadEntry = (p: TCheckInPassenger): LoadEntry => ({ category: p.category, passengerKg: p.passenger_kg, bagsKg: p.bags_kg });

function summaryOf(f: FlightRow, counts: { flying: number; checkedIn: number }, closed: boolean): TCheckInFlightSummary {
  return {
    id: f.id,
    code: f.code,
    service_date: f.service_date,
    departs_at: f.departs_at,
    origin_id: f.origin_id,
    destination_id: f.destination_id,
    aircraft: { registration: f.registration, model: f.model, seats: f.seats, payload_kg: f.payload_kg ?? 0, payload_source: f.payload_source ?? '' },
    passengers: counts.flying,
    checked_in: counts.checkedIn,
    closed,
  };
}

/**
 * The check-in desk (issue 13 part A, decisions 024 and 025): today's flights, their
 * passengers, check-in by boarding pass or ticket number (once, inside the window or with a
 * reason), masses, closing the flight against the aircraft's payload, and the manifest's data.
 */
export class CheckInService {
  /** The clock; tests set it. */
  now: () => Date = () => new Date();
  /** PDF stream compression of the manifest (tests turn it off to read the page text). */
  compressPdf = true;

  constructor(private readonly deps: CheckInDeps) {}

  async flights(): Promise<TCheckInFlights> {
    const now = this.now();
    const date = romeToday(now);
    // Today's flights, and tomorrow's that a late desk keeps in view (domain onTonightsDesk).
    const soon = (await q.flightsOfDate(this.deps.db, addDays(date, 1))).filter((f) => onTonightsDesk(new Date(f.departs_at), now));
    const flights = [...(await q.flightsOfDate(this.deps.db, date)), ...soon];
    const flightIds = flights.map((f) => f.id);
    const closed = await q.closedFlightIds(this.deps.db, flightIds);
    const out: TCheckInFlightSummary[] = [];
    for (const f of flights) {
      const tickets = await q.ticketsOfFlight(this.deps.db, f.id);
      out.push(summaryOf(f, countsOf(tickets.map(stateOf)), closed.has(f.id)));
    }
    return { date, flights: out };
  }

  private async flightOrThrow(flightId: number): Promise<FlightRow> {
    const f = await q.flightById(this.deps.db, flightId);
    if (!f) throw new AppError('notFound', 'checkInFlightUnknown');
    return f;
  }

  /** The flight's passengers as the desk lists them, by name. */
  private async passengersOf(db: DbOrTrx, flightId: number, lang: Lang): Promise<TCheckInPassenger[]> {
    const rows = await q.ticketsOfFlight(db, flightId);
    const withDocs = (await withBookedPassengerData(db, rows as unknown as TicketRow[])) as unknown as DeskTicket[];
    return withDocs
      .map((t) => passengerOf(t, lang))
      .sort((a, b) => a.lastname.localeCompare(b.lastname, 'it') || a.firstname.localeCompare(b.firstname, 'it') || a.ticket_nr.localeCompare(b.ticket_nr));
  }

  async flight(flightId: number, lang: Lang): Promise<TCheckInFlight> {
    const f = await this.flightOrThrow(flightId);
    const passengers = await this.passengersOf(this.deps.db, flightId, lang);
    const closure = await q.closureOf(this.deps.db, flightId);
    const counted = passengers.filter((p) => countsInLoad(p.state, Boolean(closure)));
    const payload = f.payload_kg ?? 0;
    const departure = new Date(f.departs_at);
    const window = checkInWindow(departure);
    return {
      flight: summaryOf(f, countsOf(passengers.map((p) => p.state)), Boolean(closure)),
      window: { opens: window.opens.toISOString(), closes: window.closes.toISOString(), phase: checkInPhase(departure, this.now()) },
      closure: closure
        ? {
            closed_at: closure.closed_at,
            closed_by: closure.closed_by_email,
            reason: closure.over_reason,
            total_kg: kg(closure.total_grams),
            payload_kg: closure.payload_kg,
          }
        : null,
      load: flightLoad(counted.map(loadEntry), payload),
      passengers,
    };
  }

  /** The ticket number a desk entry stands for: a genuine boarding pass, or a typed 7-digit number. */
  private ticketNrOf(code: string): string {
    const trimmed = code.trim();
    const invalid = () => new AppError('validation', 'boardingPassInvalid', { code: ['boardingPassInvalid'] });
    if (!BoardingPasses.looksLikePass(trimmed)) {
      if (!isTicketNumber(trimmed)) throw invalid();
      return trimmed;
    }
    const nr = this.deps.passes.verify(trimmed);
    if (!nr) throw invalid().logged('warn', 'boarding pass refused', { code: trimmed.slice(0, 40) });
    return nr;
  }

  /** A ticket that may be handled at this flight's desk, or the reason it may not. */
  private async deskTicket(flightId: number, ticketNr: string) {
    const t = await q.ticketWithState(this.deps.db, ticketNr);
    if (!t) throw new AppError('notFound', 'checkInTicketUnknown');
    if (t.change_kind === 'cancelled') throw new AppError('conflict', 'checkInTicketCancelled');
    if (t.change_kind === 'moved') throw new AppError('conflict', 'checkInTicketMoved');
    if (t.flight_id !== flightId) throw new AppError('conflict', 'checkInOtherFlight');
    if (await q.closureOf(this.deps.db, flightId)) throw new AppError('conflict', 'checkInFlightClosed');
    return t;
  }

  /** Runs `write` in a transaction that holds the flight against a concurrent closing, if it is still open. */
  private whileOpen<T>(flightId: number, write: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    return this.deps.transactions.run(async (trx) => {
      await q.lockFlight(trx, flightId);
      if (await q.closureOf(trx, flightId)) throw new AppError('conflict', 'checkInFlightClosed');
      return write(trx);
    });
  }

  async checkIn(user: AuthUser, flightId: number, body: TCheckInBody, lang: Lang): Promise<TCheckInPassenger> {
    await this.flightOrThrow(flightId);
    const ticketNr = this.ticketNrOf(body.code);
    const t = await this.deskTicket(flightId, ticketNr);
    if (t.checked_in_at) throw new AppError('conflict', 'alreadyCheckedIn');
    const now = this.now();
    // The window of the leg the passenger boards, as the schedule has it now (the ticket keeps the time it was sold with).
    const departure = (await q.boardingDeparture(this.deps.db, flightId, t.origin_id)) ?? t.departs_at;
    const phase = checkInPhase(new Date(departure), now);
    const reason = body.override_reason ?? null;
    if (phase !== 'open' && !reason) throw new AppError('conflict', phase === 'notOpen' ? 'checkInNotOpen' : 'checkInClosed');
    const done = await this.whileOpen(flightId, async (trx) => {
      const marked = await q.markCheckedIn(trx, { ticketNr, flightId, at: now.toISOString(), by: user.id, overrideReason: phase === 'open' ? null : reason });
      if (marked) {
        await this.deps.audit.record(trx, {
          code: t.booking_code,
          ticketNr,
          actor: `user:${user.id}`,
          action: 'checkedIn',
          detail: { flight: t.flight_code, phase, ...(phase === 'open' ? {} : { override_reason: reason }) },
        });
      }
      return marked;
    });
    if (!done) throw new AppError('conflict', 'alreadyCheckedIn');
    return this.toldPassenger(flightId, user, ticketNr, lang);
  }

  async weights(user: AuthUser, flightId: number, ticketNr: string, body: TWeightsBody, lang: Lang): Promise<TCheckInPassenger> {
    await this.flightOrThrow(flightId);
    if (!isTicketNumber(ticketNr)) throw new AppError('notFound', 'checkInTicketUnknown');
    await this.deskTicket(flightId, ticketNr);
    await this.whileOpen(flightId, (trx) =>
      q.saveWeights(trx, {
        ticketNr,
        flightId,
        passengerGrams: grams(body.passenger_kg),
        bagsGrams: body.bags_kg.map(grams),
        at: this.now().toISOString(),
        by: user.id,
      }),
    );
    return this.toldPassenger(flightId, user, ticketNr, lang);
  }

  /** After a passenger's change: the other desks are told, the caller gets the passenger as the desk lists them now. */
  private async toldPassenger(flightId: number, user: AuthUser, ticketNr: string, lang: Lang): Promise<TCheckInPassenger> {
    await this.tell(flightId, user);
    return (await this.flight(flightId, lang)).passengers.find((p) => p.ticket_nr === ticketNr)!;
  }

  /** After commit: the other desks re-read the flight. Never throws (a notice, not the truth). */
  private async tell(flightId: number, user: AuthUser): Promise<void> {
    try {
      await this.deps.bus.publish({ channel: CHECK_IN_CHANNEL, event: 'CheckInChanged', data: { flightId, user: user.email } });
    } catch (err) {
      this.deps.log.warn({ err, flightId }, 'check-in notice not sent');
    }
  }

  /** Outside production: a fresh flight with the demo buyer's tickets, taking off in `inMinutes` (browser tests, demos). */
  async demoFlight(inMinutes: number): Promise<DemoDeskFlight & { passes: string[] }> {
    const flight = await createDemoDeskFlight(this.deps.db, this.now(), inMinutes);
    if (!flight) throw new AppError('notFound', 'notFound');
    return { ...flight, passes: flight.tickets.map((nr) => this.deps.passes.sign(nr)) };
  }

  /** Closes the flight's check-in with the load of the checked-in passengers; over the payload only with a reason. */
  async close(user: AuthUser, flightId: number, body: TCloseFlightBody, lang: Lang): Promise<TCheckInFlight> {
    const f = await this.flightOrThrow(flightId);
    const reason = body.reason ?? null;
    // The load is read in the same transaction as the closing is written: no check-in falls between.
    const load = await this.whileOpen(flightId, async (trx) => {
      const passengers = await this.passengersOf(trx, flightId, lang);
      const load = flightLoad(passengers.filter((p) => countsInLoad(p.state, true)).map(loadEntry), f.payload_kg ?? 0);
      if (load.over && !reason) throw new AppError('conflict', 'loadOverLimit');
      const closed = await q.insertClosure(trx, {
        flightId,
        at: this.now().toISOString(),
        by: user.id,
        totalGrams: grams(load.totalKg),
        payloadKg: f.payload_kg ?? 0,
        reason: load.over ? reason : null,
      });
      if (!closed) throw new AppError('conflict', 'checkInFlightClosed');
      return load;
    });
    await this.tell(flightId, user);
    if (load.over)
      this.deps.log.warn(
        { flight: f.code, date: f.service_date, totalKg: load.totalKg, payloadKg: load.payloadKg, by: user.id, reason },
        'flight closed over the maximum payload',
      );
    return this.flight(flightId, lang);
  }
}
