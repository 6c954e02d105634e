import { Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { useTicketsPage } from '../api/list.ts';
import type { TicketRow } from '../api/types.ts';
import { Pager } from '../components/Pager.tsx';
import { EMPTY_FILTERS, hasAnyFilter, type TicketFilters } from '../logic/filters.ts';
import { FiltersPanel } from './FiltersPanel.tsx';
import { UsageGuide } from './UsageGuide.tsx';

// The results (the table with its badges and tooltips) and the two dialogs they open are chunks
// of their own, fetched with the first search: the first visit shows the filters only, and
// Mantine's Select, Modal and Tooltip are not on it (decision 023).
const loadTable = () => import('./TicketsTable.tsx');
const loadPaxModal = () => import('../components/PaxModal.tsx');
const loadEmailModal = () => import('../components/EmailModal.tsx');
const TicketsTable = lazy(async () => ({ default: (await loadTable()).TicketsTable }));
const PaxModal = lazy(async () => ({ default: (await loadPaxModal()).PaxModal }));
const EmailModal = lazy(async () => ({ default: (await loadEmailModal()).EmailModal }));
const loadResults = () => void Promise.all([loadTable(), loadPaxModal(), loadEmailModal()]).catch(() => undefined);

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
  // A dialog stays mounted once opened, so it closes with its transition and gives the focus back.
  const [paxUsed, setPaxUsed] = useState(false);
  const [emailUsed, setEmailUsed] = useState(false);
  const list = useTicketsPage(search);
  useEffect(() => {
    if (search) loadResults();
  }, [search]);
  const submit = () => {
    const ok = hasAnyFilter(filters);
    setWarning(!ok);
    if (ok) onSearch({ filters, page: 1 });
  };
  const editPax = (row: TicketRow) => {
    setPaxUsed(true);
    setPaxRow(row);
  };
  const email = (row: TicketRow) => {
    setEmailUsed(true);
    setEmailRow(row);
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
        // The counts show with the rows they count: both wait for the table's chunk.
        <Suspense fallback={<PageLoader />}>
          <div aria-busy={list.isFetching}>
            <Pager info={list.data.pagination} onPage={(page) => search && onSearch({ ...search, page })} />
            {list.data.bookings.length === 0 ? (
              <Text>{t('tickets.list.empty')}</Text>
            ) : (
              <TicketsTable rows={list.data.bookings} pending={list.data.bookingsPending} actions={{ onEditPax: editPax, onEditTicket: onEdit, onEmail: email }} />
            )}
          </div>
        </Suspense>
      )}
      {paxUsed && (
        <Suspense fallback={null}>
          <PaxModal row={paxRow} onClose={() => setPaxRow(null)} />
        </Suspense>
      )}
      {emailUsed && (
        <Suspense fallback={null}>
          <EmailModal row={emailRow} onClose={() => setEmailRow(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
