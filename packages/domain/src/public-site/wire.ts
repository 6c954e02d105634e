import { z } from 'zod';
import { ZLocalized, ZMessageBody } from '../wire.ts';

/**
 * Answers of the public-site API that the web app reads: the server validates and documents
 * them with these schemas, the web imports their types only (no zod in the public pages).
 */

/** GET /api/calendar-flights: one leg of a flight of the day (spec §3 flight day). */
const ZFlightDaySegment = z.object({
  counter: z.number().int(),
  source: z.string(),
  takeoff: z.string(),
  destination: z.string(),
  landing: z.string(),
  /** Present (true) only when this leg is cancelled (issue 13). */
  cancelled: z.literal(true).optional(),
});
export type TFlightDaySegment = z.infer<typeof ZFlightDaySegment>;

const ZFlightDay = z.object({
  description: z.string(),
  code: z.string(),
  segments: z.array(ZFlightDaySegment),
  /** Present (true) only when the whole flight is cancelled (issue 13). */
  cancelled: z.literal(true).optional(),
});
export type TFlightDay = z.infer<typeof ZFlightDay>;

export const ZDayFlights = z.object({ flights: z.array(ZFlightDay) });

/** GET /api/helipad-posts[/{slug}] (spec §3 helipad post, in the request language). */
const postFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  post_date: z.string().describe('YYYY-MM-DD'),
  progr: z.number().int().describe('image folder: /images/helipad-posts/{progr}/'),
  photos: z.number().int().describe('photo count of the carousel (1..photos.svg)'),
  cover_alt: z.string(),
};
export const ZHelipadPostSummary = z.object({ ...postFields, content: z.string().optional() });
export const ZHelipadPost = z.object({ ...postFields, content: z.string().describe('sanitised HTML') });
export type THelipadPostSummary = z.infer<typeof ZHelipadPostSummary>;
export type THelipadPost = z.infer<typeof ZHelipadPost>;

/** GET /api/next-flight: the home departure board (spec §3 next-flight response). */
export const ZNextFlight = z.object({
  nextFlightDate: z.string().nullable().describe('DD/MM/YYYY (Rome); null when no flight is scheduled in the next 30 days'),
  nextFlightTime: z.string().nullable().describe('HH:mm (Rome); null when none'),
  displayMessage: z.string().describe('flight code and route in the request language, or the no-flight text'),
  displayMessages: ZLocalized,
  secondsToNextFlight: z.number().int().min(0).nullable().describe('seconds from the server clock to takeoff; null when none'),
  flightCode: z.string().nullable(),
  /** Present (true) only when the next flight (or a leg of it) is cancelled: the board shows it so (issue 13). */
  cancelled: z.literal(true).optional(),
});
export type TNextFlight = z.infer<typeof ZNextFlight>;

/**
 * POST /api/contact-requests (spec §7: status success or error, and a message). This server
 * answers a refusal with a 4xx error body; the web still shows a status error as an error.
 */
const CONTACT_STATUSES = ['success', 'error'] as const;
export const ZContactAnswer = ZMessageBody.extend({ status: z.enum(CONTACT_STATUSES) });
export type TContactAnswer = z.infer<typeof ZContactAnswer>;
