import {
  amountToCents,
  applyCouponPercent,
  centsToAmount,
  COUPON_MAX_ATTEMPTS,
  decodeBookingStatusParam,
  type Issue,
  issuesByPath,
  isBookingCode,
  type Lang,
  localizedWith,
  parseWireDate,
  romeToday,
  toWireDate,
  ZCheckCouponBody,
  ZCheckCouponResponse,
  ZFlightsQuery,
  ZFlightsResponse,
  ZStoreResponse,
  ZBookingStoreBody,
  ZTotals,
  canStoreType,
} from '@heliline/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, messageBody } from '../../http/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AccountsService } from '../accounts/service.ts';
import { SECURITY_USER } from '../../http/schemas.ts';
import { BookingRefusal } from './messages.ts';
import { type Buyer, couponPercent, planBooking } from './plan.ts';
import * as q from './queries.ts';
import { ZBookingCodeParams, ZBookingStatusAnswer, ZExtendResponse, ZGrandTotalBody } from './schemas.ts';
import { type FlightSearchCache, reversePlaces, seatsNeeded } from './search.ts';
import type { BookingService } from './service.ts';

export interface BookingRoutesOptions {
  booking: BookingService;
  accounts: AccountsService;
  search: FlightSearchCache;
}

/** A refusal listing the rules a form broke (422), texts with their placeholders filled. */
class IssuesRefusal extends Error {
  constructor(readonly issues: Issue[]) {
    super('invalid booking');
  }
}

const ZStatusQuery = z.object({ code: z.string().min(1).max(64) });
const COUPON_WINDOW_MS = 60 * 60 * 1000;

/** Booking codes travel as-is or base64-encoded (the /booking-status/{base64} route parameter). */
const decodeCode = (value: string) => (isBookingCode(value) ? value : decodeBookingStatusParam(value));

/** Flight search, booking requests (type 1 card), coupons, status and the one-time extension. */
export async function bookingRoutes(fastify: FastifyInstance, opts: BookingRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { booking, accounts, search: searches } = opts;

  // Refusals of this module with their own texts; everything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof IssuesRefusal) {
      const first = error.issues[0]!;
      const messages = localizedWith(first.key, first.params);
      return reply.status(422).send({ message: messages[req.lang], messages, message_it: messages.it, message_en: messages.en, errors: issuesByPath(error.issues, req.lang) });
    }
    if (error instanceof BookingRefusal) return reply.status(error.status).send(messageBody(error.key, req.lang));
    throw error;
  });

  /** Buyers: logged in (401), e-mail confirmed, agencies authorised, passenger profile (403). */
  const buyerOf = async (req: FastifyRequest, lang: Lang): Promise<Buyer> => {
    const auth = currentUser(req);
    if (!auth.verified) throw new BookingRefusal(403, 'buyerNotVerified');
    if (auth.is_agency && !auth.is_agency_auth) throw new BookingRefusal(403, 'agencyNotAuthorised');
    const user = await accounts.requireUser(auth.id, lang);
    if (!user.pax) throw new BookingRefusal(403, 'paxProfileRequired');
    const birth = user.pax.birthdate ? parseWireDate(user.pax.birthdate) : null;
    return { id: auth.id, roles: auth.roles, pax: { lastname: user.pax.lastname, firstname: user.pax.firstname, gender: user.pax.gender, birthdate: birth } };
  };

  app.get(
    '/api/flights',
    {
      schema: {
        tags: ['booking'],
        summary: 'Flight search: journeys of a day between two places, seats and per-category prices',
        description:
          'Prices come from the domain fare table for the date (fares, taxes = additional fees, landingTax, prices = their sum, per passenger category a/c/i/an, euros). ' +
          'reverse=1 searches the return (places swapped, comebackDate). Flights past the purchase cut-off (6 h Foggia↔Tremiti, 12 h other routes) are left out; extra flights only for Admin/Prenotazioni/PrenotaFull, who also get the Info column (`info`) and the registration in `aircraft`. ' +
          'Flights with fewer free seats than the party (men + women + children; infants fly on a lap) are listed with bookable=false and their availableSeats.',
        querystring: ZFlightsQuery,
        response: { 200: ZFlightsResponse },
      },
    },
    async (req) => {
      const query = req.query;
      const date = query.reverse ? (query.comebackDate ? parseWireDate(query.comebackDate) : null) : parseWireDate(query.departureDate);
      if (!date) throw new AppError('validation', 'invalidInput', { comebackDate: ['required'] });
      const places = query.reverse ? reversePlaces(query.origin, query.destination) : { originId: query.origin, destinationId: query.destination };
      return searches.search(app.db, { ...places, date, seats: Math.max(1, seatsNeeded(query)), roles: req.auth?.user.roles ?? [], lang: req.lang, now: new Date() });
    },
  );

  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['booking'],
        summary: 'Store a booking request (type 1 card): validate, price, hold seats 10 minutes, open the bank payment',
        description:
          'Every rule of steps 1–4 runs again with the domain functions and every price is recomputed: a tampered price, count, birth date or discount is refused with 422 and nothing is written. ' +
          'Seats no longer free → 409. Answer: bank_link (the hosted payment page), bookingCode, paymentDeadline (ISO). Types -1, 2, 3, 4 (staff) come with a later issue.',
        security: SECURITY_USER,
        body: ZBookingStoreBody,
        response: { 200: ZStoreResponse },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req, req.lang);
      const body = req.body;
      if (body.type !== 1) {
        if (!canStoreType(body.type, buyer.roles)) throw new AppError('forbidden', 'forbidden');
        throw new BookingRefusal(422, 'paymentTypeNotAvailable');
      }
      const planned = await planBooking(app.db, body, buyer, req.lang, new Date());
      if (!planned.ok) throw new IssuesRefusal(planned.issues);
      const created = await booking.create(buyer.id, planned.plan);
      return {
        status: 'success' as const,
        type: 1,
        bank_link: created.bankLink,
        bookingCode: created.code,
        paymentDeadline: created.holdExpiresAt,
        ...messageBody('bookingCreated', req.lang),
      };
    },
  );

  app.post(
    '/api/bookings/:code/extend',
    {
      schema: {
        tags: ['booking'],
        summary: 'Extend the payment deadline once by 10 minutes (owner only, while pending and not yet expired)',
        description: 'The status screen shows the 10-minute timer; the buyer may add 10 minutes once. Someone else’s booking → 404; already extended, expired or no longer pending → 409.',
        security: SECURITY_USER,
        params: ZBookingCodeParams,
        response: { 200: ZExtendResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { holdExpiresAt } = await booking.extend(req.params.code, user.id);
      return { paymentDeadline: holdExpiresAt, deadlineExtended: true as const, ...messageBody('holdExtended', req.lang) };
    },
  );

  app.get(
    '/api/booking-status',
    {
      schema: {
        tags: ['booking'],
        summary: 'Outcome of a booking request (owner only; others 404)',
        description:
          'code: the booking code, plain or base64. status 1 = tickets issued, 0 otherwise; pending = true while the bank has not answered (poll); bank = the bank’s message and error code on a failed payment; reason = why it failed when it is not the bank (deadline passed, seats lost and refunded).',
        security: SECURITY_USER,
        querystring: ZStatusQuery,
        response: { 200: ZBookingStatusAnswer },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const code = decodeCode(req.query.code);
      if (!code) throw new AppError('notFound', 'notFound');
      const { row, passengers, issued } = await booking.statusOf(code, user.id);
      const state = row.status as NonNullable<z.infer<typeof ZBookingStatusAnswer>['booking']>['state'];
      const reason =
        state === 'expired' ? localizedWith('holdExpired') : state === 'refunded' || (state === 'failed' && row.failure_reason === 'seats lost after payment') ? localizedWith('seatsLostRefunded') : null;
      return {
        booking: {
          code: row.code,
          email: row.contact_email,
          paxes: passengers.map((p) => {
            const own = issued.filter((t) => t.passengerKey === String(p.position));
            return {
              id: p.position,
              fullname: `${p.firstname} ${p.lastname}`.trim(),
              birthdate: toWireDate(p.birth_date),
              ticket: own.find((t) => t.direction === 'd')?.ticketNr ?? null,
              // Where this passenger's tickets go: their own address, else the booking's contact.
              email: own[0]?.email ?? p.email ?? row.contact_email,
              tickets: own.map((t) => t.ticketNr),
            };
          }),
          paymentDeadline: state === 'pending' ? row.hold_expires_at : null,
          deadlineExtended: row.hold_extended === 1,
          state,
        },
        status: state === 'ticketed' ? (1 as const) : (0 as const),
        pending: state === 'pending' || state === 'paid',
        bank: { message: row.bank_message, error_code: row.error_code },
        reason,
      };
    },
  );

  app.post(
    '/api/check-coupon',
    {
      schema: {
        tags: ['booking'],
        summary: 'Check a coupon: percentage off the tickets (3 failed attempts per hour, then 429)',
        security: SECURITY_USER,
        body: ZCheckCouponBody,
        response: { 200: ZCheckCouponResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { coupon, att } = req.body;
      const tickets = amountToCents(req.body.tickets) ?? -1;
      const tot = amountToCents(req.body.tot) ?? -1;
      if (tickets < 0 || tot < tickets) throw new AppError('validation', 'invalidInput', { tot: ['invalidValue'] });
      const now = new Date();
      const failures = await q.countCouponFailures(app.db, user.id, new Date(now.getTime() - COUPON_WINDOW_MS).toISOString());
      if (failures >= COUPON_MAX_ATTEMPTS || att >= COUPON_MAX_ATTEMPTS) throw new AppError('tooManyRequests', 'couponAttemptsExhausted');
      const perc = await couponPercent(app.db, coupon, romeToday(now));
      if (perc === null) {
        await q.insertCouponFailure(app.db, user.id, now.toISOString());
        const m = localizedWith('couponInvalid');
        return { status: 'error' as const, perc: 0, new_tkts_total: null, new_grand_total: null, message: m[req.lang], messages: m, message_it: m.it, message_en: m.en, att: Math.max(att, failures) + 1 };
      }
      const applied = applyCouponPercent({ tickets, tot }, perc);
      const m = localizedWith('couponApplied', { perc });
      return {
        status: 'success' as const,
        perc,
        new_tkts_total: centsToAmount(applied.new_tkts_total),
        new_grand_total: centsToAmount(applied.new_grand_total),
        message: m[req.lang],
        messages: m,
        message_it: m.it,
        message_en: m.en,
        att,
      };
    },
  );

  app.post(
    '/api/guest/grandtotal',
    {
      schema: {
        tags: ['booking'],
        summary: 'Totals of a booking form computed by the server (logged-in users; nothing is written)',
        security: SECURITY_USER,
        body: ZGrandTotalBody,
        response: { 200: z.object({ totals: ZTotals }) },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req, req.lang);
      const planned = await planBooking(app.db, { type: 1, form: req.body.form, bookingChannel: 'WEB' }, buyer, req.lang, new Date());
      if (!planned.ok) throw new IssuesRefusal(planned.issues);
      const t = planned.plan.totals;
      req.log.info({ totals: t }, 'guest grandtotal');
      return {
        totals: {
          tickets: centsToAmount(t.tickets),
          ticketsDiscounted: centsToAmount(t.ticketsDiscounted),
          taxes: centsToAmount(t.taxes),
          landingTaxes: centsToAmount(t.landingTaxes),
          grandTotal: centsToAmount(t.grandTotal),
          grandTotalDiscounted: centsToAmount(t.grandTotalDiscounted),
        },
      };
    },
  );

  if (!app.config.production) {
    app.post(
      '/api/dev/booking-sweep',
      {
        schema: {
          tags: ['dev'],
          summary: 'Development and e2e only: run the hold sweeper now; with expireNow, first move a booking’s deadline to now',
          body: z.object({ expireNow: ZBookingCodeParams.shape.code.optional() }).optional(),
          response: { 200: z.object({ expired: z.number() }) },
        },
      },
      async (req) => {
        if (req.body?.expireNow) await q.expireNow(app.db, req.body.expireNow, new Date().toISOString());
        return { expired: await booking.sweep() };
      },
    );
  }

}
