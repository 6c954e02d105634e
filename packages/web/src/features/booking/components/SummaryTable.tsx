import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Flight } from '../../../api/flights.ts';
import { ScrollTable } from '../../../components/ScrollTable.tsx';

/** Step 3–4 summary: the chosen flights (spec §2 step 3). */
export function SummaryTable({ departure, comeback, paxCount }: { departure: Flight | undefined; comeback: Flight | undefined; paxCount: number }) {
  const { t } = useTranslation();
  const legs = [
    { key: 'd', label: t('wizard.summary.departure'), f: departure },
    { key: 'c', label: t('wizard.summary.comeback'), f: comeback },
  ].filter((l) => l.f);
  return (
    <ScrollTable label={t('wizard.summary.caption')} minWidth={520}>
      <Table withTableBorder verticalSpacing="xs">
        <caption className="visually-hidden">{t('wizard.summary.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('wizard.summary.leg')}</Table.Th>
            <Table.Th>{t('wizard.step2.col.flight')}</Table.Th>
            <Table.Th>{t('wizard.summary.date')}</Table.Th>
            <Table.Th>{t('wizard.summary.time')}</Table.Th>
            <Table.Th>{t('wizard.step2.col.origin')}</Table.Th>
            <Table.Th>{t('wizard.step2.col.destination')}</Table.Th>
            <Table.Th>{t('wizard.summary.pax')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {legs.map(({ key, label, f }) => (
            <Table.Tr key={key}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
              </Table.Td>
              <Table.Td>{f!.flightCode}</Table.Td>
              <Table.Td>{f!.takeOffDate}</Table.Td>
              <Table.Td>{f!.takeOffTime}</Table.Td>
              <Table.Td>{f!.origin}</Table.Td>
              <Table.Td>{f!.destination}</Table.Td>
              <Table.Td>{paxCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
