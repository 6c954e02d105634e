import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN } from '../email.ts';
import { accountEmailIssue, loginIssues } from './login-rules.ts';
import { ZLogin } from './schemas.ts';

/** What the login form showed with the zod schema: the first issue of each field. */
function zodLoginIssues(values: { email: string; password: string }): Record<string, string> {
  const result = ZLogin.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

const padded = (s: fc.Arbitrary<string>) => fc.tuple(fc.constantFrom('', ' ', '\t', '  \n'), s, fc.constantFrom('', ' ', '\n')).map(([a, b, c]) => a + b + c);
const emails = fc.oneof(
  fc.emailAddress(),
  padded(fc.emailAddress()),
  fc.string(),
  fc.constantFrom('', '   ', 'a@b', 'a@b.c', 'a@b.it', '.a@b.it', 'a..b@c.it', 'a@-b.it', 'A@B.IT', 'a b@c.it', 'à@b.it'),
  // around the 255-character limit, before and after trimming
  fc.integer({ min: 240, max: 262 }).map((n) => `${'a'.repeat(n - 9)}@test.it`),
  fc.integer({ min: 250, max: 262 }).map((n) => ` ${'a'.repeat(n - 9)}@test.it `),
);
const passwords = fc.oneof(fc.string(), fc.constant(''), fc.string({ minLength: 250, maxLength: 262 }));

describe('loginIssues', () => {
  it('gives the zod schema its verdicts, field by field, on any input', () => {
    fc.assert(
      fc.property(emails, passwords, (email, password) => {
        expect(loginIssues({ email, password })).toEqual(zodLoginIssues({ email, password }));
      }),
      { numRuns: 5_000 },
    );
  });

  it('names each problem of an e-mail', () => {
    expect(accountEmailIssue('  ')).toBe('required');
    expect(accountEmailIssue(`${'a'.repeat(250)}@test.it`)).toBe('tooLong');
    expect(accountEmailIssue('user@heliline')).toBe('emailInvalid');
    expect(accountEmailIssue(' user@heliline.test ')).toBeNull();
    expect(loginIssues({ email: 'user@heliline.test', password: '' })).toEqual({ password: 'required' });
  });

  it("uses z.email()'s own pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });
});
