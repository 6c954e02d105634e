import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * packages/content/content: the public site's Markdown (company pages, helipad posts, travel
 * documents). Found through the package's own entry in node_modules rather than this file's URL,
 * so it holds from source (tsx, Vitest) and from a bundle that inlined this package (the server
 * build, the web prerender), where import.meta.url is the bundle's.
 */
export const DEFAULT_CONTENT_ROOT = join(dirname(createRequire(import.meta.url).resolve('@heliline/content/package.json')), 'content');

/** A content file's text, or null when it does not exist. */
export async function readContentFile(root: string, ...parts: string[]): Promise<string | null> {
  try {
    return await readFile(join(root, ...parts), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
