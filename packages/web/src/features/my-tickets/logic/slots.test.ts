import { describe, expect, it } from 'vitest';
import {
  addSlot,
  ANIMAL_PAX_ID,
  canAddSlot,
  canRemoveSlot,
  canSearch,
  chooseFlight,
  emptySlot,
  moveTicket,
  removeSlot,
  setCancelled,
  setSearchResult,
  setSlotField,
  type Slot,
  slotCounts,
  type SlotTicket,
  validateChanges,
} from './slots.ts';

const ticket = (id: number, over: Partial<SlotTicket> = {}): SlotTicket => ({
  id,
  idPax: id,
  paxKey: `P${id}`,
  gender: 'M',
  paxCategory: 'AD',
  flightId: 20,
  homeSlot: 1,
  movedOn: 1,
  cancelled: false,
  ...over,
});
const tickets = [ticket(1), ticket(2, { gender: 'F' }), ticket(3, { paxCategory: 'CH' }), ticket(4, { idPax: ANIMAL_PAX_ID, paxCategory: 'AN' })];
const ready = (id: number, flightId = 20): Slot => ({
  ...emptySlot(id),
  origin: 1348,
  destination: 1511,
  date: '01/02/2027',
  flights: [{ flightId }],
  flight: { flightId },
});

describe('slots: adding and removing', () => {
  it('never holds more slots than bookings', () => {
    const two = [ticket(1), ticket(2)];
    let slots: Slot[] = [emptySlot(1)];
    expect(canAddSlot(slots, two)).toBe(true);
    slots = addSlot(slots, two);
    expect(slots.map((s) => s.id)).toEqual([1, 2]);
    expect(canAddSlot(slots, two)).toBe(false);
    expect(addSlot(slots, two)).toHaveLength(2);
  });

  it('keeps slot 1 and the last slot; a removed slot sends its passengers back', () => {
    const slots = [emptySlot(1), emptySlot(2)];
    expect(canRemoveSlot(slots, 1)).toBe(false);
    expect(canRemoveSlot([emptySlot(2)], 2)).toBe(false);
    expect(canRemoveSlot(slots, 2)).toBe(true);
    const moved = tickets.map((t) => (t.id === 2 ? { ...t, movedOn: 2 } : t));
    const after = removeSlot(slots, moved, 2);
    expect(after.slots.map((s) => s.id)).toEqual([1]);
    expect(after.tickets.find((t) => t.id === 2)!.movedOn).toBe(1);
    // A ticket whose starting slot is the removed one lands on slot 1.
    const home2 = [ticket(5, { homeSlot: 2, movedOn: 2 })];
    expect(removeSlot([emptySlot(1), emptySlot(2), emptySlot(3)], home2, 2).tickets[0]!.movedOn).toBe(1);
  });
});

describe('slots: reset rules', () => {
  it('clears flights, the no-flights flag and the choice when the date, origin or destination change', () => {
    for (const field of ['date', 'origin', 'destination'] as const) {
      const [s] = setSlotField([{ ...ready(1), noFlights: true }], 1, field, field === 'date' ? '02/02/2027' : 1514);
      expect(s!.flights).toBeNull();
      expect(s!.flight).toBeNull();
      expect(s!.noFlights).toBe(false);
      expect(s![field]).toBe(field === 'date' ? '02/02/2027' : 1514);
    }
  });

  it('clears the slots whose passenger count changes, and only those', () => {
    const slots = [ready(1), ready(2, 30), ready(3, 40)];
    const after = moveTicket(slots, tickets, 1, 2);
    expect(after.slots.map((s) => s.flight)).toEqual([null, null, { flightId: 40 }]);
    expect(after.tickets[0]!.movedOn).toBe(2);
  });

  it('never moves the animal', () => {
    const after = moveTicket([emptySlot(1), emptySlot(2)], tickets, 4, 2);
    expect(after.tickets.find((t) => t.id === 4)!.movedOn).toBe(1);
  });

  it('takes a cancelled ticket off its slot, which keeps its flight', () => {
    const after = setCancelled(tickets, 1, true);
    expect(after[0]).toMatchObject({ cancelled: true, movedOn: 1 });
    expect(slotCounts(1, after).men).toBe(0);
    expect(validateChanges([ready(1)], after)).toBeNull();
  });
});

describe('slots: search', () => {
  it('is enabled with a passenger, a date, a departure and a destination', () => {
    const moved = tickets.map((t) => (t.id === 1 ? { ...t, movedOn: 2 } : t));
    expect(canSearch(ready(2), moved)).toBe(true);
    expect(canSearch(ready(3), moved)).toBe(false);
    expect(canSearch({ ...ready(1), date: '' }, moved)).toBe(false);
    expect(canSearch({ ...ready(1), origin: null }, moved)).toBe(false);
    expect(canSearch({ ...ready(1), destination: null }, moved)).toBe(false);
  });

  it('counts men, women, children (CH and AN) and infants of the slot', () => {
    const all = [...tickets, ticket(5, { paxCategory: 'INF' })].map((t) => ({ ...t, movedOn: 1 }));
    expect(slotCounts(1, all)).toEqual({ men: 1, women: 1, children: 2, infants: 1 });
  });

  it('raises the no-flights flag on an empty answer', () => {
    expect(setSearchResult([emptySlot(1)], 1, [])[0]!.noFlights).toBe(true);
    expect(setSearchResult([emptySlot(1)], 1, [{ flightId: 1 }])[0]!.noFlights).toBe(false);
  });
});

describe('slots: validation before calculating', () => {
  it('needs a change', () => {
    expect(validateChanges([ready(1)], tickets)).toBe('noFlightsSelected');
  });
  it('needs every slot filled with passengers and a flight', () => {
    const moved = tickets.map((t) => (t.id === 1 ? { ...t, movedOn: 2 } : t));
    expect(validateChanges([ready(1), emptySlot(2)], moved)).toBe('incompleteSlots');
    expect(validateChanges([ready(1), ready(2, 30), emptySlot(3)], moved)).toBe('incompleteSlots');
    expect(validateChanges([ready(1), ready(2, 30)], moved)).toBeNull();
    expect(validateChanges(chooseFlight([ready(1), ready(2, 30)], 1, null), moved)).toBe('incompleteSlots');
  });
  it('lets a slot whose tickets are all cancelled be, and slot 1 stay empty', () => {
    const cancelled = tickets.map((t) => ({ ...t, cancelled: true }));
    expect(validateChanges([emptySlot(1)], cancelled)).toBeNull();
    const returnsCancelled = [ticket(1), ticket(2, { homeSlot: 2, movedOn: 2, cancelled: true })];
    expect(validateChanges([ready(1), emptySlot(2)], returnsCancelled)).toBeNull();
    expect(validateChanges([emptySlot(1), ready(2)], [ticket(2, { homeSlot: 2, movedOn: 2, flightId: 30 })])).toBeNull();
  });
  it('refuses the same passenger twice on one flight', () => {
    // Passenger 7 flies out on 20 and back on 30; moving the return onto flight 20 doubles them.
    const trip = [ticket(1, { paxKey: 'X', flightId: 20 }), ticket(2, { paxKey: 'X', flightId: 30, homeSlot: 2, movedOn: 2 })];
    expect(validateChanges([ready(1, 20), ready(2, 20)], trip)).toBe('duplicatePassenger');
    expect(validateChanges([ready(1, 20), ready(2, 31)], trip)).toBeNull();
  });
});
