import { ZPasswordReset } from '@heliline/domain/accounts/schemas';
import { MESSAGES, t as translate } from '@heliline/domain/i18n/messages';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, messageOf } from '../../../api/client.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { schemaErrors, useInputProps } from '../../../lib/forms.ts';
import { notify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { resetPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { passwordErrorText } from '../password-errors.ts';

/** /password/reset/{token}?email=… (the link of the reset e-mail). */
export default function PasswordReset() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [bannerError, setBannerError] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', password_confirmation: '' },
    validate: (v) => {
      const errors = schemaErrors(ZPasswordReset, { ...v, token, email });
      // Token and e-mail come from the link; their problems are the server's to report.
      return Object.fromEntries(Object.entries(errors).filter(([field]) => field.startsWith('password')));
    },
  });
  const inputProps = useInputProps(form, translate);

  const fail = (source: unknown) => {
    const text = passwordErrorText(source, t, lang);
    setBannerError(text);
    notify.error(text);
    if (source instanceof ApiError && source.body.errors?.password?.[0]) form.setFieldError('password', source.body.errors.password[0]);
  };

  const mutation = useMutation({
    mutationFn: (v: { password: string; password_confirmation: string }) => resetPassword({ ...v, email, token }),
    onMutate: () => setBannerError(null),
    onSuccess: (answer) => {
      if (answer.errors && Object.keys(answer.errors).length) return fail(answer);
      notify.success(messageOf(answer, lang) ?? MESSAGES.passwordResetDone[lang]);
      navigate(paths.login);
    },
    onError: fail,
  });

  return (
    <AuthCard title={t('titles.passwordReset')} intro={t('passwordReset.intro')}>
      {bannerError && <FormAlert kind="error">{bannerError}</FormAlert>}
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
        <Stack gap="md">
          <TextInput label={t('common.email')} value={email} readOnly variant="filled" autoComplete="username" />
          <PasswordInput
            label={t('passwordReset.newPassword')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            {...inputProps('password')}
          />
          <PasswordInput
            label={t('passwordReset.confirm')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            {...inputProps('password_confirmation')}
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {t('passwordReset.submit')}
          </Button>
          <Anchor component={Link} to={paths.passwordRequest} size="sm" ta="center">
            {t('passwordReset.expired')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
