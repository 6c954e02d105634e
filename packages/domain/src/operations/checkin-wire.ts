import '../i18n/zod-errors.ts';
import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { PDF_FORM_KINDS } from '../tickets/wire.ts';
import { BAG_KG_MAX, BAG_KG_MIN, BAGS_MAX, OVERRIDE_REASON_MAX, PASSENGER_KG_MAX, PASSENGER_KG_MIN } from './checkin.ts';

/**
 * Wire shapes of the check-in desk (/api/admin/check-in/…, issue 13 part A). The server
 * validates and documents with these; the web imports their types.
 */
const msg = (key: MessageKey) => ({ message: key });

const CHECKIN_STATES = ['waiting', 'checkedIn', 'cancelled', 'moved'] as const;
export type CheckInState = (typeof CHECKIN_STATES)[number];

const ZCheckInAircraft = z.object({
  registration: z.string(),
  model: z.string(),
  seats: z.number().int(),
  payload_kg: z.number().describe('maximum payload for passengers and bags, kg'),
  payload_source: z.string().describe('where the figure comes from'),
});

const ZCheckInFlightSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  service_date: z.string().describe('YYYY-MM-DD (Rome)'),
  departs_at: z.string().describe('ISO instant of the first leg'),
  origin_id: z.number().int(),
  destination_id: z.number().int().describe('last leg’s destination'),
  aircraft: ZCheckInAircraft,
  passengers: z.number().int().describe('tickets that fly (not cancelled or moved)'),
  checked_in: z.number().int(),
  closed: z.boolean(),
});
export type TCheckInFlightSummary = z.infer<typeof ZCheckInFlightSummary>;

export const ZCheckInFlights = z.object({ date: z.string(), flights: z.array(ZCheckInFlightSummary) });
export type TCheckInFlights = z.infer<typeof ZCheckInFlights>;

export const ZCheckInPassenger = z.object({
  ticket_nr: z.string(),
  booking_code: z.string(),
  lastname: z.string(),
  firstname: z.string(),
  birth_date: z.string(),
  category: z.enum(['AD', 'CH', 'INF', 'PET']).describe('mass category: adult, child, infant, pet'),
  origin_id: z.number().int(),
  destination_id: z.number().int(),
  document: z.string().nullable(),
  forms: z.array(z.enum(PDF_FORM_KINDS)).describe('forms the passenger must hand over'),
  state: z.enum(CHECKIN_STATES),
  checked_in_at: z.string().nullable(),
  checked_in_by: z.string().nullable().describe("staff user's e-mail"),
  override_reason: z.string().nullable(),
  passenger_kg: z.number().nullable(),
  bags_kg: z.array(z.number()).nullable(),
});
export type TCheckInPassenger = z.infer<typeof ZCheckInPassenger>;

const ZFlightLoad = z.object({
  passengersKg: z.number(),
  bagsKg: z.number(),
  totalKg: z.number(),
  payloadKg: z.number(),
  marginKg: z.number(),
  over: z.boolean(),
  standardCount: z.number().int(),
});

export const ZCheckInFlight = z.object({
  flight: ZCheckInFlightSummary,
  window: z.object({ opens: z.string(), closes: z.string(), phase: z.enum(['notOpen', 'open', 'closed']) }),
  closure: z.object({ closed_at: z.string(), closed_by: z.string().nullable(), reason: z.string().nullable(), total_kg: z.number(), payload_kg: z.number() }).nullable(),
  load: ZFlightLoad.describe('everyone who flies (standard masses for the not yet weighed); once closed, the checked-in only'),
  passengers: z.array(ZCheckInPassenger),
});
export type TCheckInFlight = z.infer<typeof ZCheckInFlight>;

const ZReason = z.string().trim().min(3, msg('required')).max(OVERRIDE_REASON_MAX, msg('tooLong'));

/** A scanned boarding pass (HL1:…) or a typed 7-digit ticket number. */
export const ZCheckInBody = z.object({
  code: z.string().trim().min(1, msg('required')).max(120, msg('invalidValue')),
  override_reason: ZReason.optional(),
});
export type TCheckInBody = z.infer<typeof ZCheckInBody>;

const kg = (min: number, max: number, key: MessageKey) => z.number(msg(key)).min(min, msg(key)).max(max, msg(key));
export const ZWeightsBody = z.object({
  passenger_kg: kg(PASSENGER_KG_MIN, PASSENGER_KG_MAX, 'passengerKgImplausible'),
  bags_kg: z.array(kg(BAG_KG_MIN, BAG_KG_MAX, 'bagKgImplausible')).max(BAGS_MAX, msg('invalidValue')),
});
export type TWeightsBody = z.infer<typeof ZWeightsBody>;

export const ZCloseFlightBody = z.object({ reason: ZReason.optional() });
export type TCloseFlightBody = z.infer<typeof ZCloseFlightBody>;
