import { describe, expect, it } from 'vitest';
import { isMessageKey, LANGS, localized, MESSAGES, parseLang, t } from './messages.ts';

describe('messages', () => {
  it('has a non-empty text in both languages for every key', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      for (const lang of LANGS) expect(texts[lang].trim(), `${key}.${lang}`).not.toBe('');
    }
  });

  it('keeps the texts the spec quotes verbatim', () => {
    expect(MESSAGES.resetLinkSent.it).toBe('Reset link inviato. Controlla la tua casella email.');
    expect(MESSAGES.noUserForEmail.it).toBe('Nessun utente è associato alla mail indicata');
    expect(MESSAGES.emailSent.it).toBe('Email inviata!');
    expect(MESSAGES.dataUpdated.it).toBe('Dati aggiornati');
    expect(MESSAGES.testLoginFailed.it).toBe('autenticazione fallita!');
    expect(MESSAGES.serverError.it).toBe('Errore di sistema');
  });

  it('translates keys and passes other strings through', () => {
    expect(t('required', 'it')).toBe('Campo obbligatorio');
    expect(t('required', 'en')).toBe('This field is required');
    expect(t('some library text', 'en')).toBe('some library text');
    expect(t('toString', 'en')).toBe('toString');
    expect(localized('notFound')).toEqual({ it: 'Non trovato', en: 'Not found' });
  });

  it('recognises only its own keys', () => {
    expect(isMessageKey('required')).toBe(true);
    expect(isMessageKey('constructor')).toBe(false);
    expect(isMessageKey('')).toBe(false);
  });

  it('defaults the language to Italian', () => {
    expect(parseLang('en')).toBe('en');
    expect(parseLang('it')).toBe('it');
    for (const v of ['EN', 'de', '', undefined, null, 1]) expect(parseLang(v)).toBe('it');
  });
});
