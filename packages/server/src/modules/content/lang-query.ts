import { type Lang, LANGS } from '@heliline/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** `?lang=it|en` on public endpoints; when absent the request language (X-Locale) applies. */
export const ZLangQuery = z.object({ lang: z.enum(LANGS, { message: 'invalidValue' }).optional() });

export const langOf = (req: FastifyRequest, query: { lang?: Lang }): Lang => query.lang ?? req.lang;
