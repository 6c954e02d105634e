import { Radio, Stack, TextInput } from '@mantine/core';
import { BOOKING_TYPE } from '@heliline/domain/booking/payment-types';
import { useTranslation } from 'react-i18next';
import type { RetryType } from './retry-body.ts';

/** Step 2: how the customer pays this time; the payment link needs the address it goes to. */
export function PaymentChoice(props: {
  types: readonly RetryType[];
  type: RetryType | null;
  onType: (type: RetryType) => void;
  email: string;
  onEmail: (email: string) => void;
  emailError: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('staff.retry.paymentType')}
        value={props.type === null ? null : String(props.type)}
        onChange={(v) => props.onType(Number(v) as RetryType)}
        name="retry-type"
      >
        <Stack gap="xs" mt="xs">
          {props.types.map((type) => (
            <Radio key={type} value={String(type)} label={t(`staff.retry.type${type}`)} size="md" />
          ))}
        </Stack>
      </Radio.Group>
      {props.type === BOOKING_TYPE.paymentLink && (
        <TextInput
          id="retry-link-email"
          label={t('staff.retry.linkEmail')}
          type="text"
          inputMode="email"
          value={props.email}
          onChange={(e) => props.onEmail(e.currentTarget.value)}
          error={props.emailError}
          maw={420}
          autoComplete="off"
        />
      )}
    </Stack>
  );
}
