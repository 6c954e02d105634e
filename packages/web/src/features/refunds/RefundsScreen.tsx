import { can } from '@heliline/domain/roles';
import type { TUser } from '@heliline/domain';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/FormAlert.tsx';
import { Page } from '../../components/Page.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { errorText } from '../../lib/errors.ts';
import { Pager } from '../../components/Pager.tsx';
import { adminRefundsQuery } from './api.ts';
import { filtersFromParams, hasFilters, pageFromParams, paramsFor, queryFor, type RefundFilters } from './list-state.ts';
import { RefundsFilters } from './RefundsFilters.tsx';
import { RefundsList } from './RefundsList.tsx';

/** /admin/refunds: the refund ledger (GET /api/admin/refunds), 25 a page, with retry and desk payouts for those allowed. */
export function RefundsScreen({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [params, setParams] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const filters = filtersFromParams(params);
  const page = pageFromParams(params);
  const list = useQuery(adminRefundsQuery(queryFor(filters, page)));
  const powers = { retry: can(user.roles, 'refunds.retry'), payout: can(user.roles, 'refunds.payout') };

  const apply = (next: RefundFilters) => setParams(paramsFor(next, 1));
  const goTo = (next: number) => {
    setParams(paramsFor(filters, next));
    document.getElementById('refunds-results')?.focus();
  };
  const pagination = list.data?.pagination;
  const caption = t('staff.refunds.caption', { page: pagination?.current_page ?? page, last: pagination?.last_page ?? 1 });

  return (
    <Page title={t('staff.refunds.title')} size="xl">
      <Text c="gray.8" mb="md">
        {t('staff.refunds.intro')}
      </Text>
      <RefundsFilters key={paramsFor(filters).toString()} initial={filters} onApply={apply} />
      {list.isError && <FormAlert kind="error">{errorText(list.error, t, lang)}</FormAlert>}
      {done && <FormAlert kind="success">{done}</FormAlert>}
      <div id="refunds-results" tabIndex={-1} aria-busy={list.isFetching} style={{ outline: 'none' }}>
        {list.isPending ? (
          <Stack gap="xs" aria-label={t('app.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={44} radius="sm" />
            ))}
          </Stack>
        ) : list.data && list.data.refunds.length > 0 ? (
          <>
            <RefundsList rows={list.data.refunds} caption={caption} powers={powers} onDone={setDone} />
            <Pager pagination={list.data.pagination} onPage={goTo} label={t('staff.refunds.pagination')} />
          </>
        ) : list.data ? (
          <Text role="status" c="gray.8" py="lg">
            {hasFilters(filters) ? t('staff.refunds.empty') : t('staff.refunds.emptyAll')}
          </Text>
        ) : null}
      </div>
    </Page>
  );
}
