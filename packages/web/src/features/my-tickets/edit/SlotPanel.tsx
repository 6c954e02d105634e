import { placeById } from '@heliline/domain/places';
import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import type { Flight } from '../../../api/flights.ts';
import { parseTypedDate, wire } from '../../../lib/dates.ts';
import type { EditSlot } from '../logic/edit-state.ts';
import { SLOT_DESTINATIONS, SLOT_ORIGINS, type SlotField } from '../logic/slots.ts';
import { FlightsTable } from './FlightsTable.tsx';

export interface SlotHandlers {
  onField: (slotId: number, field: SlotField, value: string | number | null) => void;
  onSearch: (slotId: number) => void;
  onChoose: (slotId: number, flight: Flight | null) => void;
  onRemove: (slotId: number) => void;
}

/** One numbered slot (volo N): departure, destination, new date, 'search flight', its flights and 'cancel selection'. */
export function SlotPanel(props: {
  slot: EditSlot;
  passengers: number;
  searchable: boolean;
  removable: boolean;
  searching: boolean;
  staff: boolean;
  handlers: SlotHandlers;
}) {
  const { slot, passengers, searchable, removable, searching, staff, handlers } = props;
  const { t } = useTranslation();
  const [lang] = useLang();
  const places = (ids: readonly number[]) => [{ value: '', label: '—' }, ...ids.map((id) => ({ value: String(id), label: placeById(id)?.name[lang] ?? String(id) }))];
  const hintId = `slot-${slot.id}-hint`;
  return (
    <Fieldset legend={t('tickets.edit.slot', { n: slot.id })} mb="md" data-testid={`slot-${slot.id}`}>
      <Text size="sm" mb="xs">
        {t('tickets.edit.passengers', { count: passengers })}
        {slot.flight && ` · ${t('tickets.edit.chosen', { flight: `${slot.flight.flightCode} ${slot.flight.takeOffDate} ${slot.flight.takeOffTime}` })}`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          size="md"
          label={t('tickets.edit.departure')}
          value={slot.origin ? String(slot.origin) : ''}
          data={places(SLOT_ORIGINS)}
          onChange={(e) => handlers.onField(slot.id, 'origin', Number(e.currentTarget.value) || null)}
        />
        <NativeSelect
          size="md"
          label={t('tickets.edit.destination')}
          value={slot.destination ? String(slot.destination) : ''}
          data={places(SLOT_DESTINATIONS)}
          onChange={(e) => handlers.onField(slot.id, 'destination', Number(e.currentTarget.value) || null)}
        />
        <DateField
          label={t('tickets.edit.date')}
          placeholder={t('tickets.pax.dateFormat')}
          value={slot.date ? parseTypedDate(slot.date) : null}
          onChange={(iso) => handlers.onField(slot.id, 'date', wire(iso))}
        />
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button
          leftSection={<IconSearch size={16} aria-hidden />}
          disabled={!searchable}
          loading={searching}
          onClick={() => handlers.onSearch(slot.id)}
          aria-describedby={searchable ? undefined : hintId}
        >
          {t('tickets.edit.search')}
        </Button>
        <Button variant="default" leftSection={<IconX size={16} aria-hidden />} disabled={!slot.flight} onClick={() => handlers.onChoose(slot.id, null)}>
          {t('tickets.edit.cancelSelection')}
        </Button>
        {removable && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => handlers.onRemove(slot.id)}>
            {t('tickets.edit.removeSlot', { n: slot.id })}
          </Button>
        )}
      </Group>
      {!searchable && (
        <Text id={hintId} size="xs" c="dimmed" mt={4}>
          {t('tickets.edit.searchHint')}
        </Text>
      )}
      {slot.noFlights && (
        <Text c="red.8" mt="sm" role="status">
          {t('tickets.edit.noFlights')}
        </Text>
      )}
      {slot.flights && slot.flights.length > 0 && (
        <FlightsTable
          slotId={slot.id}
          flights={slot.flights as Flight[]}
          chosen={slot.flight?.flightId ?? null}
          staff={staff}
          onChoose={(f) => handlers.onChoose(slot.id, f)}
        />
      )}
    </Fieldset>
  );
}
