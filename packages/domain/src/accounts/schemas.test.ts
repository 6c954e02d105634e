import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../schedule/calendar.ts';
import { ageOn, romeToday, toWireDate } from '../dates.ts';
import { isMessageKey } from '../i18n/messages.ts';
import {
  accountUpdateErrors,
  checkAccountBirthdate,
  needsPending,
  type TSignupInput,
  ZAccountUpdate,
  ZEmail,
  ZLogin,
  ZNewPassword,
  ZPasswordReset,
  ZSignup,
} from './schemas.ts';

/** Issues as [path, message key] pairs, the shape the server turns into a 422. */
function issues(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

const USER: TSignupInput = {
  type: 'user',
  email: 'Mario.Rossi@Example.IT',
  password: 'Heliline2026',
  password_confirmation: 'Heliline2026',
  lastname: 'Rossi',
  firstname: 'Mario',
  gender: 'M',
  birthdate: '15/03/1980',
  address: 'Via Arpi 12',
  city: 'Foggia',
  province: 'FG',
  country: 'Italia',
  zipcode: '71121',
  telephone: '+39 0881 123456',
  document_type: 1,
  document_num: 'CA12345AB',
};

const AGENCY: TSignupInput = {
  ...USER,
  type: 'agency',
  email: 'booking@gargano-viaggi.it',
  lastname: 'Gargano Viaggi srl',
  firstname: 'it 0123 4567 890',
  gender: null,
  birthdate: null,
  document_type: null,
  document_num: null,
};

describe('ZEmail', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['mario', 'emailInvalid'],
    ['mario@', 'emailInvalid'],
    [`${'a'.repeat(251)}@b.it`, 'tooLong'],
  ])('%j → %s', (value, key) => {
    expect(issues(ZEmail, value)).toEqual([['', key]]);
  });

  it('trims and lower-cases', () => {
    expect(ZEmail.parse('  Mario.Rossi@Example.IT ')).toBe('mario.rossi@example.it');
  });

  it('asks for the field when it is missing', () => {
    expect(issues(ZEmail, undefined)).toEqual([['', 'required']]);
  });
});

describe('ZNewPassword', () => {
  it.each([
    ['abc123', 'passwordTooShort'],
    ['abcdefgh', 'passwordTooWeak'],
    ['12345678', 'passwordTooWeak'],
    ['x1'.repeat(128), 'tooLong'],
  ])('%j → %s', (value, key) => {
    expect(issues(ZNewPassword, value)).toEqual([['', key]]);
  });

  it('reports both problems of an empty password, length first', () => {
    expect(issues(ZNewPassword, '')).toEqual([
      ['', 'passwordTooShort'],
      ['', 'passwordTooWeak'],
    ]);
  });

  it('accepts 8+ characters with letters and digits', () => {
    expect(ZNewPassword.safeParse('Heliline2026').success).toBe(true);
    expect(ZNewPassword.safeParse('abcdefg1').success).toBe(true);
    expect(ZNewPassword.safeParse('Κωδικός2026').success).toBe(true);
    expect(ZNewPassword.safeParse('ΑΒΓΔΕΖΗΘ').success).toBe(false);
  });
});

describe('ZSignup: private user', () => {
  it('accepts a complete user and normalises it', () => {
    const out = ZSignup.parse(USER);
    expect(out).toMatchObject({
      type: 'user',
      email: 'mario.rossi@example.it',
      countryCode: 'IT',
      province: 'FG',
      gender: 'M',
      birthdate: '1980-03-15',
      document_type: 1,
      document_num: 'CA12345AB',
    });
  });

  it('names every missing field with "required"', () => {
    expect(issues(ZSignup, { type: 'user' })).toEqual([
      ['email', 'required'],
      ['password', 'required'],
      ['password_confirmation', 'required'],
      ['lastname', 'required'],
      ['firstname', 'required'],
      ['address', 'required'],
      ['city', 'required'],
      ['country', 'required'],
      ['zipcode', 'required'],
      ['telephone', 'required'],
    ]);
    expect(issues(ZSignup, {})[0]).toEqual(['type', 'invalidValue']);
  });

  it.each<[Partial<TSignupInput>, [string, string][]]>([
    [{ password_confirmation: 'Heliline2027' }, [['password_confirmation', 'passwordMismatch']]],
    [{ password: 'short1', password_confirmation: 'short1' }, [['password', 'passwordTooShort']]],
    [{ country: 'Atlantide' }, [['country', 'countryInvalid']]],
    [{ province: '  ' }, [['province', 'required']]],
    [{ gender: null }, [['gender', 'required']]],
    [{ gender: 'X' }, [['gender', 'genderInvalid']]],
    [{ birthdate: null }, [['birthdate', 'required']]],
    [{ birthdate: '1980-03-15' }, [['birthdate', 'dateInvalid']]],
    [{ birthdate: '31/02/1980' }, [['birthdate', 'dateInvalid']]],
    [{ document_type: null }, [['document_type', 'required']]],
    [{ document_num: '  ' }, [['document_num', 'required']]],
    [{ telephone: 'call me' }, [['telephone', 'phoneInvalid']]],
    [{ telephone: '+39 12' }, [['telephone', 'phoneInvalid']]],
    [{ zipcode: '7!' }, [['zipcode', 'invalidValue']]],
    [{ lastname: 'x'.repeat(256) }, [['lastname', 'tooLong']]],
    [{ type: 'company' as never }, [['type', 'invalidValue']]],
  ])('%j → %j', (patch, expected) => {
    expect(issues(ZSignup, { ...USER, ...patch })).toEqual(expected);
  });

  it('needs a province only in Italy', () => {
    expect(ZSignup.safeParse({ ...USER, country: 'Germany', province: null, zipcode: '10115' }).success).toBe(true);
    const out = ZSignup.parse({ ...USER, country: 'Germania', province: '' });
    expect(out.countryCode).toBe('DE');
    expect(out.province).toBeNull();
  });

  it('reports every problem at once', () => {
    expect(issues(ZSignup, { ...USER, email: 'x', gender: 'X', document_num: '' }).map(([p]) => p)).toEqual(['email', 'gender', 'document_num']);
  });
});

describe('ZSignup: agency', () => {
  it('takes the VAT number in firstname, normalised, and drops personal fields', () => {
    const out = ZSignup.parse({ ...AGENCY, gender: 'F', birthdate: '01/01/1990', document_type: 2, document_num: 'YA1234567' });
    expect(out).toMatchObject({
      type: 'agency',
      lastname: 'Gargano Viaggi srl',
      firstname: 'IT01234567890',
      gender: null,
      birthdate: null,
      document_type: null,
      document_num: null,
    });
  });

  it('needs no gender, birth date or document', () => {
    expect(issues(ZSignup, AGENCY)).toEqual([]);
  });

  it.each(['ciao', 'IT123', 'IT0123456789012345'])('refuses VAT number %j', (vat) => {
    expect(issues(ZSignup, { ...AGENCY, firstname: vat })).toEqual([['firstname', 'vatInvalid']]);
  });
});

describe('checkAccountBirthdate', () => {
  const today = '2026-05-10';
  it.each([
    ['10/05/2008', null],
    ['11/05/2008', 'accountMinAge'],
    ['10/05/1926', null],
    ['09/05/1925', 'birthdateTooOld'],
    ['11/05/2026', 'birthdateFuture'],
    ['32/01/1990', 'dateInvalid'],
    ['1990-01-01', 'dateInvalid'],
  ])('%s → %s', (birth, key) => {
    expect(checkAccountBirthdate(birth, today)).toBe(key);
  });

  it('agrees with ageOn for any birth date', () => {
    const iso = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(iso, iso, (birth, on) => {
        const expected = birth > on ? 'birthdateFuture' : ageOn(birth, on) > 100 ? 'birthdateTooOld' : ageOn(birth, on) < 18 ? 'accountMinAge' : null;
        expect(checkAccountBirthdate(toWireDate(birth), on)).toBe(expected);
      }),
    );
  });

  it('uses today in Rome by default', () => {
    expect(checkAccountBirthdate(toWireDate(addDays(romeToday(), 1)))).toBe('birthdateFuture');
  });
});

describe('ZLogin, ZPasswordReset', () => {
  it('needs email and password', () => {
    expect(issues(ZLogin, { email: '', password: '' })).toEqual([
      ['email', 'required'],
      ['password', 'required'],
    ]);
    expect(ZLogin.parse({ email: 'A@B.IT', password: 'x' })).toEqual({ email: 'a@b.it', password: 'x' });
  });

  it('checks the reset token, the new password and its confirmation', () => {
    const ok = { token: 't0k3n', email: 'a@b.it', password: 'Heliline2026', password_confirmation: 'Heliline2026' };
    expect(issues(ZPasswordReset, ok)).toEqual([]);
    expect(issues(ZPasswordReset, { ...ok, token: '' })).toEqual([['token', 'required']]);
    expect(issues(ZPasswordReset, { ...ok, password_confirmation: 'Heliline2027' })).toEqual([['password_confirmation', 'passwordMismatch']]);
    expect(issues(ZPasswordReset, { ...ok, password: 'weakweak', password_confirmation: 'weakweak' })).toEqual([['password', 'passwordTooWeak']]);
  });
});

describe('ZAccountUpdate', () => {
  const base = { address: 'Via Arpi 12', telephone: '0881 123456', document_type: 1, document_num: 'CA12345AB' };

  it('accepts an update without a password change and keeps read-only fields aside', () => {
    const out = ZAccountUpdate.parse({ ...base, email: 'x@y.it', lastname: 'Bianchi' });
    expect(out).toMatchObject(base);
  });

  it.each<[Record<string, unknown>, [string, string][]]>([
    [{ address: '' }, [['address', 'required']]],
    [{ telephone: 'nope' }, [['telephone', 'phoneInvalid']]],
    [{ password: 'Heliline2027', password_confirmation: 'Heliline2027' }, [['current_password', 'currentPasswordRequired']]],
    [{ current_password: 'old', password: 'Heliline2027', password_confirmation: 'Heliline2028' }, [['password_confirmation', 'passwordMismatch']]],
    [{ current_password: 'old', password: 'short', password_confirmation: 'short' }, [['password', 'passwordTooShort']]],
    [{ current_password: 'old', password: 'onlyletters', password_confirmation: 'onlyletters' }, [['password', 'passwordTooWeak']]],
  ])('%j → %j', (patch, expected) => {
    expect(issues(ZAccountUpdate, { ...base, ...patch })).toEqual(expected);
  });

  it('accepts a password change with the current password', () => {
    expect(issues(ZAccountUpdate, { ...base, current_password: 'old', password: 'Heliline2027', password_confirmation: 'Heliline2027' })).toEqual([]);
  });
});

describe('message keys', () => {
  const text = fc.oneof(fc.constant(''), fc.string({ maxLength: 20 }), fc.constantFrom('Italia', 'M', 'F', '01/01/1990', 'a@b.it', 'IT01234567890'));
  const optional = fc.option(text, { nil: undefined });

  it('every issue for string form input is a message key, never a library text', () => {
    fc.assert(
      fc.property(
        fc.record({
          type: fc.constantFrom('user', 'agency', 'other', ''),
          email: optional,
          password: optional,
          password_confirmation: optional,
          lastname: optional,
          firstname: optional,
          gender: optional,
          birthdate: optional,
          address: optional,
          city: optional,
          province: optional,
          country: optional,
          zipcode: optional,
          telephone: optional,
          document_type: fc.option(fc.constantFrom('1', '2', '3', 1, 2, 3), { nil: undefined }),
          document_num: optional,
        }),
        (form) => {
          for (const [, key] of issues(ZSignup, form)) expect(isMessageKey(key!), key).toBe(true);
        },
      ),
    );
  });

  // Values of the wrong JSON type go through the domain's zod error map (i18n/zod-errors.ts).
  it('every issue for values of the wrong type is a message key too', () => {
    for (const patch of [{ document_type: 'abc' }, { gender: 5 }, { birthdate: 5 }]) {
      for (const [, key] of issues(ZSignup, { ...USER, ...patch })) expect(isMessageKey(key!), key).toBe(true);
    }
  });
});

describe('accountUpdateErrors', () => {
  it('a private user cannot clear the document type or number', () => {
    expect(accountUpdateErrors({ document_type: null, document_num: '  ' }, { agency: false })).toEqual({
      document_type: ['required'],
      document_num: ['required'],
    });
    expect(accountUpdateErrors({ document_type: 0, document_num: null }, { agency: false })).toEqual({
      document_type: ['required'],
      document_num: ['required'],
    });
  });

  it('accepts a document, or leaving the fields out', () => {
    expect(accountUpdateErrors({ document_type: 2, document_num: 'YA1' }, { agency: false })).toEqual({});
    expect(accountUpdateErrors({}, { agency: false })).toEqual({});
  });

  it('ignores document fields for agencies', () => {
    expect(accountUpdateErrors({ document_type: null, document_num: '' }, { agency: true })).toEqual({});
  });
});

describe('needsPending', () => {
  const pax = {} as never;
  it.each([
    [{ verified: true, is_agency: false, is_agency_auth: false, pax }, false],
    [{ verified: false, is_agency: false, is_agency_auth: false, pax }, true],
    [{ verified: true, is_agency: false, is_agency_auth: false, pax: null }, true],
    [{ verified: true, is_agency: true, is_agency_auth: false, pax }, true],
    [{ verified: true, is_agency: true, is_agency_auth: true, pax }, false],
    [{ verified: false, is_agency: true, is_agency_auth: true, pax }, true],
  ])('%j → %s', (user, expected) => {
    expect(needsPending(user)).toBe(expected);
  });
});
