import { centsToAmount, type Lang, localizedWith, type MessageKey, placeById, romeToday, type TFailedBooking, type TFailedFlight, toWireDate } from '@heliline/domain';
import { pdfFormFlags } from '../../pdf/forms.ts';
import { romeTime } from '../../schedule/rome-clock.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { FailedPassengerRow, FailedRow } from './queries.ts';

/** How a row of the list is turned into the screen's Failed booking (spec §3); pure functions. */

type FlightLegRow = Awaited<ReturnType<ScheduleService['legsOfFlights']>>[number];

export interface ViewContext {
  /** The caller. */
  userId: number;
  lang: Lang;
  /** A claim older than this (ISO) no longer counts as "in use". */
  staleBefore: string;
  passengers: FailedPassengerRow[];
  /** Legs of the request's flights, and which of them it held. */
  legs: FlightLegRow[];
  heldLegIds: Set<number>;
}

/** A row selected and then forgotten (browser closed) is free again after this long. */
const IN_USE_TTL_MS = 30 * 60 * 1000;

/** A claim older than this instant (ISO) no longer counts as "in use". */
export const staleBefore = (now: Date) => new Date(now.getTime() - IN_USE_TTL_MS).toISOString();

/** Who has the row in use, if the claim is still fresh. */
export function inUseBy(row: Pick<FailedRow, 'in_use_by' | 'in_use_since'>, staleBefore: string): number | null {
  return row.in_use_by !== null && row.in_use_since !== null && row.in_use_since >= staleBefore ? row.in_use_by : null;
}

export function toFailedBooking(row: FailedRow, ctx: ViewContext): TFailedBooking {
  const holder = inUseBy(row, ctx.staleBefore);
  const byOther = holder !== null && holder !== ctx.userId;
  return {
    code: row.code,
    user: row.creator_email,
    bookingDate: row.created_at,
    pending: row.status === 'pending',
    disabled_flag: byOther,
    disabled_lock: byOther,
    in_use_by_user: holder === null ? null : row.in_use_email,
    locked: row.locked === 1,
    locked_by_user: row.locked === 1 ? row.locked_email : null,
    flagged: holder === ctx.userId,
    error_description: errorDescription(row)[ctx.lang],
    state: row.status as TFailedBooking['state'],
    type: row.type,
    createdByMe: row.user_id === ctx.userId,
    amount: centsToAmount(row.amount_cents),
    originId: row.origin_id,
    destinationId: row.destination_id,
    departureFlightId: row.departure_flight_id,
    comebackFlightId: row.comeback_flight_id,
    departureFlight: flightOf(row.departure_flight_id, ctx),
    comebackFlight: row.comeback_flight_id ? flightOf(row.comeback_flight_id, ctx) : null,
    paxes: ctx.passengers.map(toPassenger),
    contacts: { email: row.contact_email, email_payment_link: row.contact_email, telephone: row.contact_telephone },
    email_forms_pdf: pdfFormFlags(row.forms_json),
  };
}

/** Why the payment did not complete, in both languages. */
function errorDescription(row: Pick<FailedRow, 'status' | 'failure_reason' | 'bank_message' | 'error_code'>) {
  if (row.status === 'pending') return localizedWith('failedReasonPending');
  if (row.status === 'expired') return localizedWith('failedReasonExpired');
  if (row.bank_message) return localizedWith('failedReasonBank', { message: row.bank_message, error_code: row.error_code ?? '-' });
  const key: MessageKey = row.failure_reason === 'payment abandoned' ? 'failedReasonAbandoned' : 'failedReasonOther';
  return localizedWith(key);
}

/** The request's own part of a flight (the legs it held), as date, time, code and places. */
function flightOf(flightId: number, ctx: ViewContext): TFailedFlight {
  const all = ctx.legs.filter((l) => l.flightId === flightId).sort((a, b) => a.seq - b.seq);
  const own = all.filter((l) => ctx.heldLegIds.has(l.legId));
  const legs = own.length ? own : all;
  const first = legs[0];
  const last = legs.at(-1);
  if (!first || !last) return { date: '', time: '', code: '', source: '', destination: '' };
  return {
    date: toWireDate(romeToday(new Date(first.departsAt))),
    time: romeTime(first.departsAt),
    code: first.code,
    source: placeById(first.originId)?.name[ctx.lang] ?? '',
    destination: placeById(last.destinationId)?.name[ctx.lang] ?? '',
  };
}

function toPassenger(p: FailedPassengerRow): TFailedBooking['paxes'][number] {
  return {
    id: p.pax_id ?? -p.position,
    category: p.category as 'a',
    tktCategory: p.tkt_category as 'AD',
    gender: p.gender === 'M' || p.gender === 'F' ? p.gender : null,
    lastname: p.lastname,
    firstname: p.firstname,
    birthDate: toWireDate(p.birth_date),
    residence: p.residence,
    document_type: p.document_type,
    document_num: p.document_num,
    email: p.email,
    telephone: p.telephone,
    exemption: p.exemption === 1,
    dsc: p.dsc,
  };
}
