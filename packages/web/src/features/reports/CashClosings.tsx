import { toWireDate } from '@heliline/domain/dates';
import type { TClosing } from '@heliline/domain/reports/wire';
import { Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/use-lang.ts';
import { euros } from './money.ts';
import classes from './reports.module.css';

/** The cashier's closing: per staff member and Rome day, cash taken, cash refunds paid out, net (printable). */
export function CashClosings({ closings }: { closings: readonly TClosing[] }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <section aria-labelledby="report-closings" className={classes.section}>
      <Title order={2} size="h4" mb="xs" id="report-closings">
        {t('staff.reports.closings')}
      </Title>
      {closings.length === 0 ? (
        <Text mb="lg">{t('staff.reports.noClosings')}</Text>
      ) : (
        <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing="xs" mb="lg" className={classes.fit} data-testid="report-closings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staff.reports.dayAndStaff')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('staff.reports.cashIn')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('staff.reports.cashOut')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('staff.reports.net')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {closings.map((c) => (
              <Table.Tr key={`${c.day}-${c.staffId}`}>
                <Table.Th scope="row" fw={500}>
                  {toWireDate(c.day)}
                  <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                    {c.staffEmail ?? `#${c.staffId}`}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{euros(c.cashInCents, lang)}</Table.Td>
                <Table.Td ta="right">{euros(c.cashOutCents, lang)}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {euros(c.netCents, lang)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
