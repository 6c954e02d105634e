import { describe, expect, it } from 'vitest';
import { ZLoginAnswer, ZPasswordAnswer } from './accounts/schemas.ts';
import { ZContactAnswer } from './public-site/wire.ts';
import { ZErrorBody, ZMessageBody } from './wire.ts';

const body = { message: 'Dati aggiornati', messages: { it: 'Dati aggiornati', en: 'Data updated' }, message_it: 'Dati aggiornati', message_en: 'Data updated' };

describe('wire bodies shared by the server and the web', () => {
  it('a message body needs both languages', () => {
    expect(ZMessageBody.safeParse(body).success).toBe(true);
    expect(ZMessageBody.safeParse({ ...body, messages: { it: 'x' } }).success).toBe(false);
  });

  it('an error body carries field texts as lists, and may be just a message', () => {
    expect(ZErrorBody.safeParse({ ...body, errors: { captcha: ['Verifica anti-spam non riuscita: riprova.'] } }).success).toBe(true);
    expect(ZErrorBody.safeParse({ message: 'Bad Gateway' }).success).toBe(true);
    expect(ZErrorBody.safeParse({ ...body, errors: { email: 'not a list' } }).success).toBe(false);
  });

  it('the login answer carries the token; the contact answer a spec status', () => {
    const user = { id: 1, email: 'a@b.it', verified: true, is_agency: false, is_agency_auth: false, roles: [], telephone: null, pax: null };
    expect(ZLoginAnswer.safeParse({ ...body, user }).success).toBe(false);
    expect(ZLoginAnswer.safeParse({ ...body, user: { ...user, token: 't' } }).success).toBe(true);
    expect(ZContactAnswer.safeParse({ ...body, status: 'success' }).success).toBe(true);
    expect(ZContactAnswer.safeParse({ ...body, status: 'ok' }).success).toBe(false);
    expect(ZPasswordAnswer.safeParse({ ...body, errors: { email: ['Nessun utente è associato alla mail indicata'] } }).success).toBe(true);
  });
});
