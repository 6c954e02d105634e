import { describe, expect, it } from 'vitest';
import { checkContactFields } from './contact.ts';

const full = { firstname: 'Anna', lastname: 'Russo', email: 'anna@example.it', telephone: '0881 000', request_type: 'voli', message: 'Ciao' };

describe('contact form rules', () => {
  it('asks for every field first (AllFieldsMandatory), listing the empty ones', () => {
    expect(checkContactFields({ ...full, telephone: '  ', message: '' })).toEqual({ warning: 'allFieldsMandatory', fields: ['telephone', 'message'] });
  });
  it('then checks the e-mail pattern (EmailInvalid)', () => {
    expect(checkContactFields({ ...full, email: 'anna@example' })).toEqual({ warning: 'emailInvalid', fields: ['email'] });
    expect(checkContactFields({ ...full, email: 'anna example.it' }).warning).toBe('emailInvalid');
  });
  it('accepts a complete form', () => {
    expect(checkContactFields(full)).toEqual({ warning: null, fields: [] });
  });
});
