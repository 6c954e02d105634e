import type { TManageBookingAnswer } from '@heliline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { ApiError } from '../../../api/client.ts';
import { type Flight, flightsQuery } from '../../../api/flights.ts';
import { type EditState, type EditTicket, initialEdit } from '../logic/edit-state.ts';
import { addSlot, chooseFlight, moveTicket, removeSlot, setCancelled, setSearchResult, setSlotField, type SlotField, slotCounts } from '../logic/slots.ts';

type RefundPatch = Partial<Pick<EditTicket, 'refundPercText' | 'refundFeeText' | 'refunded_tax' | 'refunded_landingFee'>>;

/** Edit mode's state and its changes (the slot rules live in logic/slots.ts). */
export function useEditState(answer: TManageBookingAnswer) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const queryClient = useQueryClient();
  const [state, setState] = useState<EditState>(() => initialEdit(answer));
  const [searching, setSearching] = useState<number | null>(null);

  const search = async (slotId: number) => {
    const slot = state.slots.find((s) => s.id === slotId);
    if (!slot?.origin || !slot.destination) return;
    setSearching(slotId);
    try {
      const q = {
        reverse: 0 as const,
        origin: String(slot.origin),
        destination: String(slot.destination),
        departureDate: slot.date,
        ...slotCounts(slotId, state.tickets),
      };
      const found = await queryClient.fetchQuery(flightsQuery(q));
      setState((s) => ({ ...s, slots: setSearchResult(s.slots, slotId, found.flights) }));
    } catch (e) {
      // A refused search says which of its fields is at fault ('Tratta non servita' for a route
      // with no flights, e.g. to Peschici) rather than the generic 'data not valid'.
      const field = e instanceof ApiError ? e.firstFieldError('origin', 'destination', 'departureDate') : undefined;
      notify.error(field ?? errorText(e, t, lang));
    } finally {
      setSearching(null);
    }
  };

  return {
    state,
    searching,
    addSlot: () => setState((s) => ({ ...s, slots: addSlot(s.slots, s.tickets) })),
    removeSlot: (id: number) => setState((s) => removeSlot(s.slots, s.tickets, id)),
    setField: (id: number, field: SlotField, value: string | number | null) => setState((s) => ({ ...s, slots: setSlotField(s.slots, id, field, value) })),
    choose: (id: number, flight: Flight | null) => setState((s) => ({ ...s, slots: chooseFlight(s.slots, id, flight) })),
    move: (ticketId: number, slotId: number) => setState((s) => moveTicket(s.slots, s.tickets, ticketId, slotId)),
    cancel: (ticketId: number, cancelled: boolean) => setState((s) => ({ ...s, tickets: setCancelled(s.tickets, ticketId, cancelled) })),
    refund: (ticketId: number, patch: RefundPatch) => setState((s) => ({ ...s, tickets: s.tickets.map((tk) => (tk.id === ticketId ? { ...tk, ...patch } : tk)) })),
    search,
  };
}
