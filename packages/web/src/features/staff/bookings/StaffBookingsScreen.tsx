import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { adminBookingsQuery } from './api.ts';
import { BookingsFilters } from './BookingsFilters.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { BookingsList } from './BookingsTable.tsx';
import { filtersFromParams, hasFilters, type ListFilters, pageFromParams, paramsFor, queryFor } from './list-state.ts';

/** /admin/gestione-prenotazioni: the staff list of bookings (GET /api/admin/bookings), 25 a page. */
export function StaffBookingsScreen() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const page = pageFromParams(params);
  const list = useQuery(adminBookingsQuery(queryFor(filters, page)));

  const apply = (next: ListFilters) => setParams(paramsFor(next, 1));
  const goTo = (next: number) => {
    setParams(paramsFor(filters, next));
    document.getElementById('staff-bookings-results')?.focus();
  };
  const pagination = list.data?.pagination;
  const caption = t('staff.bookings.caption', { page: pagination?.current_page ?? page, last: pagination?.last_page ?? 1 });

  return (
    <Page title={t('titles.staffBookings')} size="xl">
      <Text c="gray.8" mb="md">
        {t('staff.bookings.intro')}
      </Text>
      <BookingsFilters key={paramsFor(filters).toString()} initial={filters} onApply={apply} />
      {list.isError && <FormAlert kind="error">{errorText(list.error, t, lang)}</FormAlert>}
      <div id="staff-bookings-results" tabIndex={-1} aria-busy={list.isFetching} style={{ outline: 'none' }}>
        {list.isPending ? (
          <Stack gap="xs" aria-label={t('app.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={44} radius="sm" />
            ))}
          </Stack>
        ) : list.data && list.data.bookings.length > 0 ? (
          <>
            <BookingsList rows={list.data.bookings} caption={caption} />
            <Pager pagination={list.data.pagination} onPage={goTo} />
          </>
        ) : list.data ? (
          <Text role="status" c="gray.8" py="lg">
            {hasFilters(filters) ? t('staff.bookings.empty') : t('staff.bookings.emptyAll')}
          </Text>
        ) : null}
      </div>
    </Page>
  );
}
