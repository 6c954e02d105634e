import { describe, expect, it } from 'vitest';
import { referenceAnswers } from '../src/modules/cache/reference.ts';

describe('referenceAnswers', () => {
  it('reads once per language, and holds the answer for a route to take without a promise', async () => {
    const reads: string[] = [];
    const answers = referenceAnswers(async (lang) => {
      reads.push(lang);
      return `{"lang":"${lang}"}`;
    });
    expect(answers.cached('it')).toBeUndefined();
    const [first, shared] = await Promise.all([answers('it'), answers('it')]);
    expect(first).toBe('{"lang":"it"}');
    expect(shared).toBe(first);
    expect(answers.cached('it')).toBe(first);
    expect(answers.cached('en')).toBeUndefined();
    expect(await answers('en')).toBe('{"lang":"en"}');
    expect(reads).toEqual(['it', 'en']);
  });
});
