import { romeDateOf } from '../dates.ts';
import { REFUND_SOURCES, type RefundSourceName, type RefundStateName } from '../refunds/wire.ts';
import { PAYMENT_TYPES, type PaymentType, SALES_CHANNELS, type TClosing, type TMoneyTotals, type TReportLine, type TReportSummary } from './wire.ts';

/**
 * The report's totals, computed once from its lines (issue 51 item 6): money in, money out and
 * net overall, by payment type, by route and by channel; refunds by source (those sent or
 * confirmed in the range are lines and count; pending and failed ones are shown beside them and
 * do not); and each staff member's cash closing per Rome day.
 */

/** A refund that is no line (yet, or ever): still pending or failed. */
export interface OpenRefund {
  source: RefundSourceName;
  state: Extract<RefundStateName, 'pending' | 'failed'>;
  amountCents: number;
}

/** Which payment type a refund comes out of: the card gateways are both "card". */
export function paymentTypeOfSource(source: RefundSourceName): PaymentType {
  return source === 'nexi' || source === 'sandbox' ? 'card' : source;
}

const zero = (): TMoneyTotals => ({ inCents: 0, outCents: 0, netCents: 0 });

function add(t: TMoneyTotals, line: TReportLine): void {
  if (line.direction === 'in') t.inCents += line.amountCents;
  else t.outCents += line.amountCents;
  t.netCents = t.inCents - t.outCents;
}

/** Totals per key, in first-seen order unless `order` lists the keys (then every listed key appears). */
function grouped<K>(lines: readonly TReportLine[], keyOf: (l: TReportLine) => K, order?: readonly K[]): Map<K, TMoneyTotals> {
  const out = new Map<K, TMoneyTotals>((order ?? []).map((k) => [k, zero()]));
  for (const line of lines) {
    const key = keyOf(line);
    if (!out.has(key)) out.set(key, zero());
    add(out.get(key)!, line);
  }
  return out;
}

function refundSources(lines: readonly TReportLine[], open: readonly OpenRefund[]): TReportSummary['refunds'] {
  const rows = REFUND_SOURCES.map((source) => ({ source, countedCents: 0, countedCount: 0, pendingCents: 0, pendingCount: 0, failedCents: 0, failedCount: 0 }));
  const row = (s: RefundSourceName) => rows.find((r) => r.source === s)!;
  for (const line of lines) {
    if (line.kind !== 'refund' || !line.refundSource) continue;
    const r = row(line.refundSource);
    r.countedCents += line.amountCents;
    r.countedCount += 1;
  }
  for (const o of open) {
    const r = row(o.source);
    if (o.state === 'pending') {
      r.pendingCents += o.amountCents;
      r.pendingCount += 1;
    } else {
      r.failedCents += o.amountCents;
      r.failedCount += 1;
    }
  }
  return rows;
}

/** Each staff member's cash per Rome day: taken (payments they took), paid out (refunds they paid out). */
function closings(lines: readonly TReportLine[]): TClosing[] {
  const out = new Map<string, TClosing>();
  for (const line of lines) {
    if (line.type !== 'cash' || line.staffId === null) continue;
    const day = romeDateOf(line.at);
    const key = `${day} ${line.staffId}`;
    let c = out.get(key);
    if (!c) {
      c = { day, staffId: line.staffId, staffEmail: line.staffEmail, cashInCents: 0, cashOutCents: 0, netCents: 0 };
      out.set(key, c);
    }
    if (line.direction === 'in') c.cashInCents += line.amountCents;
    else c.cashOutCents += line.amountCents;
    c.netCents = c.cashInCents - c.cashOutCents;
  }
  return [...out.values()].sort((a, b) => a.day.localeCompare(b.day) || (a.staffEmail ?? '').localeCompare(b.staffEmail ?? '') || a.staffId - b.staffId);
}

/** Every total of the report from its lines and the refunds that are not lines. */
export function summariseReport(lines: readonly TReportLine[], open: readonly OpenRefund[]): TReportSummary {
  const totals = zero();
  for (const line of lines) add(totals, line);
  const byType = grouped(lines, (l) => l.type, PAYMENT_TYPES);
  const byChannel = grouped(lines, (l) => l.channel, SALES_CHANNELS);
  const byRoute = grouped(lines, (l) => `${l.originId}-${l.destinationId}`);
  return {
    totals,
    byType: [...byType].map(([type, t]) => ({ type, ...t })),
    byChannel: [...byChannel].map(([channel, t]) => ({ channel, ...t })),
    byRoute: [...byRoute]
      .map(([key, t]) => {
        const [originId, destinationId] = key.split('-').map(Number) as [number, number];
        return { originId, destinationId, ...t };
      })
      .sort((a, b) => b.inCents - a.inCents || a.originId - b.originId || a.destinationId - b.destinationId),
    refunds: refundSources(lines, open),
    closings: closings(lines),
  };
}
