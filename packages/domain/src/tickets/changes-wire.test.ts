import { describe, expect, it } from 'vitest';
import { ZCancellationIn, ZChangeBody, ZRetrieveStatusQuery } from './changes-wire.ts';

describe('ticket changes wire', () => {
  it('reads the spec body with its defaults (refund 100 %, fee 0, flags true, admin fee checked)', () => {
    const body = ZChangeBody.parse({
      type: 0,
      travels: [{ origin: '1348', destination: 1511, flightId: 7, paxes: [{ bookingId: 1234567 }] }],
      cancellations: [{ ticketNr: '7654321' }],
    });
    expect(body.adminFeeCheck).toBe(true);
    expect(body.cancellations[0]).toEqual({ ticketNr: '7654321', refunded_perc: 100, refunded_fee: 0, refunded_tax: true, refunded_landingFee: true });
    expect(body.travels[0]!.origin).toBe(1348);
  });

  it('refund numbers are digits with an optional decimal part (spec hint), percent at most 100', () => {
    for (const ok of ['12', '12.5', 12.5, '0']) expect(ZCancellationIn.safeParse({ ticketNr: '1234567', refunded_fee: ok }).success).toBe(true);
    for (const bad of ['12,5', '-1', 'abc', '1e3']) {
      const r = ZCancellationIn.safeParse({ ticketNr: '1234567', refunded_fee: bad });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('changeRefundNumberInvalid');
    }
    expect(ZCancellationIn.safeParse({ ticketNr: '1234567', refunded_perc: 101 }).success).toBe(false);
  });

  it('a travel passenger needs a row id or a ticket number; types are 0, -1, 1', () => {
    expect(ZChangeBody.safeParse({ type: 0, travels: [{ origin: 1348, destination: 1511, flightId: 7, paxes: [{}] }] }).success).toBe(false);
    expect(ZChangeBody.safeParse({ type: 2 }).success).toBe(false);
    expect(ZRetrieveStatusQuery.parse({ bookingRequestUuid: '0b6c3f7e-1d2a-4c55-9a8e-3f1b2c4d5e6f' }).paymentType).toBe(1);
  });
});
