import '../i18n/zod-errors.ts';
import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * Wire shapes of personal data (GDPR art. 15/17/20: the export and the account deletion) and of
 * the booking audit log. The server validates and documents with these; the web imports their types.
 */
const msg = (key: MessageKey) => ({ message: key });

/** What the audit log records (one closed set, so the staff screen can name each one). */
const AUDIT_ACTIONS = [
  'created',
  'paid',
  'failed',
  'refunded',
  'ticketed',
  'ticketIssued',
  'deadlineExtended',
  'expired',
  'paymentLinkSent',
  'waitingForPaymentAgain',
  'handled',
  'removed',
  'retried',
  'blockReleased',
  'blockSold',
  'passengerEdited',
  'changeRecorded',
  'changeApplied',
  'changeFailed',
  'ticketMoved',
  'ticketCancelled',
  'pseudonymised',
  /** Checked in at the desk (with the override reason when outside the window). */
  'checkedIn',
  'flightCancelled',
  'cancellationAnswered',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of GET /api/admin/bookings/{code}/audit, oldest first. */
const ZBookingAuditEntry = z.object({
  at: z.string().describe('ISO instant of the change'),
  action: z.enum(AUDIT_ACTIONS),
  ticket_nr: z.string().nullable().describe('the ticket the change is about, if any'),
  actor: z.string().describe("'user', 'bank:<gateway>', 'paypal', 'sweeper' or 'system'"),
  actor_user_id: z.number().int().nullable().describe('who made it; null for the bank, the sweeper and the system'),
  actor_email: z.string().nullable().describe("the user's e-mail (a pseudonym once the account was deleted)"),
  detail: z.record(z.string(), z.unknown()).nullable().describe('what changed, from → to (never card data)'),
});
export type TBookingAuditEntry = z.infer<typeof ZBookingAuditEntry>;

export const ZBookingAuditAnswer = z.object({ code: z.string(), entries: z.array(ZBookingAuditEntry) });
export type TBookingAuditAnswer = z.infer<typeof ZBookingAuditAnswer>;

/** DELETE /api/user: the current password, re-entered. */
export const ZAccountDeleteBody = z.object({
  current_password: z.string(msg('required')).min(1, msg('currentPasswordRequired')).max(255, msg('tooLong')),
});
export type TAccountDeleteBody = z.infer<typeof ZAccountDeleteBody>;

/**
 * GET /api/user/data-export (a JSON file): everything kept about the caller, by table, as rows
 * of plain values. No password or token hashes, no secrets.
 */
export const ZPersonalDataExport = z.object({
  format: z.literal('heliline-personal-data/1'),
  exported_at: z.string(),
  account: z.record(z.string(), z.unknown()),
  roles: z.array(z.string()),
  profile: z.record(z.string(), z.unknown()).nullable().describe('passenger profile, or the agency data of an agency'),
  bookings: z.array(z.record(z.string(), z.unknown())),
  passengers: z.array(z.record(z.string(), z.unknown())),
  tickets: z.array(z.record(z.string(), z.unknown())),
  ticket_changes: z.array(z.record(z.string(), z.unknown())),
  ticket_events: z.array(z.record(z.string(), z.unknown())),
  payments: z.array(z.record(z.string(), z.unknown())),
  contact_requests: z.array(z.record(z.string(), z.unknown())),
  sessions: z.array(z.record(z.string(), z.unknown())),
  api_tokens: z.array(z.record(z.string(), z.unknown())),
  mails: z.array(z.record(z.string(), z.unknown())),
});
export type TPersonalDataExport = z.infer<typeof ZPersonalDataExport>;
