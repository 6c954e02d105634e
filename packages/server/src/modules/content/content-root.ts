import { fileURLToPath } from 'node:url';

/** packages/server/content: the public site's Markdown (company pages, helipad posts, travel documents). */
export const DEFAULT_CONTENT_ROOT = fileURLToPath(new URL('../../../content/', import.meta.url));
