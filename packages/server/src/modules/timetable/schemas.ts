import { parseWireDate } from '@heliline/domain';
import { z } from 'zod';
import { ZLangQuery } from '../content/lang-query.ts';

export { ZNextFlight } from '@heliline/domain';
export { ZDayFlights } from '@heliline/domain';

export const ZCalendarQuery = ZLangQuery.extend({
  date: z
    .string({ message: 'required' })
    .refine((v) => parseWireDate(v) !== null, { message: 'dateInvalid' })
    .describe('DD/MM/YYYY'),
});
