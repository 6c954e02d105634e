/**
 * Edit mode's travel slots (spec §2 Edit mode, §4, §5): pure state changes, no React. The booking
 * opens with one slot per journey (its route, date and flight) and each ticket on its journey's
 * slot (`movedOn`); a ticket moves by naming another slot, and a slot changes flight for all
 * its passengers. `homeSlot` remembers where a ticket started.
 */

/** idPax of an animal row: it never moves by itself (spec §9). */
export const ANIMAL_PAX_ID = 100;

/** Departure and destination heliports of the flight-search panel (spec §2). */
export const SLOT_ORIGINS = [1348, 1511, 1514, 1529] as const;
export const SLOT_DESTINATIONS = [1349, 1511, 1514, 1529] as const;

/** What the slot rules need of a ticket row. */
export interface SlotTicket {
  id: number;
  idPax: number;
  /** Same value on every ticket of one person (booking code and idPax): the duplicate check's key. */
  paxKey: string;
  gender: string | null;
  /** AD, CH, AN or INF. */
  paxCategory: string;
  /** The flight the ticket is on now. */
  flightId: number;
  homeSlot: number;
  movedOn: number;
  cancelled: boolean;
}

/** What a slot keeps of its chosen flight (a search row, or the journey's own flight). */
export interface SlotFlight {
  flightId: number;
}

export interface Slot<F extends SlotFlight = SlotFlight> {
  id: number;
  origin: number | null;
  destination: number | null;
  /** DD/MM/YYYY. */
  date: string;
  /** null until searched. */
  flights: F[] | null;
  noFlights: boolean;
  flight: F | null;
}

export function emptySlot<F extends SlotFlight>(id: number): Slot<F> {
  return { id, origin: null, destination: null, date: '', flights: null, noFlights: false, flight: null };
}

/** The selection a slot loses when its route, date or passengers change (spec §4). */
function cleared<F extends SlotFlight>(slot: Slot<F>): Slot<F> {
  return { ...slot, flights: null, noFlights: false, flight: null };
}

export function passengersOn(slotId: number, tickets: readonly SlotTicket[]): SlotTicket[] {
  return tickets.filter((t) => t.movedOn === slotId && !t.cancelled);
}

/** Spec §4: never more slots than bookings. */
export function canAddSlot(slots: readonly Slot[], tickets: readonly SlotTicket[]): boolean {
  return slots.length < tickets.length;
}

export function addSlot<F extends SlotFlight>(slots: readonly Slot<F>[], tickets: readonly SlotTicket[]): Slot<F>[] {
  if (!canAddSlot(slots, tickets)) return [...slots];
  const id = Math.max(0, ...slots.map((s) => s.id)) + 1;
  return [...slots, emptySlot<F>(id)];
}

/** Slot 1 and the last remaining slot stay (spec §4). */
export function canRemoveSlot(slots: readonly Slot[], slotId: number): boolean {
  return slotId !== 1 && slots.length > 1 && slots.some((s) => s.id === slotId);
}

/** Removes a slot; its passengers go back to their starting slot (slot 1 when that one is gone too). */
export function removeSlot<F extends SlotFlight, T extends SlotTicket>(
  slots: readonly Slot<F>[],
  tickets: readonly T[],
  slotId: number,
): { slots: Slot<F>[]; tickets: T[] } {
  if (!canRemoveSlot(slots, slotId)) return { slots: [...slots], tickets: [...tickets] };
  return {
    slots: slots.filter((s) => s.id !== slotId),
    tickets: tickets.map((t) => (t.movedOn === slotId ? { ...t, movedOn: t.homeSlot !== slotId && slots.some((s) => s.id === t.homeSlot) ? t.homeSlot : 1 } : t)),
  };
}

export type SlotField = 'origin' | 'destination' | 'date';

/** A new route or date: the slot's flights, 'no flights' flag and chosen flight go (spec §4). */
export function setSlotField<F extends SlotFlight>(slots: readonly Slot<F>[], slotId: number, field: SlotField, value: string | number | null): Slot<F>[] {
  return slots.map((s) => (s.id === slotId ? cleared({ ...s, [field]: value }) : s));
}

/**
 * Moves a ticket onto another slot. The slots whose passenger count changes
 * lose their selection, since the flights were searched for other numbers (spec §4).
 */
export function moveTicket<F extends SlotFlight, T extends SlotTicket>(
  slots: readonly Slot<F>[],
  tickets: readonly T[],
  ticketId: number,
  target: number,
): { slots: Slot<F>[]; tickets: T[] } {
  const ticket = tickets.find((t) => t.id === ticketId);
  if (!ticket || ticket.idPax === ANIMAL_PAX_ID || ticket.movedOn === target) return { slots: [...slots], tickets: [...tickets] };
  const touched = new Set([ticket.movedOn, target]);
  return {
    slots: slots.map((s) => (touched.has(s.id) ? cleared(s) : s)),
    tickets: tickets.map((t) => (t.id === ticketId ? { ...t, movedOn: target } : t)),
  };
}

/**
 * Ticks a ticket as cancelled (or not). The slot keeps its flight: fewer people still fit it, and
 * a cancellation alone must not send the buyer back to searching the flights they keep.
 */
export function setCancelled<T extends SlotTicket>(tickets: readonly T[], ticketId: number, cancelled: boolean): T[] {
  return tickets.map((t) => (t.id === ticketId ? { ...t, cancelled } : t));
}

/** GET /api/flights counts of a slot's passengers: adults split by gender, CH and AN children (spec §3). */
export function slotCounts(slotId: number, tickets: readonly SlotTicket[]): { men: number; women: number; children: number; infants: number } {
  const on = passengersOn(slotId, tickets);
  const count = (pred: (t: SlotTicket) => boolean) => on.filter(pred).length;
  return {
    men: count((t) => t.paxCategory === 'AD' && t.gender !== 'F'),
    women: count((t) => t.paxCategory === 'AD' && t.gender === 'F'),
    children: count((t) => t.paxCategory === 'CH' || t.paxCategory === 'AN'),
    infants: count((t) => t.paxCategory === 'INF'),
  };
}

/** 'search flight' is enabled with a passenger, a date, a departure and a destination (spec §5). */
export function canSearch(slot: Slot, tickets: readonly SlotTicket[]): boolean {
  return passengersOn(slot.id, tickets).length > 0 && slot.date !== '' && slot.origin !== null && slot.destination !== null;
}

/** The search's answer stored on the slot; an empty list raises the 'no flights' flag. */
export function setSearchResult<F extends SlotFlight>(slots: readonly Slot<F>[], slotId: number, flights: F[]): Slot<F>[] {
  return slots.map((s) => (s.id === slotId ? { ...s, flights, noFlights: flights.length === 0, flight: null } : s));
}

export function chooseFlight<F extends SlotFlight>(slots: readonly Slot<F>[], slotId: number, flight: F | null): Slot<F>[] {
  return slots.map((s) => (s.id === slotId ? { ...s, flight } : s));
}

export type EditProblem = 'incompleteSlots' | 'noFlightsSelected' | 'duplicatePassenger';

/** The flight a ticket ends on after the changes (null when cancelled or its slot has none). */
function finalFlight(t: SlotTicket, slots: readonly Slot[]): number | null {
  if (t.cancelled) return null;
  return slots.find((s) => s.id === t.movedOn)?.flight?.flightId ?? null;
}

/**
 * An empty slot (nobody assigned) must be removed, slot 1 apart (it cannot be); a slot whose
 * tickets are all cancelled needs nothing; any other slot needs its flight.
 */
function isEmptyBlocking(slot: Slot, tickets: readonly SlotTicket[]): boolean {
  if (!tickets.some((t) => t.movedOn === slot.id)) return slot.id !== 1;
  return passengersOn(slot.id, tickets).length > 0 && slot.flight === null;
}

/**
 * Checks before 'calculate amount' (spec §5), first failure wins: a slot empty or without its
 * flight → incompleteSlots; nothing moved or cancelled → noFlightsSelected; a passenger twice on
 * one flight → duplicatePassenger.
 */
export function validateChanges(slots: readonly Slot[], tickets: readonly SlotTicket[]): EditProblem | null {
  if (slots.some((s) => isEmptyBlocking(s, tickets))) return 'incompleteSlots';
  if (!tickets.some((t) => t.cancelled || finalFlight(t, slots) !== t.flightId)) return 'noFlightsSelected';
  const seen = new Set<string>();
  for (const t of tickets) {
    const flight = finalFlight(t, slots);
    if (flight === null || t.idPax === ANIMAL_PAX_ID) continue;
    const key = `${t.paxKey}@${flight}`;
    if (seen.has(key)) return 'duplicatePassenger';
    seen.add(key);
  }
  return null;
}
