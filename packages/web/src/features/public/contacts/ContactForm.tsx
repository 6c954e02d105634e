import type {} from 'altcha/types/react';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { api, messageOf } from '../../../api/client.ts';
import ui from '../shared/page.module.css';
import { usePublicPage } from '../shared/use-public-page.ts';
import { loadAltcha, solveCaptcha, widgetMounted, type AltchaWidgetElement } from './altcha.ts';
import { captchaErrorText, contactFailure } from './contact-failure.ts';
import { checkContactForm, EMPTY_FORM, type ContactAnswer, type ContactField, type ContactForm as Form } from './contact-form.ts';
import { CONTACT_MESSAGES } from './contact-messages.ts';
import classes from './contacts.module.css';

/** No logo or attribution line: the form has its own explanation of the check. */
const WIDGET_CONFIG = JSON.stringify({ hideFooter: true, hideLogo: true });

type Phase = 'idle' | 'captcha' | 'sending';
type Banner = { kind: 'success' | 'error' | 'warning'; text: string } | null;

/** A labelled control with its error next to it (aria-invalid + aria-describedby). */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={classes.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact request form (spec §3–§5, §8): all six fields mandatory, e-mail pattern, then the
 * ALTCHA proof of work, then POST /api/contact-requests {lang, form, captcha}. A loader shows
 * during the captcha and the submission; success clears the form, an error keeps it.
 * Plain HTML controls (no UI library) keep the page's first load small.
 */
export function ContactForm() {
  const { t, lang } = usePublicPage();
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [phase, setPhase] = useState<Phase>('idle');
  const [banner, setBanner] = useState<Banner>(null);
  const [widget, setWidget] = useState<'untouched' | 'loading' | 'ready'>('untouched');
  const altchaRef = useRef<AltchaWidgetElement | null>(null);
  const mounted = useRef(widgetMounted());
  const started = useRef(false);
  const altcha = () => altchaRef.current;
  /** The widget's element once it is in the page: a submit made while it loads waits for it. */
  const onWidget = (el: HTMLElement | null) => {
    altchaRef.current = el as AltchaWidgetElement | null;
    if (el) mounted.current.resolve(el as AltchaWidgetElement);
  };

  /**
   * The widget (a script of its own) downloads when the visitor first touches the form (focus, pointer
   * or input inside it), not with the page (decision 022). Resolves once it is mounted.
   */
  const wakeWidget = (): Promise<AltchaWidgetElement> => {
    if (!started.current) {
      started.current = true;
      setWidget('loading');
      loadAltcha()
        .then(() => setWidget('ready'))
        .catch((e: unknown) => {
          console.error('ALTCHA widget failed to load', e);
          mounted.current.reject(e);
          mounted.current = widgetMounted();
          started.current = false;
          setWidget('untouched');
        });
    }
    return mounted.current.promise;
  };
  const onTouch = () => {
    if (!started.current) wakeWidget().catch(() => undefined);
  };

  const set = (field: ContactField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** A form to complete is a warning (spec §5: AllFieldsMandatory, EmailInvalid); a refusal is an error. */
  const warn = (text: string, kind: 'warning' | 'error' = 'warning') => setBanner({ kind, text });

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
      captcha = await solveCaptcha(await wakeWidget());
    } catch (err) {
      console.error('captcha', err);
    }
    if (!captcha) {
      setPhase('idle');
      console.error('captcha: no payload from the ALTCHA widget');
      return warn(captchaErrorText(lang), 'error');
    }

    setPhase('sending');
    try {
      const res = await api.post<ContactAnswer>('/api/contact-requests', { lang, form, captcha });
      const text = messageOf(res, lang) ?? CONTACT_MESSAGES.contactSent[lang];
      if (res.status === 'error') {
        warn(text, 'error');
      } else {
        setForm(EMPTY_FORM);
        setErrors({});
        setBanner({ kind: 'success', text });
      }
    } catch (err) {
      const failure = contactFailure(err, lang, t);
      if (failure.captcha) console.error('captcha refused by the server', err);
      setErrors(failure.errors);
      warn(failure.text, failure.kind);
    } finally {
      // A payload is single-use on the server: the next send solves a new challenge.
      altcha()?.reset?.();
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  const invalid = (name: ContactField) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `contact-${name}-error` } : {});
  const input = (name: Exclude<ContactField, 'request_type' | 'message'>, type: string, autoComplete: string) => (
    <Field id={`contact-${name}`} label={t(`site.contacts.form.${name}`)} error={errors[name]}>
      <input
        id={`contact-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className={classes.input}
        value={form[name]}
        onChange={(e) => set(name, e.currentTarget.value)}
        aria-required="true"
        disabled={busy}
        {...invalid(name)}
      />
    </Field>
  );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={onTouch}
      onPointerDown={onTouch}
      onInput={onTouch}
      noValidate
      aria-labelledby="contact-form-title"
      aria-busy={busy}
      className={classes.form}
    >
      <h2 id="contact-form-title" className={ui.h2}>
        {t('site.contacts.form.title')}
      </h2>
      <p className={classes.hint}>{t('site.contacts.form.hint')}</p>
      {banner && (
        <div className={classes.banner} data-kind={banner.kind} role={banner.kind === 'success' ? 'status' : 'alert'} data-testid="contact-banner">
          {banner.kind === 'success' ? <IconCircleCheck size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />}
          <span>{banner.text}</span>
        </div>
      )}
      <div className={classes.pair}>
        {input('firstname', 'text', 'given-name')}
        {input('lastname', 'text', 'family-name')}
        {input('email', 'email', 'email')}
        {input('telephone', 'tel', 'tel')}
      </div>
      <fieldset className={classes.fieldset} role="radiogroup" aria-labelledby="contact-request_type-label" aria-required="true" {...invalid('request_type')}>
        <legend id="contact-request_type-label" className={classes.label}>
          {t('site.contacts.form.request_type')}
          <span className={classes.required} aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        {(['voli', 'contatto'] as const).map((value) => (
          <label key={value} className={classes.radio}>
            <input type="radio" name="request_type" value={value} checked={form.request_type === value} onChange={() => set('request_type', value)} disabled={busy} />
            {t(`site.contacts.form.${value}`)}
          </label>
        ))}
        {errors.request_type && (
          <p id="contact-request_type-error" className={classes.fieldError}>
            {errors.request_type}
          </p>
        )}
      </fieldset>
      <Field id="contact-message" label={t('site.contacts.form.message')} error={errors.message}>
        <textarea
          id="contact-message"
          name="message"
          rows={5}
          className={classes.input}
          value={form.message}
          onChange={(e) => set('message', e.currentTarget.value)}
          aria-required="true"
          disabled={busy}
          {...invalid('message')}
        />
      </Field>
      <div className={classes.captcha}>
        {widget === 'ready' ? (
          <altcha-widget ref={onWidget} challenge="/api/altcha/challenge" auto="off" language={lang} name="captcha" configuration={WIDGET_CONFIG} />
        ) : widget === 'loading' ? (
          <p className={classes.hint}>{t('site.contacts.form.captchaLoading')}</p>
        ) : null}
      </div>
      <button type="submit" className={classes.submit} aria-disabled={busy || undefined}>
        {busy && <span className={classes.spinner} aria-hidden="true" />}
        {t('site.contacts.form.send')}
      </button>
      <p role="status" className={classes.phase}>
        {phase === 'captcha' ? t('site.contacts.form.checking') : phase === 'sending' ? t('site.contacts.form.sending') : ''}
      </p>
    </form>
  );
}
