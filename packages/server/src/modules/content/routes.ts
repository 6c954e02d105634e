import { type Lang, LANGS } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { CompanyPages } from './company-pages.ts';
import type { TravelDocuments } from './documents.ts';
import { sendEmbeddedPage } from './embedded-page.ts';
import { langOf } from './lang-query.ts';
import type { HelipadPostsService } from './posts.ts';
import { isPreview, ZCompanyPageParams, ZCompanyPageQuery, ZDocumentParams, ZHelipadPost, ZHelipadPostSummary, ZPostsQuery, ZSlugParams } from './schemas.ts';

const isLang = (v: string): v is Lang => (LANGS as readonly string[]).includes(v);
const notFound = () => new AppError('notFound', 'notFound');

export interface ContentRoutesOptions {
  posts: HelipadPostsService;
  companyPages: CompanyPages;
  documents: TravelDocuments;
}

const postList = {
  config: { access: 'public' } as const,
  schema: {
    tags: ['public site'],
    summary: 'Helipad inauguration posts, newest first, in the request language (?lang= or X-Locale)',
    querystring: ZPostsQuery,
    response: { 200: z.object({ posts: z.array(ZHelipadPostSummary) }) },
  },
};

const post = {
  config: { access: 'public', answers: [404] } as const,
  schema: {
    tags: ['public site'],
    summary: 'One helipad post with its sanitised HTML; 404 when unknown',
    params: ZSlugParams,
    querystring: ZPostsQuery.pick({ lang: true }),
    response: { 200: z.object({ post: ZHelipadPost }) },
  },
};

const companyPage = {
  config: { access: 'public', answers: [304, 404] } as const,
  schema: {
    tags: ['public site'],
    summary: 'Embeddable HTML company page (iframe); ?preview=1 adds the preview ribbon and noindex',
    description: 'lang it or en and a known page, else 404 (checked by the handler).',
    params: ZCompanyPageParams,
    querystring: ZCompanyPageQuery,
    produces: ['text/html'],
  },
};

const travelDocument = {
  config: { access: 'public', answers: [404] } as const,
  schema: {
    tags: ['public site'],
    summary: 'Travel document as PDF (generated from the content files): /documents/{lang}/{slug}.pdf',
    description: 'lang it or en, file {slug}.pdf with a known slug (a-z, 0-9, -), else 404 (checked by the handler).',
    params: ZDocumentParams,
    produces: ['application/pdf'],
  },
};

/** Helipad posts, in the request language. */
function registerPostRoutes(fastify: FastifyInstance, posts: HelipadPostsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/helipad-posts', postList, async (req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { posts: await posts.list(langOf(req, req.query), req.query.content === '1') };
  });
  app.get('/api/helipad-posts/:slug', post, async (req, reply) => {
    const found = await posts.get(req.params.slug, langOf(req, req.query));
    reply.header('cache-control', 'public, max-age=300');
    return { post: { ...found, content: found.content ?? '' } };
  });
}

/** Embeddable company pages and travel documents as PDF. */
function registerPageRoutes(fastify: FastifyInstance, { companyPages, documents }: ContentRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/company-pages/:lang/:page', companyPage, async (req, reply) => {
    const { lang, page } = req.params;
    const preview = isPreview(req.query.preview);
    const rendered = isLang(lang) ? await companyPages.get(lang, page, preview) : null;
    if (!rendered) throw notFound();
    if (preview) reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('etag', rendered.etag);
    if (!preview && req.headers['if-none-match'] === rendered.etag) return reply.status(304).send();
    return sendEmbeddedPage(reply, rendered, preview ? 'no-store' : 'public, max-age=600, stale-while-revalidate=86400');
  });
  app.get('/documents/:lang/:file', travelDocument, async (req, reply) => {
    const { lang, file } = req.params;
    const slug = /^([a-z0-9-]+)\.pdf$/.exec(file)?.[1];
    const pdf = isLang(lang) && slug ? await documents.get(lang, slug) : null;
    if (!pdf) throw notFound();
    const disposition = `inline; filename="heliline-${slug}-${lang}.pdf"`;
    return reply.type('application/pdf').header('content-disposition', disposition).header('cache-control', 'public, max-age=86400').send(pdf);
  });
}

/** Company pages, helipad posts and travel documents of the public site. */
export async function contentRoutes(fastify: FastifyInstance, opts: ContentRoutesOptions): Promise<void> {
  registerPostRoutes(fastify, opts.posts);
  registerPageRoutes(fastify, opts);
}
