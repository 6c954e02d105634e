import {
  BOOKING_TYPE,
  centsToAmount,
  HOLD_MINUTES,
  type Lang,
  localizedWith,
  type MessageKey,
  OPERATOR_TZ,
  type TStoreResponse,
  ZBookingStoreBody,
  ZStoreResponse,
  ZTotals,
} from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../../http/errors.ts';
import { SECURITY_USER } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { clientAddress } from '../../throttle/client-address.ts';
import { ZBookingCodeParams, ZBookingStatusAnswer, ZExtendResponse, ZGrandTotalBody } from './schemas.ts';
import type { BookingRequestsService, StoreResult } from './service.ts';

const romeDateTime = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: OPERATOR_TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

const store = {
  config: { access: 'user', answers: [403, 404, 409, 429, 502], multiline: ['bloccaPostiNota'] } as const,
  schema: {
    tags: ['booking'],
    summary: 'Store a booking: 1 card, -1 payment link, 2 cash, 3 operator account, 4 blocked seats',
    description:
      'Roles (403, nothing written): 1 buyers and agencies (not Admin, Prenotazioni, PrenotaFull); -1 Prenotazioni, PrenotaFull; 2 Admin, PagamentoCash; 3 Admin, Pagamento{product}; 4 Admin, Prenotazioni, PrenotaFull. ' +
      'exemption/dsc only from Prenotazioni and PrenotaFull (others 403); pets and unattended minors only Admin, Prenotazioni, PrenotaFull; form.prenBloccataSel (sell a blocked booking: its seats pass to this one in the same transaction) only those three (unknown 404, expired/removed/other flights 409). ' +
      `Every rule of steps 1–4 runs again with the domain functions and every price is recomputed: a tampered price, count, birth date or discount is refused with 422 and nothing is written. Seats no longer free, or a flight that already carries a pet → 409. ` +
      `Answers: type 1 bank_link and paymentDeadline (seats held ${HOLD_MINUTES} minutes); type -1 payment_link and email_payment_link (e-mailed; seats held ${HOLD_MINUTES} minutes); types 2, 3 status success, tickets issued and mailed to the contact e-mail (go to /booking-status/{base64 code}); type 4 status block-confirmed and blockExpiresAt (bloccaPostiNota required).`,
    security: SECURITY_USER,
    body: ZBookingStoreBody,
    response: { 200: ZStoreResponse },
  },
};

const extend = {
  config: { access: 'user', answers: [404, 409] } as const,
  schema: {
    tags: ['booking'],
    summary: `Extend the payment deadline once by ${HOLD_MINUTES} minutes (owner only, while pending and not yet expired)`,
    description: `The status screen shows the ${HOLD_MINUTES}-minute timer; the buyer may add ${HOLD_MINUTES} minutes once. Someone else’s booking → 404; already extended, expired or no longer pending → 409.`,
    security: SECURITY_USER,
    params: ZBookingCodeParams,
    response: { 200: ZExtendResponse },
  },
};

const status = {
  config: { access: 'user', answers: [404] } as const,
  schema: {
    tags: ['booking'],
    summary: 'Outcome of a booking request (owner, or Admin/Prenotazioni/PrenotaFull; others 404)',
    description:
      'code: the booking code, plain or base64. status 1 = tickets issued, 0 otherwise; pending = true while the bank has not answered (poll); bank = the bank’s message and error code on a failed payment; reason = why it failed when it is not the bank (deadline passed, seats lost and refunded).',
    security: SECURITY_USER,
    querystring: z.object({ code: z.string().min(1).max(64) }),
    response: { 200: ZBookingStatusAnswer },
  },
};

const grandTotal = {
  config: { access: 'user', answers: [403] } as const,
  schema: {
    tags: ['booking'],
    summary: 'Totals of a booking form computed by the server (logged-in users; nothing is written)',
    security: SECURITY_USER,
    body: ZGrandTotalBody,
    response: { 200: z.object({ totals: ZTotals }) },
  },
};

const sweep = {
  config: { access: 'public' } as const,
  schema: {
    tags: ['dev'],
    summary: 'Development and e2e only: run the hold sweeper now; with expireNow, first move a booking’s deadline to now',
    body: z.object({ expireNow: ZBookingCodeParams.shape.code.optional() }).optional(),
    response: { 200: z.object({ expired: z.number() }) },
  },
};

const asAmounts = (t: Awaited<ReturnType<BookingRequestsService['totals']>>) => ({
  tickets: centsToAmount(t.tickets),
  ticketsDiscounted: centsToAmount(t.ticketsDiscounted),
  taxes: centsToAmount(t.taxes),
  landingTaxes: centsToAmount(t.landingTaxes),
  grandTotal: centsToAmount(t.grandTotal),
  grandTotalDiscounted: centsToAmount(t.grandTotalDiscounted),
});

/** A message in the request's language and both languages beside, with its placeholders filled. */
function textOf(key: MessageKey, lang: Lang, params?: Record<string, string>) {
  const messages = localizedWith(key, params);
  return { message: messages[lang], messages, message_it: messages.it, message_en: messages.en };
}

/** The store answer of each payment type (spec §3 store response; the wizard's next step follows from status and type). */
function storeAnswer(r: StoreResult, lang: Lang): TStoreResponse {
  const base = { type: r.type, bookingCode: r.code };
  switch (r.type) {
    case BOOKING_TYPE.card:
      return { ...base, status: 'success', bank_link: r.bankLink, paymentDeadline: r.holdExpiresAt, ...textOf('bookingCreated', lang) };
    case BOOKING_TYPE.paymentLink: {
      const link = { payment_link: r.link, email_payment_link: r.email, paymentDeadline: r.holdExpiresAt };
      return { ...base, status: 'success', bank_link: null, ...link, ...textOf('paymentLinkSent', lang, { email: r.email }) };
    }
    case BOOKING_TYPE.cash:
    case BOOKING_TYPE.operatorAccount:
      return { ...base, status: 'success', bank_link: null, ...textOf('staffBookingPaid', lang) };
    case BOOKING_TYPE.voucher:
      return { ...base, status: 'success', bank_link: null, ...textOf('voucherBookingPaid', lang) };
    case BOOKING_TYPE.block: {
      const until = romeDateTime(r.blockExpiresAt);
      return { ...base, status: 'block-confirmed', bank_link: null, blockExpiresAt: r.blockExpiresAt, ...textOf('seatsBlockedUntil', lang, { code: r.code, until }) };
    }
  }
}

/** Booking requests (all payment types): store, the one-time extension, status and server totals. */
export async function requestsRoutes(fastify: FastifyInstance, opts: { requests: BookingRequestsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requests } = opts;

  app.post('/api/bookings', store, async (req) => storeAnswer(await requests.store(currentUser(req), req.body, req.lang, clientAddress(req.ip)), req.lang));

  app.post('/api/bookings/:code/extend', extend, async (req) => {
    const { holdExpiresAt } = await requests.extend(req.params.code, currentUser(req).id);
    return { paymentDeadline: holdExpiresAt, deadlineExtended: true as const, ...messageBody('holdExtended', req.lang) };
  });

  app.get('/api/booking-status', status, async (req) => requests.statusAnswer(req.query.code, currentUser(req)));

  app.post('/api/guest/grandtotal', grandTotal, async (req) => {
    const totals = await requests.totals(currentUser(req), req.body.form, req.lang);
    req.log.info({ totals }, 'guest grandtotal');
    return { totals: asAmounts(totals) };
  });

  if (!app.config.production) {
    app.post('/api/dev/booking-sweep', sweep, async (req) => {
      if (req.body?.expireNow) await requests.expireNow(req.body.expireNow);
      return { expired: await requests.sweep() };
    });
  }
}
