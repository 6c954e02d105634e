import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * mantine.css imports Mantine's sheets one component at a time. A component whose sheet is missing
 * renders unstyled, and nothing else would notice. So this test finds every Mantine component the
 * app imports, follows Mantine's own modules from each one to the CSS modules they use (Select
 * uses Combobox, Input, Popover…), and compares that set and its order with mantine.css.
 */
const here = dirname(fileURLToPath(import.meta.url));
const src = resolve(here, '..');
const require = createRequire(import.meta.url);
const coreRoot = dirname(require.resolve('@mantine/core/styles.css'));
const coreIndex = join(coreRoot, 'esm/index.mjs');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));

/** The values (not types) a file imports from `from`. */
function importedNames(code: string, from: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
    if (m[1] || m[3] !== from) continue;
    for (const spec of m[2]!.split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** The CSS modules (by name: "Button" for Button.module.mjs) reachable from one Mantine module. */
function cssModulesFrom(file: string, seen: Set<string>, found: Set<string>): void {
  if (seen.has(file)) return;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/from\s+"(\.[^"]+\.mjs)"/g)) {
    const next = resolve(dirname(file), m[1]!);
    const css = /([A-Za-z]+)\.module\.mjs$/.exec(next);
    if (css) found.add(css[1]!);
    else cssModulesFrom(next, seen, found);
  }
}

function sheetsTheAppNeeds(): Set<string> {
  const names = new Set<string>();
  const otherPackages = new Set<string>();
  for (const file of sourceFiles(src)) {
    const code = readFileSync(file, 'utf8');
    for (const n of importedNames(code, '@mantine/core')) names.add(n);
    for (const m of code.matchAll(/from\s+'(@mantine\/(?!core|hooks|form)[a-z-]+)'/g)) otherPackages.add(m[1]!);
  }
  // Mantine's other packages (the banners) build on core's components too.
  for (const pkg of otherPackages) {
    const esm = join(dirname(require.resolve(`${pkg}/styles.css`)), 'esm');
    for (const file of readdirSync(esm, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'))) {
      for (const n of importedNames(readFileSync(join(esm, file), 'utf8'), '@mantine/core')) names.add(n);
    }
  }
  const index = readFileSync(coreIndex, 'utf8');
  const seen = new Set<string>();
  const found = new Set<string>();
  for (const name of names) {
    const entry = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "([^"]+)"`).exec(index);
    if (!entry) throw new Error(`@mantine/core does not export ${name}`);
    // Re-exported from another package (RemoveScroll): no sheet of Mantine's.
    if (!entry[1]!.startsWith('.')) continue;
    cssModulesFrom(resolve(dirname(coreIndex), entry[1]!), seen, found);
  }
  return found;
}

const imported = [...readFileSync(join(here, 'mantine.css'), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([A-Za-z-]+)\.css';/g)].map((m) => m[1]!);
const base = ['baseline', 'default-css-variables', 'global'];

describe('mantine.css: the sheets of the Mantine components the app uses, and only those', () => {
  it('starts with the base sheets, then one sheet per CSS module the app reaches', () => {
    expect(imported.slice(0, 3)).toEqual(base);
    const needed = sheetsTheAppNeeds();
    // Button, Input and Combobox at least: a walk that found nothing would pass an empty file.
    expect(needed).toContain('Button');
    expect(needed).toContain('Combobox');
    expect(new Set(imported.slice(3))).toEqual(needed);
    expect(imported.length, 'each sheet once').toBe(new Set(imported).size);
  });

  it("keeps the order of Mantine's whole sheet, so equal selectors resolve as they did", () => {
    const whole = readFileSync(join(coreRoot, 'styles.css'), 'utf8');
    const firstRule = (name: string) => {
      const sheet = readFileSync(join(coreRoot, 'styles', `${name}.css`), 'utf8');
      const cls = /\.m_[0-9a-f]+/.exec(sheet);
      if (!cls) throw new Error(`${name}.css has no Mantine class`);
      return whole.indexOf(cls[0]);
    };
    const positions = imported.slice(3).map(firstRule);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
