import { type CompanyPageId, isCompanyPage, type Lang } from '@heliline/domain';
import { readContentFile } from './content-root.ts';
import { firstHeading, markdownToHtml } from './markdown.ts';

/** A company page's text, ready to be placed in a page: its title and sanitised HTML. */
export interface CompanyPageContent {
  page: CompanyPageId;
  /** The first level-1 heading (plain text), or the page id when there is none. */
  heading: string;
  /** Sanitised HTML of the whole Markdown file. */
  html: string;
}

/** content/company/{lang}/{page}.md; null when the page id or its file does not exist. */
export async function loadCompanyPage(contentRoot: string, lang: Lang, page: string): Promise<CompanyPageContent | null> {
  if (!isCompanyPage(page)) return null;
  const markdown = await readContentFile(contentRoot, 'company', lang, `${page}.md`);
  if (markdown === null) return null;
  return { page, heading: firstHeading(markdown) ?? page, html: markdownToHtml(markdown) };
}
