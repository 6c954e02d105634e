import { Button, Checkbox, Fieldset, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { parseTypedDate, wire } from '../../../lib/dates.ts';
import { BOOKING_CODE_MAX, TICKET_NR_MAX, type TicketFilters } from '../logic/filters.ts';

/** DD/MM/YYYY ↔ the date field's ISO value. */
const isoOf = (wireDate: string) => (wireDate ? parseTypedDate(wireDate) : null);

/** The filter area of spec §2: five filters, 'include cancelled', 'clear filters' and 'see list'. */
export function FiltersPanel({
  value,
  onChange,
  onSearch,
  onClear,
}: {
  value: TicketFilters;
  onChange: (f: TicketFilters) => void;
  onSearch: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const text = (key: 'bookingCode' | 'ticketNr' | 'lastname' | 'firstname', maxLength = 100) => ({
    label: t(`tickets.filters.${key}`),
    value: value[key],
    maxLength,
    autoComplete: 'off',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: e.currentTarget.value }),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <Fieldset legend={t('tickets.filters.legend')} mb="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <DateField
            label={t('tickets.filters.flightDate')}
            placeholder={t('tickets.pax.dateFormat')}
            value={isoOf(value.flightDate)}
            onChange={(iso) => onChange({ ...value, flightDate: wire(iso) })}
          />
          <TextInput {...text('bookingCode', BOOKING_CODE_MAX)} />
          <TextInput {...text('ticketNr', TICKET_NR_MAX)} inputMode="numeric" />
          <TextInput {...text('lastname')} />
          <TextInput {...text('firstname')} />
          <Checkbox
            mt={{ base: 0, xs: 30 }}
            label={t('tickets.filters.includeCancelled')}
            checked={value.includeCancelled}
            onChange={(e) => onChange({ ...value, includeCancelled: e.currentTarget.checked })}
          />
        </SimpleGrid>
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={onClear}>
            {t('tickets.filters.clear')}
          </Button>
          <Button type="submit">{t('tickets.filters.search')}</Button>
        </Group>
      </Fieldset>
    </form>
  );
}
