import { REPORT_MESSAGES } from '@heliline/domain/reports/messages';
import { ZReportQuery } from '@heliline/domain/reports/wire';
import { Anchor, Button, Group, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPrinter, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/use-lang.ts';
import { type ReportRange, reportCsvUrl } from './api.ts';
import classes from './reports.module.css';

type RangeProblem = keyof typeof REPORT_MESSAGES;

/** The server's own rule (to ≥ from, at most 366 days), checked before asking. */
function problemOf(range: ReportRange): RangeProblem | null {
  const parsed = ZReportQuery.safeParse(range);
  const key = parsed.error?.issues[0]?.message;
  if (!key) return null;
  return key in REPORT_MESSAGES ? (key as RangeProblem) : 'reportRangeInvalid';
}

/** The report's days (applied on submit), its CSV and printing. */
export function ReportFilters({ range, onApply }: { range: ReportRange; onApply: (range: ReportRange) => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<RangeProblem | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = problemOf(draft);
    setProblem(wrong);
    if (wrong) {
      document.getElementById('report-to')?.focus();
      return;
    }
    onApply(draft);
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-labelledby="report-range-title" className={classes.noPrint}>
      <Title order={2} size="h4" mb="sm" id="report-range-title">
        {t('staff.reports.rangeTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={520}>
        <TextInput type="date" required label={t('staff.reports.from')} value={draft.from} onChange={(e) => setDraft((d) => ({ ...d, from: e.currentTarget.value }))} />
        <TextInput
          id="report-to"
          type="date"
          required
          label={t('staff.reports.to')}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.currentTarget.value }))}
          error={problem ? REPORT_MESSAGES[problem][lang] : null}
        />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('staff.reports.show')}
        </Button>
        <Button type="button" variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('staff.reports.print')}
        </Button>
        <Anchor href={reportCsvUrl(range, lang)} download data-testid="report-csv">
          <Group gap={4} component="span">
            <IconDownload size={16} aria-hidden />
            {t('staff.reports.csv')}
          </Group>
        </Anchor>
      </Group>
    </Paper>
  );
}
