import { can, centsToAmount, dayjs, REFUNDS_PER_PAGE, romeDateTimeToUtc, type TAdminRefund, type TAdminRefundsAnswer, type TMyRefund } from '@heliline/domain';
import type { Selectable } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { RefundsTable } from '../../db/schema-refunds.ts';

/**
 * What people read of the refund ledger: a customer's refunds on my tickets and the staff list
 * of /admin/refunds. Read-only; the state changes are the worker's and actions.ts'.
 */

type RefundRow = Selectable<RefundsTable> & { booking_code: string };

export interface RefundFilter {
  state?: string;
  source?: string;
  /** Rome calendar days (YYYY-MM-DD) of the refund's creation, both included. */
  from?: string;
  to?: string;
  /** A booking code or its start. */
  code?: string;
}

const joined = (db: DbOrTrx) => db.selectFrom('refunds as f').innerJoin('booking_requests as r', 'r.id', 'f.booking_request_id');
const withBookingCode = (db: DbOrTrx) => joined(db).selectAll('f').select('r.code as booking_code');

/** The instant a Rome calendar day starts. */
const dayStart = (isoDate: string) => romeDateTimeToUtc(isoDate, '00:00').toISOString();

function filtered(db: DbOrTrx, f: RefundFilter) {
  let q = joined(db);
  if (f.state) q = q.where('f.state', '=', f.state as RefundsTable['state']);
  if (f.source) q = q.where('f.source', '=', f.source as RefundsTable['source']);
  if (f.from) q = q.where('f.created_at', '>=', dayStart(f.from));
  if (f.to) q = q.where('f.created_at', '<', dayStart(dayjs(f.to).add(1, 'day').format('YYYY-MM-DD')));
  const code = f.code?.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (code) q = q.where('r.code', 'like', `${code}%`);
  return q;
}

const userId = (actor: string | null) => (actor?.startsWith('user:') ? Number(actor.slice(5)) : null);

function myRefund(row: RefundRow): TMyRefund {
  return {
    id: row.id,
    groupCode: row.group_code,
    bookingCode: row.booking_code,
    amount: centsToAmount(row.amount_cents),
    state: row.state,
    source: row.source,
    reason: row.reason,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    confirmedAt: row.confirmed_at,
  };
}

export class RefundLists {
  constructor(private readonly db: Db) {}

  /**
   * The refunds of these booking groups that the reader may see: the owner's (the booking
   * request's user, as on my tickets) or, for booking staff, everyone's. Others' are left out.
   */
  async mine(reader: { id: number; roles: readonly string[] }, groups: readonly string[]): Promise<TMyRefund[]> {
    let q = withBookingCode(this.db).where('f.group_code', 'in', groups);
    if (!can(reader.roles, 'booking.staffPaymentArea')) q = q.where('r.user_id', '=', reader.id);
    const rows = await q.orderBy('f.created_at', 'desc').orderBy('f.id').execute();
    return rows.map(myRefund);
  }

  /** One page of the staff list, newest first. */
  async list(query: RefundFilter & { page: number }): Promise<TAdminRefundsAnswer> {
    const { total } = await filtered(this.db, query)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    const count = Number(total);
    const offset = (query.page - 1) * REFUNDS_PER_PAGE;
    const rows = await filtered(this.db, query)
      .selectAll('f')
      .select('r.code as booking_code')
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id')
      .limit(REFUNDS_PER_PAGE)
      .offset(offset)
      .execute();
    const refunds = await this.staffRows(rows);
    return {
      refunds,
      pagination: {
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(count / REFUNDS_PER_PAGE)),
        from: refunds.length ? offset + 1 : null,
        to: refunds.length ? offset + refunds.length : null,
        total: count,
        per_page: REFUNDS_PER_PAGE,
      },
    };
  }

  /** One refund as the staff list shows it; undefined when no refund has this id. */
  async one(id: string): Promise<TAdminRefund | undefined> {
    const row = await withBookingCode(this.db).where('f.id', '=', id).executeTakeFirst();
    return row ? (await this.staffRows([row]))[0] : undefined;
  }

  /** Rows with the e-mails of the users they name (who asked, who paid out). */
  private async staffRows(rows: RefundRow[]): Promise<TAdminRefund[]> {
    const ids = [...new Set(rows.flatMap((r) => [userId(r.requested_by), r.paid_out_by]).filter((id): id is number => id !== null && Number.isSafeInteger(id)))];
    const users = ids.length ? await this.db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute() : [];
    const email = (id: number | null) => (id === null ? null : (users.find((u) => u.id === id)?.email ?? null));
    return rows.map((r) => ({
      ...myRefund(r),
      email: r.email,
      requestedBy: email(userId(r.requested_by)) ?? r.requested_by,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      failureCode: r.failure_code,
      failureReason: r.failure_reason,
      gatewayRefundId: r.gateway_refund_id,
      paidOutBy: email(r.paid_out_by),
      paidOutHow: r.paid_out_how,
    }));
  }
}
