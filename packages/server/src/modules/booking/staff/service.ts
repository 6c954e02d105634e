import {
  ADMIN_BOOKINGS_PER_PAGE,
  type AdminBookingStatus,
  BOOKING_TYPE,
  centsToAmount,
  encodeBookingStatusParam,
  type Lang,
  parseWireDate,
  placeById,
  type TAdminBookingRow,
  type TAdminBookingsAnswer,
  type TAdminBookingsQuery,
  type TBlockedBooking,
  type TPagination,
  toWireDate,
} from '@heliline/domain';
import type { Db } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import type { AuditLog } from '../../audit/service.ts';
import { AppError } from '../../../http/errors.ts';
import type { InventoryService } from '../../inventory/service.ts';
import { romeTime, romeWireDate } from '../../schedule/rome-clock.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { Tickets } from '../../tickets/contract.ts';
import * as rq from '../requests/queries.ts';
import * as q from './queries.ts';

export interface StaffBookingsDeps {
  db: Db;
  transactions: Transactions;
  inventory: Pick<InventoryService, 'release'>;
  schedule: Pick<ScheduleService, 'legsOfFlights'>;
  tickets: Pick<Tickets, 'listForBooking'>;
  audit: Pick<AuditLog, 'status'>;
  now?: () => Date;
}

type Leg = Awaited<ReturnType<ScheduleService['legsOfFlights']>>[number];

const placeName = (id: number, lang: Lang) => placeById(id)?.name[lang] ?? String(id);

/**
 * The staff screens' reading and the removal of a block: the wizard's blocked-seat list
 * (step 0), POST /api/rem-blocco-posti, and the management list (/admin/gestione-prenotazioni).
 * Blocks are created and sold by the booking requests service (POST /api/bookings types 4, -1, 2, 3).
 */
export class StaffBookingsService {
  private readonly now: () => Date;

  constructor(private readonly deps: StaffBookingsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Active blocked bookings (not expired, removed or sold). */
  async blocked(lang: Lang): Promise<TBlockedBooking[]> {
    const rows = await q.activeBlocks(this.deps.db, this.now().toISOString());
    const legs = await this.legsOf(rows.flatMap((r) => [r.departure_flight_id, r.comeback_flight_id]));
    return rows.map((r) => {
      const dataAnd = legs.date(r.departure_flight_id);
      const dataRit = r.comeback_flight_id ? legs.date(r.comeback_flight_id) : null;
      return {
        CodPrenotazione: r.code,
        idProvenienza: r.origin_id,
        idDestinazione: r.destination_id,
        Provenienza: placeName(r.origin_id, lang),
        Destinazione: placeName(r.destination_id, lang),
        DataAnd: dataAnd,
        DataRit: dataRit,
        AdM: r.men,
        AdF: r.women,
        Ch: r.children,
        Inf: r.infants,
        idDepFlight: r.departure_flight_id,
        idComFlight: r.comeback_flight_id,
        Date: dataRit ? `${dataAnd} - ${dataRit}` : dataAnd,
        TotPax: r.men + r.women + r.children + r.infants,
        OraScadenza: `${romeWireDate(r.hold_expires_at)} ${romeTime(r.hold_expires_at)}`,
        OraScadenzaIso: r.hold_expires_at,
        BloccaPostiNota: r.note ?? '',
        NomeUtente: r.user_email,
      };
    });
  }

  /** Frees a block's seats and closes it: 404 unknown (or not a block), 409 no longer blocked. */
  async removeBlock(code: string, actorId: number): Promise<void> {
    const removed = await this.deps.transactions.run(async (trx) => {
      const now = this.now();
      const at = now.toISOString();
      const row = await rq.lockRequest(trx, code, at);
      if (!row || row.type !== BOOKING_TYPE.block) return 'missing';
      if (row.status !== 'blocked' || !(await rq.transition(trx, row.id, 'blocked', 'deleted', at, { failure_reason: 'block removed' }))) return 'closed';
      const seats = await this.deps.inventory.release(trx, row.id, now);
      await rq.insertEvent(trx, { requestId: row.id, from: 'blocked', to: 'deleted', actor: `user:${actorId}`, reason: `block removed; ${seats} seat(s) released`, at });
      await this.deps.audit.status(trx, row.code, `user:${actorId}`, 'blockReleased', 'blocked', 'deleted', { seats_released: seats });
      return 'removed';
    });
    if (removed === 'missing') throw new AppError('notFound', 'blockedBookingNotFound');
    if (removed === 'closed') throw new AppError('conflict', 'blockedBookingClosed');
  }

  /** The management list: filters, 25 a page, newest first. */
  async list(query: TAdminBookingsQuery, lang: Lang): Promise<TAdminBookingsAnswer> {
    const filter: q.AdminFilter = {
      ...(query.date ? { date: parseWireDate(query.date)! } : {}),
      ...(query.code ? { code: query.code } : {}),
      ...(query.name ? { name: query.name } : {}),
      ...(query.status ? { status: query.status } : {}),
    };
    const total = await q.countBookings(this.deps.db, filter);
    const perPage = ADMIN_BOOKINGS_PER_PAGE;
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const offset = (query.page - 1) * perPage;
    const rows = await q.pageOfBookings(this.deps.db, filter, perPage, offset);
    const bookings = await this.adminRows(rows, lang);
    const pagination: TPagination = {
      current_page: query.page,
      last_page: lastPage,
      from: rows.length ? offset + 1 : null,
      to: rows.length ? offset + rows.length : null,
      total,
      per_page: perPage,
    };
    return { bookings, pagination };
  }

  private async adminRows(rows: Awaited<ReturnType<typeof q.pageOfBookings>>, lang: Lang): Promise<TAdminBookingRow[]> {
    const requestIds = rows.map((r) => r.id);
    const [legs, paxes] = await Promise.all([
      this.legsOf(rows.flatMap((r) => [r.departure_flight_id, r.comeback_flight_id])),
      q.passengersOfRequests(this.deps.db, requestIds),
    ]);
    const out: TAdminBookingRow[] = [];
    for (const r of rows) {
      const issued = r.status === 'ticketed' ? await this.deps.tickets.listForBooking(r.code) : [];
      const own = paxes.filter((p) => p.booking_request_id === r.id);
      out.push({
        code: r.code,
        statusParam: encodeBookingStatusParam(r.code),
        type: r.type,
        status: r.status as AdminBookingStatus,
        createdAt: r.created_at,
        user: r.user_email,
        contactEmail: r.contact_email,
        originId: r.origin_id,
        destinationId: r.destination_id,
        origin: placeName(r.origin_id, lang),
        destination: placeName(r.destination_id, lang),
        departureFlight: legs.flight(r.departure_flight_id),
        comebackFlight: r.comeback_flight_id ? legs.flight(r.comeback_flight_id) : null,
        paxes: own.map((p) => ({
          fullname: `${p.firstname} ${p.lastname}`.trim(),
          category: p.category,
          tickets: issued.filter((t) => t.passengerKey === String(p.position)).map((t) => t.ticketNr),
        })),
        amount: centsToAmount(r.amount_cents),
        tickets: issued.map((t) => t.ticketNr),
        paidBy: r.paid_by ?? null,
      });
    }
    return out;
  }

  /** Code, date and take-off time of flights (their first leg), by flight id. */
  private async legsOf(ids: readonly (number | null)[]) {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const legs: Leg[] = wanted.length ? await this.deps.schedule.legsOfFlights(wanted) : [];
    const flight = (id: number) => {
      const l = legs.filter((leg) => leg.flightId === id).sort((a, b) => a.seq - b.seq)[0];
      return l ? { code: l.code, date: toWireDate(l.serviceDate), time: romeTime(l.departsAt) } : { code: '', date: '', time: '' };
    };
    return { date: (id: number) => flight(id).date, flight };
  }
}
