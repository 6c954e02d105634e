import { fileURLToPath } from 'node:url';

/** Content files of the tests (company pages, helipad posts, documents), beside the real ones. */
export const FIXTURE_CONTENT_ROOT = fileURLToPath(new URL('./fixtures/content/', import.meta.url));
