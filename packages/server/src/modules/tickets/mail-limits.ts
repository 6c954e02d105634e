import type { ThrottleService } from '../throttle/service.ts';

/**
 * Every route that e-mails tickets (receipt, send-single-ticket, my-tickets' modal) counts here
 * before sending: per user across all of them, and per ticket, so none is a mail relay
 * (limits in throttle/limits.ts, 429 with Retry-After past them).
 */
export async function consumeTicketMail(throttle: ThrottleService, userId: number, ticketNrs: readonly string[]): Promise<void> {
  await throttle.consume('ticketEmailsPerUser', `user:${userId}`);
  for (const nr of new Set(ticketNrs)) await throttle.consume('ticketEmailsPerTicket', `ticket:${nr}`);
}
