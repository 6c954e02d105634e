import { ActionIcon, Group } from '@mantine/core';
import { IconEdit, IconFileText, IconFiles, IconMail, IconPlaneDeparture } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { bookingPdfUrl, ticketPdfUrl } from '../api/passenger.ts';
import type { TicketRow } from '../api/types.ts';
import { isEditable } from '../logic/rows.ts';
import { ExpiredTip } from './RowBadges.tsx';

export interface RowActions {
  onEditPax: (row: TicketRow) => void;
  onEditTicket: (row: TicketRow) => void;
  onEmail: (row: TicketRow) => void;
}

/** A row's actions (spec §2): pax modal, edit mode (or the expiry warning), the two PDFs, the e-mail modal. */
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
