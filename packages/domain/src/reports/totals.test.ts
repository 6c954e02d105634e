import { describe, expect, it } from 'vitest';
import { paymentTypeOfSource, summariseReport } from './totals.ts';
import { type TReportLine, ZReportQuery } from './wire.ts';

const line = (over: Partial<TReportLine>): TReportLine => ({
  ref: `x:${Math.random()}`,
  at: '2026-12-07T10:00:00.000Z',
  bookingCode: 'ABC23456',
  kind: 'sale',
  type: 'card',
  direction: 'in',
  refundSource: null,
  amountCents: 1000,
  originId: 1348,
  destinationId: 1511,
  channel: 'customer',
  staffId: null,
  staffEmail: null,
  ...over,
});

describe('summariseReport', () => {
  const lines = [
    line({ amountCents: 12050 }),
    line({ type: 'paypal', kind: 'change', amountCents: 2501, channel: 'agency', originId: 1511, destinationId: 1514 }),
    line({ type: 'cash', amountCents: 8000, channel: 'staff', staffId: 7, staffEmail: 'cassa@x.test' }),
    line({ type: 'cash', kind: 'refund', refundSource: 'cash', direction: 'out', amountCents: 3000, staffId: 7, staffEmail: 'cassa@x.test' }),
    line({ kind: 'refund', refundSource: 'sandbox', direction: 'out', amountCents: 1999 }),
    line({ type: 'voucher', amountCents: 4000 }),
  ];
  const s = summariseReport(lines, [
    { source: 'nexi', state: 'pending', amountCents: 500 },
    { source: 'paypal', state: 'failed', amountCents: 700 },
  ]);

  it('totals in, out and net to the cent', () => {
    expect(s.totals).toEqual({ inCents: 26551, outCents: 4999, netCents: 21552 });
  });

  it('lists every payment type and channel, with their shares adding up to the totals', () => {
    expect(s.byType.map((t) => t.type)).toEqual(['card', 'paypal', 'cash', 'account', 'voucher']);
    expect(s.byType.find((t) => t.type === 'card')).toEqual({ type: 'card', inCents: 12050, outCents: 1999, netCents: 10051 });
    expect(s.byType.find((t) => t.type === 'account')).toEqual({ type: 'account', inCents: 0, outCents: 0, netCents: 0 });
    expect(s.byChannel.map((c) => c.channel)).toEqual(['customer', 'agency', 'staff']);
    for (const groups of [s.byType, s.byChannel, s.byRoute]) {
      expect(groups.reduce((n, g) => n + g.netCents, 0)).toBe(s.totals.netCents);
    }
  });

  it('groups by route, the largest takings first', () => {
    expect(s.byRoute).toEqual([
      { originId: 1348, destinationId: 1511, inCents: 24050, outCents: 4999, netCents: 19051 },
      { originId: 1511, destinationId: 1514, inCents: 2501, outCents: 0, netCents: 2501 },
    ]);
  });

  it('counts sent refunds by source and shows pending and failed ones beside them, outside the totals', () => {
    const by = Object.fromEntries(s.refunds.map((r) => [r.source, r]));
    expect(by.sandbox).toMatchObject({ countedCents: 1999, countedCount: 1, pendingCents: 0 });
    expect(by.cash).toMatchObject({ countedCents: 3000, countedCount: 1 });
    expect(by.nexi).toMatchObject({ countedCents: 0, pendingCents: 500, pendingCount: 1 });
    expect(by.paypal).toMatchObject({ failedCents: 700, failedCount: 1 });
  });

  it("closes each cashier's cash per Rome day", () => {
    const late = line({ type: 'cash', amountCents: 100, staffId: 7, staffEmail: 'cassa@x.test', at: '2026-12-07T23:30:00.000Z' });
    const other = line({ type: 'account', amountCents: 100, staffId: 7, staffEmail: 'cassa@x.test' });
    const c = summariseReport([...lines, late, other], []).closings;
    expect(c).toEqual([
      { day: '2026-12-07', staffId: 7, staffEmail: 'cassa@x.test', cashInCents: 8000, cashOutCents: 3000, netCents: 5000 },
      // 23:30 UTC is past midnight in Rome.
      { day: '2026-12-08', staffId: 7, staffEmail: 'cassa@x.test', cashInCents: 100, cashOutCents: 0, netCents: 100 },
    ]);
  });

  it('maps both card gateways to card', () => {
    expect(paymentTypeOfSource('nexi')).toBe('card');
    expect(paymentTypeOfSource('sandbox')).toBe('card');
    expect(paymentTypeOfSource('account')).toBe('account');
  });
});

describe('ZReportQuery', () => {
  const issues = (q: object) => ZReportQuery.safeParse(q).error?.issues.map((i) => i.message);

  it('takes one day or a range of at most 366 days', () => {
    expect(ZReportQuery.safeParse({ from: '2026-12-07' }).success).toBe(true);
    expect(ZReportQuery.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(issues({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['reportRangeTooLong']);
  });

  it('refuses an end before the start and dates that are not dates', () => {
    expect(issues({ from: '2026-12-07', to: '2026-12-06' })).toEqual(['reportRangeInvalid']);
    expect(ZReportQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(ZReportQuery.safeParse({}).success).toBe(false);
  });
});
