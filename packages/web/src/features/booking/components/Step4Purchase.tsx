import { Alert, Button, Fieldset, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconInfoCircle, IconTicket } from '@tabler/icons-react';
import type { VoucherSpend } from '@heliline/domain/booking/coupon';
import { formatMoney } from '@heliline/domain/fares/money';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import type { InvoiceDraft } from '../wizard/invoice.ts';
import { PAYMENT_DEADLINE_MINUTES } from '../wizard/limits.ts';
import type { WizardCoupon } from '../wizard/state.ts';
import { CouponBox } from './CouponBox.tsx';
import { InvoiceForm } from './InvoiceForm.tsx';
import { ScaNotice } from './ScaNotice.tsx';

/**
 * Step 4: coupon, invoice, bank notice, the card Checkout (spec §2 step 4) unless `checkout` is
 * false (Admin, Prenotazioni, PrenotaFull), and the staff payment area when given. A voucher
 * covering the whole total replaces both with one confirmation (type 5, no card, issue 51);
 * one covering part leaves the rest to them, and says how much.
 */
export function Step4Purchase({
  coupon,
  onCoupon,
  couponFailures,
  onCouponFailed,
  ticketsCents,
  grandTotalCents,
  voucherSpend,
  onVoucherPay,
  invoice,
  onInvoice,
  invalidInvoice,
  onCheckout,
  paying,
  staffArea,
  checkout = true,
}: {
  coupon: WizardCoupon;
  onCoupon: (coupon: WizardCoupon) => void;
  couponFailures: number;
  onCouponFailed: (att?: number) => void;
  ticketsCents: number;
  grandTotalCents: number;
  voucherSpend: VoucherSpend | null;
  onVoucherPay: () => void;
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
  const [lang] = useLang();
  const coveredByVoucher = !!voucherSpend && voucherSpend.spentCents > 0 && voucherSpend.dueCents === 0;
  return (
    <Stack gap="lg">
      <Fieldset legend={t('wizard.coupon.title')}>
        <CouponBox
          ticketsCents={ticketsCents}
          grandTotalCents={grandTotalCents}
          applied={coupon}
          voucherSpend={voucherSpend}
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
      {!coveredByVoucher && <ScaNotice />}
      {voucherSpend && !coveredByVoucher && <Text fw={600}>{t('wizard.voucher.due', { amount: formatMoney(voucherSpend.dueCents, lang) })}</Text>}
      {coveredByVoucher && (
        <div>
          <Text size="sm" mb="xs">
            {t('wizard.voucher.covers')}
          </Text>
          <Button size="lg" leftSection={<IconTicket aria-hidden />} onClick={onVoucherPay} loading={paying} fullWidth={false}>
            {t('wizard.voucher.pay')}
          </Button>
        </div>
      )}
      {!coveredByVoucher && staffArea}
      {checkout && !coveredByVoucher && (
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
