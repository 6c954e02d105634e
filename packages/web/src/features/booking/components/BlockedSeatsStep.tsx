import { ActionIcon, Button, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { blockedBookingsQuery, type BlockedBooking, removeBlock, useBlockedBookings } from '../api/blocked-seats.ts';
import { ScrollTable } from './ScrollTable.tsx';
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
    onError: (error) => toast.error((error instanceof ApiError && messageOf(error.body, lang)) || t('wizard.blocked.systemError')),
  });
  const rows = list.data ?? [];
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} data-testid="blocked-seats">
      <Title order={2} size="h4" mb="sm">
        {t('wizard.blocked.title')}
      </Title>
      {list.isPending ? (
        <Loader aria-label={t('app.loading')} />
      ) : list.isError ? (
        <Text c="red.8" role="alert">
          {t('errors.generic')}
        </Text>
      ) : rows.length === 0 ? (
        <Text role="status">{t('wizard.blocked.empty')}</Text>
      ) : (
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
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="compact-md"
                        rightSection={<IconArrowRight size={16} aria-hidden />}
                        onClick={() => onPick(r)}
                        loading={picking === r.CodPrenotazione}
                        aria-label={t('wizard.blocked.pickFor', { code: r.CodPrenotazione })}
                      >
                        {t('wizard.blocked.pick')}
                      </Button>
                      <ActionIcon
                        variant="light"
                        color="red.9"
                        size="lg"
                        aria-label={t('wizard.blocked.remove', { code: r.CodPrenotazione })}
                        onClick={() => remove.mutate(r.CodPrenotazione)}
                        loading={remove.isPending && remove.variables === r.CodPrenotazione}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}
