import { receiptEmailIssue } from '@heliline/domain/booking/email';
import { issueText } from '@heliline/domain/booking/issues';
import { MESSAGES } from '@heliline/domain/i18n/messages';
import { Button, Table, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import { toast } from '../components/toast.tsx';
import type { StatusPax } from '../api/booking-status.ts';
import { submitTicket } from '../api/submit-ticket.ts';
import classes from './TicketsTable.module.css';

const COLUMNS = ['wizard.costs.name', 'wizard.step3.birthDate', 'wizard.status.ticket', 'wizard.status.sendTo'] as const;

/** The receipt's passengers: each ticket can be e-mailed to its own address (spec §2). A card per passenger on a phone. */
export function TicketsTable({ paxes }: { paxes: readonly StatusPax[] }) {
  const { t } = useTranslation();
  return (
    <div className={classes.wrap}>
      <Table withTableBorder verticalSpacing="sm" className={classes.table} role="table">
        <caption className="visually-hidden">{t('wizard.status.ticketsCaption')}</caption>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {COLUMNS.map((key) => (
              <Table.Th key={key} role="columnheader">
                {t(key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {paxes.map((p) => (
            <TicketRow key={String(p.id)} pax={p} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function TicketRow({ pax }: { pax: StatusPax }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [email, setEmail] = useState(pax.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useMutation({
    mutationFn: () => submitTicket({ email: email.trim(), tickets: pax.tickets }),
    onSuccess: (ok) => {
      const text = ok ? MESSAGES.ticketSent[lang] : MESSAGES.ticketSendFailed[lang];
      setResult({ ok, text });
      (ok ? toast.success : toast.error)(text);
    },
    onError: () => {
      const text = MESSAGES.ticketSendFailed[lang];
      setResult({ ok: false, text });
      toast.error(text);
    },
  });
  const onSend = () => {
    setResult(null);
    const problem = receiptEmailIssue(email.trim());
    setError(problem ? issueText(problem, lang) : null);
    if (!problem) send.mutate();
  };
  return (
    <Table.Tr role="row">
      <Table.Td fw={600} role="cell">
        {pax.fullname}
      </Table.Td>
      <Table.Td role="cell" data-label={t('wizard.step3.birthDate')}>
        {pax.birthdate}
      </Table.Td>
      {/* Outbound and return tickets of the passenger (the first is the outbound one), each with its boarding pass's QR code. */}
      <Table.Td role="cell" data-label={t('wizard.status.ticket')}>
        <Text ff="monospace" size="sm">
          {pax.tickets.length ? pax.tickets.join(' · ') : pax.ticket}
        </Text>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>
          {pax.tickets.map((nr) => (
            <img
              key={nr}
              src={`/api/tickets/${encodeURIComponent(nr)}/boarding-pass.svg`}
              alt={t('wizard.status.boardingPass', { ticket: nr })}
              width={88}
              height={88}
              loading="lazy"
              data-testid="boarding-pass-qr"
            />
          ))}
        </div>
      </Table.Td>
      <Table.Td role="cell" data-label={t('wizard.status.sendTo')}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSend();
          }}
          style={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextInput
            aria-label={t('wizard.status.emailFor', { name: pax.fullname })}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            size="sm"
            style={{ flex: '1 1 200px' }}
          />
          <Button
            type="submit"
            size="sm"
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={send.isPending}
            aria-label={t('wizard.status.sendFor', { name: pax.fullname })}
          >
            {t('wizard.status.send')}
          </Button>
        </form>
        <Text size="sm" c={result?.ok ? '#1e6b30' : 'red.8'} role="status" mih={20}>
          {result?.text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
