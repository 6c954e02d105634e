import type { TChangeRow, TManageBookingAnswer } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { changeBody, initialEdit } from './edit-state.ts';
import { addSlot, chooseFlight, moveTicket, setCancelled, setSearchResult, setSlotField } from './slots.ts';

const row = (id: number, over: Partial<TChangeRow> = {}): TChangeRow => ({
  id,
  idPax: 1,
  bookingCode: 'ABC12301',
  ticketNr: String(id),
  ticketNrInv: null,
  dw: 'DW',
  dw_flight: 'd',
  lastname: 'Rossi',
  firstname: 'Anna',
  birthdate: '01/01/1980',
  paxCategory: 'AD',
  category: 'a',
  emailBooking: 'a@example.test',
  editable_until: '2099-01-01 00:00:00',
  editable: true,
  paymentType: 1,
  cancelled: false,
  movedOn: 0,
  movedTo: null,
  ticket: 50,
  tax: 5,
  landingFee: 3,
  fare: 50,
  discount: 0,
  ticketCost: 58,
  refund: null,
  origin: 1348,
  destination: 1511,
  label_origin: 'Foggia',
  label_destination: 'Tremiti',
  flightId: 10,
  flightCode: 'LID101',
  description: '',
  takeOffDate: '01/02/2099',
  takeOffTime: '08:00',
  bookingDate: '01/01/2099',
  bookingTime: '10:00',
  refunded_perc: 100,
  refunded_fee: 0,
  refunded_tax: true,
  refunded_landingFee: true,
  ...over,
});
const travel = (id: number, flightId: number, bookingIds: number[], origin: number, destination: number) => ({
  id,
  description: '',
  flightCode: `LID${flightId}`,
  flightDate: '01/02/2099',
  origin,
  destination,
  flightId,
  takeOffDate: '01/02/2099',
  takeOffTime: '08:00',
  originLabel: '',
  destinationLabel: '',
  seasonFare: 'low' as const,
  paxes: bookingIds.map((b) => ({ bookingId: b, id: 1, gender: 'F', category: 'a', birthDate: '01/01/1980', exemption: false, dsc: 0 })),
});
const answer: TManageBookingAnswer = {
  bookingCode: 'ABC123',
  bookings: [row(1000001), row(1000002, { dw_flight: 'c', flightId: 20, origin: 1511, destination: 1349 }), row(1000003, { cancelled: true })],
  travels: [travel(1, 10, [1000001], 1348, 1511), travel(2, 20, [1000002], 1511, 1349)],
  refundSettingsEditable: false,
  pendingChange: null,
  paidChangesAvailable: true,
};

describe('edit state', () => {
  it('opens with one slot per journey and each live ticket on its slot', () => {
    const s = initialEdit(answer);
    expect(s.slots.map((x) => [x.id, x.origin, x.destination, x.flight?.flightId])).toEqual([
      [1, 1348, 1511, 10],
      [2, 1511, 1349, 20],
    ]);
    expect(s.tickets.map((t) => [t.id, t.movedOn, t.gender])).toEqual([
      [1000001, 1, 'F'],
      [1000002, 2, 'F'],
    ]);
  });

  it('sends only the tickets that change flight, and the cancellations', () => {
    let s = initialEdit(answer);
    // Two tickets: no room for a third slot; the return's slot changes date and flight instead.
    expect(addSlot(s.slots, s.tickets)).toHaveLength(2);
    const later = setSlotField(s.slots, 2, 'date', '03/02/2099');
    s = { ...s, slots: chooseFlight(setSearchResult(later, 2, []), 2, { flightId: 30, flightCode: 'LID130', takeOffDate: '03/02/2099', takeOffTime: '09:00' }) };
    const body = changeBody(s, 0, { adminFeeCheck: true, refundSettingsEditable: false });
    expect(body.travels).toEqual([{ id: 2, origin: 1511, destination: 1349, flightId: 30, paxes: [{ bookingId: 1000002, ticketNr: '1000002' }] }]);
    expect(changeBody(initialEdit(answer), 0, { adminFeeCheck: true, refundSettingsEditable: false }).travels).toEqual([]);
    const swapped = moveTicket(s.slots, s.tickets, 1000001, 2);
    expect(changeBody({ ...swapped }, 0, { adminFeeCheck: true, refundSettingsEditable: false }).travels?.[0]?.paxes).toHaveLength(2);
    expect(body.cancellations).toEqual([]);
    const withRefund = changeBody({ slots: s.slots, tickets: setCancelled(s.tickets, 1000001, true) }, 0, {
      adminFeeCheck: false,
      refundSettingsEditable: true,
      paymentLinkEmail: 'x@example.test',
    });
    expect(withRefund.cancellations).toEqual([{ ticketNr: '1000001', refunded_perc: '100', refunded_fee: '0', refunded_tax: true, refunded_landingFee: true }]);
    expect(withRefund.contacts).toEqual({ email_payment_link: 'x@example.test' });
    expect(withRefund.adminFeeCheck).toBe(false);
  });
});
