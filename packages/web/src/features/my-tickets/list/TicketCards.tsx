import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketRow } from '../api/types.ts';
import { BookingCodeCell, CostCell, FareCell, TicketNumberCell } from './RowBadges.tsx';
import { type RowActions, RowButtons } from './RowButtons.tsx';

/** The list on a phone: one card per ticket, the table's columns as labelled pairs. */
export function TicketCards({ rows, pending, actions }: { rows: TicketRow[]; pending: readonly string[]; actions: RowActions }) {
  const { t } = useTranslation();
  const label = (k: string) => (
    <Text size="xs" c="dimmed" fw={600}>
      {t(`tickets.list.cols.${k}` as 'tickets.list.cols.passenger')}
    </Text>
  );
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tickets.list.caption')}>
      {rows.map((row) => {
        const name = `${row.lastname} ${row.firstname}`;
        return (
          <Paper key={row.ticketNr} component="li" withBorder p="sm" data-testid={`ticket-card-${row.ticketNr}`} bg={row.cancelled ? 'gray.0' : undefined}>
            <Text fw={700}>{name}</Text>
            <Text size="xs" c="dimmed" mb="xs">
              {t('tickets.list.born', { date: row.birthdate })}
            </Text>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              <div>
                {label('flight')}
                <Text size="sm">{`${row.takeOffDate} ${row.takeOffTime} · ${row.flightCode}`}</Text>
              </div>
              <div>
                {label('from')}
                <Text size="sm">{`${row.label_origin} → ${row.label_destination}`}</Text>
              </div>
              <div>
                {label('ticketNr')}
                <TicketNumberCell row={row} />
              </div>
              <div>
                {label('bookingCode')}
                <BookingCodeCell row={row} pending={pending} />
              </div>
              <div>
                {label('fare')}
                <FareCell row={row} />
              </div>
              <div>
                {label('cost')}
                <CostCell row={row} />
              </div>
            </SimpleGrid>
            <div style={{ marginTop: 8 }}>
              <RowButtons row={row} name={name} actions={actions} />
            </div>
          </Paper>
        );
      })}
    </Stack>
  );
}
