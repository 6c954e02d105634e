import { z } from 'zod';
import { ZLangQuery } from './lang-query.ts';

export { ZHelipadPost, ZHelipadPostSummary } from '@heliline/domain';

export const ZPostsQuery = ZLangQuery.extend({
  content: z.enum(['0', '1'], { message: 'invalidValue' }).optional().describe("1: include each post's HTML"),
});

export const ZSlugParams = z.object({ slug: z.string() });

export const ZCompanyPageParams = z.object({ lang: z.string(), page: z.string() });
export const ZCompanyPageQuery = z.object({
  preview: z.enum(['0', '1', 'true', 'false', ''], { message: 'invalidValue' }).optional(),
});
export const isPreview = (v: string | undefined) => v === '1' || v === 'true' || v === '';

export const ZDocumentParams = z.object({ lang: z.string(), file: z.string() });
