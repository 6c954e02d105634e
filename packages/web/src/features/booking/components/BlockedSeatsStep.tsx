import { ActionIcon, Button, Group, Loader, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { blockedBookingsQuery, type BlockedBooking, removeBlock, removeBlockError, useBlockedBookings } from '../api/blocked-seats.ts';
import classes from './BlockedSeatsStep.module.css';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import { toast } from './toast.tsx';

/**
 * Step 0 (spec §2, /admin/posti-bloccati): the blocked bookings with code, flight dates, route,
 * passengers, expiry and reason; picking one continues it in the wizard, the bin removes it.
 */
export function BlockedSeatsStep({ userId, onPick, picking }: { userId: number; onPick: (row: BlockedBooking) => void; picking: string | null }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const list = useBlockedBookings(true);
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (code: string) => removeBlock({ bookingCode: code, userId }),
    onSuccess: (answer) => {
      const text = messageOf(answer, lang) ?? answer.message;
      if (answer.status === 'success') toast.success(text);
      else toast.error(text || t('wizard.blocked.systemError'));
      void client.invalidateQueries({ queryKey: blockedBookingsQuery.queryKey });
    },
    // 'Errore di sistema' when the answer cannot be read (spec §8).
    onError: (error) => toast.error(removeBlockError(error, lang) ?? t('wizard.blocked.systemError')),
  });
  const rows = list.data ?? [];
  const actions = { onPick, picking, onRemove: (code: string) => remove.mutate(code), removing: remove.isPending ? (remove.variables ?? null) : null };
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} data-testid="blocked-seats">
      <Title order={2} size="h4" mb="sm">
        {t('wizard.blocked.title')}
      </Title>
      {list.isPending ? (
        <Loader role="status" aria-label={t('app.loading')} />
      ) : list.isError ? (
        <Text c="red.8" role="alert">
          {t('errors.generic')}
        </Text>
      ) : rows.length === 0 ? (
        <Text role="status">{t('wizard.blocked.empty')}</Text>
      ) : (
        <>
          <div className={classes.table}>
            <ScrollTable label={t('wizard.blocked.caption')} minWidth={820}>
              <Table striped withTableBorder verticalSpacing="xs">
                <caption className="visually-hidden">{t('wizard.blocked.caption')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    {(['code', 'dates', 'from', 'to', 'pax', 'expiry', 'reason'] as const).map((c) => (
                      <Table.Th key={c}>{t(`wizard.blocked.col.${c}`)}</Table.Th>
                    ))}
                    <Table.Th>
                      <span className="visually-hidden">{t('wizard.blocked.col.actions')}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.CodPrenotazione} data-testid={`blocked-${r.CodPrenotazione}`}>
                      <Table.Td ff="monospace" fw={700}>
                        {r.CodPrenotazione}
                      </Table.Td>
                      <Table.Td>{r.Date}</Table.Td>
                      <Table.Td>{r.Provenienza}</Table.Td>
                      <Table.Td>{r.Destinazione}</Table.Td>
                      <Table.Td ta="right">{r.TotPax}</Table.Td>
                      <Table.Td>{r.OraScadenza}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.BloccaPostiNota}</Table.Td>
                      <Table.Td>
                        <RowActions row={r} {...actions} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </div>
          <ul className={classes.cards} aria-label={t('wizard.blocked.caption')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r) => (
              <li key={r.CodPrenotazione}>
                <BlockedCard row={r} {...actions} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Paper>
  );
}

interface ActionsProps {
  row: BlockedBooking;
  onPick: (row: BlockedBooking) => void;
  picking: string | null;
  onRemove: (code: string) => void;
  removing: string | null;
}

/** Continue the blocked booking in the wizard, or delete it. */
function RowActions({ row, onPick, picking, onRemove, removing }: ActionsProps) {
  const { t } = useTranslation();
  const code = row.CodPrenotazione;
  return (
    <Group gap={8} wrap="nowrap">
      <Button
        size="compact-sm"
        rightSection={<IconArrowRight size={16} aria-hidden />}
        onClick={() => onPick(row)}
        loading={picking === code}
        aria-label={t('wizard.blocked.pickFor', { code })}
      >
        {t('wizard.blocked.pick')}
      </Button>
      <ActionIcon variant="outline" color="red.9" size="lg" aria-label={t('wizard.blocked.remove', { code })} onClick={() => onRemove(code)} loading={removing === code}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** A blocked booking at phone width: the same fields as the table's row, labelled. */
function BlockedCard(props: ActionsProps) {
  const { t } = useTranslation();
  const r = props.row;
  const item = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="xs" fw={700} c="gray.8">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text ff="monospace" fw={800}>
          {r.CodPrenotazione}
        </Text>
        <RowActions {...props} />
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        {item(t('wizard.blocked.col.dates'), r.Date)}
        {item(t('wizard.blocked.col.pax'), r.TotPax)}
        {item(t('wizard.blocked.col.from'), r.Provenienza)}
        {item(t('wizard.blocked.col.to'), r.Destinazione)}
        {item(t('wizard.blocked.col.expiry'), r.OraScadenza)}
        {item(t('wizard.blocked.col.reason'), r.BloccaPostiNota)}
      </SimpleGrid>
    </Paper>
  );
}
