import { ActionIcon, Box, Group, Table, Text } from '@mantine/core';
import { IconEdit, IconFileText, IconFiles, IconMail, IconPlaneDeparture } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../booking/components/ScrollTable.tsx';
import { bookingPdfUrl, ticketPdfUrl } from '../api/passenger.ts';
import type { TicketRow } from '../api/types.ts';
import { euro, isEditable } from '../logic/rows.ts';
import { BookingCodeCell, CostCell, ExpiredTip, TicketNumberCell } from './RowBadges.tsx';
import { TicketCards } from './TicketCards.tsx';

export interface RowActions {
  onEditPax: (row: TicketRow) => void;
  onEditTicket: (row: TicketRow) => void;
  onEmail: (row: TicketRow) => void;
}

/** The list of spec §2: a table from tablet width up, one card per ticket on a phone. */
export function TicketsTable({ rows, pending, actions }: { rows: TicketRow[]; pending: readonly string[]; actions: RowActions }) {
  return (
    <>
      <Box visibleFrom="md">
        <TicketsGrid rows={rows} pending={pending} actions={actions} />
      </Box>
      <Box hiddenFrom="md">
        <TicketCards rows={rows} pending={pending} actions={actions} />
      </Box>
    </>
  );
}

function TicketsGrid({ rows, pending, actions }: { rows: TicketRow[]; pending: readonly string[]; actions: RowActions }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`tickets.list.cols.${k}` as 'tickets.list.cols.passenger');
  return (
    <ScrollTable label={t('tickets.list.caption')} minWidth={1060}>
      <Table striped verticalSpacing="xs" data-testid="tickets-table">
        <Table.Thead>
          <Table.Tr>
            {['passenger', 'flight', 'from', 'to', 'ticketNr', 'bookingCode', 'fare', 'cost', 'actions'].map((k) => (
              <Table.Th key={k} scope="col">
                {col(k)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <TicketLine key={row.ticketNr} row={row} pending={pending} actions={actions} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function TicketLine({ row, pending, actions }: { row: TicketRow; pending: readonly string[]; actions: RowActions }) {
  const { t } = useTranslation();
  const name = `${row.lastname} ${row.firstname}`;
  return (
    <Table.Tr data-testid={`ticket-${row.ticketNr}`} c={row.cancelled ? 'dimmed' : undefined}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('tickets.list.born', { date: row.birthdate })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.takeOffDate}</Text>
        <Text size="xs">
          {row.takeOffTime} · {row.flightCode}
        </Text>
      </Table.Td>
      <Table.Td>{row.label_origin}</Table.Td>
      <Table.Td>{row.label_destination}</Table.Td>
      <Table.Td>
        <TicketNumberCell row={row} />
      </Table.Td>
      <Table.Td>
        <BookingCodeCell row={row} pending={pending} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{euro(row.fare)}</Text>
        {row.discount > 0 && (
          <Text size="xs" c="dimmed">
            {t('tickets.list.discount', { value: row.discount })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <CostCell row={row} />
      </Table.Td>
      <Table.Td>
        <RowButtons row={row} name={name} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}

export function RowButtons({ row, name, actions }: { row: TicketRow; name: string; actions: RowActions }) {
  const { t } = useTranslation();
  // The server's flag, checked again against the clock (the page may stay open past the deadline).
  const editable = row.editable && !row.cancelled && isEditable(row.editable_until);
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size={28} aria-label={t('tickets.list.editPax', { name })} onClick={() => actions.onEditPax(row)} disabled={row.cancelled}>
        <IconEdit size={18} aria-hidden />
      </ActionIcon>
      {editable ? (
        <ActionIcon variant="subtle" size={28} aria-label={t('tickets.list.editTicket', { ticket: row.ticketNr })} onClick={() => actions.onEditTicket(row)}>
          <IconPlaneDeparture size={18} aria-hidden />
        </ActionIcon>
      ) : (
        !row.cancelled && <ExpiredTip row={row} />
      )}
      <ActionIcon
        component="a"
        href={ticketPdfUrl(row.ticketNr)}
        target="_blank"
        rel="noopener"
        variant="subtle"
        size={28}
        aria-label={t('tickets.list.pdfTicket', { ticket: row.ticketNr })}
      >
        <IconFileText size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        component="a"
        href={bookingPdfUrl(row.bookingCode)}
        target="_blank"
        rel="noopener"
        variant="subtle"
        size={28}
        aria-label={t('tickets.list.pdfBooking', { code: row.bookingCode })}
      >
        <IconFiles size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" size={28} aria-label={t('tickets.list.email', { ticket: row.ticketNr })} onClick={() => actions.onEmail(row)} disabled={row.cancelled}>
        <IconMail size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
