import type { TAdminBookingRow } from '@heliline/domain';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../i18n/use-lang.ts';
import { paths } from '../../../lib/paths.ts';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import { formatEuro, formatInstant } from '../../../lib/format.ts';
import { TEXT_COLOR } from '../../../components/text-colors.ts';
import classes from '../components/staff.module.css';
import { bookingPdfUrl } from './api.ts';
import { BookingHistory } from './BookingHistory.tsx';

const STATUS_COLOR: Record<TAdminBookingRow['status'], string> = {
  pending: TEXT_COLOR.warn,
  blocked: 'grape.9',
  paid: 'teal.9',
  ticketed: TEXT_COLOR.ok,
  failed: TEXT_COLOR.danger,
  expired: 'gray.8',
  refunded: 'blue.9',
  deleted: 'gray.8',
};

/** One page of the management list: code, when and by whom, route, flights, passengers, amount, status, links. */
function BookingsTable({ rows, caption }: { rows: readonly TAdminBookingRow[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={caption} minWidth={1060} mb="md">
      <Table striped highlightOnHover verticalSpacing="sm" withTableBorder data-testid="staff-bookings-table">
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('staff.bookings.colCode')}</Table.Th>
            <Table.Th scope="col">{t('staff.bookings.colCreated')}</Table.Th>
            <Table.Th scope="col">{t('staff.bookings.colUser')}</Table.Th>
            <Table.Th scope="col">{t('staff.bookings.colRoute')}</Table.Th>
            <Table.Th scope="col">{t('staff.bookings.colFlights')}</Table.Th>
            <Table.Th scope="col">{t('staff.bookings.colPassengers')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('staff.bookings.colAmount')}
            </Table.Th>
            <Table.Th scope="col">{t('staff.bookings.colStatus')}</Table.Th>
            <Table.Th scope="col">{t('staff.bookings.colLinks')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <BookingRow key={row.code} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** A table from 48em up; on a phone one card per booking (nine columns cannot fit). */
export function BookingsList({ rows, caption }: { rows: readonly TAdminBookingRow[]; caption: string }) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  return wide ? <BookingsTable rows={rows} caption={caption} /> : <BookingsCards rows={rows} caption={caption} />;
}

function BookingsCards({ rows, caption }: { rows: readonly TAdminBookingRow[]; caption: string }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} mb="md" style={{ listStyle: 'none' }} aria-label={caption} data-testid="staff-bookings-cards">
      {rows.map((row) => (
        <Paper component="li" key={row.code} withBorder p="sm" data-code={row.code}>
          <Group justify="space-between" align="flex-start">
            <Text ff="monospace" fw={700}>
              {row.code}
            </Text>
            <StatusCell row={row} />
          </Group>
          <Text size="sm">{row.user}</Text>
          <Text size="xs" c="gray.8">
            {formatInstant(row.createdAt, lang)}
          </Text>
          <Text size="sm" mt={4}>
            {row.origin} → {row.destination} · € {formatEuro(row.amount, lang)}
          </Text>
          <FlightLine label={t('staff.bookings.outbound')} flight={row.departureFlight} />
          {row.comebackFlight && <FlightLine label={t('staff.bookings.return')} flight={row.comebackFlight} />}
          <Text size="sm">{row.paxes.map((p) => p.fullname).join(', ')}</Text>
          <Links row={row} />
          <BookingHistory code={row.code} />
        </Paper>
      ))}
    </Stack>
  );
}

function StatusCell({ row }: { row: TAdminBookingRow }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={700} c={STATUS_COLOR[row.status]}>
        {t(`staff.bookings.statuses.${row.status}`)}
      </Text>
      <Text size="xs" c="gray.8">
        {t(`staff.bookings.types.${String(row.type) as '1'}`, { defaultValue: '' })}
      </Text>
      {row.paidBy && (
        <Text size="xs" c="gray.8">
          {t('staff.bookings.paidBy', { email: row.paidBy })}
        </Text>
      )}
    </div>
  );
}

function Links({ row }: { row: TAdminBookingRow }) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="nowrap">
      <Anchor
        component={Link}
        to={paths.bookingStatus(row.statusParam)}
        aria-label={t('staff.bookings.statusLinkLabel', { code: row.code })}
        c="navy.9"
        underline="always"
        className={classes.target}
      >
        {t('staff.bookings.statusLink')}
      </Anchor>
      <Anchor href={bookingPdfUrl(row.code)} aria-label={t('staff.bookings.pdfLinkLabel', { code: row.code })} c="navy.9" underline="always" className={classes.target}>
        <IconFileTypePdf size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('staff.bookings.pdfLink')}
      </Anchor>
    </Group>
  );
}

function BookingRow({ row }: { row: TAdminBookingRow }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <Table.Tr data-code={row.code}>
      <Table.Th scope="row" ff="monospace" fw={700}>
        {row.code}
      </Table.Th>
      <Table.Td>{formatInstant(row.createdAt, lang)}</Table.Td>
      <Table.Td>
        <Text size="sm">{row.user}</Text>
        {row.contactEmail !== row.user && (
          <Text size="xs" c="gray.8">
            {row.contactEmail}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {row.origin} → {row.destination}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <FlightLine label={t('staff.bookings.outbound')} flight={row.departureFlight} />
          {row.comebackFlight && <FlightLine label={t('staff.bookings.return')} flight={row.comebackFlight} />}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.paxes.map((p) => p.fullname).join(', ')}</Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        € {formatEuro(row.amount, lang)}
      </Table.Td>
      <Table.Td>
        <StatusCell row={row} />
      </Table.Td>
      <Table.Td>
        <Links row={row} />
        <BookingHistory code={row.code} />
      </Table.Td>
    </Table.Tr>
  );
}

function FlightLine({ label, flight }: { label: string; flight: TAdminBookingRow['departureFlight'] }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      <Text span size="xs" c="gray.8">
        {label}:
      </Text>{' '}
      {flight.code} {flight.date} {flight.time}
    </Text>
  );
}
