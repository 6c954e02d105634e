import type { TChangeRow } from '@heliline/domain';
import { Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconCircleCheck, IconCirclePlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import { ROW_BACKGROUND, type RowState, rowState } from '../logic/final-rows.ts';
import { euro } from '../logic/rows.ts';

const ICON: Record<RowState, typeof IconX> = { cancelled: IconX, new: IconCirclePlus, moved: IconArrowsExchange, unchanged: IconCircleCheck };
const COLOR: Record<RowState, string> = { cancelled: 'red', new: 'green', moved: 'blue', unchanged: 'gray' };

/** Old rows beside the new ones (spec §2 final step); each row's state in words and an icon besides its colour. */
export function FinalRows({ rows }: { rows: TChangeRow[] }) {
  const { t } = useTranslation();
  const before = rows.filter((r) => r.id > 0);
  const after = rows.filter((r) => r.id < 0);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <RowsTable title={t('tickets.final.before')} rows={before} testId="final-before" />
      <RowsTable title={t('tickets.final.after')} rows={after} testId="final-after" />
    </SimpleGrid>
  );
}

function RowsTable({ title, rows, testId }: { title: string; rows: TChangeRow[]; testId: string }) {
  const { t } = useTranslation();
  const cols = ['state', 'passenger', 'flight', 'route', 'ticket', 'tax', 'landingFee'] as const;
  return (
    <section aria-label={title}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      <ScrollTable label={`${t('tickets.final.caption')}: ${title}`} minWidth={620}>
        <Table verticalSpacing={4} data-testid={testId} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {cols.map((c) => (
                <Table.Th key={c} scope="col">
                  {t(`tickets.final.cols.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const state = rowState(r);
              const Icon = ICON[state];
              return (
                <Table.Tr key={r.id} bg={ROW_BACKGROUND[state]} data-state={state}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {/* flexShrink 0: in a narrow cell the flex row would squeeze the svg to nothing. */}
                      <Icon size={18} stroke={2.2} aria-hidden style={{ flexShrink: 0, color: `var(--mantine-color-${COLOR[state]}-9)` }} />
                      <Text size="sm" fw={600}>
                        {t(`tickets.final.state.${state}`)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{`${r.lastname} ${r.firstname}`}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.flightCode}</Text>
                    <Text size="xs">{`${r.takeOffDate} ${r.takeOffTime}`}</Text>
                  </Table.Td>
                  <Table.Td>{`${r.label_origin} → ${r.label_destination}`}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{euro(r.ticket)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{euro(r.tax)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{euro(r.landingFee)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </section>
  );
}
