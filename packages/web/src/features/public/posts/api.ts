import type { Lang } from '@heliline/domain/i18n/messages';
import { data } from 'react-router';
import { ApiError, api } from '../../../api/client.ts';
import type { HelipadPost, HelipadPostSummary, PostData, PostsData } from './types.ts';

/** GET /api/helipad-posts in a language (newest first). */
export async function fetchPosts(lang: Lang): Promise<PostsData> {
  const { posts } = await api.get<{ posts: HelipadPostSummary[] }>('/api/helipad-posts', { query: { lang } });
  return { posts };
}

/** GET /api/helipad-posts/{slug} and the list for the side menu; an unknown slug is a 404 page. */
export async function fetchPost(slug: string, lang: Lang): Promise<PostData> {
  try {
    const [{ post }, { posts }] = await Promise.all([
      api.get<{ post: HelipadPost }>(`/api/helipad-posts/${encodeURIComponent(slug)}`, { query: { lang } }),
      fetchPosts(lang),
    ]);
    return { post, posts };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw data({ slug }, { status: 404 });
    throw e;
  }
}
