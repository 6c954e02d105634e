import {
  can,
  dayjs,
  GROUP_CODE_LENGTH,
  hasMyTicketsFilter,
  MY_TICKETS_PAYMENT_TYPES,
  parseWireDate,
  romeDateTimeToUtc,
  type TMyTicketRow,
  type TMyTicketsAnswer,
  type TMyTicketsQuery,
  type TPassengerEditBody,
} from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError } from '../../../http/errors.ts';
import type { AuditEntry, AuditLog } from '../../audit/service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ThrottleService } from '../../throttle/service.ts';
import type { Reader, TicketsService } from '../service.ts';
import type { TicketRow } from '../ticket-pdf.ts';
import { notFound } from './errors.ts';
import { assertEditable, changedValues, checkPassengerEdit, passengerUpdate, ticketsToEdit } from './passenger-edit.ts';
import { findTicket, findTickets } from '../queries.ts';
import * as q from './queries.ts';
import { type BookedPassenger, myTicketRow } from './rows.ts';
import { TicketEmailSender } from './send.ts';

export interface MyTicketsDeps {
  db: Db;
  transactions: Transactions;
  tickets: TicketsService;
  mailer: Mailer;
  throttle: ThrottleService;
  log: FastifyBaseLogger;
  audit: Pick<AuditLog, 'record'>;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The audit row of a passenger edit: which fields changed (their values stay in ticket_events). */
const passengerEditEntry = (targets: TicketRow[], e: { ticket_nr: string; new_values: string | null }, actorId: number): AuditEntry => ({
  code: targets.find((t) => t.ticket_nr === e.ticket_nr)!.booking_code,
  ticketNr: e.ticket_nr,
  actor: `user:${actorId}`,
  action: 'passengerEdited',
  detail: { fields: Object.keys(e.new_values ? (JSON.parse(e.new_values) as object) : {}) },
});

const group = (code: string) => code.slice(0, GROUP_CODE_LENGTH);
const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * My tickets: the logged-in user's own tickets (an agency's: the bookings it made; booking
 * staff — Admin, Prenotazioni, PrenotaFull — every booking), the pax modal's edit and the
 * e-mail modal. Someone else's ticket is never listed and every call on it answers 404.
 */
export class MyTicketsService {
  private readonly db: Db;
  private readonly now: () => Date;
  readonly email: TicketEmailSender;

  constructor(private readonly deps: MyTicketsDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
    this.email = new TicketEmailSender({ ...deps, now: this.now, readable: (reader, nr) => this.readable(reader, nr) });
  }

  async list(reader: Reader, query: TMyTicketsQuery): Promise<TMyTicketsAnswer> {
    if (!hasMyTicketsFilter(query)) throw new AppError('validation', 'myTicketsFilterRequired');
    const filter = this.filterOf(reader, query);
    await this.assertExactTargetVisible(filter);
    const total = await q.countTickets(this.db, filter);
    const perPage = query.per_page;
    const offset = (query.current_page - 1) * perPage;
    const page = await q.pageOfTickets(this.db, filter, offset, perPage);
    const { rows, pendingGroups } = await this.rowsOf(page);
    const pagination = {
      current_page: query.current_page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      from: rows.length ? offset + 1 : 0,
      to: offset + rows.length,
      total,
      per_page: perPage,
    };
    return { bookings: rows, bookingsPending: pendingGroups, pagination };
  }

  /** The pax modal's save: both tickets of a round trip, logged in ticket_events; answers the saved rows. */
  async editPassenger(reader: Reader, ticketNr: string, body: TPassengerEditBody): Promise<TMyTicketRow[]> {
    const row = await this.readable(reader, ticketNr);
    const now = this.now();
    const linked = row.ticket_nr_inv ? await findTicket(this.db, row.ticket_nr_inv) : undefined;
    const marks = await q.ticketMarks(this.db, [row.ticket_nr, ...(linked ? [linked.ticket_nr] : [])]);
    assertEditable(row, marks.has(row.ticket_nr), now);
    const targets = ticketsToEdit(row, linked && !marks.has(linked.ticket_nr) ? linked : undefined, now);
    const docTypeKnown = !!body.doc_type && (await q.documentTypeExists(this.db, body.doc_type));
    checkPassengerEdit(body, targets, docTypeKnown);
    const update = passengerUpdate(body);
    const at = now.toISOString();
    const events = targets.flatMap((t) => {
      const change = changedValues(t, update);
      return change ? [{ ticket_nr: t.ticket_nr, kind: 'passenger-edit', actor_user_id: reader.id, created_at: at, ...change }] : [];
    });
    const numbers = targets.map((t) => t.ticket_nr);
    await this.deps.transactions.run(async (trx) => {
      await q.updateTicketPassenger(trx, numbers, update);
      await q.insertTicketEvents(trx, events);
      await this.deps.audit.record(trx, ...events.map((e) => passengerEditEntry(targets, e, reader.id)));
    });
    const saved = await findTickets(this.db, numbers);
    return (await this.rowsOf(numbers.map((nr) => saved.find((t) => t.ticket_nr === nr)!))).rows;
  }

  /** A ticket the reader may see (owner or booking staff); unknown and someone else's are both 404. */
  async readable(reader: Reader, ticketNr: string): Promise<TicketRow> {
    const row = /^\d{7}$/.test(ticketNr) ? await findTicket(this.db, ticketNr) : undefined;
    if (!row || !this.deps.tickets.canRead(reader, row)) throw notFound();
    return row;
  }

  private filterOf(reader: Reader, query: TMyTicketsQuery): q.TicketFilter {
    const day = query.flightDate ? parseWireDate(query.flightDate) : null;
    return {
      ownerId: can(reader.roles, 'booking.staffPaymentArea') ? null : reader.id,
      departsFrom: day ? romeDateTimeToUtc(day, '00:00').toISOString() : undefined,
      departsTo: day ? romeDateTimeToUtc(dayjs(day).add(1, 'day').format('YYYY-MM-DD'), '00:00').toISOString() : undefined,
      bookingCodePrefix: query.bookingCode?.replace(/\s+/g, '').toUpperCase(),
      ticketNrPrefix: query.ticketNr?.replace(/\s+/g, ''),
      lastnamePrefix: query.lastname?.toLowerCase(),
      firstnamePrefix: query.firstname?.toLowerCase(),
      includeCancelled: query.includeCancelled,
    };
  }

  /** A whole ticket number or booking/group code that names nothing the reader may see: 404, as for every other call on it. */
  private async assertExactTargetVisible(f: q.TicketFilter): Promise<void> {
    const code = f.bookingCodePrefix;
    const exactCode = code && (code.length === 8 || code.length === 6) ? code : undefined;
    const exactTicket = f.ticketNrPrefix?.length === 7 ? f.ticketNrPrefix : undefined;
    if (!exactCode && !exactTicket) return;
    const seen = await q.countTickets(this.db, { ownerId: f.ownerId, bookingCodePrefix: exactCode, ticketNrPrefix: exactTicket, includeCancelled: true });
    if (!seen) throw notFound();
  }

  /** List rows with what the booking adds (gender, document, discount, payment type) and the pending groups. */
  async rowsOf(tickets: TicketRow[]): Promise<{ rows: TMyTicketRow[]; pendingGroups: string[] }> {
    const codes = unique(tickets.map((t) => t.booking_code));
    const numbers = tickets.map((t) => t.ticket_nr);
    const [types, pending, passengers, marks] = await Promise.all([
      q.bookingTypes(this.db, codes),
      q.pendingRequests(this.db, unique(codes.map(group))),
      q.bookingPassengers(this.db, codes),
      q.ticketMarks(this.db, numbers),
    ]);
    const typeOf = new Map(types.map((t) => [t.code, t.type]));
    const paxOf = new Map<string, BookedPassenger>(passengers.map((p) => [`${p.code}:${p.position}`, p]));
    // A pending request of the group under another code is a change of these tickets waiting for payment.
    const beingModified = (code: string) => pending.some((p) => p.group_code === group(code) && p.code !== code);
    const now = this.now();
    const rows = tickets.map((t) =>
      myTicketRow(t, {
        passenger: paxOf.get(`${t.booking_code}:${t.passenger_key}`),
        paymentType: beingModified(t.booking_code) ? MY_TICKETS_PAYMENT_TYPES.beingModified : (typeOf.get(t.booking_code) ?? MY_TICKETS_PAYMENT_TYPES.card),
        cancelled: marks.has(t.ticket_nr),
        now,
      }),
    );
    return { rows, pendingGroups: unique(pending.map((p) => p.group_code)) };
  }
}
