import type { RefundStateName, TAdminRefund } from '@heliline/domain/refunds/wire';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { formatEuro, formatInstant } from '../../lib/format.ts';
import { TEXT_COLOR } from '../../components/text-colors.ts';
import { RefundActions, type RefundPowers } from './RefundActions.tsx';

/** Why the refund exists, in words; a reason this screen does not know yet shows as stored. */
const reasonText = (t: TFunction, reason: string) => t(`staff.refunds.reasons.${reason as 'ticket-cancelled'}`, { defaultValue: reason });

const STATE_COLOR: Record<RefundStateName, string> = { pending: TEXT_COLOR.warn, sent: 'blue.9', confirmed: TEXT_COLOR.ok, failed: TEXT_COLOR.danger };

interface ListProps {
  rows: readonly TAdminRefund[];
  caption: string;
  powers: RefundPowers;
  onDone: (message: string) => void;
}

/** A table from 48em up; on a phone one card per refund (no sideways scroll at 360 px). */
export function RefundsList(props: ListProps) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  return wide ? <RefundsTable {...props} /> : <RefundsCards {...props} />;
}

function RefundsTable({ rows, caption, powers, onDone }: ListProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <ScrollTable label={caption} minWidth={900} mb="md">
      <Table striped verticalSpacing="sm" withTableBorder data-testid="refunds-table">
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {(['created', 'booking', 'amount', 'source', 'state', 'customer', 'actions'] as const).map((k) => (
              <Table.Th key={k} scope="col" ta={k === 'amount' ? 'right' : undefined}>
                {t(`staff.refunds.cols.${k}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-refund={row.id} data-state={row.state}>
              <Table.Td>{formatInstant(row.createdAt, lang)}</Table.Td>
              <Table.Td ff="monospace">{row.bookingCode}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                € {formatEuro(row.amount, lang)}
              </Table.Td>
              <Table.Td>{t(`staff.refunds.sources.${row.source}`)}</Table.Td>
              <Table.Td>
                <StateDetail row={row} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.email}</Text>
                <Text size="xs" c="gray.8">
                  {reasonText(t, row.reason)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RefundActions row={row} powers={powers} onDone={onDone} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function RefundsCards({ rows, caption, powers, onDone }: ListProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} mb="md" style={{ listStyle: 'none' }} aria-label={caption} data-testid="refunds-cards">
      {rows.map((row) => (
        <Paper component="li" key={row.id} withBorder p="sm" data-refund={row.id} data-state={row.state}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Text ff="monospace" fw={700}>
              {row.bookingCode}
            </Text>
            <Text fw={700}>€ {formatEuro(row.amount, lang)}</Text>
          </Group>
          <Text size="sm">
            {t(`staff.refunds.sources.${row.source}`)} · {reasonText(t, row.reason)}
          </Text>
          <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {formatInstant(row.createdAt, lang)} · {row.email}
          </Text>
          <StateDetail row={row} />
          <RefundActions row={row} powers={powers} onDone={onDone} />
        </Paper>
      ))}
    </Stack>
  );
}

/** The state, and what goes with it: the gateway's reason of a failure, when it was sent, who paid out how. */
function StateDetail({ row }: { row: TAdminRefund }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700} c={STATE_COLOR[row.state]}>
        {t(`staff.refunds.states.${row.state}`)}
      </Text>
      {row.state === 'failed' && (
        <Text size="xs" c={TEXT_COLOR.danger} data-testid="failure-reason" style={{ overflowWrap: 'anywhere' }}>
          {t('staff.refunds.failure', { code: row.failureCode ?? '—', reason: row.failureReason ?? '—' })}
        </Text>
      )}
      {row.state === 'pending' && row.attempts > 0 && (
        <Text size="xs" c="gray.8">
          {t('staff.refunds.nextAttempt', { count: row.attempts, at: formatInstant(row.nextAttemptAt, lang) })}
        </Text>
      )}
      {row.sentAt && (
        <Text size="xs" c="gray.8">
          {t('staff.refunds.sentAt', { at: formatInstant(row.sentAt, lang) })}
        </Text>
      )}
      {row.paidOutBy && (
        <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          {t('staff.refunds.paidOut', { who: row.paidOutBy, how: row.paidOutHow ?? '' })}
        </Text>
      )}
    </Stack>
  );
}
