import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { markdownToHtml } from './markdown.ts';

/**
 * Helipad posts as they live in the content files
 * (`content/helipad-posts/{slug}.{it,en}.md`, front matter then Markdown). Pure: reads and
 * parses, no database. The server's seed stores exactly this in helipad_posts, and the web build
 * prerenders the same posts the API serves.
 */
type PostLang = 'it' | 'en';

export interface HelipadPostSource {
  slug: string;
  /** YYYY-MM-DD */
  post_date: string;
  progr: number;
  photos: number;
  title: Record<PostLang, string>;
  cover_alt: Record<PostLang, string>;
  /** Sanitised HTML. */
  content: Record<PostLang, string>;
}

export interface FrontMatter {
  title: string;
  date: string;
  progr: number;
  photos: number;
  cover_alt: string;
}

export class ContentFileError extends Error {}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Splits `---\nkey: value\n---\nbody` and checks the five keys every post has. */
export function parseFrontMatter(text: string, file = 'post'): { meta: FrontMatter; body: string } {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) throw new ContentFileError(`${file}: missing front matter`);
  const fields = new Map<string, string>();
  for (const line of m[1]!.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const kv = /^([a-z_]+):\s*(.*)$/.exec(line);
    if (!kv) throw new ContentFileError(`${file}: bad front matter line "${line}"`);
    fields.set(kv[1]!, kv[2]!.trim().replace(/^(['"])(.*)\1$/, '$2'));
  }
  const text_ = (k: string) => {
    const v = fields.get(k);
    if (!v) throw new ContentFileError(`${file}: front matter needs ${k}`);
    return v;
  };
  const int = (k: string) => {
    const v = Number(text_(k));
    if (!Number.isInteger(v) || v < 0) throw new ContentFileError(`${file}: ${k} must be a whole number`);
    return v;
  };
  const date = text_('date');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new ContentFileError(`${file}: date must be YYYY-MM-DD`);
  }
  return { meta: { title: text_('title'), date, progr: int('progr'), photos: int('photos'), cover_alt: text_('cover_alt') }, body: m[2]! };
}

/** The post slugs named by these file names ({slug}.{it,en}.md), sorted, each once. */
function slugsOf(files: string[]): string[] {
  return [...new Set(files.map((f) => /^(.+)\.(it|en)\.md$/.exec(f)?.[1]).filter((s): s is string => !!s && SLUG.test(s)))].sort();
}

const noFolder = (err: NodeJS.ErrnoException): string[] => {
  if (err.code === 'ENOENT') return [];
  throw err;
};

/**
 * The slugs of the posts, without reading them (synchronous: the web build's prerender list and
 * sitemap need them before anything is rendered).
 */
export function helipadPostSlugs(contentRoot: string): string[] {
  try {
    return slugsOf(readdirSync(join(contentRoot, 'helipad-posts')));
  } catch (err) {
    return noFolder(err as NodeJS.ErrnoException);
  }
}

/** Every post with both languages, newest first. A post missing a language is an error. */
export async function loadHelipadPosts(contentRoot: string): Promise<HelipadPostSource[]> {
  const dir = join(contentRoot, 'helipad-posts');
  const slugs = slugsOf(await readdir(dir).catch(noFolder));
  const posts = await Promise.all(slugs.map((slug) => loadPost(dir, slug)));
  return posts.sort(newestFirst);
}

async function loadPost(dir: string, slug: string): Promise<HelipadPostSource> {
  const [it, en] = await Promise.all(
    (['it', 'en'] as const).map(async (lang) => {
      const file = `${slug}.${lang}.md`;
      const raw = await readFile(join(dir, file), 'utf8').catch(() => {
        throw new ContentFileError(`${file}: missing (every post needs it and en)`);
      });
      return parseFrontMatter(raw, file);
    }),
  );
  if (it!.meta.date !== en!.meta.date || it!.meta.progr !== en!.meta.progr || it!.meta.photos !== en!.meta.photos) {
    throw new ContentFileError(`${slug}: date, progr and photos must be the same in both languages`);
  }
  return {
    slug,
    post_date: it!.meta.date,
    progr: it!.meta.progr,
    photos: it!.meta.photos,
    title: { it: it!.meta.title, en: en!.meta.title },
    cover_alt: { it: it!.meta.cover_alt, en: en!.meta.cover_alt },
    content: { it: markdownToHtml(it!.body), en: markdownToHtml(en!.body) },
  };
}

const newestFirst = (a: { post_date: string; progr: number }, b: { post_date: string; progr: number }) => b.post_date.localeCompare(a.post_date) || b.progr - a.progr;
