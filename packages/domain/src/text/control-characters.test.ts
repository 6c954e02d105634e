import { describe, expect, it } from 'vitest';
import { findControlCharacter, forbiddenControlCharacter } from './control-characters.ts';

describe('forbiddenControlCharacter', () => {
  it('finds NUL, the rest of C0, DEL and C1 in any field', () => {
    for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      const text = `ab${String.fromCharCode(code)}c`;
      expect(forbiddenControlCharacter(text, 'singleLine'), code.toString(16)).toBe(2);
      expect(forbiddenControlCharacter(text, 'multiline'), code.toString(16)).toBe(2);
    }
  });

  it('refuses tab, LF and CR in a single-line field and keeps them in a multi-line one', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(forbiddenControlCharacter(text)).toBe(1);
      expect(forbiddenControlCharacter(text, 'multiline')).toBe(-1);
    }
  });

  it('accepts ordinary text, accents, emoji and the first printable characters around the ranges', () => {
    for (const text of ['', 'Maria Rossi', "D'Angelo-Müller", 'città ☀️ 🚁', ' ~', '\u00a0é\u00ff', 'a\u2028b']) {
      expect(forbiddenControlCharacter(text), JSON.stringify(text)).toBe(-1);
    }
  });
});

describe('findControlCharacter', () => {
  const body = { form: { passengers: [{ name: 'Anna' }, { name: 'Lu\u0000ca' }], message: 'Hello\nthere' } };

  it('names the path of the first text that holds one, array indexes included', () => {
    expect(findControlCharacter(body, (p) => p === 'form.message')).toBe('form.passengers.1.name');
  });

  it('lets only the named multi-line fields keep line breaks', () => {
    const clean = { form: { passengers: [{ name: 'Anna' }], message: 'Hello\r\n\tthere' } };
    expect(findControlCharacter(clean, (p) => p === 'form.message')).toBeNull();
    expect(findControlCharacter(clean)).toBe('form.message');
  });

  it('checks keys, a bare string and leaves numbers, booleans and null alone', () => {
    expect(findControlCharacter({ 'a\u0000': 1 })).toBe('a\u0000');
    expect(findControlCharacter('x\u007f')).toBe('_');
    expect(findControlCharacter({ n: 1, b: true, z: null, list: [1, 2] })).toBeNull();
  });

  it('walks a value nested any depth without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlCharacter(deep)).toBe(`${'0.'.repeat(99_999)}0`);
    let clean: unknown = { a: 'ok' };
    for (let i = 0; i < 100_000; i++) clean = { k: clean };
    expect(findControlCharacter(clean)).toBeNull();
  });
});
