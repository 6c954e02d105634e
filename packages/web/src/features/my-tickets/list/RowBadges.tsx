import { Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketRow } from '../api/types.ts';
import { InfoTip } from '../components/InfoTip.tsx';
import { bookingGroup } from '../logic/filters.ts';
import { MY_TICKETS_PAYMENT_TYPES } from '@heliline/domain/tickets/my-tickets-rules';
import { displayDeadline, euro, roundTripMarker } from '../logic/rows.ts';
import { RefundStates } from './RefundStates.tsx';

/** Ticket number with its round-trip marker ('A: …' / 'R: …'). */
export function TicketNumberCell({ row }: { row: TicketRow }) {
  const { t } = useTranslation();
  const marker = roundTripMarker(row);
  return (
    <>
      <Text size="sm" fw={600}>
        {row.ticketNr}
      </Text>
      {marker && (
        <Text size="xs" c="dimmed" data-testid="trip-marker">
          {marker}
        </Text>
      )}
      {row.cancelled && (
        <Text size="xs" c="red.9" fw={700} tt="uppercase">
          {t('tickets.list.cancelled')}
        </Text>
      )}
    </>
  );
}

/** Booking code with the pending marker, the id%50 tooltip (paymentType 10) and 'tickets being modified' (12). */
export function BookingCodeCell({ row, pending }: { row: TicketRow; pending: readonly string[] }) {
  const { t } = useTranslation();
  const isPending = pending.includes(bookingGroup(row.bookingCode));
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" ff="monospace">
          {row.bookingCode}
        </Text>
        {row.paymentType === MY_TICKETS_PAYMENT_TYPES.id50 && (
          <InfoTip label={t('tickets.list.id50')} text={t('tickets.list.id50')} icon={<IconReceipt size={16} aria-hidden />} color="blue" />
        )}
      </Group>
      {isPending && (
        <Badge
          color="orange"
          variant="outline"
          size="sm"
          leftSection={<IconClockHour4 size={12} aria-hidden />}
          styles={{ label: { color: 'var(--mantine-color-dark-8)' } }}
          data-testid="pending-marker"
        >
          {t('tickets.list.pending')}
          <span className="visually-hidden">{`: ${t('tickets.list.pendingHint')}`}</span>
        </Badge>
      )}
      {row.paymentType === MY_TICKETS_PAYMENT_TYPES.beingModified && (
        <Text size="xs" c="red.9" fw={600}>
          {t('tickets.list.modifying')}
        </Text>
      )}
      <RefundStates row={row} />
    </>
  );
}

/** The fare with its discount (spec: "fare with discount"), as the table and the phone cards show it. */
export function FareCell({ row }: { row: TicketRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">{euro(row.fare)}</Text>
      {row.discount > 0 && (
        <Text size="xs" c="dimmed">
          {t('tickets.list.discount', { value: row.discount })}
        </Text>
      )}
    </>
  );
}

/** Cost with the ticket, tax and landing-fee amounts behind an info button. */
export function CostCell({ row }: { row: TicketRow }) {
  const { t } = useTranslation();
  const text = t('tickets.list.amounts', { ticket: euro(row.ticket), tax: euro(row.tax), landingFee: euro(row.landingFee) });
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {euro(row.ticketCost)}
      </Text>
      <InfoTip label={t('tickets.list.amountsLabel', { text })} text={text} icon={<IconInfoCircle size={16} aria-hidden />} />
    </Group>
  );
}

/** After editable_until: a warning icon with the expiry message, in place of the change action. */
export function ExpiredTip({ row }: { row: TicketRow }) {
  const { t } = useTranslation();
  const text = t('tickets.list.expired', { date: displayDeadline(row.editable_until) });
  return <InfoTip label={t('tickets.list.expiredLabel', { text })} text={text} icon={<IconAlertTriangle size={18} aria-hidden />} color="orange" testId="expired" />;
}
