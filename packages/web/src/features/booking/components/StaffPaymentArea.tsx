import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCash, IconLock, IconLockOpen, IconMailForward, IconBuildingBank } from '@tabler/icons-react';
import { BOOKING_TYPE, type StaffPaymentType } from '@heliline/domain/booking/payment-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard/issue-fields.ts';
import { type PaymentLock, type StaffPayments, toggleLock } from '../wizard/staff.ts';

/** Long labels wrap at phone width instead of being cut. */
const WRAPPING = { label: { whiteSpace: 'normal' as const, textAlign: 'left' as const } };

export type { StaffPayments };

/**
 * The staff payment area of step 4 (spec §2): the payment-link e-mail and its send button, and
 * the cash and operator-account buttons, each locked until its lock is opened; opening one
 * closes the other. Shown instead of the card Checkout to Admin, Prenotazioni and PrenotaFull;
 * a cashier (PagamentoCash) or operator-account role alone gets its button beside the Checkout.
 */
export function StaffPaymentArea({
  allowed,
  email,
  onEmail,
  emailError,
  onPay,
  paying,
}: {
  allowed: StaffPayments;
  email: string;
  onEmail: (email: string) => void;
  emailError: string | undefined;
  onPay: (type: StaffPaymentType) => void;
  /** The store type being sent, for its button's spinner. */
  paying: StaffPaymentType | null;
}) {
  const { t } = useTranslation();
  const [unlocked, setUnlocked] = useState<PaymentLock | null>(null);
  const locked = [
    { which: 'cash' as const, type: BOOKING_TYPE.cash, show: allowed.cash, icon: <IconCash size={18} aria-hidden /> },
    { which: 'account' as const, type: BOOKING_TYPE.operatorAccount, show: allowed.account, icon: <IconBuildingBank size={18} aria-hidden /> },
  ].filter((b) => b.show);
  return (
    <Fieldset legend={t('wizard.staffPay.title')} data-testid="staff-payment-area">
      <Stack gap="lg">
        {allowed.linkEmail && (
          <div>
            <TextInput
              id={fieldId('contacts.email_payment_link')}
              label={t('wizard.staffPay.linkEmail')}
              description={t('wizard.staffPay.linkEmailHint')}
              type="email"
              autoComplete="off"
              maxLength={255}
              value={email}
              onChange={(e) => onEmail(e.currentTarget.value)}
              error={emailError}
            />
            {allowed.paymentLink && (
              <Button
                mt="sm"
                leftSection={<IconMailForward size={18} aria-hidden />}
                onClick={() => onPay(BOOKING_TYPE.paymentLink)}
                loading={paying === BOOKING_TYPE.paymentLink}
                disabled={paying !== null && paying !== BOOKING_TYPE.paymentLink}
              >
                {t('wizard.staffPay.sendLink')}
              </Button>
            )}
          </div>
        )}
        {locked.map((b) => {
          const open = unlocked === b.which;
          const label = t(`wizard.staffPay.${b.which}`);
          return (
            <Group key={b.which} gap="sm" wrap="nowrap">
              <ActionIcon
                variant={open ? 'filled' : 'default'}
                color={open ? 'orange.9' : undefined}
                size="lg"
                aria-pressed={open}
                aria-label={t('wizard.staffPay.unlock', { what: label })}
                onClick={() => setUnlocked((u) => toggleLock(u, b.which))}
              >
                {open ? <IconLockOpen size={18} aria-hidden /> : <IconLock size={18} aria-hidden />}
              </ActionIcon>
              <Button
                variant={open ? 'filled' : 'light'}
                leftSection={b.icon}
                h="auto"
                mih={36}
                py={6}
                styles={WRAPPING}
                disabled={!open || (paying !== null && paying !== b.type)}
                loading={paying === b.type}
                onClick={() => onPay(b.type)}
              >
                {label}
              </Button>
              {!open && (
                <Text size="sm" visibleFrom="sm">
                  {t('wizard.staffPay.lockedHint')}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Fieldset>
  );
}
