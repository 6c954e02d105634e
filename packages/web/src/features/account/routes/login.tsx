import { needsPending } from '@heliline/domain/accounts/entry-rules';
import { loginIssues } from '@heliline/domain/accounts/login-rules';
import { MESSAGES, t as translate } from '@heliline/domain/i18n/messages';
import { Anchor, Button, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandFacebook, IconBrandGoogle, IconBrandX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, messageOf } from '../../../api/client.ts';
import { meQuery, useMe } from '../../../api/session.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { useInputProps } from '../../../lib/forms.ts';
import { notify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { storeUser } from '../../../lib/stored-user.ts';
import { login } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';

/** Spec §9: the browser reloads at /booking 2 s after a successful login. */
export const LOGIN_REDIRECT_DELAY_MS = 2000;

const SOCIAL = [
  { provider: 'google', name: 'Google', icon: IconBrandGoogle },
  { provider: 'facebook', name: 'Facebook', icon: IconBrandFacebook },
  { provider: 'twitter', name: 'Twitter', icon: IconBrandX },
] as const;

export default function Login() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useMe();
  const loggingIn = useRef(false);
  const [redirecting, setRedirecting] = useState(false);
  const [bannerError, setBannerError] = useState<string | null>(null);
  // After a refusal, focus goes back to the e-mail field, whose error it then reads out: the
  // form was disabled while waiting, which had left keyboard and screen-reader users on <body>.
  const emailRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) emailRef.current?.focus();
  }, [refusals]);

  // Already logged in: straight to booking (which sends unverified users on to /pending).
  useEffect(() => {
    if (me.data && !loggingIn.current) navigate(paths.booking, { replace: true });
  }, [me.data, navigate]);

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    // The server's ZLogin verdicts without zod on this screen (domain/accounts/login-rules.ts).
    validate: (values) => loginIssues(values),
  });
  const inputProps = useInputProps(form, translate);

  const mutation = useMutation({
    mutationFn: login,
    onMutate: () => {
      loggingIn.current = true;
      setBannerError(null);
    },
    onSuccess: (answer) => {
      storeUser(answer.user); // without its token
      const { token: _token, ...user } = answer.user;
      queryClient.setQueryData(meQuery.queryKey, user);
      notify.success(messageOf(answer, lang) ?? MESSAGES.loginSuccess[lang]);
      setRedirecting(true);
      const target = needsPending(user) ? paths.pending : paths.booking;
      window.setTimeout(() => window.location.assign(target), LOGIN_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      loggingIn.current = false;
      // The spec's login screen only logs the failure and stops loading, showing nothing. A real
      // site must tell the user why: the server's field error goes under the email field.
      console.warn('login failed', error);
      setRefusals((n) => n + 1);
      if (error instanceof ApiError && error.status === 422) {
        form.setErrors(error.fieldErrors);
      } else {
        setBannerError(errorText(error, t, lang));
      }
    },
  });

  const busy = mutation.isPending || redirecting;

  return (
    <AuthCard title={t('titles.login')} intro={t('login.intro')}>
      {params.get('verified') === '1' && <FormAlert kind="success">{MESSAGES.emailVerified[lang]}</FormAlert>}
      {redirecting && <FormAlert kind="success">{t('login.redirecting')}</FormAlert>}
      {bannerError && <FormAlert kind="error">{bannerError}</FormAlert>}
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput ref={emailRef} label={t('common.email')} type="email" autoComplete="email" required {...inputProps('email')} disabled={busy} />
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            {...inputProps('password')}
            disabled={busy}
          />
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={paths.passwordRequest} size="sm">
              {t('login.forgot')}
            </Anchor>
            <Anchor component={Link} to={paths.signup} size="sm" fw={600}>
              {t('login.newUser')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={busy}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider my="lg" label={<Text size="sm">{t('login.social')}</Text>} labelPosition="center" />
      <SimpleGrid cols={1} spacing="xs">
        {SOCIAL.map((s) => (
          // Plain links (spec): the provider pages are full page loads.
          <Button key={s.provider} component="a" href={paths.socialLogin(s.provider)} variant="default" leftSection={<s.icon size={18} aria-hidden />}>
            {s.name}
          </Button>
        ))}
      </SimpleGrid>
    </AuthCard>
  );
}
