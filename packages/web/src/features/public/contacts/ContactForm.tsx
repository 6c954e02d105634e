import type {} from 'altcha/types/react';
import { Alert, Button, Radio, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { MESSAGES } from '@heliline/domain/i18n/messages';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, ApiError, messageOf, type ApiMessage } from '../../../api/client.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { usePublicPage } from '../shared/use-public-page.ts';
import { loadAltcha, solveCaptcha, type AltchaWidgetElement } from './altcha.ts';
import { checkContactForm, EMPTY_FORM, type ContactField, type ContactForm as Form } from './contact-form.ts';
import classes from './contacts.module.css';
import ui from '../shared/page.module.css';

/** No logo or attribution line: the form has its own explanation of the check. */
const WIDGET_CONFIG = JSON.stringify({ hideFooter: true, hideLogo: true });

type Phase = 'idle' | 'captcha' | 'sending';
type Banner = { kind: 'success' | 'error' | 'warning'; text: string } | null;

/**
 * The contact request form (spec §3–§5, §8): all six fields mandatory, e-mail pattern, then the
 * ALTCHA proof of work, then POST /api/contact-requests {lang, form, captcha}. A loader shows
 * during the captcha and the submission; success clears the form, an error keeps it.
 */
export function ContactForm() {
  const { t, lang } = usePublicPage();
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [phase, setPhase] = useState<Phase>('idle');
  const [banner, setBanner] = useState<Banner>(null);
  const [widgetReady, setWidgetReady] = useState(false);
  const widget = useRef<HTMLElement>(null);
  const altcha = () => widget.current as AltchaWidgetElement | null;

  useEffect(() => {
    let live = true;
    loadAltcha()
      .then(() => live && setWidgetReady(true))
      .catch((e: unknown) => console.error('ALTCHA widget failed to load', e));
    return () => {
      live = false;
    };
  }, []);

  const set = (field: ContactField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const warn = (text: string, kind: 'warning' | 'error' = 'warning') => {
    setBanner({ kind, text });
    notify.error(text);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase !== 'idle') return;
    const check = checkContactForm(form, lang);
    setErrors(check.errors);
    if (check.warning) return warn(check.warning);

    setBanner(null);
    setPhase('captcha');
    let captcha: string | null = null;
    try {
      captcha = await solveCaptcha(altcha());
    } catch (err) {
      console.error('captcha', err);
    }
    if (!captcha) {
      setPhase('idle');
      console.error('captcha: no payload from the ALTCHA widget');
      return warn(MESSAGES.captchaErrorWeb[lang], 'error');
    }

    setPhase('sending');
    try {
      const res = await api.post<ApiMessage & { status?: string }>('/api/contact-requests', { lang, form, captcha });
      const text = messageOf(res, lang) ?? MESSAGES.contactSent[lang];
      if (res.status === 'error') {
        warn(text, 'error');
      } else {
        setForm(EMPTY_FORM);
        setErrors({});
        setBanner({ kind: 'success', text });
        notify.success(text);
      }
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Partial<Record<ContactField, string>>);
      warn(errorText(err, t, lang), 'error');
    } finally {
      // A payload is single-use on the server: the next send solves a new challenge.
      altcha()?.reset?.();
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  const field = (name: Exclude<ContactField, 'request_type' | 'message'>, type: string, autoComplete: string) => (
    <TextInput
      name={name}
      type={type}
      label={t(`site.contacts.form.${name}`)}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(e) => set(name)(e.currentTarget.value)}
      error={errors[name]}
      withAsterisk
      disabled={busy}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title" aria-busy={busy} className={classes.form}>
      <h2 id="contact-form-title" className={ui.h2}>
        {t('site.contacts.form.title')}
      </h2>
      <p className={classes.hint}>{t('site.contacts.form.hint')}</p>
      {banner && (
        <Alert
          color={banner.kind === 'success' ? 'green' : banner.kind === 'warning' ? 'orange' : 'red'}
          variant="light"
          icon={banner.kind === 'success' ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
          role={banner.kind === 'success' ? 'status' : 'alert'}
          mb="md"
          data-testid="contact-banner"
        >
          {banner.text}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {field('firstname', 'text', 'given-name')}
        {field('lastname', 'text', 'family-name')}
        {field('email', 'email', 'email')}
        {field('telephone', 'tel', 'tel')}
      </SimpleGrid>
      <Radio.Group
        name="request_type"
        label={t('site.contacts.form.request_type')}
        value={form.request_type}
        onChange={set('request_type')}
        error={errors.request_type}
        withAsterisk
        mt="md"
      >
        <Group mt={6}>
          <Radio value="voli" label={t('site.contacts.form.voli')} disabled={busy} />
          <Radio value="contatto" label={t('site.contacts.form.contatto')} disabled={busy} />
        </Group>
      </Radio.Group>
      <Textarea
        name="message"
        label={t('site.contacts.form.message')}
        value={form.message}
        onChange={(e) => set('message')(e.currentTarget.value)}
        error={errors.message}
        withAsterisk
        autosize
        minRows={4}
        mt="md"
        disabled={busy}
      />
      <div className={classes.captcha}>
        {widgetReady ? (
          <altcha-widget ref={widget} challenge="/api/altcha/challenge" auto="off" language={lang} name="captcha" configuration={WIDGET_CONFIG} />
        ) : (
          <p className={classes.hint}>{t('site.contacts.form.captchaLoading')}</p>
        )}
      </div>
      <Button type="submit" size="md" loading={busy} mt="md">
        {t('site.contacts.form.send')}
      </Button>
      <p role="status" className={classes.phase}>
        {phase === 'captcha' ? t('site.contacts.form.checking') : phase === 'sending' ? t('site.contacts.form.sending') : ''}
      </p>
    </form>
  );
}
