import { describe, expect, it } from 'vitest';
import { PLACE_IDS } from '../places.ts';
import { editableUntil, formatEditableUntil, isEditableAt } from './editable.ts';
import { hasMyTicketsFilter, ZMyTicketsQuery, ZPassengerEditBody, ZTicketEmailBody } from './wire.ts';

const takeOff = '2026-07-10T07:00:00.000Z'; // 09:00 in Rome (summer time)

describe('editable_until', () => {
  it('is 6 hours before take-off between Foggia and the Tremiti, either way', () => {
    const out = editableUntil({ originId: PLACE_IDS.foggiaDeparture, destinationId: PLACE_IDS.tremiti, departsAt: takeOff });
    const back = editableUntil({ originId: PLACE_IDS.tremiti, destinationId: PLACE_IDS.foggiaArrival, departsAt: takeOff });
    expect(formatEditableUntil(out)).toBe('2026-07-10 03:00:00');
    expect(formatEditableUntil(back)).toBe('2026-07-10 03:00:00');
  });

  it('is 12 hours before take-off on other routes, in Rome time', () => {
    const until = editableUntil({ originId: PLACE_IDS.foggiaDeparture, destinationId: PLACE_IDS.vieste, departsAt: takeOff });
    expect(formatEditableUntil(until)).toBe('2026-07-09 21:00:00');
  });

  it('is still editable at exactly the limit, not a second later', () => {
    const journey = { originId: PLACE_IDS.foggiaDeparture, destinationId: PLACE_IDS.tremiti, departsAt: takeOff };
    const limit = editableUntil(journey);
    expect(isEditableAt(journey, limit)).toBe(true);
    expect(isEditableAt(journey, new Date(limit.getTime() + 1000))).toBe(false);
  });
});

describe('my-tickets wire', () => {
  it('needs one filter; includeCancelled alone is not one', () => {
    const onlyCancelled = ZMyTicketsQuery.parse({ includeCancelled: '1', lastname: '  ' });
    expect(onlyCancelled.includeCancelled).toBe(true);
    expect(hasMyTicketsFilter(onlyCancelled)).toBe(false);
    expect(hasMyTicketsFilter(ZMyTicketsQuery.parse({ lastname: 'ros' }))).toBe(true);
  });

  it('limits the booking code to 8 and the ticket number to 7 characters, 25 a page', () => {
    expect(ZMyTicketsQuery.safeParse({ bookingCode: 'ABCDEFGHJ' }).error?.issues[0]?.message).toBe('myTicketsBookingCodeTooLong');
    expect(ZMyTicketsQuery.safeParse({ ticketNr: '12345678' }).error?.issues[0]?.message).toBe('myTicketsTicketNrTooLong');
    expect(ZMyTicketsQuery.safeParse({ ticketNr: '1', per_page: '26' }).success).toBe(false);
    expect(ZMyTicketsQuery.parse({ ticketNr: '1' })).toMatchObject({ current_page: 1, per_page: 25 });
    expect(ZMyTicketsQuery.safeParse({ flightDate: '31/02/2026' }).success).toBe(false);
  });

  it('passenger edit: blank optional fields are null-ish, a bad e-mail is refused', () => {
    const ok = ZPassengerEditBody.parse({ lastname: ' Rossi ', firstname: 'Anna', birthdate: '01/02/1990', emailPax: '', telPax: '' });
    expect(ok).toMatchObject({ lastname: 'Rossi', emailPax: undefined, telPax: undefined });
    expect(ZPassengerEditBody.safeParse({ lastname: 'R', firstname: 'A', birthdate: '01/02/1990', emailPax: 'x@' }).success).toBe(false);
  });

  it('e-mail body: forms default to none', () => {
    expect(ZTicketEmailBody.parse({ pdfType: 'ticket', recipient: 'emailPax' }).forms).toEqual({ minor: false, pregnant: false, weapons: false });
    expect(ZTicketEmailBody.safeParse({ pdfType: 'all', recipient: 'emailPax' }).success).toBe(false);
  });
});
