import { Checkbox, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import type { EditTicket } from '../logic/edit-state.ts';
import { policySettings, refundOf } from '../logic/refund.ts';
import { euro } from '../logic/rows.ts';
import { NumberStepper } from '../components/NumberStepper.tsx';

type RefundPatch = Partial<Pick<EditTicket, 'refundPercText' | 'refundFeeText' | 'refunded_tax' | 'refunded_landingFee'>>;

/**
 * The cancelled tickets with what was paid and the refund (spec §2). Staff set the percentage, the
 * retention fee and the tax / landing-fee flags per ticket; a customer sees the policy's settings.
 */
export function RefundsTable({ tickets, editable, onChange }: { tickets: EditTicket[]; editable: boolean; onChange: (id: number, patch: RefundPatch) => void }) {
  const { t } = useTranslation();
  const cancelled = tickets.filter((tk) => tk.cancelled);
  if (cancelled.length === 0) return null;
  const cols = ['ticket', 'passenger', 'paid', 'perc', 'fee', 'tax', 'landing', 'refund'] as const;
  return (
    <div>
      <Title order={3} size="h4" id="refunds-title" mb="xs">
        {t('tickets.edit.refunds')}
      </Title>
      <ScrollTable label={t('tickets.edit.refunds')} minWidth={900}>
        <Table verticalSpacing="xs" data-testid="refunds-table">
          <Table.Thead>
            <Table.Tr>
              {cols.map((c) => (
                <Table.Th key={c} scope="col">
                  {t(`tickets.edit.refundCols.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cancelled.map((tk) => (
              <RefundLine key={tk.id} tk={tk} editable={editable} onChange={(patch) => onChange(tk.id, patch)} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </div>
  );
}

function RefundLine({ tk, editable, onChange }: { tk: EditTicket; editable: boolean; onChange: (patch: RefundPatch) => void }) {
  const { t } = useTranslation();
  const ticket = tk.ticketNr ?? String(tk.id);
  const refund = refundOf(tk, editable);
  // A customer sees the policy's settings (read-only); staff see what they typed.
  const policy = editable ? null : policySettings(tk, new Date());
  const shown = policy
    ? { refundPercText: String(policy.percent), refundFeeText: '0', refunded_tax: policy.tax, refunded_landingFee: policy.landingFee }
    : { refundPercText: tk.refundPercText, refundFeeText: tk.refundFeeText, refunded_tax: tk.refunded_tax, refunded_landingFee: tk.refunded_landingFee };
  // Staff type with the stepper (spec §5: non-numbers become 0, no negatives, percent at most 100).
  const number = (key: 'refundPercText' | 'refundFeeText', label: string) =>
    editable ? (
      <NumberStepper
        label={label}
        value={Number(tk[key]) || 0}
        max={key === 'refundPercText' ? 100 : undefined}
        step={key === 'refundPercText' ? 10 : 1}
        onChange={(v) => onChange({ [key]: String(v) })}
      />
    ) : (
      <TextInput aria-label={label} inputMode="decimal" w={130} value={tk[key]} readOnly variant="filled" />
    );
  return (
    <Table.Tr data-testid={`refund-${ticket}`}>
      <Table.Td>{ticket}</Table.Td>
      <Table.Td>{`${tk.lastname} ${tk.firstname}`}</Table.Td>
      <Table.Td>{euro(tk.ticketCost)}</Table.Td>
      <Table.Td>{number('refundPercText', t('tickets.edit.percLabel', { ticket }))}</Table.Td>
      <Table.Td>{number('refundFeeText', t('tickets.edit.feeLabel', { ticket }))}</Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={t('tickets.edit.taxLabel', { ticket })}
          checked={shown.refunded_tax}
          disabled={!editable}
          onChange={(e) => onChange({ refunded_tax: e.currentTarget.checked })}
          size="md"
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={t('tickets.edit.landingLabel', { ticket })}
          checked={shown.refunded_landingFee}
          disabled={!editable}
          onChange={(e) => onChange({ refunded_landingFee: e.currentTarget.checked })}
          size="md"
        />
      </Table.Td>
      <Table.Td>
        <Text fw={600} data-testid="refund-amount">
          {refund === null ? '—' : euro(refund)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
