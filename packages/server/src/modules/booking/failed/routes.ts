import {
  type Issue,
  issue,
  ZBookingCode,
  ZBookingLockBody,
  ZBookingLockResponse,
  ZFailedBookingRemovedResponse,
  ZFailedBookingsResponse,
  ZFailedBookingUpdateBody,
  ZFailedPaymentLinkBody,
  ZFailedPaymentLinkResponse,
} from '@heliline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../../http/errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { HANDLED_NOTICE, type HandlingChange } from './handling.ts';
import type { FailedPaymentLink } from './payment-link.ts';
import type { FailedBookingsService } from './service.ts';

const SOCKET_HEADER = 'x-socket-id';
const ZCodeParams = z.object({ code: ZBookingCode });

const list = {
  config: { access: 'bookings.failed.manage' } as const,
  schema: {
    tags: ['staff'],
    summary: 'Booking requests of the last 24 hours whose payment did not complete (Admin, Prenotazioni, PrenotaFull)',
    description:
      'Failed, expired and abandoned requests, and pending ones still holding seats (pending: true), newest first, with the creator’s e-mail and who has each row in use. Others 403, anonymous 401.',
    response: { 200: ZFailedBookingsResponse },
  },
};

const lock = {
  config: { access: 'bookings.failed.manage', answers: [404, 409] } as const,
  schema: {
    tags: ['staff'],
    summary: 'Select / release a failed booking (status) and lock / unlock it (locked)',
    description:
      'status true: the row is in use by the caller (their previous row is released); false: released (holder only). locked: the lock wanted (removal needs it unlocked). Someone else acting first → 409 naming them. Header X-Socket-Id: the caller’s realtime socket, left out of the broadcast.',
    body: ZBookingLockBody,
    response: { 200: ZBookingLockResponse },
  },
};

const remove = {
  config: { access: 'bookings.failed.manage', answers: [404, 409] } as const,
  schema: {
    tags: ['staff'],
    summary: 'Remove a failed booking (status deleted); a pending one’s seats are freed',
    description: 'Refused with 409 when locked, in use by someone else or no longer failed. The body’s pending is informative: the server knows whether seats are held.',
    params: ZCodeParams,
    body: ZFailedBookingUpdateBody,
    response: { 200: ZFailedBookingRemovedResponse },
  },
};

const paymentLink = {
  config: { access: 'booking.paymentLink', answers: [404, 409, 502] } as const,
  schema: {
    tags: ['staff'],
    summary: 'Send a new payment link for the failed booking the caller has selected (Prenotazioni, PrenotaFull)',
    description:
      'The address is checked first: an invalid one is a 422 with the screen’s message, nothing sent. The row must be in use by the caller (409 otherwise). A failed or expired booking waits for payment again with its seats held anew (409 when gone or past the sale cut-off); the same booking code is paid through the link.',
    params: ZCodeParams,
    body: ZFailedPaymentLinkBody,
    response: { 200: ZFailedPaymentLinkResponse },
  },
};

/** The caller's own realtime socket (Pusher's X-Socket-Id), if it sent a well-formed one. */
function socketIdOf(req: FastifyRequest): string | null {
  const value = req.headers[SOCKET_HEADER];
  return typeof value === 'string' && /^\d{1,12}\.\d{1,12}$/.test(value) ? value : null;
}

/** The notice of what the caller just did (the last change), or a plain "data updated". */
function noticeOf(changes: HandlingChange[], email: string): Issue | 'dataUpdated' {
  const last = changes.at(-1);
  return last ? issue(HANDLED_NOTICE[last.action], { code: last.code, user: email }) : 'dataUpdated';
}

/** The failed-bookings screen's calls (spec §7): list, lock, remove, and a new payment link for a selected row. */
export async function failedBookingsRoutes(fastify: FastifyInstance, opts: { failed: FailedBookingsService; paymentLink: FailedPaymentLink }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { failed } = opts;

  app.get('/api/bookings-failed', list, async (req) => ({ bookings: await failed.list(currentUser(req), req.lang) }));

  app.post('/api/bookings/lock', lock, async (req) => {
    const user = currentUser(req);
    const changes = await failed.lock(user, req.body, socketIdOf(req));
    return { booking: await failed.one(req.body.code, user, req.lang), ...messageBody(noticeOf(changes, user.email), req.lang) };
  });

  app.put('/api/bookings-failed/:code', remove, async (req) => {
    const removed = await failed.remove(currentUser(req), req.params.code, socketIdOf(req));
    return { ...removed, ...messageBody(removed.freedSeats > 0 ? 'failedRemovedSeatsFreed' : 'failedRemoved', req.lang) };
  });

  app.post('/api/bookings-failed/:code/payment-link', paymentLink, async (req) => {
    const sent = await opts.paymentLink.send(currentUser(req), req.params.code, req.body.email_payment_link, req.lang);
    const answer = { bank_link: sent.link, email: sent.email, bookingCode: sent.code, paymentDeadline: sent.paymentDeadline };
    return { ...answer, ...messageBody(issue('paymentLinkSent', { email: sent.email }), req.lang) };
  });
}
