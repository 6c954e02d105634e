import type { TUser } from '@heliline/domain';
import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { meQuery } from '../../../api/session.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { storeUser } from '../../../lib/stored-user.ts';

/**
 * The session ran out while retrying (401): log in again right here, then the same retry is
 * sent again, so the clerk loses nothing they chose.
 */
export function LoginStep({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => heading.current?.focus(), []);

  const login = useMutation({
    mutationFn: () => api.post<{ user: TUser & { token?: string } }>('/api/auth/login', { email, password }),
    onSuccess: ({ user }) => {
      const { token: _token, ...stored } = user;
      storeUser(stored);
      queryClient.setQueryData(meQuery.queryKey, stored);
      onLoggedIn();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };

  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} maw={460} data-testid="retry-login">
      <Stack>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          <IconLock size={22} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('staff.retry.loginTitle')}
        </Title>
        <Text>{t('staff.retry.loginText')}</Text>
        {login.isError && <FormAlert kind="error">{errorText(login.error, t, lang)}</FormAlert>}
        <TextInput label={t('common.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="username" required />
        <PasswordInput label={t('common.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required />
        <Button type="submit" loading={login.isPending}>
          {t('staff.retry.login')}
        </Button>
      </Stack>
    </Paper>
  );
}
