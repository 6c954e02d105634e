import { Checkbox, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type InvoiceDraft, invoiceFields } from '../wizard/invoice.ts';
import { fieldId } from '../wizard/issue-fields.ts';
import { LabeledSegments } from './LabeledSegments.tsx';

/** Step 4 invoice request: company or private person (spec §3 Invoice, §5 step 4). */
export function InvoiceForm({
  invoice,
  onChange,
  invalid,
}: {
  invoice: InvoiceDraft;
  onChange: (patch: Partial<InvoiceDraft>) => void;
  invalid: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('wizard.invoice.title')}>
      <Checkbox label={t('wizard.invoice.requested')} checked={invoice.requested} onChange={(e) => onChange({ requested: e.currentTarget.checked })} />
      {invoice.requested && (
        <Stack gap="sm" mt="md">
          <LabeledSegments
            label={t('wizard.invoice.type')}
            value={String(invoice.invoice_type)}
            onChange={(v) => onChange({ invoice_type: v === '0' ? 0 : 1 })}
            data={[
              { value: '1', label: t('wizard.invoice.private') },
              { value: '0', label: t('wizard.invoice.company') },
            ]}
          />
          <Text size="sm" c="dimmed">
            {invoice.invoice_type === 0 ? t('wizard.invoice.companyHint') : t('wizard.invoice.privateHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {invoiceFields(invoice.invoice_type).map((f) => (
              <TextInput
                key={f}
                id={fieldId(`invoice.${f}`)}
                label={t(`wizard.invoice.${f}`)}
                value={invoice[f]}
                maxLength={255}
                onChange={(e) => onChange({ [f]: e.currentTarget.value })}
                error={invalid.get(`invoice.${f}`)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Fieldset>
  );
}
