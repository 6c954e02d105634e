/** Tables of the check-in desk (migration 014); see schema.ts for the conventions. */

/** A ticket seen at the desk: checked in (when, by whom, override reason) and/or weighed. */
export interface CheckInsTable {
  ticket_nr: string;
  flight_id: number;
  checked_in_at: string | null;
  checked_in_by: number | null;
  /** Why staff checked the passenger in outside the window; null inside it. */
  override_reason: string | null;
  passenger_grams: number | null;
  /** JSON array of integer grams, one per bag; null until weighed. */
  bags_grams: string | null;
  weighed_at: string | null;
  weighed_by: number | null;
}

/** A flight whose check-in the desk closed, with the load it closed with. */
export interface FlightClosuresTable {
  flight_id: number;
  closed_at: string;
  closed_by: number;
  total_grams: number;
  payload_kg: number;
  /** Why it was closed over the maximum payload; null when within it. */
  over_reason: string | null;
}

export interface CheckInTables {
  check_ins: CheckInsTable;
  flight_closures: FlightClosuresTable;
}
