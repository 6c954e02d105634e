import type { THelipadPost, THelipadPostSummary } from '@heliline/domain/public-site/wire';

/** A helipad inauguration post (spec §3), as GET /api/helipad-posts[/{slug}] answers it (domain schema). */
export type HelipadPostSummary = THelipadPostSummary;
/** With its HTML, sanitised by the server: rendered as given. */
export type HelipadPost = THelipadPost;

export interface PostsData {
  posts: HelipadPostSummary[];
}

export interface PostData extends PostsData {
  post: HelipadPost;
}

export const postImages = (progr: number) => ({
  cover: `/images/helipad-posts/${progr}/cover.svg`,
  photo: (n: number) => `/images/helipad-posts/${progr}/${n}.svg`,
});
