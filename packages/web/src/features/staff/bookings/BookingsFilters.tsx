import { ADMIN_BOOKING_STATUSES } from '@heliline/domain/staff/booking-statuses';
import { Button, Group, Paper, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateProblem, EMPTY_FILTERS, type ListFilters } from './list-state.ts';

/** The list's filters: applied on submit (Enter or the button), so typing does not fire a request per key. */
export function BookingsFilters({ initial, onApply }: { initial: ListFilters; onApply: (filters: ListFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [dateError, setDateError] = useState<string | null>(null);
  const set = (key: keyof ListFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dateProblem(draft.date)) {
      setDateError(t('staff.bookings.dateInvalid'));
      document.getElementById('bookings-filter-date')?.focus();
      return;
    }
    setDateError(null);
    onApply({ ...draft, date: draft.date.trim() });
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setDateError(null);
    onApply(EMPTY_FILTERS);
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-labelledby="bookings-filters-title" role="search">
      <Title order={2} size="h4" mb="sm" id="bookings-filters-title">
        {t('staff.bookings.filtersTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          id="bookings-filter-date"
          label={t('staff.bookings.date')}
          placeholder={t('staff.bookings.datePlaceholder')}
          value={draft.date}
          onChange={(e) => set('date')(e.currentTarget.value)}
          error={dateError}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextInput label={t('staff.bookings.code')} value={draft.code} onChange={(e) => set('code')(e.currentTarget.value)} maxLength={8} autoComplete="off" />
        <TextInput label={t('staff.bookings.name')} value={draft.name} onChange={(e) => set('name')(e.currentTarget.value)} maxLength={64} autoComplete="off" />
        <Select
          label={t('staff.bookings.status')}
          value={draft.status || null}
          onChange={(v) => set('status')(v ?? '')}
          placeholder={t('staff.bookings.anyStatus')}
          clearable
          data={ADMIN_BOOKING_STATUSES.map((s) => ({ value: s, label: t(`staff.bookings.statuses.${s}`) }))}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('staff.bookings.search')}
        </Button>
        <Button type="button" variant="default" onClick={reset}>
          {t('staff.bookings.reset')}
        </Button>
      </Group>
    </Paper>
  );
}
