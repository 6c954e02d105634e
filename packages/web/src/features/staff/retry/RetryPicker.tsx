import type { TFailedBooking } from '@heliline/domain';
import { Badge, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import { TEXT_COLOR } from '../../../components/text-colors.ts';
import { formatEuro } from '../../../lib/format.ts';

/** Step 1: one of the clerk's own failed bookings, each described as a clerk reads a booking (route, dates, passengers, amount, what went wrong). */
export function RetryPicker({ rows, value, onChange }: { rows: readonly TFailedBooking[]; value: string | null; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return (
      <Text role="status" c="gray.8">
        {t('staff.retry.empty')}
      </Text>
    );
  return (
    <Radio.Group value={value} onChange={onChange} label={t('staff.retry.mine')} name="retry-booking">
      <Stack gap="xs" mt="xs">
        {rows.map((row) => (
          <RetryOption key={row.code} row={row} selected={value === row.code} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function RetryOption({ row, selected }: { row: TFailedBooking; selected: boolean }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const dates = [row.departureFlight.date, row.comebackFlight?.date].filter(Boolean).join(' – ');
  const route = `${row.departureFlight.source} → ${row.departureFlight.destination}`;
  return (
    <Paper withBorder p="sm" bg={selected ? 'blue.0' : undefined} data-code={row.code}>
      <Radio
        value={row.code}
        disabled={row.disabled_flag}
        size="md"
        label={
          <Group gap="xs">
            <Text ff="monospace" fw={700}>
              {row.code}
            </Text>
            <Text size="sm">{t('staff.retry.summary', { route, dates, paxes: row.paxes.length, amount: formatEuro(row.amount, lang) })}</Text>
          </Group>
        }
        description={
          <Stack gap={2} component="span">
            <Text span size="xs" c={TEXT_COLOR.danger}>
              {row.error_description ?? t('staff.failed.noError')}
            </Text>
            {row.pending && (
              <Badge color={TEXT_COLOR.warn} variant="outline" size="sm" component="span">
                {t('staff.retry.pendingNote')}
              </Badge>
            )}
            {row.disabled_flag && row.in_use_by_user && (
              <Text span size="xs" c={TEXT_COLOR.danger} fw={600}>
                {t('staff.retry.inUseBy', { email: row.in_use_by_user })}
              </Text>
            )}
          </Stack>
        }
      />
    </Paper>
  );
}
