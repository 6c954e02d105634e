import { accountUpdateErrors, type TUser, ZAccountUpdate } from '@heliline/domain/accounts/schemas';
import { MESSAGES, t as translate } from '@heliline/domain/i18n/messages';
import { Button, Container, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/client.ts';
import { meQuery, useMe } from '../../../api/session.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { schemaErrors, useInputProps } from '../../../lib/forms.ts';
import { requireUser } from '../../../lib/guards.ts';
import { notify } from '../../../lib/notify.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { storeUser } from '../../../lib/stored-user.ts';
import { updateAccount } from '../api.ts';
import { DocumentTypeSelect } from '../../../components/DocumentTypeSelect.tsx';
import { Section } from '../components/Section.tsx';
import { LiveAnnouncer } from '../../../components/LiveAnnouncer.tsx';
import { YourDataSection } from '../components/YourDataSection.tsx';
import type { Route } from './+types/account';

/**
 * Needs a logged-in user, else /login. The spec also sends "a logged-in user with a token" from
 * this screen to booking: our stored user never has a token (the web app uses the session
 * cookie and drops the token before storing the user), so that rule never triggers here.
 */
export async function clientLoader() {
  return { user: await requireUser() };
}

interface AccountValues {
  current_password: string;
  password: string;
  password_confirmation: string;
  address: string;
  telephone: string;
  document_type: string | null;
  document_num: string;
}

function initialValues(user: TUser): AccountValues {
  return {
    current_password: '',
    password: '',
    password_confirmation: '',
    address: user.pax?.address ?? '',
    telephone: user.pax?.telephone ?? user.telephone ?? '',
    document_type: user.pax?.document_type != null ? String(user.pax.document_type) : null,
    document_num: user.pax?.document_num ?? '',
  };
}

function toPayload(user: TUser, v: AccountValues) {
  const agency = user.is_agency;
  return {
    id: user.id,
    email: user.email,
    lastname: user.pax?.lastname,
    firstname: user.pax?.firstname,
    gender: user.pax?.gender ?? null,
    birthdate: user.pax?.birthdate ?? null,
    current_password: v.current_password || null,
    password: v.password || null,
    password_confirmation: v.password_confirmation || null,
    address: v.address,
    telephone: v.telephone,
    document_type: agency || !v.document_type ? null : Number(v.document_type),
    document_num: agency ? null : v.document_num || null,
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const me = useMe();
  const user = me.data ?? loaderData.user;
  const agency = user.is_agency;
  const [bannerError, setBannerError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const form = useForm<AccountValues>({
    mode: 'controlled',
    initialValues: initialValues(user),
    validate: (values) => {
      const payload = toPayload(user, values);
      const byKind = Object.fromEntries(Object.entries(accountUpdateErrors(payload, { agency: user.is_agency })).map(([f, keys]) => [f, keys[0]]));
      return { ...byKind, ...schemaErrors(ZAccountUpdate, payload) };
    },
  });
  const inputProps = useInputProps(form, translate);

  const mutation = useMutation({
    mutationFn: (values: AccountValues) => updateAccount(toPayload(user, values)),
    onMutate: () => {
      setBannerError(null);
      setSaved(null);
    },
    onSuccess: (answer) => {
      const text = messageOf(answer, lang) ?? MESSAGES.dataUpdated[lang];
      setSaved(text);
      notify.success(text);
      if (answer.user) {
        queryClient.setQueryData(meQuery.queryKey, answer.user);
        storeUser(answer.user);
        form.setValues(initialValues(answer.user));
      } else {
        form.setValues({ current_password: '', password: '', password_confirmation: '' });
      }
      form.resetDirty();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) form.setErrors(error.fieldErrors);
      setBannerError(errorText(error, t, lang));
    },
  });

  const genderText = user.pax?.gender === 'M' ? t('signup.genderM') : user.pax?.gender === 'F' ? t('signup.genderF') : t('common.notSet');
  const ro = { readOnly: true, variant: 'filled' as const };

  return (
    <Container size={820} py={{ base: 'lg', sm: 'xl' }}>
      <title>{`${t('titles.account')} · Heliline`}</title>
      <Title order={1} c="navy.9" fz={{ base: 28, sm: 34 }} mb="lg">
        {t('titles.account')}
      </Title>
      {bannerError && <FormAlert kind="error">{bannerError}</FormAlert>}
      {saved && <FormAlert kind="success">{saved}</FormAlert>}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form
          onSubmit={form.onSubmit(
            (values) => mutation.mutate(values),
            () => setBannerError(t('common.fixErrors')),
          )}
          noValidate
        >
          <Stack gap="xl">
            <Section legend={t('account.identity')}>
              <Text size="sm" c="dimmed" mb="sm">
                {t('account.identityNote')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('common.email')} value={user.email} {...ro} />
                <TextInput label={agency ? t('account.companyName') : t('account.surname')} value={user.pax?.lastname ?? ''} {...ro} />
                <TextInput label={agency ? t('account.vat') : t('account.firstname')} value={user.pax?.firstname ?? ''} {...ro} />
                {!agency && (
                  <>
                    <TextInput label={t('account.gender')} value={genderText} {...ro} />
                    <TextInput label={t('account.birthdate')} value={user.pax?.birthdate ?? t('common.notSet')} {...ro} />
                  </>
                )}
              </SimpleGrid>
            </Section>

            <Section legend={t('account.passwordSection')}>
              <Text size="sm" c="dimmed" mb="sm">
                {t('account.passwordNote')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <PasswordInput
                  label={t('account.currentPassword')}
                  autoComplete="current-password"
                  visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                  {...inputProps('current_password')}
                />
                <PasswordInput
                  label={t('account.newPassword')}
                  autoComplete="new-password"
                  visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                  {...inputProps('password')}
                />
                <PasswordInput
                  label={t('account.confirm')}
                  autoComplete="new-password"
                  visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                  {...inputProps('password_confirmation')}
                />
              </SimpleGrid>
            </Section>

            <Section legend={agency ? t('account.contactSectionAgency') : t('account.contactSection')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('account.address')} autoComplete="street-address" required {...inputProps('address')} />
                <TextInput label={t('account.telephone')} type="tel" autoComplete="tel" required {...inputProps('telephone')} />
                {!agency && (
                  <>
                    <DocumentTypeSelect label={t('account.documentType')} {...inputProps('document_type')} />
                    <TextInput label={t('account.documentNum')} {...inputProps('document_num')} />
                  </>
                )}
              </SimpleGrid>
            </Section>

            <Group justify="flex-end">
              <Button type="submit" size="md" loading={mutation.isPending} miw={180}>
                {t('account.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <LiveAnnouncer testId="privacy-announcer">
        <YourDataSection user={user} />
      </LiveAnnouncer>
    </Container>
  );
}
