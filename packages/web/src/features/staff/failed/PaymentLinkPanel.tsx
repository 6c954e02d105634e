import type { TFailedBooking } from '@heliline/domain';
import { isValidEmail } from '@heliline/domain/booking/email';
import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Under the selected row: the address the new payment link goes to, checked before anything is
 * sent ('Email per invio link non valida! …' next to the field, the spec's wording).
 */
export function PaymentLinkPanel({ row, sending, onSend }: { row: TFailedBooking; sending: boolean; onSend: (email: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [email, setEmail] = useState(row.contacts.email_payment_link ?? row.contacts.email);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // No trimming (and a text input: type="email" would strip spaces): a stray space is what the message asks the clerk to look for.
    if (!isValidEmail(email)) {
      setError(t('staff.failed.linkEmailInvalid'));
      return;
    }
    setError(null);
    onSend(email);
  };

  return (
    <Paper withBorder p="sm" bg="white" component="form" onSubmit={submit} aria-labelledby={headingId} data-testid="payment-link-panel">
      <Title order={2} size="h5" mb="xs" id={headingId}>
        {t('staff.failed.linkTitle', { code: row.code })}
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('staff.failed.linkEmail')}
          type="text"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          autoComplete="off"
          maw={420}
          w="100%"
          data-autofocus
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<IconSend size={16} aria-hidden />} loading={sending}>
          {t('staff.failed.linkSend')}
        </Button>
      </Group>
    </Paper>
  );
}
