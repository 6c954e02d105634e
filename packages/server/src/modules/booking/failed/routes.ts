import {
  type Lang,
  type Localized,
  localizedWith,
  ZBookingCode,
  ZBookingLockBody,
  ZBookingLockResponse,
  ZFailedBookingRemovedResponse,
  ZFailedBookingsResponse,
  ZFailedBookingUpdateBody,
} from '@heliline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY_USER } from '../../../http/schemas.ts';
import { currentUser, requireAbility } from '../../../plugins/auth.ts';
import type { HandlingChange } from './handling.ts';
import type { FailedBookingsService } from './service.ts';

const STAFF = requireAbility('bookings.failed.manage');
const SOCKET_HEADER = 'x-socket-id';
const ZCodeParams = z.object({ code: ZBookingCode });

const list = {
  schema: {
    tags: ['staff'],
    summary: 'Booking requests of the last 24 hours whose payment did not complete (Admin, Prenotazioni, PrenotaFull)',
    description:
      'Failed, expired and abandoned requests, and pending ones still holding seats (pending: true), newest first, with the creator’s e-mail and who has each row in use. Others 403, anonymous 401.',
    security: SECURITY_USER,
    response: { 200: ZFailedBookingsResponse },
  },
  preHandler: STAFF,
};

const lock = {
  schema: {
    tags: ['staff'],
    summary: 'Select / release a failed booking (status) and lock / unlock it (locked)',
    description:
      'status true: the row is in use by the caller (their previous row is released); false: released (holder only). locked: the lock wanted (removal needs it unlocked). Someone else acting first → 409 naming them. Header X-Socket-Id: the caller’s realtime socket, left out of the broadcast.',
    security: SECURITY_USER,
    body: ZBookingLockBody,
    response: { 200: ZBookingLockResponse },
  },
  preHandler: STAFF,
};

const remove = {
  schema: {
    tags: ['staff'],
    summary: 'Remove a failed booking (status deleted); a pending one’s seats are freed',
    description: 'Refused with 409 when locked, in use by someone else or no longer failed. The body’s pending is informative: the server knows whether seats are held.',
    security: SECURITY_USER,
    params: ZCodeParams,
    body: ZFailedBookingUpdateBody,
    response: { 200: ZFailedBookingRemovedResponse },
  },
  preHandler: STAFF,
};

/** The caller's own realtime socket (Pusher's X-Socket-Id), if it sent a well-formed one. */
export function socketIdOf(req: FastifyRequest): string | null {
  const value = req.headers[SOCKET_HEADER];
  return typeof value === 'string' && /^\d{1,12}\.\d{1,12}$/.test(value) ? value : null;
}

const bodyOf = (messages: Localized, lang: Lang) => ({ message: messages[lang], messages, message_it: messages.it, message_en: messages.en });

/** The notice of what the caller just did (the last change), or a plain "data updated". */
function noticeOf(changes: HandlingChange[], email: string): Localized {
  const last = changes.at(-1);
  if (!last) return localizedWith('dataUpdated');
  const key = { selected: 'failedSelectedBy', released: 'failedReleasedBy', locked: 'failedLockedBy', unlocked: 'failedUnlockedBy' } as const;
  return localizedWith(key[last.action], { code: last.code, user: email });
}

/** The failed-bookings screen's calls (spec §7): list, lock, remove. */
export async function failedBookingsRoutes(fastify: FastifyInstance, opts: { failed: FailedBookingsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { failed } = opts;

  app.get('/api/bookings-failed', list, async (req) => ({ bookings: await failed.list(currentUser(req), req.lang) }));

  app.post('/api/bookings/lock', lock, async (req) => {
    const user = currentUser(req);
    const changes = await failed.lock(user, req.body, socketIdOf(req));
    return { booking: await failed.one(req.body.code, user, req.lang), ...bodyOf(noticeOf(changes, user.email), req.lang) };
  });

  app.put('/api/bookings-failed/:code', remove, async (req) => {
    const removed = await failed.remove(currentUser(req), req.params.code, socketIdOf(req));
    return { ...removed, ...bodyOf(localizedWith(removed.freedSeats > 0 ? 'failedRemovedSeatsFreed' : 'failedRemoved'), req.lang) };
  });
}
