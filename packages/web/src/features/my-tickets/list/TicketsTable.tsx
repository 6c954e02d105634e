import { Box, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import type { TicketRow } from '../api/types.ts';
import { BookingCodeCell, CostCell, FareCell, TicketNumberCell } from './RowBadges.tsx';
import { PageRefundsProvider } from './RefundStates.tsx';
import { type RowActions, RowButtons } from './RowButtons.tsx';
import { TicketCards } from './TicketCards.tsx';

/** The list of spec §2: a table from tablet width up, one card per ticket on a phone. */
export function TicketsTable({ rows, pending, actions }: { rows: TicketRow[]; pending: readonly string[]; actions: RowActions }) {
  return (
    <PageRefundsProvider rows={rows}>
      <Box visibleFrom="md">
        <TicketsGrid rows={rows} pending={pending} actions={actions} />
      </Box>
      <Box hiddenFrom="md">
        <TicketCards rows={rows} pending={pending} actions={actions} />
      </Box>
    </PageRefundsProvider>
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
        <FareCell row={row} />
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
