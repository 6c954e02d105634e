import { Button, Group, MaskInput, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame.tsx';
import { ApiError } from '../../../api/client.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { DocumentTypeSelect } from '../../../components/DocumentTypeSelect.tsx';
import { ticketsKey } from '../api/list.ts';
import { savePassenger } from '../api/passenger.ts';
import type { PassengerUpdate, TicketRow } from '../api/types.ts';

const draftOf = (row: TicketRow): PassengerUpdate => ({
  lastname: row.lastname ?? '',
  firstname: row.firstname ?? '',
  birthdate: row.birthdate ?? '',
  doc_type: row.doc_type ? String(row.doc_type) : '',
  doc_num: row.doc_num ?? '',
  doc_expdate: row.doc_expdate ?? '',
  address: row.address ?? '',
  emailPax: row.emailPax ?? '',
  telPax: row.telPax ?? '',
});

/** Edits a row's passenger (spec §2 Pax modal): PUT /api/tickets/{n}/passenger, errors next to each field, then the list refreshes. */
export function PaxModal({ row, onClose }: { row: TicketRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={row !== null} onClose={onClose} title={t('tickets.pax.title')} size="lg">
      {row && <PaxForm key={row.ticketNr} row={row} onDone={onClose} />}
    </DialogFrame>
  );
}

function PaxForm({ row, onDone }: { row: TicketRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(row));
  const save = useMutation({
    mutationFn: () => savePassenger(row.ticketNr, draft),
    onSuccess: async () => {
      notify.success(t('tickets.pax.saved'));
      await queryClient.invalidateQueries({ queryKey: ticketsKey });
      onDone();
    },
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const formError = save.error && !(save.error instanceof ApiError && Object.keys(errors).length > 0) ? errorText(save.error, t, lang) : null;
  const text = (key: 'lastname' | 'firstname' | 'doc_num' | 'address' | 'emailPax' | 'telPax', label: string, type = 'text') => (
    <TextInput label={label} type={type} value={draft[key]} error={errors[key]} onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })} maxLength={255} />
  );
  const date = (key: 'birthdate' | 'doc_expdate', label: string) => (
    <MaskInput
      label={label}
      mask="99/99/9999"
      placeholder={t('tickets.pax.dateFormat')}
      inputMode="numeric"
      defaultValue={draft[key]}
      onChangeRaw={(_raw: string, masked: string) => setDraft((d) => ({ ...d, [key]: masked }))}
      error={errors[key]}
    />
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      noValidate
    >
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('lastname', t('tickets.pax.lastname'))}
        {text('firstname', t('tickets.pax.firstname'))}
        {date('birthdate', t('tickets.pax.birthdate'))}
        <DocumentTypeSelect
          label={t('tickets.pax.docType')}
          value={draft.doc_type || null}
          onChange={(v) => setDraft({ ...draft, doc_type: v ?? '' })}
          error={errors.doc_type}
        />
        {text('doc_num', t('tickets.pax.docNum'))}
        {date('doc_expdate', t('tickets.pax.docExpdate'))}
        {text('address', t('tickets.pax.address'))}
        {text('emailPax', t('tickets.pax.email'), 'email')}
        {text('telPax', t('tickets.pax.tel'), 'tel')}
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>
          {t('tickets.pax.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('tickets.pax.save')}
        </Button>
      </Group>
    </form>
  );
}
