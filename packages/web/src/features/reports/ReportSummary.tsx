import { routeName } from '@heliline/domain/reports/route-name';
import type { TReportAnswer } from '@heliline/domain/reports/wire';
import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/use-lang.ts';
import { MoneyTable } from './MoneyTable.tsx';
import { euros } from './money.ts';
import classes from './reports.module.css';

/** The report's totals: overall, by payment type, channel and route, and the refunds by where they went. */
export function ReportSummary({ report }: { report: TReportAnswer }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const total = (key: 'in' | 'out' | 'net', cents: number) => (
    <Paper withBorder p="sm" data-testid={`total-${key}`}>
      <Text size="sm" c="gray.8">
        {t(`staff.reports.${key}`)}
      </Text>
      <Text fw={700} fz="xl">
        {euros(cents, lang)}
      </Text>
    </Paper>
  );
  return (
    <>
      <section aria-labelledby="report-totals" className={classes.section}>
        <Title order={2} size="h4" mb="xs" id="report-totals">
          {t('staff.reports.totals')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="lg">
          {total('in', report.totals.inCents)}
          {total('out', report.totals.outCents)}
          {total('net', report.totals.netCents)}
        </SimpleGrid>
      </section>
      <MoneyTable
        id="report-by-type"
        testId="report-by-type"
        title={t('staff.reports.byType')}
        first={t('staff.reports.type')}
        rows={report.byType.map((r) => ({ ...r, key: r.type, label: t(`staff.reports.types.${r.type}`) }))}
      />
      <MoneyTable
        id="report-by-channel"
        testId="report-by-channel"
        title={t('staff.reports.byChannel')}
        first={t('staff.reports.channel')}
        rows={report.byChannel.map((r) => ({ ...r, key: r.channel, label: t(`staff.reports.channels.${r.channel}`) }))}
      />
      {report.byRoute.length > 0 && (
        <MoneyTable
          id="report-by-route"
          testId="report-by-route"
          title={t('staff.reports.byRoute')}
          first={t('staff.reports.route')}
          rows={report.byRoute.map((r) => ({ ...r, key: `${r.originId}-${r.destinationId}`, label: routeName(r.originId, r.destinationId, lang) }))}
        />
      )}
      <RefundsBySource report={report} />
    </>
  );
}

/** Refunds counted (sent or confirmed in the range) and, beside them, those still pending or failed: nothing hidden. */
function RefundsBySource({ report }: { report: TReportAnswer }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const rows = report.refunds.filter((r) => r.countedCount + r.pendingCount + r.failedCount > 0);
  const cell = (cents: number, count: number) => (count ? `${euros(cents, lang)} (${count})` : '—');
  return (
    <section aria-labelledby="report-refunds" className={classes.section}>
      <Title order={2} size="h4" mb="xs" id="report-refunds">
        {t('staff.reports.refunds')}
      </Title>
      <Text size="sm" c="gray.8" mb="xs">
        {t('staff.reports.refundsNote')}
      </Text>
      {rows.length === 0 ? (
        <Text mb="lg">{t('staff.reports.noRefunds')}</Text>
      ) : (
        <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing="xs" mb="lg" className={classes.fit} data-testid="report-refunds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staff.reports.source')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('staff.reports.counted')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('staff.reports.pending')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('staff.reports.failed')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.source} data-source={r.source}>
                <Table.Th scope="row" fw={500}>
                  {t(`staff.refunds.sources.${r.source}`)}
                </Table.Th>
                <Table.Td ta="right">{cell(r.countedCents, r.countedCount)}</Table.Td>
                <Table.Td ta="right">{cell(r.pendingCents, r.pendingCount)}</Table.Td>
                <Table.Td ta="right">{cell(r.failedCents, r.failedCount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
