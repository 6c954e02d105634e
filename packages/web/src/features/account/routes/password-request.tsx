import { ZEmailOnly } from '@heliline/domain/accounts/schemas';
import { MESSAGES, t as translate } from '@heliline/domain/i18n/messages';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/client.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { schemaErrors, useInputProps } from '../../../lib/forms.ts';
import { notify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { requestPasswordLink } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { passwordErrorText } from '../password-errors.ts';

export default function PasswordRequest() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: (v) => schemaErrors(ZEmailOnly, v) });
  const inputProps = useInputProps(form, translate);

  const fail = (text: string) => {
    setResult({ kind: 'error', text });
    form.setFieldError('email', text);
    notify.error(text);
  };

  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordLink(email),
    onMutate: () => setResult(null),
    onSuccess: (answer) => {
      if (answer.errors && Object.keys(answer.errors).length) return fail(passwordErrorText(answer, t, lang));
      const text = messageOf(answer, lang) ?? MESSAGES.resetLinkSent[lang];
      setResult({ kind: 'success', text });
      notify.success(text);
    },
    onError: (error) => fail(passwordErrorText(error, t, lang)),
  });

  return (
    <AuthCard title={t('titles.passwordRequest')} intro={t('passwordRequest.intro')}>
      {result && <FormAlert kind={result.kind}>{result.text}</FormAlert>}
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v.email))} noValidate>
        <Stack gap="md">
          <TextInput label={t('common.email')} type="email" autoComplete="email" required {...inputProps('email')} />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {t('passwordRequest.submit')}
          </Button>
          <Anchor component={Link} to={paths.login} size="sm" ta="center">
            {t('common.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
