import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { useTicketsPage } from '../api/list.ts';
import type { TicketRow } from '../api/types.ts';
import { EmailModal } from '../components/EmailModal.tsx';
import { Pager } from '../components/Pager.tsx';
import { PaxModal } from '../components/PaxModal.tsx';
import { EMPTY_FILTERS, hasAnyFilter, type TicketFilters } from '../logic/filters.ts';
import { FiltersPanel } from './FiltersPanel.tsx';
import { TicketsTable } from './TicketsTable.tsx';
import { UsageGuide } from './UsageGuide.tsx';

export interface ListSearch {
  filters: TicketFilters;
  page: number;
}

/** Search and list of spec §2; the search survives edit mode ('back to search' reloads it). */
export function TicketsList({ search, onSearch, onEdit }: { search: ListSearch | null; onSearch: (s: ListSearch | null) => void; onEdit: (row: TicketRow) => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [filters, setFilters] = useState<TicketFilters>(search?.filters ?? EMPTY_FILTERS);
  const [warning, setWarning] = useState(false);
  const [paxRow, setPaxRow] = useState<TicketRow | null>(null);
  const [emailRow, setEmailRow] = useState<TicketRow | null>(null);
  const list = useTicketsPage(search);
  const submit = () => {
    const ok = hasAnyFilter(filters);
    setWarning(!ok);
    if (ok) onSearch({ filters, page: 1 });
  };
  return (
    <Stack gap={0}>
      <UsageGuide />
      <FiltersPanel
        value={filters}
        onChange={setFilters}
        onSearch={submit}
        onClear={() => {
          setFilters(EMPTY_FILTERS);
          setWarning(false);
          onSearch(null);
        }}
      />
      {warning && <FormAlert kind="error">{t('tickets.filters.none')}</FormAlert>}
      {list.isError && <FormAlert kind="error">{errorText(list.error, t, lang)}</FormAlert>}
      {search && list.isPending && <PageLoader />}
      {list.data && (
        <div aria-busy={list.isFetching}>
          <Pager info={list.data.pagination} onPage={(page) => search && onSearch({ ...search, page })} />
          {list.data.bookings.length === 0 ? (
            <Text>{t('tickets.list.empty')}</Text>
          ) : (
            <TicketsTable rows={list.data.bookings} pending={list.data.bookingsPending} actions={{ onEditPax: setPaxRow, onEditTicket: onEdit, onEmail: setEmailRow }} />
          )}
        </div>
      )}
      <PaxModal row={paxRow} onClose={() => setPaxRow(null)} />
      <EmailModal row={emailRow} onClose={() => setEmailRow(null)} />
    </Stack>
  );
}
