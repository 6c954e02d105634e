import { OPERATOR_TZ } from '@heliline/domain';

// One formatter each, built once (building one costs far more than formatting with it).
const ROME_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: OPERATOR_TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const ROME_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: OPERATOR_TZ, day: '2-digit', month: '2-digit', year: 'numeric' });

/** Rome wall-clock HH:mm of an instant. */
export const romeTime = (at: string | Date) => ROME_TIME.format(new Date(at));

/** Rome calendar date DD/MM/YYYY (the wire format) of an instant. */
export const romeWireDate = (at: string | Date) => ROME_DATE.format(new Date(at));
