import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_AREAS, type Area, areasFor } from './index.ts';

describe('areasFor', () => {
  it('gives public pages core (+ site)', () => {
    expect(areasFor('/')).toEqual(['core']);
    expect(areasFor('/en/contacts')).toEqual(['core', 'site']);
  });
  it('gives the account, booking and ticket screens only their areas', () => {
    for (const p of ['/login', '/login/google', '/sign-up', '/pending', '/password/reset', '/password/reset/abc', '/account/'])
      expect(areasFor(p)).toEqual(['core', 'accounts']);
    expect(areasFor('/booking')).toEqual(['core', 'wizard']);
    expect(areasFor('/booking-status/ABC123')).toEqual(['core', 'wizard']);
    expect(areasFor('/my-tickets')).toEqual(['core', 'tickets']);
  });
  it('gives every other screen all areas', () => {
    for (const p of ['/bookings-failed', '/admin/posti-bloccati', '/admin/check-in', '/it/prenotazioni', '/flight-change/t', '/dev/login-panel', '/bookingx'])
      expect(areasFor(p)).toBe(ALL_AREAS);
  });
});

/** Every `t('group.key')` written in the files under `dir` (literal keys only), but those of `except`. */
function keysUsedIn(dir: string, except: readonly string[] = []): Set<string> {
  const root = join(import.meta.dirname, '..', dir);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.') && !except.includes(f));
  const keys = new Set<string>();
  for (const file of files) for (const m of readFileSync(join(root, file), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g)) keys.add(m[1]!);
  return keys;
}

const DICTIONARY_FILES: Record<Area, string> = {
  core: 'it.json',
  accounts: 'accounts.it.json',
  site: 'site.it.json',
  wizard: 'wizard.it.json',
  staff: 'staff.it.json',
  tickets: 'tickets.it.json',
};
/** Whether `key` is in one of the areas' Italian dictionaries (wizard, site, staff and tickets keys start with their area). */
function known(key: string, areas: readonly Area[]): boolean {
  return areas.some((area) => {
    const dictionary = JSON.parse(readFileSync(join(import.meta.dirname, DICTIONARY_FILES[area]), 'utf8')) as Record<string, unknown>;
    const path = ['core', 'accounts'].includes(area) ? key.split('.') : key.split('.').slice(1);
    if (!['core', 'accounts'].includes(area) && key.split('.')[0] !== area) return false;
    let node: unknown = dictionary;
    for (const part of path.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[part];
    const last = path.at(-1)!;
    const parent = node as Record<string, unknown> | undefined;
    // A plural is written without its suffix: `count` picks _one or _other.
    return parent?.[last] !== undefined || parent?.[`${last}_other`] !== undefined;
  });
}

describe('the dictionaries a screen loads hold every key its code names', () => {
  // /bookings-failed, a staff screen, loads every area.
  it.each([
    ['features/booking', '/booking', ['routes/bookings-failed.tsx']],
    ['features/my-tickets', '/my-tickets', []],
    ['app', '/booking', []],
    // The pager is shown only on staff screens, which load the staff area.
    ['components', '/booking', ['Pager.tsx']],
  ])('%s on %s', (dir, path, except) => {
    const missing = [...keysUsedIn(dir, except)].filter((key) => !known(key, areasFor(path)));
    expect(missing).toEqual([]);
  });
});
