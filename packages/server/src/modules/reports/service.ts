import {
  can,
  centsToWire,
  dayjs,
  type Lang,
  romeDateTimeText,
  romeDateTimeToUtc,
  routeName,
  type SalesChannel,
  summariseReport,
  type TReportAnswer,
  type TReportLine,
  type TReportQuery,
} from '@heliline/domain';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database.ts';
import { ledgerLines, openRefunds, type Range, type RequestInfo, requestsByIds, type UserInfo, usersByIds } from './queries.ts';

/**
 * The money reports (issue 51 item 6): every movement of the ledgers over Rome calendar days,
 * with its booking, route, channel and staff member, and the totals of summariseReport. Admin
 * reads everything; a cashier (PagamentoCash) only the cash they took or paid out themselves.
 */

interface Reader {
  id: number;
  roles: readonly string[];
}

/** The instants [start of `from`, start of the day after `to`) in Rome. */
function rangeOf(q: TReportQuery): Range {
  const to = q.to ?? q.from;
  const after = dayjs(to).add(1, 'day').format('YYYY-MM-DD');
  return { start: romeDateTimeToUtc(q.from, '00:00').toISOString(), end: romeDateTimeToUtc(after, '00:00').toISOString() };
}

function channelOf(user: UserInfo | undefined): SalesChannel {
  if (user?.isStaff) return 'staff';
  return user?.isAgency ? 'agency' : 'customer';
}

const CSV_HEADER = [
  'datetime_rome',
  'booking_code',
  'kind',
  'payment_type',
  'refund_source',
  'direction',
  'amount_eur',
  'amount_cents',
  'route',
  'channel',
  'staff_user',
  'ledger_ref',
];

/** A leading = + - @ (or a tab, a carriage return) would start a spreadsheet formula: a quote in front makes the cell inert text. */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export class ReportsService {
  constructor(private readonly db: Db) {}

  async report(reader: Reader, query: TReportQuery): Promise<TReportAnswer> {
    const range = rangeOf(query);
    const ownCashOnly = !can(reader.roles, 'reports.all');
    let lines = await this.lines(range);
    let open = await openRefunds(this.db, range);
    if (ownCashOnly) {
      lines = lines.filter((l) => l.type === 'cash' && l.staffId === reader.id);
      // Pending cash refunds wait for the desk (any cashier may pay them out): shown to every cashier.
      open = open.filter((o) => o.source === 'cash');
    }
    return { from: query.from, to: query.to ?? query.from, ownCashOnly, lines, ...summariseReport(lines, open) };
  }

  /** Every line of the report as CSV: UTF-8 with a BOM, a header, amounts in euros with a dot and in cents. */
  async csv(reader: Reader, query: TReportQuery, lang: Lang): Promise<string> {
    const { lines } = await this.report(reader, query);
    const rows = lines.map((l) => [
      romeDateTimeText(new Date(l.at)),
      l.bookingCode,
      l.kind,
      l.type,
      l.refundSource ?? '',
      l.direction,
      centsToWire(l.amountCents),
      String(l.amountCents),
      routeName(l.originId, l.destinationId, lang),
      l.channel,
      l.staffEmail ?? '',
      l.ref,
    ]);
    return stringify(
      [CSV_HEADER, ...rows].map((r) => r.map(inert)),
      { record_delimiter: 'windows', bom: true },
    );
  }

  private async lines(range: Range): Promise<TReportLine[]> {
    const raw = await ledgerLines(this.db, range);
    const requests = new Map((await requestsByIds(this.db, [...new Set(raw.map((l) => l.requestId))])).map((r) => [r.id, r]));
    const userIds = new Set<number>();
    for (const r of requests.values()) userIds.add(r.userId);
    for (const l of raw) if (l.staffId !== null) userIds.add(l.staffId);
    const users = new Map((await usersByIds(this.db, [...userIds])).map((u) => [u.id, u]));
    return raw.map((l) => {
      const request = requests.get(l.requestId) as RequestInfo;
      const seller = users.get(request.userId);
      const channel = channelOf(seller);
      // The desk's staff member; for a sale made by staff (payment link, staff wizard), the seller.
      const staffId = l.staffId ?? (channel === 'staff' ? request.userId : null);
      return {
        ref: l.ref,
        at: l.at,
        bookingCode: request.code,
        kind: l.kind === 'sale' && request.channel === 'CHANGE' ? 'change' : l.kind,
        type: l.type,
        direction: l.direction,
        refundSource: l.refundSource,
        amountCents: l.amountCents,
        originId: request.originId,
        destinationId: request.destinationId,
        channel,
        staffId,
        staffEmail: staffId === null ? null : (users.get(staffId)?.email ?? null),
      };
    });
  }
}
