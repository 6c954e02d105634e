import { parseWireDate } from '@heliline/domain';
import { z } from 'zod';
import { ZLocalized } from '../../http/schemas.ts';
import { ZLangQuery } from '../content/lang-query.ts';

export const ZNextFlight = z.object({
  nextFlightDate: z.string().nullable().describe('DD/MM/YYYY (Rome); null when no flight is scheduled in the next 30 days'),
  nextFlightTime: z.string().nullable().describe('HH:mm (Rome); null when none'),
  displayMessage: z.string().describe('flight code and route in the request language, or the no-flight text'),
  displayMessages: ZLocalized,
  secondsToNextFlight: z.number().int().min(0).nullable().describe('seconds from the server clock to takeoff; null when none'),
  flightCode: z.string().nullable(),
});

export { ZDayFlights } from '@heliline/domain';

export const ZCalendarQuery = ZLangQuery.extend({
  date: z
    .string({ message: 'required' })
    .refine((v) => parseWireDate(v) !== null, { message: 'dateInvalid' })
    .describe('DD/MM/YYYY'),
});
