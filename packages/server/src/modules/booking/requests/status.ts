import { localizedWith, toWireDate } from '@heliline/domain';
import type { z } from 'zod';
import type { IssuedTicket } from '../../tickets/contract.ts';
import type { BookingRequestRow, PassengerRow } from './queries.ts';
import type { ZBookingStatusAnswer } from './schemas.ts';

type StatusAnswer = z.infer<typeof ZBookingStatusAnswer>;
type State = NonNullable<StatusAnswer['booking']>['state'];

/** Why a request failed when the bank's own message is not the reason. */
function reasonOf(row: BookingRequestRow, state: State) {
  if (state === 'expired') return localizedWith('holdExpired');
  if (state === 'refunded' || (state === 'failed' && row.failure_reason === 'seats lost after payment')) return localizedWith('seatsLostRefunded');
  return null;
}

function paxAnswer(row: BookingRequestRow, p: PassengerRow, issued: IssuedTicket[]) {
  const own = issued.filter((t) => t.passengerKey === String(p.position));
  return {
    id: p.position,
    fullname: `${p.firstname} ${p.lastname}`.trim(),
    birthdate: toWireDate(p.birth_date),
    ticket: own.find((t) => t.direction === 'd')?.ticketNr ?? null,
    // Where this passenger's tickets go: their own address, else the booking's contact.
    email: own[0]?.email ?? p.email ?? row.contact_email,
    tickets: own.map((t) => t.ticketNr),
  };
}

/** GET /api/booking-status: the request, its passengers and tickets, and what the screen shows. */
export function statusAnswer(row: BookingRequestRow, passengers: PassengerRow[], issued: IssuedTicket[]): StatusAnswer {
  const state = row.status as State;
  return {
    booking: {
      code: row.code,
      email: row.contact_email,
      paxes: passengers.map((p) => paxAnswer(row, p, issued)),
      paymentDeadline: state === 'pending' ? row.hold_expires_at : null,
      deadlineExtended: row.hold_extended === 1,
      state,
    },
    status: state === 'ticketed' ? (1 as const) : (0 as const),
    pending: state === 'pending' || state === 'paid',
    bank: { message: row.bank_message, error_code: row.error_code },
    reason: reasonOf(row, state),
  };
}
