import { describe, expect, it } from 'vitest';
import { homePathOf } from './lang.ts';

describe('homePathOf', () => {
  it('sends English paths to /en and every other path to /', () => {
    expect(['/en', '/en/', '/en/no/such'].map(homePathOf)).toEqual(['/en', '/en', '/en']);
    expect(['/', '/english', '/no/such', '/company/en'].map(homePathOf)).toEqual(['/', '/', '/', '/']);
  });
});
