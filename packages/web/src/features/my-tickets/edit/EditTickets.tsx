import { Badge, Checkbox, NativeSelect, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import type { EditSlot, EditTicket } from '../logic/edit-state.ts';
import { euro } from '../logic/rows.ts';
import { ANIMAL_PAX_ID } from '../logic/slots.ts';

/** d outbound (A →), c return (R ←): a letter, an arrow and the word for screen readers. */
function LegMarker({ leg }: { leg: 'd' | 'c' }) {
  const { t } = useTranslation();
  const out = leg === 'd';
  const Arrow = out ? IconArrowRight : IconArrowLeft;
  return (
    <Badge variant="light" color={out ? 'blue' : 'grape'} leftSection={<Arrow size={12} aria-hidden />}>
      <span aria-hidden>{t(out ? 'tickets.edit.outbound' : 'tickets.edit.return')}</span>
      <span className="visually-hidden">{t(out ? 'tickets.edit.outboundLong' : 'tickets.edit.returnLong')}</span>
    </Badge>
  );
}

/** The booking's tickets with the move-to selector (not on the animal's row) and the cancel tick. */
export function EditTickets({
  tickets,
  slots,
  onMove,
  onCancel,
}: {
  tickets: EditTicket[];
  slots: EditSlot[];
  onMove: (id: number, slot: number) => void;
  onCancel: (id: number, cancelled: boolean) => void;
}) {
  const { t } = useTranslation();
  const cols = ['moveTo', 'passenger', 'flight', 'from', 'to', 'ticketNr', 'cost'] as const;
  return (
    <ScrollTable label={t('tickets.edit.tickets')} minWidth={900}>
      <Table verticalSpacing="xs" data-testid="edit-tickets">
        <Table.Thead>
          <Table.Tr>
            {cols.map((k) => (
              <Table.Th key={k} scope="col">
                {t(`tickets.list.cols.${k}`)}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('tickets.edit.cancelShort')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((tk) => {
            const name = `${tk.lastname} ${tk.firstname}`;
            const fixed = !tk.editable;
            return (
              <Table.Tr key={tk.id} data-testid={`edit-ticket-${tk.ticketNr}`} bg={tk.cancelled ? 'red.0' : undefined}>
                <Table.Td>
                  {tk.idPax === ANIMAL_PAX_ID ? (
                    <Text size="xs" c="dimmed">
                      {t('tickets.edit.animal')}
                    </Text>
                  ) : (
                    <NativeSelect
                      aria-label={t('tickets.edit.moveTo', { name })}
                      value={String(tk.movedOn)}
                      disabled={fixed || tk.cancelled}
                      onChange={(e) => onMove(tk.id, Number(e.currentTarget.value))}
                      data={slots.map((s) => ({ value: String(s.id), label: t('tickets.edit.slotOption', { n: s.id }) }))}
                      w={110}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('tickets.list.born', { date: tk.birthdate })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <LegMarker leg={tk.dw_flight} />{' '}
                  <Text span size="sm">
                    {tk.takeOffDate} {tk.takeOffTime} · {tk.flightCode}
                  </Text>
                </Table.Td>
                <Table.Td>{tk.label_origin}</Table.Td>
                <Table.Td>{tk.label_destination}</Table.Td>
                <Table.Td>{tk.ticketNr}</Table.Td>
                <Table.Td>{euro(tk.ticketCost)}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('tickets.edit.cancel', { name })}
                    checked={tk.cancelled}
                    disabled={fixed}
                    onChange={(e) => onCancel(tk.id, e.currentTarget.checked)}
                    size="md"
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
