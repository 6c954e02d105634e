import { toWireDate } from '@heliline/domain/dates';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/FormAlert.tsx';
import { Page } from '../../components/Page.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { errorText } from '../../lib/errors.ts';
import { type ReportRange, reportQuery } from './api.ts';
import { CashClosings } from './CashClosings.tsx';
import { paramsFor, rangeFromParams } from './range.ts';
import { ReportFilters } from './ReportFilters.tsx';
import { ReportLines } from './ReportLines.tsx';
import { ReportSummary } from './ReportSummary.tsx';
import classes from './reports.module.css';

/** /admin/reports: money in, refunds and net for a day or a range, the cash closings and every line (GET /api/admin/reports). */
export function ReportsScreen() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const report = useQuery(reportQuery(range));
  const apply = (next: ReportRange) => {
    setParams(paramsFor(next));
    document.getElementById('report-results')?.focus();
  };
  const period = range.from === range.to ? toWireDate(range.from) : `${toWireDate(range.from)} – ${toWireDate(range.to)}`;

  return (
    <Page title={t('staff.reports.title')} size="xl">
      <div className={classes.report}>
        <Text c="gray.8" mb="md" className={classes.noPrint}>
          {t('staff.reports.intro')}
        </Text>
        <ReportFilters key={paramsFor(range).toString()} range={range} onApply={apply} />
        {report.isError && <FormAlert kind="error">{errorText(report.error, t, lang)}</FormAlert>}
        <div id="report-results" tabIndex={-1} aria-busy={report.isFetching} style={{ outline: 'none' }}>
          <Text fw={700} mb="md" data-testid="report-period">
            {t('staff.reports.period', { period })}
            {report.data?.ownCashOnly ? ` · ${t('staff.reports.ownCash')}` : ''}
          </Text>
          {report.isPending ? (
            <Stack gap="xs" aria-label={t('app.loading')}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={44} radius="sm" />
              ))}
            </Stack>
          ) : report.data ? (
            <>
              <ReportSummary report={report.data} />
              <CashClosings closings={report.data.closings} />
              <ReportLines lines={report.data.lines} />
            </>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
