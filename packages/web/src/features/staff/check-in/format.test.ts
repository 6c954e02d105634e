import { describe, expect, it } from 'vitest';
import { parseBags } from './format.ts';

describe('parseBags', () => {
  it('reads masses separated by +, with a decimal comma or point', () => {
    expect(parseBags('7,5 + 3')).toEqual([7.5, 3]);
    expect(parseBags(' 12.25 ')).toEqual([12.25]);
    expect(parseBags('')).toEqual([]);
  });
  it('refuses what is not a positive mass within the limits, or too many bags', () => {
    expect(parseBags('abc')).toBeNull();
    expect(parseBags('-3')).toBeNull();
    expect(parseBags('0')).toBeNull();
    expect(parseBags('41')).toBeNull();
    expect(parseBags('1+1+1+1+1')).toBeNull();
  });
});
