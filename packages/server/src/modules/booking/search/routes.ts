import { ZFlightsQuery, ZFlightsResponse } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FlightSearchService } from './service.ts';

const flights = {
  config: { access: 'public', readsCaller: true } as const,
  schema: {
    tags: ['booking'],
    summary: 'Flight search: journeys of a day between two places, seats and per-category prices',
    description:
      'Prices come from the domain fare table for the date (fares, taxes = additional fees, landingTax, prices = their sum, per passenger category a/c/i/an, euros). ' +
      'reverse=1 searches the return (places swapped, comebackDate). Flights past the purchase cut-off (6 h Foggia↔Tremiti, 12 h other routes) are left out; extra flights only for Admin/Prenotazioni/PrenotaFull, who also get the Info column (`info`) and the registration in `aircraft`. ' +
      'Flights with fewer free seats than the party (men + women + children; infants fly on a lap) are listed with bookable=false and their availableSeats. ' +
      'A departureDate before today (Rome) or a comebackDate before departureDate → 422 with the wizard’s step-1 message, as POST /api/bookings.',
    querystring: ZFlightsQuery,
    response: { 200: ZFlightsResponse },
  },
};

/** The wizard's flight search (step 2). */
export async function searchRoutes(fastify: FastifyInstance, opts: { search: FlightSearchService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/flights', flights, (req) => opts.search.answer(req.query, req.auth?.user.roles ?? [], req.lang));
}
