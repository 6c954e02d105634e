/** What the app build (vite.config.ts) and the public pages' client build (vite.public.config.ts) share. */
import { fileURLToPath } from 'node:url';

const domainSrc = fileURLToPath(new URL('../domain/src/', import.meta.url));
const i18nLite = fileURLToPath(new URL('./src/lib/i18n-lite/', import.meta.url));

export const aliases = [
  // `@heliline/domain/<module>` imports one module of the domain instead of its barrel, so the
  // site shell does not pull zod and the ISO country lists into every public page.
  { find: /^@heliline\/domain\/(.+)$/, replacement: `${domainSrc}$1.ts` },
  // i18next and react-i18next are replaced by the small subset the app uses (decision 007):
  // ~17 KB gzip less on every page. Types still come from the real packages.
  { find: /^i18next$/, replacement: `${i18nLite}i18next.ts` },
  { find: /^react-i18next$/, replacement: `${i18nLite}react-i18next.ts` },
];

export const defines = {
  // The footer's copyright year: fixed at build so prerendered HTML and hydration agree.
  'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
};

/** Hashed file names are served with a year-long immutable cache by the server. */
export const ASSETS_INLINE_LIMIT = 2048;
