import type { TFailedBooking, TUser } from '@heliline/domain';
import { isValidEmail } from '@heliline/domain/booking/email';
import { BOOKING_TYPE } from '@heliline/domain/booking/payment-types';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { failedBookingsQuery, FAILED_BOOKINGS_KEY } from '../failed/api.ts';
import { storeRetry } from './api.ts';
import { LoginStep } from './LoginStep.tsx';
import { OutcomeView } from './OutcomeView.tsx';
import { type RetryOutcome, outcomeOf, outcomeOfError } from './outcome.ts';
import { PaymentChoice } from './PaymentChoice.tsx';
import { retryable, retryBody, type RetryType, retryTypesFor } from './retry-body.ts';
import { RetryPicker } from './RetryPicker.tsx';

/**
 * /it/prenotazioni and /en/bookings: a Prenotazioni or PrenotaFull clerk picks one of the failed
 * bookings they created and sends it again with a payment their role allows. Three numbered
 * steps on one page (booking, payment, confirm): the clerk sees everything they chose before
 * confirming, and nothing of the wizard needs filling in again.
 */
export function RetryScreen({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const list = useQuery(failedBookingsQuery(lang));
  const types = retryTypesFor(user.roles);
  const [code, setCode] = useState<string | null>(null);
  const [type, setType] = useState<RetryType | null>(types[0] ?? null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RetryOutcome | null>(null);
  const rows = retryable(list.data ?? []);
  const chosen = rows.find((r) => r.code === code) ?? null;

  const retry = useMutation({
    mutationFn: (row: TFailedBooking) => storeRetry(retryBody(row, type ?? -1, email, user.roles)),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      setOutcome(outcomeOf(answer, lang, email));
      void queryClient.invalidateQueries({ queryKey: FAILED_BOOKINGS_KEY });
    },
    onError: (error) => setOutcome(outcomeOfError(error, errorText(error, t, lang), lang)),
  });

  const pick = (next: string) => {
    setCode(next);
    const row = rows.find((r) => r.code === next);
    if (row) setEmail(row.contacts.email_payment_link ?? row.contacts.email);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || type === null) return;
    if (type === BOOKING_TYPE.paymentLink && !isValidEmail(email)) {
      setEmailError(t('staff.failed.linkEmailInvalid'));
      document.getElementById('retry-link-email')?.focus();
      return;
    }
    setEmailError(null);
    retry.mutate(chosen);
  };

  if (outcome?.kind === 'login') return <RetryPage>{<LoginStep onLoggedIn={() => chosen && retry.mutate(chosen)} />}</RetryPage>;
  if (outcome && outcome.kind !== 'error') return <RetryPage>{<OutcomeView outcome={outcome} onAgain={() => setOutcome(null)} />}</RetryPage>;
  return (
    <RetryPage>
      {outcome?.kind === 'error' && <OutcomeView outcome={outcome} onAgain={() => setOutcome(null)} />}
      {list.isError && <FormAlert kind="error">{errorText(list.error, t, lang)}</FormAlert>}
      <form onSubmit={submit} noValidate>
        <Stack gap="lg" mt="md">
          <Step title={t('staff.retry.step1')}>
            {list.isPending ? <Skeleton height={80} role="status" aria-label={t('app.loading')} /> : <RetryPicker rows={rows} value={code} onChange={pick} />}
          </Step>
          {(list.isPending || rows.length > 0) && (
            <>
              <Step title={t('staff.retry.step2')}>
                <PaymentChoice types={types} type={type} onType={setType} email={email} onEmail={setEmail} emailError={emailError} />
              </Step>
              <Step title={t('staff.retry.step3')}>
                {!chosen && <Text c="gray.8">{t('staff.retry.choose')}</Text>}
                <Button type="submit" size="md" mt="xs" leftSection={<IconRefresh size={18} aria-hidden />} disabled={!chosen || type === null} loading={retry.isPending}>
                  {chosen ? t('staff.retry.submit', { code: chosen.code }) : t('staff.retry.submitNone')}
                </Button>
              </Step>
            </>
          )}
        </Stack>
      </form>
    </RetryPage>
  );
}

function RetryPage({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={t('staff.retry.title')}>
      <Text c="gray.8" maw={760} mb="md">
        {t('staff.retry.intro')}
      </Text>
      {children}
    </Page>
  );
}

function Step({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
