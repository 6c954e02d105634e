import { Radio, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import type { Flight } from '../../../api/flights.ts';
import { flightColumns } from '../logic/flight-columns.ts';

/** A slot's flights (spec §2): aircraft and Info only for Admin, Prenotazioni and PrenotaFull. */
export function FlightsTable({
  slotId,
  flights,
  chosen,
  staff,
  onChoose,
}: {
  slotId: number;
  flights: Flight[];
  chosen: number | null;
  staff: boolean;
  onChoose: (f: Flight) => void;
}) {
  const { t } = useTranslation();
  const cols = flightColumns(staff);
  return (
    <ScrollTable label={t('tickets.edit.flightsCaption', { n: slotId })} minWidth={staff ? 860 : 640}>
      <Table verticalSpacing={4} data-testid={`slot-flights-${slotId}`}>
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) => (
              <Table.Th key={c} scope="col">
                {t(`tickets.edit.cols.${c}` as 'tickets.edit.cols.flight')}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flights.map((f) => (
            <Table.Tr key={f.flightId}>
              <Table.Td>
                <Radio
                  name={`slot-${slotId}-flight`}
                  aria-label={t('tickets.edit.pick', { flight: f.flightCode, time: f.takeOffTime })}
                  checked={chosen === f.flightId}
                  disabled={f.bookable === false}
                  onChange={() => onChoose(f)}
                  size="md"
                />
              </Table.Td>
              <Table.Td>{f.flightCode}</Table.Td>
              {staff && <Table.Td>{f.aircraft}</Table.Td>}
              <Table.Td>{f.route}</Table.Td>
              <Table.Td>{f.origin}</Table.Td>
              <Table.Td>{f.takeOffTime}</Table.Td>
              <Table.Td>{f.destination}</Table.Td>
              <Table.Td>{f.landingTime}</Table.Td>
              {staff && <Table.Td>{f.info ? t('tickets.edit.info', f.info) : '—'}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
