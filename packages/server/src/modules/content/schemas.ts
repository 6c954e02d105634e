import { z } from 'zod';
import { ZLangQuery } from './lang-query.ts';

const ZPostFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  post_date: z.string().describe('YYYY-MM-DD'),
  progr: z.number().int().describe('image folder: /images/helipad-posts/{progr}/'),
  photos: z.number().int().describe('photo count of the carousel (1..photos.svg)'),
  cover_alt: z.string(),
};

export const ZHelipadPostSummary = z.object({ ...ZPostFields, content: z.string().optional() });
export const ZHelipadPost = z.object({ ...ZPostFields, content: z.string().describe('sanitised HTML') });

export const ZPostsQuery = ZLangQuery.extend({
  content: z.enum(['0', '1'], { message: 'invalidValue' }).optional().describe('1: include each post\'s HTML'),
});

export const ZSlugParams = z.object({ slug: z.string() });

export const ZCompanyPageParams = z.object({ lang: z.string(), page: z.string() });
export const ZCompanyPageQuery = z.object({
  preview: z.enum(['0', '1', 'true', 'false', ''], { message: 'invalidValue' }).optional(),
});
export const isPreview = (v: string | undefined) => v === '1' || v === 'true' || v === '';

export const ZDocumentParams = z.object({ lang: z.string(), file: z.string() });
