import type { TFailedBooking } from '@heliline/domain';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountCell, CodeCell, LockDeleteCell, PassengersCell, type RowActions, SelectCell, UserCell } from './FailedRow.tsx';
import { PaymentLinkPanel } from './PaymentLinkPanel.tsx';

interface Props {
  rows: readonly TFailedBooking[];
  rowActions: RowActions;
  sendingLink: boolean;
  onSendLink: (row: TFailedBooking, email: string) => void;
}

/** The failed bookings on a phone: one card per booking with the table's cells, the payment link under the selected one. */
export function FailedCards({ rows, rowActions, sendingLink, onSendLink }: Props) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('staff.failed.caption')} data-testid="failed-bookings-cards">
      {rows.map((row) => (
        <Paper component="li" key={row.code} withBorder p="sm" bg={row.flagged ? 'blue.0' : undefined} data-code={row.code}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <CodeCell row={row} />
            <SelectCell row={row} actions={rowActions} busy={rowActions.busyCode === row.code} />
          </Group>
          <UserCell row={row} />
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} my="sm">
            <Field label={t('staff.failed.colDates')}>
              {[row.departureFlight, row.comebackFlight].filter(Boolean).map((f) => (
                <Text size="sm" key={f!.code}>
                  {f!.date} {f!.time}
                </Text>
              ))}
            </Field>
            <Field label={t('staff.failed.colFlights')}>
              <Text size="sm">{[row.departureFlight.code, row.comebackFlight?.code].filter(Boolean).join(' / ')}</Text>
            </Field>
            <Field label={t('staff.failed.colRoute')}>
              <Text size="sm">
                {row.departureFlight.source} → {row.departureFlight.destination}
              </Text>
            </Field>
            <Field label={t('staff.failed.colAmount')}>
              <AmountCell amount={row.amount} />
            </Field>
            <Field label={t('staff.failed.colPassengers')}>
              <PassengersCell row={row} />
            </Field>
          </SimpleGrid>
          <LockDeleteCell row={row} actions={rowActions} busy={rowActions.busyCode === row.code} />
          {row.flagged && (
            <Stack mt="sm">
              <PaymentLinkPanel row={row} sending={sendingLink} onSend={(email) => onSendLink(row, email)} />
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.8" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}
