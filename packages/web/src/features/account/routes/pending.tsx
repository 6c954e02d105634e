import { needsPending } from '@heliline/domain/accounts/entry-rules';
import { ZEmailOnly } from '@heliline/domain/accounts/schemas';
import { MESSAGES, t as translate } from '@heliline/domain/i18n/messages';
import { Alert, Anchor, Button, Code, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockHour4, IconUserExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useSearchParams } from 'react-router';
import { messageOf } from '../../../api/client.ts';
import { getMe } from '../../../api/session.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { schemaErrors, useInputProps } from '../../../lib/forms.ts';
import { notify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { resendVerificationEmail } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import type { Route } from './+types/pending';

/**
 * Entry: nobody logged in -> /login (except with ?verify=invalid, where the visitor may resend
 * the link by e-mail); a user with nothing pending -> /booking.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const invalidLink = new URL(request.url).searchParams.get('verify') === 'invalid';
  const user = await getMe();
  if (!user && !invalidLink) throw redirect(paths.login);
  if (user && !needsPending(user)) throw redirect(paths.booking);
  return { user };
}

export default function Pending({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [params] = useSearchParams();
  const invalidLink = params.get('verify') === 'invalid';
  const { user } = loaderData;
  const [sent, setSent] = useState<string | null>(null);

  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: (answer) => {
      const text = messageOf(answer, lang) ?? MESSAGES.emailSent[lang];
      setSent(text);
      notify.success(text);
    },
    onError: (error) => notify.error(errorText(error, t, lang)),
  });

  const variant = !user ? 'anonymous' : !user.verified ? 'unverified' : user.is_agency && !user.is_agency_auth ? 'agency' : 'profile';
  const title =
    variant === 'agency'
      ? t('pending.titleAgency')
      : variant === 'profile'
        ? t('pending.titleProfile')
        : variant === 'anonymous'
          ? t('pending.titleInvalid')
          : t('pending.titleUnverified');

  return (
    <AuthCard title={title} size={560}>
      {invalidLink && <FormAlert kind="error">{MESSAGES.verifyLinkInvalid[lang]}</FormAlert>}
      {sent && <FormAlert kind="success">{sent}</FormAlert>}

      {variant === 'unverified' && user && (
        <Stack gap="md">
          <Text>{t('pending.unverifiedText')}</Text>
          <div>
            <Text size="sm" c="dimmed">
              {t('pending.sentTo')}
            </Text>
            <Code fz="md" data-testid="pending-email">
              {user.email}
            </Code>
          </div>
          <Button onClick={() => resend.mutate(user.email)} loading={resend.isPending} variant="light">
            {t('pending.resend')}
          </Button>
          {/* Confirming the e-mail is not enough for an agency (spec §1): say so now. */}
          {user.is_agency && !user.is_agency_auth && (
            <Alert color="yellow" icon={<IconClockHour4 aria-hidden />} data-testid="pending-agency-notice">
              {t('pending.agencyAfterVerify')}
            </Alert>
          )}
        </Stack>
      )}

      {variant === 'agency' && (
        <Alert color="yellow" icon={<IconClockHour4 aria-hidden />} role="status">
          {t('pending.agencyText')}
        </Alert>
      )}

      {variant === 'profile' && (
        <Alert color="yellow" icon={<IconUserExclamation aria-hidden />} role="status">
          {t('pending.profileText')}
        </Alert>
      )}

      {variant === 'anonymous' && <AnonymousResend onResend={(email) => resend.mutate(email)} busy={resend.isPending} />}

      <Text mt="xl">
        {user ? (
          <Anchor component={Link} to={paths.logout}>
            {t('pending.logout')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={paths.login}>
            {t('common.backToLogin')}
          </Anchor>
        )}
      </Text>
    </AuthCard>
  );
}

/** Verification link invalid and nobody logged in: ask for the e-mail to send a new link. */
function AnonymousResend({ onResend, busy }: { onResend: (email: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: (v) => schemaErrors(ZEmailOnly, v) });
  const inputProps = useInputProps(form, translate);
  return (
    <form onSubmit={form.onSubmit((v) => onResend(v.email))} noValidate>
      <Stack gap="md">
        <Text>{t('pending.anonymousText')}</Text>
        <TextInput label={t('common.email')} type="email" autoComplete="email" required {...inputProps('email')} />
        <Button type="submit" loading={busy}>
          {t('pending.resend')}
        </Button>
      </Stack>
    </form>
  );
}
