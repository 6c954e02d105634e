import { z } from 'zod';

/**
 * Answers of the public-site API that the web app reads: the server validates and documents
 * them with these schemas, the web imports their types only (no zod in the public pages).
 */

/** GET /api/calendar-flights: one leg of a flight of the day (spec §3 flight day). */
export const ZFlightDaySegment = z.object({
  counter: z.number().int(),
  source: z.string(),
  takeoff: z.string(),
  destination: z.string(),
  landing: z.string(),
});
export type TFlightDaySegment = z.infer<typeof ZFlightDaySegment>;

export const ZFlightDay = z.object({ description: z.string(), code: z.string(), segments: z.array(ZFlightDaySegment) });
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
