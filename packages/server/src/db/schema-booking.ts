import type { Generated } from 'kysely';
import type { Bool } from './column-types.ts';

/**
 * Seat counters of one flight leg. Created on first use from the aircraft's seats; the
 * inventory service is the only code that changes them (docs/decisions/006).
 * available = capacity − sold − held − blocked.
 */
export interface LegInventoryTable {
  flight_leg_id: number;
  capacity: number;
  sold: number;
  held: number;
  blocked: number;
  updated_at: string;
}

/** Seats a booking request takes on one leg: held (until expires_at), sold, or released. */
export interface SeatHoldsTable {
  id: Generated<number>;
  booking_request_id: number;
  flight_leg_id: number;
  seats: number;
  status: string; // 'held' | 'sold' | 'blocked' | 'released'
  created_at: string;
  updated_at: string;
}

/**
 * One attempt to buy (spec "booking transaction"): group code (6) + suffix (2) = code.
 * type: 1 card, -1 payment link, 2 cash, 3 operator account, 4 blocked seats.
 * status: pending → paid → ticketed; or failed / expired / deleted.
 */
export interface BookingRequestsTable {
  id: Generated<number>;
  code: string;
  group_code: string;
  type: number;
  status: string;
  user_id: number;
  lang: string;
  channel: string;
  flight_type: string; // 'DW' | 'OW'
  origin_id: number;
  destination_id: number;
  departure_flight_id: number;
  comeback_flight_id: number | null;
  men: number;
  women: number;
  children: number;
  infants: number;
  contact_email: string;
  contact_telephone: string;
  coupon_code: string | null;
  coupon_perc: number;
  tickets_cents: number;
  taxes_cents: number;
  landing_taxes_cents: number;
  grand_total_cents: number;
  /** What the buyer pays (after coupon and discounts). */
  amount_cents: number;
  invoice_json: string | null;
  forms_json: string | null;
  hold_expires_at: string;
  hold_extended: Bool;
  payment_id: string | null;
  bank_message: string | null;
  error_code: string | null;
  failure_reason: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
  /** sha256 of the client address that took the hold (migration 010: seats held per address). */
  hold_ip: string | null;
}

export interface BookingPassengersTable {
  id: Generated<number>;
  booking_request_id: number;
  position: number;
  pax_id: number | null;
  category: string; // a | c | i | an
  tkt_category: string; // AD | CH | INF
  gender: string | null;
  lastname: string;
  firstname: string;
  birth_date: string; // YYYY-MM-DD
  residence: string | null;
  document_type: number;
  document_num: string | null;
  email: string | null;
  telephone: string | null;
  exemption: Bool;
  dsc: number;
}

/** Price of one passenger on one journey (d outbound, c return), in cents. */
export interface BookingPriceLinesTable {
  id: Generated<number>;
  booking_request_id: number;
  position: number;
  direction: string; // d | c
  fare_cents: number;
  ticket_cents: number;
  ticket_nodsc_cents: number;
  tax_cents: number;
  landing_tax_cents: number;
  total_cents: number;
  total_nodsc_cents: number;
}

/** Every transition of a booking request: who, when, from, to, why. */
export interface BookingEventsTable {
  id: Generated<number>;
  booking_request_id: number;
  from_status: string | null;
  to_status: string;
  actor: string; // 'user:<id>' | 'bank' | 'sweeper' | 'system'
  reason: string | null;
  created_at: string;
}

export interface CouponsTable {
  code: string;
  perc: number;
  valid_from: string | null; // YYYY-MM-DD
  valid_to: string | null;
  active: Bool;
  created_at: string;
  /** Migration 015: a fixed amount off (a voucher) instead of a percentage; null for percentage coupons. */
  amount_cents: number | null;
  /** 1: usable once (vouchers); used_by is the booking request that used it. */
  single_use: Generated<Bool>;
  used_by: string | null;
  /** Migration 018: what is left on a voucher (null for percentage coupons). */
  balance_cents: number | null;
}

/** Failed coupon attempts per user (3 allowed per window, spec §9). */
export interface CouponFailuresTable {
  id: Generated<number>;
  user_id: number;
  created_at: string;
}

/** Tables of inventory and booking (holds, booking requests, event log, coupons …); see schema.ts. */
export interface BookingTables {
  leg_inventory: LegInventoryTable;
  seat_holds: SeatHoldsTable;
  booking_requests: BookingRequestsTable;
  booking_passengers: BookingPassengersTable;
  booking_price_lines: BookingPriceLinesTable;
  booking_events: BookingEventsTable;
  coupons: CouponsTable;
  coupon_failures: CouponFailuresTable;
  payment_links: PaymentLinksTable;
  staff_payments: StaffPaymentsTable;
  flight_pets: FlightPetsTable;
}

/** A payment link e-mailed by staff (type -1): only the token's SHA-256 is kept (docs/decisions/010). */
export interface PaymentLinksTable {
  id: Generated<number>;
  booking_request_id: number;
  token_hash: string;
  email: string;
  lang: string;
  /** The bank's hosted page the link opens while the booking's hold lasts. */
  bank_url: string;
  created_by: number;
  created_at: string;
}

/** A payment staff took without the bank: type 2 cash, 3 operator account; account = 'cash' or the Pagamento{product} role. */
export interface StaffPaymentsTable {
  id: Generated<number>;
  booking_request_id: number;
  type: number;
  account: string;
  amount_cents: number;
  taken_by: number;
  created_at: string;
}

/** The booking whose pet flies on a flight (one per flight); a row of a closed booking may be taken over. */
export interface FlightPetsTable {
  flight_id: number;
  booking_request_id: number;
  updated_at: string;
}
