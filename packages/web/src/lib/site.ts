import type { Lang } from '@heliline/domain/i18n/messages';
import i18n from 'i18next';
import type { MetaDescriptor } from 'react-router';
import { alternatesOf, langFromPath, trimSlash } from './paths.ts';

/** The public address the canonical URLs, hreflang alternates and sitemap point to (VITE_SITE_URL at build). */
export const SITE_URL: string = ((import.meta.env?.VITE_SITE_URL as string | undefined) ?? 'https://www.heliline.test').replace(/\/$/, '');

const OG_LOCALE: Record<Lang, string> = { it: 'it_IT', en: 'en_GB' };

export interface PageText {
  /** The page's own title; " · Heliline" is appended. */
  title: string;
  description: string;
}

export interface PageMetaOptions {
  /** Keep the page out of search engines (the home preview). */
  noindex?: boolean;
  /** Use the title as it is, without " · Heliline". */
  fullTitle?: boolean;
}

/**
 * <title>, description, canonical, hreflang alternates (it, en, x-default) and Open Graph of a
 * public page, from texts already in the page's language. Use `pageMeta` with i18n keys unless
 * the texts come from data (e.g. a helipad post's title).
 */
export function pageMetaText(pathname: string, text: PageText, options: PageMetaOptions = {}): MetaDescriptor[] {
  const path = trimSlash(pathname);
  const lang = langFromPath(path) ?? 'it';
  const title = options.fullTitle ? text.title : `${text.title} · Heliline`;
  const url = SITE_URL + path;
  const out: MetaDescriptor[] = [
    { title },
    { name: 'description', content: text.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Heliline' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: text.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: OG_LOCALE[lang] },
  ];
  if (options.noindex) return [...out, { name: 'robots', content: 'noindex' }];
  out.push({ tagName: 'link', rel: 'canonical', href: url });
  const alternates = alternatesOf(path);
  if (alternates) {
    const { it, en } = alternates;
    out.push(
      { tagName: 'link', rel: 'alternate', hrefLang: 'it', href: SITE_URL + it },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: SITE_URL + en },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: SITE_URL + it },
      { property: 'og:locale:alternate', content: OG_LOCALE[lang === 'it' ? 'en' : 'it'] },
    );
  }
  return out;
}

/**
 * A public route's `meta`: `export const meta: Route.MetaFunction = ({ location }) =>
 * pageMeta(location.pathname, { title: 'site.fares.title', description: 'site.fares.description' })`.
 * Keys are translated in the language of the URL (the one the page is prerendered in).
 */
export function pageMeta(pathname: string, keys: PageText, options: PageMetaOptions = {}): MetaDescriptor[] {
  const t = i18n.getFixedT(langFromPath(trimSlash(pathname)) ?? 'it');
  const tr = (key: string) => String(t(key as never));
  return pageMetaText(pathname, { title: tr(keys.title), description: tr(keys.description) }, options);
}
