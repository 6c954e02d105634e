import type { TAdminBookingRow } from '@heliline/domain';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../i18n/use-lang.ts';
import { paths } from '../../../lib/paths.ts';
import { ScrollTable } from '../components/ScrollTable.tsx';
import { formatEuro, formatInstant } from '../format.ts';
import { TEXT_COLOR } from '../components/colors.ts';
import classes from '../components/staff.module.css';
import { bookingPdfUrl } from './api.ts';

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
export function BookingsTable({ rows, caption }: { rows: readonly TAdminBookingRow[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={caption} minWidth={1060}>
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
        <Badge color={STATUS_COLOR[row.status]} variant="outline">
          {t(`staff.bookings.statuses.${row.status}`)}
        </Badge>
        <Text size="xs" c="gray.8">
          {t(`staff.bookings.types.${String(row.type) as '1'}`, { defaultValue: '' })}
        </Text>
        {row.paidBy && (
          <Text size="xs" c="gray.8">
            {t('staff.bookings.paidBy', { email: row.paidBy })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
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
          <Anchor
            href={bookingPdfUrl(row.code)}
            aria-label={t('staff.bookings.pdfLinkLabel', { code: row.code })}
            c="navy.9"
            underline="always"
            className={classes.target}
          >
            <IconFileTypePdf size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('staff.bookings.pdfLink')}
          </Anchor>
        </Group>
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
