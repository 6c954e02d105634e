import type { TMyRefund, TMyRefundsAnswer } from '@heliline/domain/refunds/wire';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { formatEuro } from '../../../lib/format.ts';
import { ticketsKey } from '../api/list.ts';
import type { TicketRow } from '../api/types.ts';
import { bookingGroup } from '../logic/filters.ts';

/** The refunds of each booking group on the page, shown once per group (on its first ticket row). */
interface PageRefunds {
  byGroup: ReadonlyMap<string, TMyRefund[]>;
  firstRow: ReadonlyMap<string, string>;
}
const RefundsContext = createContext<PageRefunds>({ byGroup: new Map(), firstRow: new Map() });

/** GET /api/my-tickets/refunds for the groups of the listed tickets; asked again every few seconds while one is pending. */
export function PageRefundsProvider({ rows, children }: { rows: readonly TicketRow[]; children: ReactNode }) {
  const groups = [...new Set(rows.map((r) => bookingGroup(r.bookingCode)))].sort();
  const refunds = useQuery({
    queryKey: [...ticketsKey, 'refunds', groups] as const,
    queryFn: () => api.get<TMyRefundsAnswer>('/api/my-tickets/refunds', { query: { groups: groups.join(',') } }),
    enabled: groups.length > 0,
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.state === 'pending') ? 10_000 : false),
  });
  const byGroup = new Map<string, TMyRefund[]>();
  for (const r of refunds.data?.refunds ?? []) byGroup.set(r.groupCode, [...(byGroup.get(r.groupCode) ?? []), r]);
  const firstRow = new Map<string, string>();
  for (const r of rows) if (!firstRow.has(bookingGroup(r.bookingCode))) firstRow.set(bookingGroup(r.bookingCode), r.ticketNr);
  return <RefundsContext.Provider value={{ byGroup, firstRow }}>{children}</RefundsContext.Provider>;
}

/** Next to the booking code: each refund of the booking, its amount, state and where the money goes. */
export function RefundStates({ row }: { row: TicketRow }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { byGroup, firstRow } = useContext(RefundsContext);
  const group = bookingGroup(row.bookingCode);
  const refunds = byGroup.get(group);
  if (!refunds?.length || firstRow.get(group) !== row.ticketNr) return null;
  return (
    <ul aria-label={t('tickets.list.refunds', { code: group })} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={`refunds-${group}`}>
      {refunds.map((r) => (
        <Text component="li" key={r.id} size="xs" c={r.state === 'failed' ? 'red.9' : 'teal.9'} data-state={r.state}>
          {t('tickets.list.refund', {
            amount: formatEuro(r.amount, lang),
            state: t(`tickets.list.refundStates.${r.state}`),
            where: t(`tickets.list.refundWhere.${r.source}`),
          })}
        </Text>
      ))}
    </ul>
  );
}
