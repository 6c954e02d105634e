import { routeName } from '@heliline/domain/reports/route-name';
import type { TReportLine } from '@heliline/domain/reports/wire';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { formatInstant } from '../../lib/format.ts';
import { TEXT_COLOR } from '../../components/text-colors.ts';
import { euros } from './money.ts';

/** Money out shows with a minus sign and in the danger colour, so the direction is not colour alone. */
const signed = (l: TReportLine, amount: string) => (l.direction === 'out' ? `− ${amount}` : amount);
const what = (t: TFunction, l: TReportLine) =>
  l.refundSource ? `${t(`staff.reports.kinds.${l.kind}`)} · ${t(`staff.refunds.sources.${l.refundSource}`)}` : t(`staff.reports.kinds.${l.kind}`);

/** Every money movement: a table from 48em up, one card per line on a phone (no sideways scroll at 360 px). */
export function ReportLines({ lines }: { lines: readonly TReportLine[] }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  return (
    <section aria-labelledby="report-lines">
      <Title order={2} size="h4" mb="xs" id="report-lines">
        {t('staff.reports.lines', { count: lines.length })}
      </Title>
      {lines.length === 0 ? <Text role="status">{t('staff.reports.noLines')}</Text> : wide ? <LinesTable lines={lines} /> : <LinesCards lines={lines} />}
    </section>
  );
}

function LinesTable({ lines }: { lines: readonly TReportLine[] }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const caption = t('staff.reports.linesCaption');
  return (
    <ScrollTable label={caption} minWidth={860} mb="md">
      <Table striped verticalSpacing="xs" withTableBorder data-testid="report-lines">
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {(['at', 'booking', 'what', 'type', 'amount', 'route', 'channel', 'staff'] as const).map((k) => (
              <Table.Th key={k} scope="col" ta={k === 'amount' ? 'right' : undefined}>
                {t(`staff.reports.cols.${k}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.ref} data-ref={l.ref} data-direction={l.direction}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(l.at, lang)}</Table.Td>
              <Table.Td ff="monospace">{l.bookingCode}</Table.Td>
              <Table.Td>{what(t, l)}</Table.Td>
              <Table.Td>{t(`staff.reports.types.${l.type}`)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={l.direction === 'out' ? TEXT_COLOR.danger : undefined}>
                {signed(l, euros(l.amountCents, lang))}
              </Table.Td>
              <Table.Td>{routeName(l.originId, l.destinationId, lang)}</Table.Td>
              <Table.Td>{t(`staff.reports.channels.${l.channel}`)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.staffEmail ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function LinesCards({ lines }: { lines: readonly TReportLine[] }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} mb="md" style={{ listStyle: 'none' }} aria-label={t('staff.reports.linesCaption')} data-testid="report-cards">
      {lines.map((l) => (
        <Paper component="li" key={l.ref} withBorder p="sm" data-ref={l.ref}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Text ff="monospace" fw={700}>
              {l.bookingCode}
            </Text>
            <Text fw={700} c={l.direction === 'out' ? TEXT_COLOR.danger : undefined}>
              {signed(l, euros(l.amountCents, lang))}
            </Text>
          </Group>
          <Text size="sm">
            {what(t, l)} · {t(`staff.reports.types.${l.type}`)} · {t(`staff.reports.channels.${l.channel}`)}
          </Text>
          <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {formatInstant(l.at, lang)} · {routeName(l.originId, l.destinationId, lang)}
            {l.staffEmail ? ` · ${l.staffEmail}` : ''}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
