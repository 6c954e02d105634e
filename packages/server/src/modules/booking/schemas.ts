import { z } from 'zod';

/**
 * Wire schemas of the booking calls, with the spec's field names (wizard §3, §7). Shapes only:
 * the rules (steps 1–4, prices) are the domain's and run in plan.ts. To be replaced by the
 * domain's ZFlightsQuery / ZBookingStoreBody / … when they land (packages/domain/src/booking).
 */
const count = z.coerce.number().int().min(0).max(20);
const id = z.coerce.number().int().positive();
const text = (max = 255) => z.string().trim().max(max);
const wireDate = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/);
const money = z.number().finite().min(0).max(1_000_000);
const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const ZFlightsQuery = z.object({
  reverse: flag.optional().default(false),
  /** Place id (1348 …) or name ("Foggia", "Tremiti"), as the spec says "origin (place name)". */
  origin: text(64).min(1),
  destination: text(64).min(1),
  departureDate: wireDate,
  comebackDate: wireDate.optional().or(z.literal('')),
  men: count.default(0),
  women: count.default(0),
  /** Children plus pets (spec §7). */
  children: count.default(0),
  infants: count.default(0),
});

const ZAmounts = z.object({ fare: money, ticket: money, tax: money, landingTax: money, total: money }).partial();

export const ZBookingPassenger = z
  .object({
    /** Negative = new passenger; 100 = the pet; another positive id = the account's own passenger. */
    id: z.number().int(),
    category: z.enum(['a', 'c', 'i', 'an']),
    tktCategory: z.enum(['AD', 'CH', 'INF']).optional(),
    gender: z.enum(['M', 'F']).nullish(),
    lastname: text().nullish(),
    firstname: text().nullish(),
    birthDate: z.string().max(10).nullish(),
    residence: text().nullish(),
    document_type: z.coerce.number().int().min(0).nullish(),
    document_num: text(64).nullish(),
    email: text().nullish(),
    telephone: text(64).nullish(),
    exemption: flag.nullish(),
    dsc: z.number().min(0).max(100).nullish(),
    animal_owner_key: z.union([z.string(), z.number()]).nullish(),
  })
  .extend(ZAmounts.shape);

export const ZBookingForm = z.object({
  flightType: z.enum(['DW', 'OW']),
  originId: id,
  destinationId: id,
  departureDate: wireDate,
  comebackDate: wireDate.nullish().or(z.literal('')),
  departureFlightId: id,
  comebackFlightId: id.nullish(),
  men: count,
  women: count,
  children: count,
  infants: count,
  paxes: z.array(ZBookingPassenger).min(1).max(30),
  totals: z.object({
    tickets: money.optional(),
    ticketsDiscounted: money.optional(),
    taxes: money.optional(),
    landingTaxes: money.optional(),
    grandTotal: money,
    grandTotalDiscounted: money.optional(),
  }),
  contacts: z.object({ email: text().nullish(), email_payment_link: text().nullish(), telephone: text(64).nullish() }),
  conditions: z.boolean(),
  coupon: z.object({ code: text(32).nullish(), perc: z.number().nullish() }).nullish(),
  email_forms_pdf: z.object({ minor: z.boolean().optional(), pregnant: z.boolean().optional(), weapons: z.boolean().optional() }).nullish(),
  unattendedMinor: z.boolean().optional(),
  minorDisclaimer: z.boolean().optional(),
  prenBloccataSel: z.unknown().optional(),
});

const ZInvoice = z.object({
  requested: z.boolean(),
  invoice_type: z.union([z.literal(0), z.literal(1)]),
  p_iva: text().nullish(),
  business_name: text().nullish(),
  fiscal_code: text().nullish(),
  firstname: text().nullish(),
  lastname: text().nullish(),
  address: text().nullish(),
  country: text().nullish(),
  city: text().nullish(),
  zip_code: text().nullish(),
  pec: text().nullish(),
  fiscal_recipient_code: text().nullish(),
});

export const ZBookingStoreBody = z.object({
  /** 1 card; -1 payment link, 2 cash, 3 operator account, 4 blocked seats (staff, later issue). */
  type: z.union([z.literal(1), z.literal(-1), z.literal(2), z.literal(3), z.literal(4)]),
  form: ZBookingForm,
  invoice: ZInvoice.nullish(),
  bookingChannel: z.literal('WEB').default('WEB'),
  bloccaPostiNota: text().nullish(),
  retry: z.boolean().optional(),
  previousBooking: text(8).nullish(),
  pending: z.boolean().optional(),
});
export type TBookingStoreBody = z.infer<typeof ZBookingStoreBody>;
export type TBookingForm = z.infer<typeof ZBookingForm>;
/** A form whose totals may be missing (grandtotal): planBooking checks only the totals sent. */
export type TPlanInput = Omit<TBookingStoreBody, 'form'> & { form: Omit<TBookingForm, 'totals'> & { totals?: Partial<TBookingForm['totals']> } };

export const ZLocalized = z.object({ it: z.string(), en: z.string() });
const ZMessage = { message: z.string(), message_it: z.string(), message_en: z.string(), messages: ZLocalized };

export const ZStoreResponse = z.object({
  status: z.enum(['success', 'error', 'block-confirmed']),
  type: z.number(),
  bank_link: z.string().nullable(),
  bookingCode: z.string(),
  /** ISO instant: the visible 10-minute payment deadline. */
  paymentDeadline: z.string(),
  ...ZMessage,
});

const categoryAmounts = z.object({ a: z.number(), c: z.number(), i: z.number(), an: z.number() });
export const ZFlight = z.object({
  flightId: z.number(),
  flightCode: z.string(),
  takeOffDate: z.string(),
  takeOffTime: z.string(),
  takeOffDateTime: z.string(),
  extra: z.boolean(),
  aircraft: z.string(),
  route: z.string(),
  origin: z.string(),
  destination: z.string(),
  landingTime: z.string(),
  landingDateTime: z.string(),
  availableSeats: z.number(),
  bookable: z.boolean(),
  info: z.object({ registration: z.string(), capacity: z.number(), sold: z.number(), held: z.number(), blocked: z.number() }).optional(),
});
export const ZFlightsResponse = z.object({
  fares: categoryAmounts,
  taxes: categoryAmounts,
  landingTax: categoryAmounts,
  prices: categoryAmounts,
  flights: z.array(ZFlight),
});

export const ZCheckCouponBody = z.object({
  coupon: text(32),
  tickets: z.union([z.string(), z.number()]),
  tot: z.union([z.string(), z.number()]),
  att: z.coerce.number().int().min(0).max(100).default(0),
});
export const ZCheckCouponResponse = z.object({
  status: z.enum(['success', 'error']),
  perc: z.number(),
  new_tkts_total: z.number().nullable(),
  new_grand_total: z.number().nullable(),
  message: z.string(),
  message_it: z.string(),
  message_en: z.string(),
  messages: ZLocalized,
  att: z.number(),
});

/** The same form; its totals are what the server computes, so the client may leave them out. */
export const ZGrandTotalBody = z.object({ type: z.number().int().optional(), form: ZBookingForm.extend({ totals: ZBookingForm.shape.totals.partial().optional() }) });
export const ZTotals = z.object({
  tickets: z.number(),
  ticketsDiscounted: z.number(),
  taxes: z.number(),
  landingTaxes: z.number(),
  grandTotal: z.number(),
  grandTotalDiscounted: z.number(),
});

export const ZBookingStatusResponse = z.object({
  booking: z.object({
    code: z.string(),
    email: z.string(),
    paxes: z.array(
      z.object({
        id: z.number(),
        fullname: z.string(),
        birthdate: z.string(),
        ticket: z.string().nullable(),
        email: z.string().nullable(),
        tickets: z.array(z.string()),
      }),
    ),
    /** ISO instant of the payment deadline while pending; whether the one extension is used. */
    paymentDeadline: z.string().nullable(),
    deadlineExtended: z.boolean(),
    state: z.enum(['pending', 'paid', 'ticketed', 'failed', 'expired', 'refunded', 'deleted']),
  }),
  status: z.union([z.literal(1), z.literal(0)]),
  /** true while the bank has not answered yet (the status screen keeps polling). */
  pending: z.boolean(),
  bank: z.object({ message: z.string().nullable(), error_code: z.string().nullable() }),
  /** Why it failed, in both languages, when the bank's own message is not the reason. */
  reason: ZLocalized.nullable(),
});

export const ZExtendResponse = z.object({ paymentDeadline: z.string(), deadlineExtended: z.literal(true), ...ZMessage });
