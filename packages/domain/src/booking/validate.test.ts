import { describe, expect, it } from 'vitest';
import { issueText } from './issues.ts';
import {
  placeIdFromQuery,
  ZBookingStatusResponse,
  ZBookingStoreBody,
  ZCheckCouponBody,
  ZFlightsQuery,
  ZFlightsResponse,
  ZStoreResponse,
  ZSubmitTicketBody,
  type TBookingStoreBodyInput,
} from './schemas.ts';
import type { ChosenFlight } from './step2.ts';
import { canStoreType, validateBookingForm, type BookingFormContext } from './validate.ts';

const departure: ChosenFlight = { flightId: 11, takeOffDateTime: '2026-03-10T07:30:00.000Z', extra: false, originId: 1348, destinationId: 1511 };
const comeback: ChosenFlight = { flightId: 14, takeOffDateTime: '2026-03-12T13:40:00.000Z', extra: false, originId: 1511, destinationId: 1349 };

const body = (over: Partial<TBookingStoreBodyInput['form']> = {}, top: Partial<TBookingStoreBodyInput> = {}): TBookingStoreBodyInput => ({
  type: 1,
  bookingChannel: 'WEB',
  form: {
    flightType: 'DW',
    originId: 1348,
    destinationId: 1511,
    departureDate: '10/03/2026',
    comebackDate: '12/03/2026',
    departureFlightId: 11,
    comebackFlightId: 14,
    men: 1,
    women: 0,
    children: 1,
    infants: 0,
    paxes: [
      { id: 5, category: 'a', gender: 'M', lastname: 'Rossi', firstname: 'Mario', birthDate: '01/01/1980', residence: 'Foggia', document_type: 1, document_num: 'CA1' },
      { id: -1, category: 'c', gender: 'F', lastname: 'Rossi', firstname: 'Lia', birthDate: '01/01/2018', residence: 'Foggia', document_type: 2, document_num: 'X9' },
    ],
    // adult 31,75+13,91+2,50 + 31,75+7,41; child of 8: 15,87+12,12 + 15,87+5,62
    totals: { tickets: 95.24, ticketsDiscounted: 95.24, taxes: 39.06, landingTaxes: 2.5, grandTotal: 136.8, grandTotalDiscounted: 136.8 },
    contacts: { email: 'mario@example.it', telephone: '+39 333 1234567', email_payment_link: '' },
    conditions: true,
    ...over,
  },
  ...top,
});
const ctx: BookingFormContext = {
  user: { gender: 'M', roles: [] },
  storeType: 1,
  flights: { departure, comeback },
  now: new Date('2026-03-01T10:00:00Z'),
};
const run = (b: TBookingStoreBodyInput, c: Partial<BookingFormContext> = {}) => {
  const parsed = ZBookingStoreBody.parse(b);
  return validateBookingForm(parsed.form, { ...ctx, storeType: parsed.type, invoice: parsed.invoice, bloccaPostiNota: parsed.bloccaPostiNota, ...c });
};
const keys = (r: ReturnType<typeof run>) => r.issues.map((i) => i.key);

describe('validateBookingForm', () => {
  it('accepts a correct booking and recomputes the same totals', () => {
    const r = run(body());
    expect(r.issues).toEqual([]);
    expect(r.priced?.totals.grandTotalDiscounted).toBe(13680);
  });

  it('detects tampered prices and counts', () => {
    expect(keys(run(body({ totals: { tickets: 1, ticketsDiscounted: 1, taxes: 39.06, landingTaxes: 2.5, grandTotal: 42.56, grandTotalDiscounted: 42.56 } })))).toEqual([
      'totalsChanged',
    ]);
    expect(keys(run(body({ children: 3 })))).toEqual(['paxCountMismatch']);
  });

  it('runs step 1 first and stops there', () => {
    const r = run(body({ destinationId: 1348 }));
    expect(r.issues.map((i) => issueText(i, 'en'))).toEqual(['origin and destination cannot be identical!']);
  });

  it('checks the flights against the form, the cut-off and extra flights', () => {
    expect(keys(run(body(), { flights: { departure, comeback: null } }))).toEqual(['comebackFlightRequired']);
    expect(keys(run(body({ comebackFlightId: 99 })))).toEqual(['flightNotAvailable']);
    expect(keys(run(body({ departureDate: '11/03/2026' })))).toEqual(['flightNotAvailable']);
    expect(keys(run(body(), { now: new Date('2026-03-10T02:00:00Z') }))).toEqual(['purchaseCutoff']);
    expect(keys(run(body(), { flights: { departure: { ...departure, extra: true }, comeback } }))).toEqual(['extraFlightStaffOnly']);
  });

  it('runs step 3 and the invoice rules', () => {
    const r = run(body({ conditions: false }, { invoice: { requested: true, invoice_type: 0, p_iva: '01234567890' } }));
    expect(keys(r)).toEqual(['conditionsRequired', 'invoiceCompanyRequired', 'invoiceAddressRequired', 'invoiceRecipientRequired']);
  });

  it('checks who may store which type, and what each type needs', () => {
    expect(keys(run(body(), { storeType: 2 }))).toEqual(['forbidden']);
    expect(canStoreType(2, ['PagamentoCash'])).toBe(true);
    expect(canStoreType(3, ['PagamentoSatispay'])).toBe(true);
    expect(canStoreType(-1, ['Admin'])).toBe(false);
    const staff = { user: { gender: 'M' as const, roles: ['Prenotazioni'] } };
    expect(keys(run(body(), { ...staff, storeType: -1 }))).toEqual(['paymentLinkEmailInvalid']);
    expect(
      keys(run(body({ contacts: { email: 'mario@example.it', telephone: '333 1234567', email_payment_link: 'cliente@example.it' } }), { ...staff, storeType: -1 })),
    ).toEqual([]);
    expect(keys(run(body({ paxes: [] }, { type: 4 }), { ...staff, storeType: 4 }))).toEqual(['atLeastOnePax']);
    expect(keys(run(body({}, { type: 4 }), { ...staff, storeType: 4 }))).toEqual(['blockReasonRequired']);
    expect(keys(run(body({}, { type: 4, bloccaPostiNota: 'gruppo' }), { ...staff, storeType: 4 }))).toEqual([]);
  });

  it('takes an unaccompanied minor from staff with the declaration, in either field', () => {
    const child = body().form.paxes[1]!;
    const kids = body({ men: 0, children: 1, paxes: [child], totals: undefined, unattendedMinor: true });
    const admin = { user: { gender: 'F' as const, roles: ['Admin'] }, storeType: 2 as const };
    expect(keys(run(kids, admin))).toEqual(['unattendedMinorDisclaimerRequired']);
    expect(keys(run({ ...kids, form: { ...kids.form, minorDisclaimer: true } }, admin))).toEqual([]);
    expect(keys(run({ ...kids, form: { ...kids.form, email_forms_pdf: { minor: true } } }, admin))).toEqual([]);
    expect(keys(run({ ...kids, form: { ...kids.form, minorDisclaimer: true } }))).toEqual(['forbidden', 'childrenWithoutAdults']);
  });

  it('applies staff discounts only for Prenotazioni/PrenotaFull, and a verified coupon', () => {
    const b = body({ totals: undefined });
    b.form.paxes[0] = { ...b.form.paxes[0]!, dsc: 50 };
    expect(run(b).priced?.totals.ticketsDiscounted).toBe(9524);
    expect(run(b, { user: { gender: 'M', roles: ['PrenotaFull'] }, storeType: null }).priced?.totals.ticketsDiscounted).toBe(9524 - 2 * 1588); // 50% of 31,75 = 15,875 → 15,88 off per leg
    expect(run(body({ totals: undefined }), { couponPerc: 10 }).priced?.totals.ticketsDiscounted).toBe(9524 - 952);
  });
});

describe('booking schemas', () => {
  it('reads the flights query with place names, ids and DD/MM/YYYY dates', () => {
    const q = ZFlightsQuery.parse({ origin: 'Foggia', destination: 'Isole Tremiti', departureDate: '10/03/2026', men: '1', reverse: '0' });
    expect(q).toMatchObject({ origin: 1348, destination: 1511, men: 1, women: 0, children: 0, infants: 0, reverse: false });
    expect(ZFlightsQuery.parse({ origin: '1511', destination: 'foggia', departureDate: '10/03/2026' }).destination).toBe(1349);
    expect(placeIdFromQuery('Peschici', 'destination')).toBeNull();
    expect(placeIdFromQuery('Tremiti', 'destination')).toBe(1511);
    expect(placeIdFromQuery('Tremiti Islands', 'origin')).toBe(1511);
    expect(placeIdFromQuery('Isole', 'origin')).toBeNull();
    const bad = ZFlightsQuery.safeParse({ origin: 'Bari', destination: 'Vieste', departureDate: '31/02/2026' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['origin', 'routeNotServed'],
      ['departureDate', 'dateInvalid'],
    ]);
  });

  it('refuses sub-cent money, unknown categories and channels; normalises codes', () => {
    expect(ZCheckCouponBody.safeParse({ coupon: 'X10', tickets: 31.755, tot: 40 }).success).toBe(false);
    expect(ZCheckCouponBody.parse({ coupon: 'X10', tickets: 31.75, tot: 45.66 }).att).toBe(0);
    expect(ZCheckCouponBody.parse({ coupon: 'X10', tickets: '31.75', tot: '45.66' })).toMatchObject({ tickets: 31.75, tot: 45.66 });
    expect(ZCheckCouponBody.safeParse({ coupon: 'X10', tickets: '31,75', tot: 40 }).success).toBe(false);
    expect(ZCheckCouponBody.safeParse({ coupon: 'X10', tickets: 1, tot: 1, att: 4 }).error?.issues[0]?.message).toBe('couponAttemptsExhausted');
    expect(ZBookingStoreBody.safeParse(body({ paxes: [{ id: -1, category: 'x' as 'a' }] })).success).toBe(false);
    expect(ZBookingStoreBody.safeParse({ ...body(), bookingChannel: 'APP' }).success).toBe(false);
    expect(ZBookingStoreBody.safeParse({ ...body(), type: 6 }).success).toBe(false);
    expect(ZBookingStoreBody.parse({ ...body(), retry: true, previousBooking: 'abcdef23', pending: 1 })).toMatchObject({
      retry: true,
      previousBooking: 'ABCDEF23',
      pending: true,
    });
    expect(ZBookingStoreBody.parse(body({ prenBloccataSel: { CodPrenotazione: 'ABCDEF23' } })).form.prenBloccataSel).toBe('ABCDEF23');
    expect(ZBookingStoreBody.safeParse(body({ contacts: { email: 'x'.repeat(256) } })).error?.issues[0]?.message).toBe('tooLong');
  });

  it('checks the receipt e-mail and ticket numbers', () => {
    expect(ZSubmitTicketBody.safeParse({ email: 'nope', tickets: ['0000001'] }).error?.issues[0]?.message).toBe('receiptEmailInvalid');
    expect(ZSubmitTicketBody.safeParse({ email: 'a@b.it', tickets: ['12'] }).success).toBe(false);
    expect(ZSubmitTicketBody.parse({ email: 'a@b.it', tickets: ['0000001', '0000002'] }).tickets).toHaveLength(2);
  });

  it('describes the answers', () => {
    expect(
      ZStoreResponse.safeParse({
        status: 'success',
        type: 1,
        bank_link: 'http://x',
        bookingCode: 'ABCDEF23',
        message: 'ok',
        message_it: 'ok',
        message_en: 'ok',
        messages: { it: 'ok', en: 'ok' },
      }).success,
    ).toBe(true);
    expect(ZBookingStatusResponse.safeParse({ booking: null, status: 0, bank: { message: 'Carta rifiutata', error_code: '05' } }).success).toBe(true);
    const amounts = { a: 31.75, c: 15.87, i: 3.17, an: 15.87 };
    expect(ZFlightsResponse.safeParse({ fares: amounts, taxes: amounts, landingTax: amounts, prices: amounts, flights: [] }).success).toBe(true);
  });
});
