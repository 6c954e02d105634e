import type { TFailedBooking, TUser } from '@heliline/domain';
import { can } from '@heliline/domain/roles';
import { Alert, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { LiveAnnouncer } from '../../../components/LiveAnnouncer.tsx';
import { Page } from '../../../components/Page.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import { failedBookingsQuery } from './api.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { FailedCards } from './FailedCards.tsx';
import { FailedRow, type RowActions } from './FailedRow.tsx';
import { LinkResult } from './LinkResult.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { PaymentLinkPanel } from './PaymentLinkPanel.tsx';
import { useLiveFailedBookings } from './use-live-list.ts';
import { useRowActions } from './use-row-actions.ts';

/** /bookings-failed: bookings whose payment did not complete in the last 24 h, live for every staff member. */
export function FailedBookingsScreen({ user }: { user: TUser }) {
  const { t } = useTranslation();
  return (
    <Page title={t('staff.failed.title')} heading={sentenceCase(t('staff.failed.title'))} size="xl">
      <LiveAnnouncer testId="failed-live-region">
        <FailedBookings user={user} />
      </LiveAnnouncer>
    </Page>
  );
}

/** The spec's title is lower case; as a heading it starts with a capital. */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function FailedBookings({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const status = useLiveFailedBookings(user.email);
  const list = useQuery(failedBookingsQuery(lang));
  const actions = useRowActions();
  return (
    <>
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Text c="gray.8" maw={760}>
          {t('staff.failed.intro')} {t('staff.failed.oneAtATime')}
        </Text>
        <LiveStatus status={status} />
      </Group>
      {can(user.roles, 'booking.paymentLink') && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} mb="md" data-testid="seats-warning">
          {t('staff.failed.seatsWarning')}
        </Alert>
      )}
      {actions.problem && (
        <FormAlert kind="error" title={t('staff.failed.conflict')}>
          {actions.problem}
        </FormAlert>
      )}
      {actions.link && <LinkResult result={actions.link} onClose={actions.closeLink} />}
      {list.isError && <FormAlert kind="error">{errorText(list.error, t, lang)}</FormAlert>}
      {list.isPending ? (
        <Stack gap="xs" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} radius="sm" />
          ))}
        </Stack>
      ) : list.data && list.data.length > 0 ? (
        <FailedList rows={list.data} rowActions={actions.rowActions} sendingLink={actions.sendingLink} onSendLink={actions.sendLink} />
      ) : list.data ? (
        <Text role="status" c="gray.8" py="lg">
          {t('staff.failed.empty')}
        </Text>
      ) : null}
      <DeleteDialog row={actions.confirming} deleting={actions.deleting} onCancel={actions.cancelDelete} onConfirm={actions.confirmDelete} />
    </>
  );
}

interface TableProps {
  rows: readonly TFailedBooking[];
  rowActions: RowActions;
  sendingLink: boolean;
  onSendLink: (row: TFailedBooking, email: string) => void;
}

/** A table from 48em up; cards on a phone, where ten columns cannot fit. */
function FailedList(props: TableProps) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  return wide ? <FailedTable {...props} /> : <FailedCards {...props} />;
}

const COLUMNS = ['colSelect', 'colUser', 'colCode', 'colDates', 'colFlights', 'colRoute', 'colPassengers', 'colAmount', 'colActions'] as const;

function FailedTable({ rows, rowActions, sendingLink, onSendLink }: TableProps) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={t('staff.failed.caption')} minWidth={1120} mb="md">
      <Table verticalSpacing="sm" withTableBorder data-testid="failed-bookings-table">
        <caption className="visually-hidden">{t('staff.failed.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} scope="col" ta={c === 'colAmount' ? 'right' : undefined}>
                {t(`staff.failed.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Fragment key={row.code}>
              <FailedRow row={row} actions={rowActions} />
              {row.flagged && (
                <Table.Tr bg="blue.0">
                  <Table.Td colSpan={COLUMNS.length}>
                    <PaymentLinkPanel row={row} sending={sendingLink} onSend={(email) => onSendLink(row, email)} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
