import type { TChangeAnswer } from '@heliline/domain';
import { isChangeLinkEmail } from '@heliline/domain/tickets/changes-wire';
import { Button, Checkbox, Group, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminFee, toggleAdminFee } from '../logic/final-rows.ts';
import { euro } from '../logic/rows.ts';
import { FinalRows } from './FinalRows.tsx';

export interface FinalActions {
  onBack: () => void;
  onPay: (adminFeeCheck: boolean) => void;
  onLink: (email: string, adminFeeCheck: boolean) => void;
  busy: boolean;
}

/** The final step (spec §2): rows before and after, the summary with the admin-fee checkbox, pay and 'go back'. */
export function FinalStep({ preview, staff, canLink, actions }: { preview: TChangeAnswer; staff: boolean; canLink: boolean; actions: FinalActions }) {
  const { t } = useTranslation();
  const [admin, setAdmin] = useState<AdminFee>({ check: preview.costs.adminFeeCheck, fee: preview.costs.adminFee, stored: preview.costs.adminFee });
  const difference = preview.costs.ticket + preview.costs.tax + preview.costs.landingFee;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3" id="final-title" tabIndex={-1}>
        {t('tickets.final.title')}
      </Title>
      <FinalRows rows={preview.rows} />
      <Paper withBorder p="md" component="section" aria-labelledby="final-summary">
        <Title order={3} size="h4" id="final-summary" mb="xs">
          {t('tickets.final.summary')}
        </Title>
        <Table data-testid="final-summary" w="auto">
          <Table.Tbody>
            <SummaryLine label={t('tickets.final.modified')} value={String(preview.costs.modifiedTickets)} />
            <SummaryLine label={t('tickets.final.difference')} value={euro(difference)} />
            <SummaryLine label={t('tickets.final.adminFee')} value={euro(admin.fee)} />
            <SummaryLine label={t('tickets.final.total')} value={euro(difference + admin.fee)} strong />
          </Table.Tbody>
        </Table>
        <Checkbox
          mt="sm"
          label={t('tickets.final.adminFeeCheck')}
          checked={admin.check}
          disabled={!staff}
          onChange={(e) => setAdmin(toggleAdminFee(admin, e.currentTarget.checked))}
        />
      </Paper>
      <Group>
        <Button variant="default" onClick={actions.onBack}>
          {t('tickets.final.goBack')}
        </Button>
        <Button onClick={() => actions.onPay(admin.check)} loading={actions.busy}>
          {difference + admin.fee > 0 ? t('tickets.final.pay') : t('tickets.final.confirm')}
        </Button>
      </Group>
      {canLink && <PaymentLinkForm busy={actions.busy} onSend={(email) => actions.onLink(email, admin.check)} />}
    </Stack>
  );
}

function SummaryLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td fw={strong ? 700 : 400} ta="right">
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** Staff type -1: a payment link by e-mail instead of paying here (spec §4, 'email destinatario non valida'). */
function PaymentLinkForm({ busy, onSend }: { busy: boolean; onSend: (email: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {t('tickets.final.paymentLink')}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const ok = isChangeLinkEmail(email.trim());
          setError(ok ? undefined : t('tickets.final.invalidEmail'));
          if (ok) onSend(email.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput label={t('tickets.final.linkEmail')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} w={300} />
          <Button type="submit" variant="light" loading={busy}>
            {t('tickets.final.sendLink')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
