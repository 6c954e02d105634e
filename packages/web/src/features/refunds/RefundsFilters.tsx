import { REFUND_SOURCES, REFUND_STATES } from '@heliline/domain/refunds/wire';
import { Button, Group, Paper, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_FILTERS, rangeProblem, type RefundFilters } from './list-state.ts';

/** The list's filters, applied on submit (Enter or the button): state, where the money goes, date range, booking code. */
export function RefundsFilters({ initial, onApply }: { initial: RefundFilters; onApply: (filters: RefundFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [rangeError, setRangeError] = useState(false);
  const set = (key: keyof RefundFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = rangeProblem(draft);
    setRangeError(wrong);
    if (wrong) {
      document.getElementById('refunds-filter-to')?.focus();
      return;
    }
    onApply(draft);
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setRangeError(false);
    onApply(EMPTY_FILTERS);
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-labelledby="refunds-filters-title" role="search">
      <Title order={2} size="h4" mb="sm" id="refunds-filters-title">
        {t('staff.refunds.filtersTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <Select
          label={t('staff.refunds.state')}
          value={draft.state || null}
          onChange={(v) => set('state')(v ?? '')}
          placeholder={t('staff.refunds.any')}
          clearable
          data={REFUND_STATES.map((s) => ({ value: s, label: t(`staff.refunds.states.${s}`) }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('staff.refunds.source')}
          value={draft.source || null}
          onChange={(v) => set('source')(v ?? '')}
          placeholder={t('staff.refunds.any')}
          clearable
          data={REFUND_SOURCES.map((s) => ({ value: s, label: t(`staff.refunds.sources.${s}`) }))}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput type="date" label={t('staff.refunds.from')} value={draft.from} onChange={(e) => set('from')(e.currentTarget.value)} />
        <TextInput
          id="refunds-filter-to"
          type="date"
          label={t('staff.refunds.to')}
          value={draft.to}
          onChange={(e) => set('to')(e.currentTarget.value)}
          error={rangeError ? t('staff.refunds.rangeInvalid') : null}
        />
        <TextInput label={t('staff.refunds.code')} value={draft.code} onChange={(e) => set('code')(e.currentTarget.value)} maxLength={8} autoComplete="off" />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('staff.refunds.search')}
        </Button>
        <Button type="button" variant="default" onClick={reset}>
          {t('staff.refunds.reset')}
        </Button>
      </Group>
    </Paper>
  );
}
