import { Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { emailTicket } from '../api/passenger.ts';
import type { TicketEmail, TicketRow } from '../api/types.ts';

/** Sends a ticket's or the booking's PDF by e-mail (spec §2 E-mail modal): POST /api/tickets/{n}/email. */
export function EmailModal({ row, onClose }: { row: TicketRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={row !== null} onClose={onClose} title={t('tickets.email.title')}>
      {row && <EmailForm key={row.ticketNr} row={row} onDone={onClose} />}
    </DialogFrame>
  );
}

function EmailForm({ row, onDone }: { row: TicketRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [body, setBody] = useState<TicketEmail>({
    pdfType: 'ticket',
    recipient: row.emailPax ? 'emailPax' : 'emailBooking',
    forms: { ...row.email_pdf_forms },
  });
  const send = useMutation({
    mutationFn: () => emailTicket(row.ticketNr, body),
    onSuccess: () => {
      notify.success(t('tickets.email.sent'));
      onDone();
    },
    onError: () => notify.error(t('tickets.email.failed')),
  });
  const form = (key: keyof TicketEmail['forms']) => (
    <Checkbox
      label={t(`tickets.email.${key}`)}
      checked={body.forms[key]}
      onChange={(e) => setBody({ ...body, forms: { ...body.forms, [key]: e.currentTarget.checked } })}
    />
  );
  const address = (email: string | null) => email || t('tickets.email.noAddress');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      {send.error && <FormAlert kind="error">{`${t('tickets.email.failed')} ${errorText(send.error, t, lang)}`}</FormAlert>}
      <Stack gap="md">
        <Radio.Group label={t('tickets.email.pdfType')} value={body.pdfType} onChange={(v) => setBody({ ...body, pdfType: v as TicketEmail['pdfType'] })}>
          <Stack gap={8} mt={6}>
            <Radio value="ticket" label={t('tickets.email.pdfTicket')} />
            <Radio value="booking" label={t('tickets.email.pdfBooking')} />
          </Stack>
        </Radio.Group>
        <Radio.Group label={t('tickets.email.recipient')} value={body.recipient} onChange={(v) => setBody({ ...body, recipient: v as TicketEmail['recipient'] })}>
          <Stack gap={8} mt={6}>
            <Radio value="emailBooking" label={t('tickets.email.toBooking', { email: address(row.emailBooking) })} disabled={!row.emailBooking} />
            <Radio value="emailPax" label={t('tickets.email.toPax', { email: address(row.emailPax) })} disabled={!row.emailPax} />
          </Stack>
        </Radio.Group>
        <div role="group" aria-labelledby="email-forms-label">
          <Text id="email-forms-label" size="sm" fw={500}>
            {t('tickets.email.forms')}
          </Text>
          <Stack gap={8} mt={6}>
            {form('minor')}
            {form('pregnant')}
            {form('weapons')}
          </Stack>
        </div>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>
          {t('tickets.pax.cancel')}
        </Button>
        <Button type="submit" loading={send.isPending}>
          {t('tickets.email.send')}
        </Button>
      </Group>
    </form>
  );
}
