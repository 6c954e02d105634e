import { parseWireDate } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendEmbeddedPage } from '../content/embedded-page.ts';
import { langOf, ZLangQuery } from '../content/lang-query.ts';
import { renderWeekGrid } from './grid-page.ts';
import { ZCalendarQuery, ZDayFlights, ZNextFlight } from './schemas.ts';
import type { TimetableService } from './service.ts';

const nextFlight = {
  config: { access: 'public' } as const,
  schema: { tags: ['timetable'], summary: 'The next scheduled departure, for the home countdown board', querystring: ZLangQuery, response: { 200: ZNextFlight } },
};

const calendarFlights = {
  config: { access: 'public' } as const,
  schema: {
    tags: ['timetable'],
    summary: 'Scheduled flights of one day (cancelled and staff-only extra flights are not listed)',
    querystring: ZCalendarQuery,
    response: { 200: ZDayFlights },
  },
};

const timetableGrid = {
  config: { access: 'public' } as const,
  schema: { tags: ['timetable'], summary: 'Embeddable HTML page: the current week (Monday to Sunday) × flights', querystring: ZLangQuery, produces: ['text/html'] },
};

/** Next flight, flights of a day and the embedded week grid, from the real schedule. */
export async function timetableRoutes(fastify: FastifyInstance, opts: { timetable: TimetableService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { timetable } = opts;
  app.get('/api/next-flight', nextFlight, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return timetable.nextFlight(langOf(req, req.query));
  });
  app.get('/api/calendar-flights', calendarFlights, async (req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { flights: await timetable.flightsOn(parseWireDate(req.query.date)!, langOf(req, req.query)) };
  });
  app.get('/timetable-grid', timetableGrid, async (req, reply) => {
    const lang = langOf(req, req.query);
    const grid = await timetable.weekGrid(lang);
    return sendEmbeddedPage(reply, renderWeekGrid(grid, lang, timetable.today()), 'public, max-age=300');
  });
}
