import { issue, ZAdminBookingsAnswer, ZAdminBookingsQuery, ZBlockedBookingsAnswer, ZRemoveBlockAnswer, ZRemoveBlockBody } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../http/errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { StaffBookingsService } from './service.ts';

const blockedList = {
  config: { access: 'booking.blockSeats' } as const,
  schema: {
    tags: ['booking'],
    summary: 'Active blocked bookings (type 4, not expired, removed or sold): Admin, Prenotazioni, PrenotaFull',
    description: 'The wizard’s step-0 list and panel, soonest expiry first. Others 403.',
    response: { 200: ZBlockedBookingsAnswer },
  },
};

const removeBlock = {
  config: { access: 'booking.blockSeats', answers: [404, 409] } as const,
  schema: {
    tags: ['booking'],
    summary: 'Remove a blocked booking and free its seats: Admin, Prenotazioni, PrenotaFull',
    description:
      'Answer: status success and "Prenotazione {code} eliminata!". userId in the body is ignored (the session decides who removes). Unknown code 404; already expired, removed or sold 409; others 403.',
    body: ZRemoveBlockBody,
    response: { 200: ZRemoveBlockAnswer },
  },
};

const adminList = {
  config: { access: 'booking.blockSeats' } as const,
  schema: {
    tags: ['booking'],
    summary: 'Booking management list (/admin/gestione-prenotazioni): Admin, Prenotazioni, PrenotaFull',
    description:
      'Filters: date (DD/MM/YYYY, a flight of the booking either way), code (its start), name (passenger, booker or contact e-mail, part of), status. 25 a page, newest first. Each row: code, statusParam (base64 for /booking-status/{statusParam}), flights, passengers with their tickets (PDF: /api/tickets/{ticketNr}/pdf, /api/bookings/{code}/pdf), amount, who took a cash or operator-account payment. Others 403.',
    querystring: ZAdminBookingsQuery,
    response: { 200: ZAdminBookingsAnswer },
  },
};

/** Staff screens: blocked seats (list, removal) and the booking management list. */
export async function staffBookingsRoutes(fastify: FastifyInstance, opts: { staff: StaffBookingsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { staff } = opts;

  app.get('/api/blocked-bookings', blockedList, async (req) => ({ bookings: await staff.blocked(req.lang) }));

  app.post('/api/rem-blocco-posti', removeBlock, async (req) => {
    await staff.removeBlock(req.body.bookingCode, currentUser(req).id);
    return { status: 'success' as const, ...messageBody(issue('blockRemoved', { code: req.body.bookingCode }), req.lang) };
  });

  app.get('/api/admin/bookings', adminList, async (req) => staff.list(req.query, req.lang));
}
