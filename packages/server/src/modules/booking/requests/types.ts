import type { BOOKING_TYPE } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import type { AccountsService } from '../../accounts/service.ts';
import type { AuditLog } from '../../audit/service.ts';
import type { InventoryService } from '../../inventory/service.ts';
import type { Payments } from '../../payments/contract.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { Tickets } from '../../tickets/contract.ts';
import type { CouponsService } from '../coupons/service.ts';
import type { BookingRetry } from '../failed/retry.ts';
import type { PaymentLinksService } from '../payment-links/service.ts';

export type BookingStatus = 'pending' | 'blocked' | 'paid' | 'ticketed' | 'failed' | 'expired' | 'refunded' | 'deleted';

/** What POST /api/bookings did, by type (the route turns it into the store answer). */
export type StoreResult =
  | { type: typeof BOOKING_TYPE.card; code: string; bankLink: string; holdExpiresAt: string }
  | { type: typeof BOOKING_TYPE.paymentLink; code: string; link: string; email: string; holdExpiresAt: string }
  | { type: PaidAtOnceType; code: string }
  | { type: typeof BOOKING_TYPE.block; code: string; blockExpiresAt: string };

/** Paid at the desk or wholly by a voucher: no bank, ticketed at once. */
export type PaidAtOnceType = typeof BOOKING_TYPE.cash | typeof BOOKING_TYPE.operatorAccount | typeof BOOKING_TYPE.voucher;

/** How record() writes a request: its first status, how its seats are taken, until when. */
export interface RecordMode {
  status: 'pending' | 'paid' | 'blocked';
  seatsAs: 'held' | 'sold' | 'blocked';
  holdExpiresAt: string;
  actor: string;
  /** Type 4: the reason (bloccaPostiNota). */
  note?: string | null;
  /** A blocked booking whose seats become this request's (form.prenBloccataSel). */
  fromBlocked?: string | null;
  /** A retried booking (body.previousBooking) whose held seats become this request's. */
  retryOf?: string | null;
  /** Hashed client address of a buyer's hold (counted by the hold limit). */
  holdIp?: string | null;
  /** The card payment opened in the same transaction (its id drawn first, so the row is written once). */
  paymentId?: string | null;
}

export interface BookingDeps {
  db: Db;
  transactions: Transactions;
  inventory: InventoryService;
  schedule: ScheduleService;
  accounts: Pick<AccountsService, 'requireUser' | 'documentTypeIds'>;
  coupons: Pick<CouponsService, 'lookup' | 'spendVoucher' | 'restoreVoucher' | 'respendVoucher'>;
  payments: Payments;
  tickets: Tickets;
  /** Type -1: the link is sent through the payment-links service (set at composition). */
  paymentLinks?: Pick<PaymentLinksService, 'send'>;
  /** Seats one buyer (account or address) may hold unpaid at once; the roles that hold seats for their work are exempt (hold-limit.ts). */
  holdSeatsPerBuyer: number;
  /** Client addresses the hold limit does not count (the accounts behind them still are). */
  holdIpAllowList?: readonly string[];
  /** Retry of a booking that did not complete (body.retry): closes the previous one inside the new one's transaction. */
  retry?: Pick<BookingRetry, 'check' | 'closePrevious'>;
  log: FastifyBaseLogger;
  /** Who changed which booking when, written in each change's transaction. */
  audit: Pick<AuditLog, 'record' | 'status' | 'ticketsIssued'>;
  /** The clock (tests move it). */
  now?: () => Date;
}
