import {
  ANIMAL_PAX_ID,
  centsToAmount,
  DEFAULT_REFUND_SETTINGS,
  discountPercentOf,
  fareTabFor,
  formatEditableUntil,
  editableUntil,
  isEditableAt,
  MY_TICKETS_PAYMENT_TYPES,
  OPERATOR_TZ,
  type PaxCategory,
  placeById,
  type RefundSettings,
  type TChangeRow,
  type TTravelSlot,
  dayjs,
} from '@heliline/domain';
import type { TicketMarkRow } from '../tickets/changes.ts';
import type { TicketRow } from '../tickets/ticket-pdf.ts';
import type { ChangePlan, PlannedMove } from './plan.ts';
import { journeyOf, romeDateOf } from './plan.ts';

/** Builders of the wire rows (spec §3 booking/ticket row, travel slot) from stored tickets and plans. */

export interface RowContext {
  now: Date;
  /** A change of the group waits for payment: rows show paymentType 12. */
  beingModified: boolean;
  /** Booking code → the booking's payment type (1 card …). */
  bookingTypes: Map<string, number>;
  /** The refund settings a reader would get for a ticket (policy or defaults). */
  refundSettings: (t: TicketRow) => RefundSettings;
}

const rome = (iso: string, format: string) => dayjs(iso).tz(OPERATOR_TZ).format(format);
const label = (id: number) => placeById(id)?.name.it ?? String(id);
const PAX_CATEGORY = { a: 'AD', c: 'CH', i: 'INF', an: 'AN' } as const;
const euros = centsToAmount;

function flightFields(f: { flightId: number; flightCode: string; departsAt: string; originId: number; destinationId: number }) {
  return {
    origin: f.originId,
    destination: f.destinationId,
    label_origin: label(f.originId),
    label_destination: label(f.destinationId),
    flightId: f.flightId,
    flightCode: f.flightCode,
    description: `${f.flightCode} ${label(f.originId)} - ${label(f.destinationId)}`,
    takeOffDate: rome(f.departsAt, 'DD/MM/YYYY'),
    takeOffTime: rome(f.departsAt, 'HH:mm'),
  };
}

const ticketFlight = (t: TicketRow) => ({
  flightId: t.flight_id,
  flightCode: t.flight_code,
  departsAt: t.departs_at,
  originId: t.origin_id,
  destinationId: t.destination_id,
});

function amounts(c: { fare: number; ticket: number; tax: number; landing: number }) {
  return {
    ticket: euros(c.ticket),
    tax: euros(c.tax),
    landingFee: euros(c.landing),
    fare: euros(c.fare),
    discount: discountPercentOf({ fareCents: c.fare, ticketCents: c.ticket }),
    ticketCost: euros(c.ticket + c.tax + c.landing),
  };
}

function settingsFields(s: RefundSettings) {
  return { refunded_perc: s.percent, refunded_fee: euros(s.feeCents), refunded_tax: s.tax, refunded_landingFee: s.landingFee };
}

function personFields(t: TicketRow) {
  return {
    idPax: t.category === 'an' ? ANIMAL_PAX_ID : Number(t.passenger_key) || 0,
    bookingCode: t.booking_code,
    dw: t.ticket_nr_inv ? ('DW' as const) : ('OW' as const),
    dw_flight: t.direction,
    lastname: t.lastname,
    firstname: t.firstname,
    birthdate: t.birth_date,
    paxCategory: PAX_CATEGORY[t.category as PaxCategory] ?? 'AD',
    category: t.category,
    emailBooking: t.contact_email,
    bookingDate: rome(t.issued_at, 'DD/MM/YYYY'),
    bookingTime: rome(t.issued_at, 'HH:mm'),
  };
}

/** A stored ticket as the edit table shows it, with what happened to it. */
export function storedRow(t: TicketRow, mark: TicketMarkRow | undefined, ctx: RowContext): TChangeRow {
  const deadline = editableUntil(journeyOf(t));
  const cancelled = mark?.kind === 'cancelled';
  const settings: RefundSettings = mark
    ? { percent: Number(mark.refunded_perc), feeCents: mark.refunded_fee_cents, tax: !!mark.refunded_tax, landingFee: !!mark.refunded_landing_fee }
    : ctx.refundSettings(t);
  return {
    id: Number(t.ticket_nr),
    ticketNr: t.ticket_nr,
    ticketNrInv: t.ticket_nr_inv,
    ...personFields(t),
    editable_until: formatEditableUntil(deadline),
    editable: !mark && !ctx.beingModified && isEditableAt(journeyOf(t), ctx.now),
    paymentType: ctx.beingModified ? MY_TICKETS_PAYMENT_TYPES.beingModified : (ctx.bookingTypes.get(t.booking_code) ?? MY_TICKETS_PAYMENT_TYPES.card),
    cancelled,
    movedOn: 0,
    movedTo: mark?.moved_to ?? null,
    ...amounts({ fare: t.fare_cents, ticket: t.ticket_cents, tax: t.tax_cents, landing: t.landing_tax_cents }),
    ...settingsFields(mark && !cancelled ? DEFAULT_REFUND_SETTINGS : settings),
    refund: cancelled ? euros(mark.refund_cents) : null,
    ...flightFields(ticketFlight(t)),
  };
}

/** The final step's rows: the live tickets marked (movedOn, cancelled with refund), then the new rows with negative ids. */
export function previewRows(plan: ChangePlan, ctx: RowContext): TChangeRow[] {
  const moved = new Map(plan.moves.map((m) => [m.ticket.ticket_nr, m]));
  const cancelled = new Map(plan.cancels.map((c) => [c.ticket.ticket_nr, c]));
  const old = plan.group.live.map((t) => {
    const row = storedRow(t, undefined, ctx);
    const c = cancelled.get(t.ticket_nr);
    if (c) return { ...row, cancelled: true, refund: euros(c.refundCents), ...settingsFields(c.settings) };
    return { ...row, movedOn: moved.get(t.ticket_nr)?.slot ?? 0 };
  });
  return [...old, ...plan.moves.map((m, i) => newRow(m, -(i + 1), ctx))];
}

function newRow(m: PlannedMove, id: number, ctx: RowContext): TChangeRow {
  const p = m.difference.price;
  const j = m.journey;
  return {
    ...storedRow(m.ticket, undefined, ctx),
    id,
    ticketNr: null,
    editable_until: null,
    editable: false,
    movedOn: m.slot,
    ...amounts({ fare: p.ticket_nodsc, ticket: p.ticket, tax: p.tax, landing: p.landingTax }),
    ...flightFields({ flightId: j.flightId, flightCode: j.code, departsAt: j.departsAt, originId: j.originId, destinationId: j.destinationId }),
  };
}

/**
 * Slots = the booking's journeys (its live tickets' flights), in take-off order. Each passenger
 * carries the gender their booking recorded (`code:position`): the flight search of a slot
 * counts adults as men and women (spec my-tickets §3).
 */
export function travelSlots(live: TicketRow[], genders: ReadonlyMap<string, 'M' | 'F'> = new Map()): TTravelSlot[] {
  const byJourney = new Map<string, TicketRow[]>();
  for (const t of [...live].sort((a, b) => a.departs_at.localeCompare(b.departs_at))) {
    const key = `${t.flight_id}|${t.origin_id}|${t.destination_id}`;
    byJourney.set(key, [...(byJourney.get(key) ?? []), t]);
  }
  return [...byJourney.values()].map((tickets, i) => {
    const t = tickets[0]!;
    const f = flightFields(ticketFlight(t));
    return {
      id: i + 1,
      description: f.description,
      flightCode: f.flightCode,
      flightDate: f.takeOffDate,
      origin: f.origin,
      destination: f.destination,
      flightId: f.flightId,
      takeOffDate: f.takeOffDate,
      takeOffTime: f.takeOffTime,
      originLabel: f.label_origin,
      destinationLabel: f.label_destination,
      seasonFare: fareTabFor(romeDateOf(t.departs_at)),
      paxes: tickets.map((p) => ({
        bookingId: Number(p.ticket_nr),
        id: p.category === 'an' ? ANIMAL_PAX_ID : Number(p.passenger_key) || 0,
        gender: genders.get(`${p.booking_code}:${p.passenger_key}`) ?? null,
        category: PAX_CATEGORY[p.category as PaxCategory] ?? 'AD',
        birthDate: p.birth_date,
        exemption: false,
        dsc: discountPercentOf({ fareCents: p.fare_cents, ticketCents: p.ticket_cents }),
      })),
    };
  });
}
