import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { indexablePages } from './public-pages.ts';
import { SITE_URL } from '../src/lib/site.ts';

/** Writes sitemap.xml, robots.txt and csp-hashes.json into the client build (after prerendering). */
export async function writeSiteFiles(clientDir: string): Promise<void> {
  await writeFile(join(clientDir, 'sitemap.xml'), sitemapXml());
  await writeFile(join(clientDir, 'robots.txt'), robotsTxt());
  const hashes = await inlineScriptHashes(clientDir);
  await writeFile(join(clientDir, 'csp-hashes.json'), `${JSON.stringify(hashes, null, 1)}\n`);
  console.log(`site files: sitemap.xml (${indexablePages().length} pages), robots.txt, csp-hashes.json (${Object.keys(hashes).length} HTML files)`);
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(): string {
  const urls = indexablePages().map(({ path, alternates }) => {
    const links = [
      ...Object.entries(alternates).map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xmlEscape(SITE_URL + href)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(SITE_URL + alternates.it)}"/>`,
    ];
    return `  <url>\n    <loc>${xmlEscape(SITE_URL + path)}</loc>\n${links.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/** Crawlers read the public site; the account, booking, staff and API paths are not for them. */
export function robotsTxt(): string {
  const closed = ['/api/', '/account', '/booking', '/booking-status/', '/bookings-failed', '/my-tickets', '/admin/', '/dev/', '/home-preview', '/password/', '/pending'];
  return `User-agent: *\n${closed.map((p) => `Disallow: ${p}`).join('\n')}\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`;
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * 'sha256-…' of every inline <script> of each HTML file, keyed by its path in the build
 * ('fares/index.html'): the server sends each page a script-src listing its own hashes, so no
 * 'unsafe-inline' is needed (React Router's hydration context and module bootstrap are inline).
 */
export async function inlineScriptHashes(clientDir: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for await (const file of htmlFiles(clientDir)) {
    const html = await readFile(file, 'utf8');
    const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) =>
        `sha256-${createHash('sha256')
          .update(m[1] ?? '', 'utf8')
          .digest('base64')}`,
    );
    out[relative(clientDir, file).split('\\').join('/')] = [...new Set(hashes)];
  }
  return out;
}
