import { countryList, countryName, DEFAULT_COUNTRY_CODE } from '@heliline/domain/countries';
import type { Lang } from '@heliline/domain/i18n/lang';
import { Anchor, Button, Container, Group, MaskInput, NativeSelect, Paper, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useMe } from '../../../api/session.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { schemaErrors, useInputProps } from '../../../lib/forms.ts';
import { paths } from '../../../lib/paths.ts';
import { register } from '../api.ts';
import { DocumentTypeSelect } from '../../../components/DocumentTypeSelect.tsx';
import { Section } from '../components/Section.tsx';

type AccountType = 'user' | 'agency';

interface SignupValues {
  type: AccountType;
  email: string;
  password: string;
  password_confirmation: string;
  lastname: string;
  firstname: string;
  gender: string;
  birthdate: string;
  address: string;
  city: string;
  province: string;
  /** ISO code in the form; the payload carries the country name (spec). */
  country: string;
  zipcode: string;
  telephone: string;
  document_type: string | null;
  document_num: string;
}

const INITIAL: SignupValues = {
  type: 'user',
  email: '',
  password: '',
  password_confirmation: '',
  lastname: '',
  firstname: '',
  gender: '',
  birthdate: '',
  address: '',
  city: '',
  province: '',
  country: DEFAULT_COUNTRY_CODE,
  zipcode: '',
  telephone: '',
  document_type: null,
  document_num: '',
};

/**
 * The sign-up rules are the domain's zod schema, the one the server runs, with the message table.
 * They load when the form is first focused, not with the page: they are a third of the screen's
 * script and nobody submits before typing (decision 023).
 */
const signupRules = () => import('../signup-rules.ts');
type SignupRules = Awaited<ReturnType<typeof signupRules>>;

/** The fields an agency does not have (spec: switching to agency clears them). */
const USER_ONLY = ['gender', 'birthdate', 'document_type', 'document_num'] as const;

/** An untouched mask ("__/__/____") is an empty field. */
function maskedDate(value: string): string {
  return value.replace(/[_/\s]/g, '') === '' ? '' : value;
}

function toPayload(v: SignupValues, lang: Lang) {
  const agency = v.type === 'agency';
  return {
    type: v.type,
    email: v.email,
    password: v.password,
    password_confirmation: v.password_confirmation,
    lastname: v.lastname,
    firstname: v.firstname,
    gender: agency ? null : v.gender || null,
    birthdate: agency ? null : maskedDate(v.birthdate) || null,
    address: v.address,
    city: v.city,
    province: v.province,
    country: v.country ? countryName(v.country, lang) : '',
    zipcode: v.zipcode,
    telephone: v.telephone,
    document_type: agency || !v.document_type ? null : Number(v.document_type),
    document_num: agency ? null : v.document_num,
  };
}

export default function SignUp() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const navigate = useNavigate();
  const me = useMe();
  const [done, setDone] = useState<{ email: string; agency: boolean } | null>(null);
  const [bannerError, setBannerError] = useState<string | null>(null);

  useEffect(() => {
    if (me.data && !done) navigate(paths.booking, { replace: true });
  }, [me.data, done, navigate]);

  const countries = useMemo(() => countryList(lang).map((c) => ({ value: c.code, label: c.name })), [lang]);

  const form = useForm<SignupValues>({
    mode: 'controlled',
    initialValues: INITIAL,
  });
  const [rules, setRules] = useState<SignupRules | null>(null);
  const loadRules = async () => {
    const loaded = await signupRules();
    setRules(loaded);
    return loaded;
  };
  const inputProps = useInputProps(form, rules?.translate);
  const agency = form.values.type === 'agency';

  const setType = (type: AccountType) => {
    form.setFieldValue('type', type);
    if (type === 'agency') {
      form.setValues({ gender: '', birthdate: '', document_type: null, document_num: '' });
      for (const f of USER_ONLY) form.clearFieldError(f);
    }
    form.clearFieldError('firstname');
    form.clearFieldError('lastname');
  };

  const mutation = useMutation({
    mutationFn: (values: SignupValues) => register(toPayload(values, lang)),
    onMutate: () => setBannerError(null),
    onSuccess: (answer, values) => {
      setDone({ email: values.email, agency: answer.agency ?? values.type === 'agency' });
      window.scrollTo(0, 0);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) form.setErrors(error.fieldErrors);
      setBannerError(errorText(error, t, lang));
      window.scrollTo(0, 0);
    },
  });

  if (done) {
    return (
      <Container size={620} py={{ base: 'lg', sm: 48 }}>
        <title>{`${t('signup.doneTitle')} · Heliline`}</title>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} role="status">
          <Group gap="sm" mb="md" wrap="nowrap">
            <IconMailCheck size={36} color="var(--mantine-color-green-7)" aria-hidden />
            <Title order={1} c="navy.9" fz={{ base: 26, sm: 30 }}>
              {t('signup.doneTitle')}
            </Title>
          </Group>
          <Text size="lg">{t('signup.doneText', { email: done.email })}</Text>
          {done.agency && (
            <FormAlert kind="success">
              <Text fw={600}>{t('signup.doneAgency')}</Text>
            </FormAlert>
          )}
          <Button component={Link} to={paths.login} mt="lg">
            {t('common.backToLogin')}
          </Button>
        </Paper>
      </Container>
    );
  }

  const busy = mutation.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let loaded: SignupRules;
    try {
      loaded = await loadRules();
    } catch {
      return setBannerError(t('errors.network'));
    }
    const errors = schemaErrors(loaded.ZSignup, toPayload(form.values, lang));
    form.setErrors(errors);
    if (Object.keys(errors).length) return setBannerError(t('common.fixErrors'));
    mutation.mutate(form.values);
  };

  return (
    <Container size={820} py={{ base: 'lg', sm: 'xl' }}>
      <title>{`${t('titles.signup')} · Heliline`}</title>
      <Title order={1} c="navy.9" fz={{ base: 28, sm: 34 }}>
        {t('titles.signup')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('signup.intro')}
      </Text>
      {bannerError && <FormAlert kind="error">{bannerError}</FormAlert>}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={(e) => void submit(e)} onFocus={() => rules ?? void loadRules().catch(() => {})} noValidate>
          <Stack gap="xl">
            <Radio.Group size="md" label={t('signup.accountType')} value={form.values.type} onChange={(v) => setType(v as AccountType)} required>
              <Group mt="xs">
                <Radio value="user" label={t('signup.typeUser')} />
                <Radio value="agency" label={t('signup.typeAgency')} />
              </Group>
            </Radio.Group>

            <Section legend={t('signup.credentials')}>
              <Stack gap="md">
                <TextInput label={t('common.email')} type="email" autoComplete="email" required {...inputProps('email')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
                  <PasswordInput
                    label={t('common.password')}
                    description={t('signup.passwordHint')}
                    autoComplete="new-password"
                    required
                    visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                    {...inputProps('password')}
                  />
                  <PasswordInput
                    label={t('common.passwordConfirmation')}
                    autoComplete="new-password"
                    required
                    visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                    {...inputProps('password_confirmation')}
                  />
                </SimpleGrid>
              </Stack>
            </Section>

            <Section legend={agency ? t('signup.companyDetails') : t('signup.personal')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={agency ? t('signup.companyName') : t('signup.lastname')}
                  autoComplete={agency ? 'organization' : 'family-name'}
                  required
                  {...inputProps('lastname')}
                />
                <TextInput label={agency ? t('signup.vat') : t('signup.firstname')} autoComplete={agency ? 'off' : 'given-name'} required {...inputProps('firstname')} />
                {!agency && (
                  <>
                    <Radio.Group size="md" label={t('signup.gender')} required {...inputProps('gender')}>
                      <Group mt={8}>
                        <Radio value="M" label={t('signup.genderM')} />
                        <Radio value="F" label={t('signup.genderF')} />
                      </Group>
                    </Radio.Group>
                    <MaskInput
                      label={t('signup.birthdate')}
                      mask="99/99/9999"
                      placeholder={t('signup.birthdatePlaceholder')}
                      inputMode="numeric"
                      autoComplete="bday"
                      required
                      // The mask edits the input itself and reports through onChangeRaw: keep it
                      // uncontrolled and copy the masked text into the form.
                      onChangeRaw={(_raw, masked) => form.setFieldValue('birthdate', masked)}
                      error={inputProps('birthdate').error}
                    />
                  </>
                )}
              </SimpleGrid>
            </Section>

            <Section legend={t('signup.residence')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('signup.address')} autoComplete="street-address" required {...inputProps('address')} />
                <TextInput label={t('signup.city')} autoComplete="address-level2" required {...inputProps('city')} />
                <TextInput
                  label={t('signup.province')}
                  autoComplete="address-level1"
                  required={form.values.country === DEFAULT_COUNTRY_CODE}
                  {...inputProps('province')}
                />
                {/* The ISO list in the browser's own select: typing a name's first letters jumps to it. */}
                <NativeSelect label={t('signup.country')} data={countries} required autoComplete="country" {...inputProps('country')} />
                <TextInput label={t('signup.zipcode')} autoComplete="postal-code" required {...inputProps('zipcode')} />
                <TextInput label={t('signup.telephone')} type="tel" autoComplete="tel" required {...inputProps('telephone')} />
              </SimpleGrid>
            </Section>

            {!agency && (
              <Section legend={t('signup.document')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <DocumentTypeSelect label={t('signup.documentType')} required {...inputProps('document_type')} />
                  <TextInput label={t('signup.documentNum')} required {...inputProps('document_num')} />
                </SimpleGrid>
              </Section>
            )}

            <Group justify="space-between" align="center">
              <Anchor component={Link} to={paths.login}>
                {t('signup.haveAccount')}
              </Anchor>
              <Button type="submit" size="md" loading={busy} miw={180}>
                {t('signup.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
