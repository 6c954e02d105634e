import type { Bool } from './column-types.ts';

/** Staff handling of a failed booking request (migration 007): in use by whom, locked by whom. */
export interface BookingHandlingTable {
  booking_request_id: number;
  /** The staff member who has it selected, or null. */
  in_use_by: number | null;
  in_use_since: string | null;
  locked: Bool;
  locked_by: number | null;
  updated_at: string;
}

/** Tables of the failed-bookings screen; see schema.ts. */
export interface FailedBookingTables {
  booking_handling: BookingHandlingTable;
}
