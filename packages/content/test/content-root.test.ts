import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_ROOT, readContentFile } from '../src/content-root.ts';

describe('DEFAULT_CONTENT_ROOT', () => {
  it("is the package's own content folder, with the three kinds of content", () => {
    expect(realpathSync(DEFAULT_CONTENT_ROOT)).toBe(realpathSync(fileURLToPath(new URL('../content/', import.meta.url))));
    for (const kind of ['company', 'documents', 'helipad-posts']) expect(existsSync(join(DEFAULT_CONTENT_ROOT, kind))).toBe(true);
  });
});

describe('readContentFile', () => {
  it("is a file's text, or null when it does not exist", async () => {
    expect(await readContentFile(DEFAULT_CONTENT_ROOT, 'company', 'it', 'profile.md')).toMatch(/^# /m);
    expect(await readContentFile(DEFAULT_CONTENT_ROOT, 'company', 'it', 'missing.md')).toBeNull();
  });

  it('fails on other errors (a folder is not a file)', async () => {
    await expect(readContentFile(await mkdtemp(join(tmpdir(), 'heliline-content-')))).rejects.toThrow();
  });
});
