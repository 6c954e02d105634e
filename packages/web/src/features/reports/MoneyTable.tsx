import type { TMoneyTotals } from '@heliline/domain/reports/wire';
import { Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/use-lang.ts';
import { euros } from './money.ts';
import classes from './reports.module.css';

export interface MoneyRow extends TMoneyTotals {
  key: string;
  label: string;
}

/** Money in, refunds and net per group (payment type, channel, route): four narrow columns that fit a phone. */
export function MoneyTable({ id, title, first, rows, testId }: { id: string; title: string; first: string; rows: readonly MoneyRow[]; testId: string }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <section aria-labelledby={id} className={classes.section}>
      <Title order={2} size="h4" mb="xs" id={id}>
        {title}
      </Title>
      <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing="xs" mb="lg" className={classes.fit} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{first}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('staff.reports.in')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('staff.reports.out')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('staff.reports.net')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} data-key={r.key}>
              <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {r.label}
              </Table.Th>
              <Table.Td ta="right">{euros(r.inCents, lang)}</Table.Td>
              <Table.Td ta="right">{euros(r.outCents, lang)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {euros(r.netCents, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
