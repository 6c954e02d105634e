import type { TFailedBooking } from '@heliline/domain';
import { Badge, Button, Checkbox, Group, Mark, Stack, Switch, Table, Text } from '@mantine/core';
import { IconLock, IconTrash, IconUserExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import { formatEuro, formatInstant } from '../../../lib/format.ts';
import { TEXT_COLOR } from '../../../components/text-colors.ts';

export interface RowActions {
  onSelect: (row: TFailedBooking, selected: boolean) => void;
  onLock: (row: TFailedBooking, locked: boolean) => void;
  onDelete: (row: TFailedBooking) => void;
  /** The code of the row whose call is under way (its controls wait). */
  busyCode: string | null;
}

/** One failed booking: select box, user and date, code and error, flights, route, passengers, amount, lock and delete. */
export function FailedRow({ row, actions }: { row: TFailedBooking; actions: RowActions }) {
  const busy = actions.busyCode === row.code;
  return (
    <Table.Tr
      data-code={row.code}
      data-in-use={row.disabled_flag ? 'other' : row.flagged ? 'me' : 'free'}
      bg={row.flagged ? 'blue.0' : undefined}
      aria-selected={row.flagged}
    >
      <Table.Td>
        <SelectCell row={row} actions={actions} busy={busy} />
      </Table.Td>
      <Table.Td>
        <UserCell row={row} />
      </Table.Td>
      <Table.Th scope="row">
        <CodeCell row={row} />
      </Table.Th>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">
          {row.departureFlight.date} {row.departureFlight.time}
        </Text>
        {row.comebackFlight && (
          <Text size="sm">
            {row.comebackFlight.date} {row.comebackFlight.time}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{[row.departureFlight.code, row.comebackFlight?.code].filter(Boolean).join(' / ')}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {row.departureFlight.source} → {row.departureFlight.destination}
        </Text>
      </Table.Td>
      <Table.Td>
        <PassengersCell row={row} />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <AmountCell amount={row.amount} />
      </Table.Td>
      <Table.Td>
        <LockDeleteCell row={row} actions={actions} busy={busy} />
      </Table.Td>
    </Table.Tr>
  );
}

export function SelectCell({ row, actions, busy }: { row: TFailedBooking; actions: RowActions; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start">
      <Checkbox
        size="md"
        checked={row.flagged}
        disabled={row.disabled_flag || busy}
        onChange={(e) => actions.onSelect(row, e.currentTarget.checked)}
        aria-label={t('staff.failed.select', { code: row.code })}
        aria-describedby={row.disabled_flag ? `in-use-${row.code}` : undefined}
      />
      {row.disabled_flag && row.in_use_by_user && (
        <Text size="xs" c={TEXT_COLOR.danger} fw={600} id={`in-use-${row.code}`} data-testid="in-use-by">
          <IconLock size={12} aria-hidden /> {t('staff.failed.inUseBy', { email: row.in_use_by_user })}
        </Text>
      )}
      {row.flagged && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => actions.onSelect(row, false)}
          loading={busy}
          aria-label={t('staff.failed.releaseLabel', { code: row.code })}
        >
          {t('staff.failed.release')}
        </Button>
      )}
    </Stack>
  );
}

export function UserCell({ row }: { row: TFailedBooking }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Stack gap={2}>
      {row.createdByMe ? (
        <Text size="sm">{row.user}</Text>
      ) : (
        <>
          <Text size="sm">
            <Mark color="yellow.3" px={2}>
              {row.user}
            </Mark>
          </Text>
          <Badge color={TEXT_COLOR.caution} variant="outline" size="sm" leftSection={<IconUserExclamation size={12} aria-hidden />}>
            {t('staff.failed.otherUser')}
          </Badge>
          <Text size="xs" c="gray.8">
            {t('staff.failed.otherUserNote')}
          </Text>
        </>
      )}
      <Text size="xs" c="gray.8">
        {formatInstant(row.bookingDate, lang)}
      </Text>
    </Stack>
  );
}

export function CodeCell({ row }: { row: TFailedBooking }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text ff="monospace" fw={700}>
        {row.code}
      </Text>
      <Text size="xs" c={TEXT_COLOR.danger} fw={400}>
        {row.error_description ?? t('staff.failed.noError')}
      </Text>
      {row.pending && (
        <Text size="xs" fw={700} c={TEXT_COLOR.warn} tt="uppercase">
          {t('staff.failed.pending')}
        </Text>
      )}
    </Stack>
  );
}

export function PassengersCell({ row }: { row: TFailedBooking }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {row.paxes.length}
      </Text>
      {row.paxes.map((p, i) => (
        <Text size="xs" key={`${p.id}-${i}`}>
          {p.lastname} {p.firstname}
        </Text>
      ))}
    </Stack>
  );
}

export function AmountCell({ amount }: { amount: number }) {
  const [lang] = useLang();
  return <Text size="sm">€ {formatEuro(amount, lang)}</Text>;
}

export function LockDeleteCell({ row, actions, busy }: { row: TFailedBooking; actions: RowActions; busy: boolean }) {
  const { t } = useTranslation();
  const cannotDelete = row.locked || row.disabled_flag;
  return (
    <Stack gap={6} align="flex-start">
      <Switch
        size="md"
        checked={row.locked}
        disabled={row.disabled_lock || busy}
        onChange={(e) => actions.onLock(row, e.currentTarget.checked)}
        label={t('staff.failed.locked')}
        aria-label={t('staff.failed.lockSwitch', { code: row.code })}
      />
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-sm"
          color={TEXT_COLOR.danger}
          variant="outline"
          leftSection={<IconTrash size={14} aria-hidden />}
          disabled={cannotDelete || busy}
          onClick={() => actions.onDelete(row)}
          aria-label={t('staff.failed.deleteLabel', { code: row.code })}
          aria-describedby={row.locked ? `needs-unlock-${row.code}` : undefined}
        >
          {t('staff.failed.delete')}
        </Button>
      </Group>
      {row.locked && (
        <Text size="xs" c="gray.8" id={`needs-unlock-${row.code}`}>
          {t('staff.failed.deleteNeedsUnlock')}
        </Text>
      )}
    </Stack>
  );
}
