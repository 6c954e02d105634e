import type { TChangeBodyInput, TChangeRow, TFlight, TManageBookingAnswer, TTravelSlot } from '@heliline/domain';
import type { ChangeType } from '@heliline/domain/booking/payment-types';
import { type Slot, SLOT_DESTINATIONS, SLOT_ORIGINS, type SlotFlight, type SlotTicket } from './slots.ts';

/** A slot's chosen flight: a search row, or the journey's own flight when the booking opens. */
type ChosenFlight = SlotFlight & Pick<TFlight, 'flightCode' | 'takeOffDate' | 'takeOffTime'> & Partial<TFlight>;
export type EditSlot = Slot<ChosenFlight>;

/** A live ticket in edit mode: its row, where it is going, and its refund settings as typed. */
export type EditTicket = TChangeRow & SlotTicket & { refundPercText: string; refundFeeText: string };

export interface EditState {
  tickets: EditTicket[];
  slots: EditSlot[];
}

/** Foggia is 1348 as a departure and 1349 as a destination (spec §2); the selects offer those ids. */
const asOrigin = (id: number) => (id === 1349 ? 1348 : (SLOT_ORIGINS as readonly number[]).includes(id) ? id : null);
const asDestination = (id: number) => (id === 1348 ? 1349 : (SLOT_DESTINATIONS as readonly number[]).includes(id) ? id : null);

function slotOf(travel: TTravelSlot): EditSlot {
  return {
    id: travel.id,
    origin: asOrigin(travel.origin),
    destination: asDestination(travel.destination),
    date: travel.flightDate,
    flights: null,
    noFlights: false,
    flight: { flightId: travel.flightId, flightCode: travel.flightCode, takeOffDate: travel.takeOffDate, takeOffTime: travel.takeOffTime },
  };
}

/** The booking as it opens: one slot per journey, each live ticket on its journey's slot. */
export function initialEdit(answer: TManageBookingAnswer): EditState {
  const slots = answer.travels.map(slotOf);
  const tickets: EditTicket[] = [];
  for (const row of answer.bookings) {
    if (row.cancelled || row.movedTo) continue;
    const travel = answer.travels.find((tr) => tr.paxes.some((p) => p.bookingId === row.id)) ?? answer.travels.find((tr) => tr.flightId === row.flightId);
    const pax = travel?.paxes.find((p) => p.bookingId === row.id);
    const home = travel?.id ?? slots[0]?.id ?? 1;
    tickets.push({
      ...row,
      paxKey: `${row.bookingCode}/${row.idPax}/${row.lastname}/${row.firstname}/${row.birthdate}`,
      gender: pax?.gender ?? null,
      homeSlot: home,
      movedOn: home,
      refundPercText: String(row.refunded_perc),
      refundFeeText: String(row.refunded_fee),
    });
  }
  return { tickets, slots };
}

/** The ticket number the server takes (stored rows always have one). */
const numberOf = (t: EditTicket) => t.ticketNr ?? String(t.id);

/**
 * PUT /api/bookings/{code} body (spec §7): each slot with the passengers it moves (a ticket
 * already on the slot's flight is not a change), the cancellations, contacts and the admin fee flag.
 */
export function changeBody(
  state: EditState,
  type: ChangeType,
  opts: { adminFeeCheck: boolean; paymentLinkEmail?: string; refundSettingsEditable: boolean },
): TChangeBodyInput {
  const live = state.tickets.filter((t) => !t.cancelled);
  return {
    type,
    travels: state.slots
      .map((s) => ({ slot: s, paxes: live.filter((t) => t.movedOn === s.id && s.flight?.flightId !== t.flightId) }))
      .filter(({ paxes }) => paxes.length > 0)
      .map(({ slot, paxes }) => ({
        id: slot.id,
        origin: slot.origin ?? 0,
        destination: slot.destination ?? 0,
        flightId: slot.flight?.flightId ?? null,
        paxes: paxes.map((t) => ({ bookingId: t.id, ticketNr: numberOf(t) })),
      })),
    cancellations: state.tickets
      .filter((t) => t.cancelled)
      .map((t) =>
        opts.refundSettingsEditable
          ? {
              ticketNr: numberOf(t),
              refunded_perc: t.refundPercText,
              refunded_fee: t.refundFeeText,
              refunded_tax: t.refunded_tax,
              refunded_landingFee: t.refunded_landingFee,
            }
          : { ticketNr: numberOf(t) },
      ),
    contacts: { email_payment_link: opts.paymentLinkEmail ?? null },
    adminFeeCheck: opts.adminFeeCheck,
  };
}
