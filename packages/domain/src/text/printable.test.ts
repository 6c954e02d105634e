import { describe, expect, it } from 'vitest';
import { type Step3Pax, step3Issues } from '../booking/step3.ts';
import { wizardIssueText } from '../booking/wizard-messages.ts';
import { ZPassengerEditBody } from '../tickets/wire.ts';
import { isPrintableName } from './printable.ts';

describe('isPrintableName', () => {
  it('takes Latin with its accents, Greek and Cyrillic names', () => {
    for (const name of ['Łukasz Wąsik', 'Jiří Dvořák', 'Ελένη Παπαδοπούλου', 'Ömer Şahin', 'Niccolò', "D'Angelo", 'O’Brien', 'Анна-Мария Иванова', 'Nguyễn Thị', 'Ŀuís'])
      expect(isPrintableName(name), name).toBe(true);
  });

  it('refuses scripts the printed ticket has no letters for', () => {
    for (const name of ['王小明', 'محمد', 'שרה', 'Anna 😀', 'Ⲁⲛⲛⲁ', 'Ϣ', 'Ｍａｒｉａ', '김민준', 'Ανν\u0378α']) expect(isPrintableName(name), name).toBe(false);
  });
});

describe('names at entry', () => {
  const pax = (lastname: string, firstname: string): Step3Pax => ({
    id: -1,
    category: 'a',
    gender: 'F',
    lastname,
    firstname,
    birthDate: '01/01/1980',
    document_type: 1,
    document_num: 'CA123',
  });
  const input = (paxes: Step3Pax[]) => ({ paxes, contacts: { email: 'a@example.it', telephone: '+39 333 1234567' }, conditions: true });

  it('the booking wizard (and the server, which runs the same rules) names the passenger field, in Italian and English', () => {
    const issues = step3Issues(input([pax('Παπαδοπούλου', 'Ελένη'), pax('王', 'Łucja'), pax('Dvořák', 'محمد')]), { departureDate: '2026-07-01' });
    expect(issues.filter((i) => i.key.endsWith('NotPrintable'))).toEqual([
      { key: 'lastnameNotPrintable', path: 'paxes.1.lastname' },
      { key: 'firstnameNotPrintable', path: 'paxes.2.firstname' },
    ]);
    expect(
      wizardIssueText(
        issues.find((i) => i.key === 'lastnameNotPrintable')!,
        'it',
      ),
    ).toBe('Cognome: usare solo lettere latine, greche o cirilliche');
    expect(
      wizardIssueText(
        issues.find((i) => i.key === 'firstnameNotPrintable')!,
        'en',
      ),
    ).toBe('First name: use Latin, Greek or Cyrillic letters only');
  });

  it('a changed passenger name on a ticket', () => {
    const body = { lastname: 'Şahin', firstname: 'Ömer', birthdate: '01/01/1980' };
    expect(ZPassengerEditBody.safeParse(body).success).toBe(true);
    const refused = ZPassengerEditBody.safeParse({ ...body, firstname: '😀' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['firstname', 'firstnameNotPrintable']]);
  });
});
