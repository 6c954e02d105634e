import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * packages/server/content: the public site's Markdown (company pages, helipad posts, travel documents),
 * found through the package so it is the same from src/ (tsx) and from the compiled dist/main.js.
 */
export const DEFAULT_CONTENT_ROOT = join(dirname(createRequire(import.meta.url).resolve('@heliline/server/package.json')), 'content');
