import { DEFAULT_CONTENT_ROOT } from '@heliline/content/content-root';
import { helipadPostSlugs } from '@heliline/content/helipad-posts';
import type { Lang } from '@heliline/domain/i18n/messages';
import { alternatesOf, COMPANY_SECTIONS, paths } from '../src/lib/paths.ts';

/**
 * The public pages rendered to static HTML at build time (decision 007), shared by the
 * `prerender` list, sitemap.xml and the tests. Helipad posts come from the content files the
 * database is seeded from (@heliline/content), so the build and the API always know the same posts.
 */

/** Italian paths of the pages that have an English copy under /en. */
export function bilingualPaths(): string[] {
  return [
    paths.home,
    ...COMPANY_SECTIONS.map((s) => paths.company(s)),
    paths.contacts,
    paths.timetable,
    paths.fares,
    paths.helipadPosts,
    paths.accessibility('it'),
    ...helipadPostSlugs(DEFAULT_CONTENT_ROOT).map((slug) => paths.helipadPost(slug)),
  ];
}

export interface IndexablePage {
  /** The page's own path. */
  path: string;
  lang: Lang;
  /** Its copy in each language (the hreflang alternates). */
  alternates: Record<Lang, string>;
}

/** Every page a search engine should index, each with its language alternates. */
export function indexablePages(): IndexablePage[] {
  const pages: IndexablePage[] = [];
  for (const it of [...bilingualPaths(), paths.directions('it')]) {
    const alternates = alternatesOf(it)!;
    for (const lang of ['it', 'en'] as const) pages.push({ path: alternates[lang], lang, alternates });
  }
  return pages;
}

/** The prerender list: indexable pages plus the Italian preview of home (noindex). */
export function prerenderPaths(): string[] {
  return [...indexablePages().map((p) => p.path), paths.homePreview];
}
