import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/messages.ts';
import { issue } from './issue.ts';
import { issueText } from './issues.ts';
import { WIZARD_MESSAGES, type WizardMessageKey, wizardIssueText } from './wizard-messages.ts';

describe('the wizard message table', () => {
  const keys = Object.keys(WIZARD_MESSAGES) as WizardMessageKey[];

  it('holds the same texts as MESSAGES, key by key', () => {
    for (const key of keys) expect(WIZARD_MESSAGES[key], key).toEqual(MESSAGES[key]);
  });

  it('translates an issue as the server does, placeholders filled, in both languages', () => {
    for (const key of keys)
      for (const lang of ['it', 'en'] as const) {
        const raised = issue(key, { max: 9, missing: 'pec', adults: 2, code: 'AB12CD34' }, 'paxes.0.birthDate');
        expect(wizardIssueText(raised, lang), `${key} ${lang}`).toBe(issueText(raised, lang));
      }
  });

  it('is the booking and validation texts, not the whole table', () => {
    expect(keys.length).toBeLessThan(Object.keys(MESSAGES).length / 2);
    expect(keys).toContain('petOwnerRequired');
    expect(keys).toContain('forbidden');
    expect(keys).not.toContain('loginFailed');
  });
});
