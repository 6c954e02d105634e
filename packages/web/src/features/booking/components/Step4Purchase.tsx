import { Alert, Button, Fieldset, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDraft } from '../wizard/invoice.ts';
import { PAYMENT_DEADLINE_MINUTES } from '../wizard/limits.ts';
import { CouponBox } from './CouponBox.tsx';
import { InvoiceForm } from './InvoiceForm.tsx';
import { ScaNotice } from './ScaNotice.tsx';

/**
 * Step 4: coupon, invoice, bank notice, the card Checkout (spec §2 step 4) unless `checkout` is
 * false (Admin, Prenotazioni, PrenotaFull), and the staff payment area when given.
 */
export function Step4Purchase({
  coupon,
  onCoupon,
  couponFailures,
  onCouponFailed,
  ticketsCents,
  grandTotalCents,
  invoice,
  onInvoice,
  invalidInvoice,
  onCheckout,
  paying,
  staffArea,
  checkout = true,
}: {
  coupon: { code: string; perc: number; amountCents?: number };
  onCoupon: (code: string, perc: number, amountCents?: number) => void;
  couponFailures: number;
  onCouponFailed: (att?: number) => void;
  ticketsCents: number;
  grandTotalCents: number;
  invoice: InvoiceDraft;
  onInvoice: (patch: Partial<InvoiceDraft>) => void;
  /** Invoice field (`invoice.p_iva`…) → its messages. */
  invalidInvoice: ReadonlyMap<string, string>;
  onCheckout: () => void;
  paying: boolean;
  staffArea?: React.ReactNode;
  checkout?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Fieldset legend={t('wizard.coupon.title')}>
        <CouponBox
          ticketsCents={ticketsCents}
          grandTotalCents={grandTotalCents}
          applied={coupon}
          onApplied={onCoupon}
          failures={couponFailures}
          onFailed={onCouponFailed}
        />
      </Fieldset>
      <InvoiceForm invoice={invoice} onChange={onInvoice} invalid={invalidInvoice} />
      {/* Spec §9: split-payment bodies cannot buy here. */}
      <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="split-payment-notice" role="note">
        <Text size="sm">{t('wizard.step4.splitPayment')}</Text>
      </Alert>
      <ScaNotice />
      {staffArea}
      {checkout && (
        <div>
          <Text size="sm" mb="xs">
            {t('wizard.step4.deadline', { minutes: PAYMENT_DEADLINE_MINUTES })}
          </Text>
          <Button size="lg" leftSection={<IconCreditCard aria-hidden />} onClick={onCheckout} loading={paying} fullWidth={false}>
            {t('wizard.step4.checkout')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
