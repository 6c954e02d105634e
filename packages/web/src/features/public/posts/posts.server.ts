/**
 * Build time only (route `loader`s, prerendering): the helipad posts read from the same content
 * files the server seeds its database from (packages/server/content/helipad-posts/{slug}.{lang}.md),
 * so the static HTML shows what GET /api/helipad-posts answers at runtime.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Lang } from '@heliline/domain/i18n/messages';
import { marked } from 'marked';
import type { HelipadPost, HelipadPostSummary } from './types.ts';

/** The content folder, whether the build runs from the repository root or from packages/web. */
function postsDir(): string {
  for (const base of [process.cwd(), resolve(process.cwd(), '..'), resolve(process.cwd(), '../..')]) {
    const dir = join(base, 'packages/server/content/helipad-posts');
    if (existsSync(dir)) return dir;
  }
  throw new Error('packages/server/content/helipad-posts not found from the build folder');
}

function parse(file: string): { meta: Record<string, string>; body: string } {
  const text = readFileSync(file, 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${file}: missing front matter`);
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { meta, body: m[2]! };
}

function readPost(slug: string, lang: Lang): HelipadPost {
  const { meta, body } = parse(join(postsDir(), `${slug}.${lang}.md`));
  const progr = Number(meta.progr);
  return {
    id: progr,
    slug,
    title: meta.title ?? slug,
    post_date: meta.date ?? '',
    progr,
    photos: Number(meta.photos ?? 0),
    content: marked.parse(body, { async: false }),
  };
}

export function postSlugs(): string[] {
  return [...new Set(readdirSync(postsDir()).flatMap((f) => /^(.+)\.(it|en)\.md$/.exec(f)?.[1] ?? []))].sort();
}

/** Newest first, like the API. */
export function buildTimePosts(lang: Lang): HelipadPostSummary[] {
  return postSlugs()
    .map((slug) => {
      const { content: _content, ...summary } = readPost(slug, lang);
      return summary;
    })
    .sort((a, b) => b.post_date.localeCompare(a.post_date) || b.progr - a.progr);
}

export function buildTimePost(slug: string, lang: Lang): HelipadPost | null {
  return postSlugs().includes(slug) ? readPost(slug, lang) : null;
}
