import type { TBookingAuditAnswer, TBookingAuditEntry } from '@heliline/domain';
import { Button, List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { formatInstant } from '../../../lib/format.ts';

/** GET /api/admin/bookings/{code}/audit, read when the disclosure first opens. */
const auditQuery = (code: string) => ({
  queryKey: ['staff', 'booking-audit', code] as const,
  queryFn: () => api.get<TBookingAuditAnswer>(`/api/admin/bookings/${encodeURIComponent(code)}/audit`),
});

/** "History": who changed the booking when (the audit log), as a disclosure under the row's links. */
export function BookingHistory({ code }: { code: string }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const history = useQuery({ ...auditQuery(code), enabled: open });

  return (
    <div>
      <Button variant="subtle" size="compact-sm" miw={24} mih={24} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {t('bookingHistory.toggle')}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && history.isPending && <Loader size="xs" role="status" aria-label={t('bookingHistory.loading', { code })} />}
        {open && history.isError && (
          <Text size="xs" c="red.9" role="alert">
            {errorText(history.error, t, lang)}
          </Text>
        )}
        {history.data && (
          <List size="xs" spacing={2} aria-label={t('bookingHistory.label', { code })}>
            {history.data.entries.map((e, i) => (
              <List.Item key={i}>{entryText(e, t, lang)}</List.Item>
            ))}
          </List>
        )}
      </div>
    </div>
  );
}

function entryText(e: TBookingAuditEntry, t: TFunction, lang: 'it' | 'en'): string {
  const who = e.actor_email ?? t(`bookingHistory.actors.${e.actor.split(':')[0] as 'system'}`, { defaultValue: e.actor });
  const status = e.detail?.status as { from: string | null; to: string } | undefined;
  // Statuses read as the list's own words (in payment, tickets issued…), not the stored codes.
  const word = (s: string) => t(`staff.bookings.statuses.${s as 'pending'}`, { defaultValue: s });
  const change = status ? ` (${status.from ? word(status.from) : '—'} → ${word(status.to)})` : '';
  const ticket = e.ticket_nr ? ` ${t('bookingHistory.ticket', { nr: e.ticket_nr })}` : '';
  return `${formatInstant(e.at, lang)} · ${t(`bookingHistory.actions.${e.action}`)}${ticket}${change} · ${who}`;
}
