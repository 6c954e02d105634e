/** A helipad inauguration post (spec §3), as GET /api/helipad-posts[/{slug}] answers it. */
export interface HelipadPostSummary {
  id: number;
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  post_date: string;
  /** Image folder number: /images/helipad-posts/{progr}/ */
  progr: number;
  /** Number of photos 1..photos.svg in the folder. */
  photos: number;
  /** Alt text of the cover picture. */
  cover_alt: string;
}

export interface HelipadPost extends HelipadPostSummary {
  /** HTML sanitised by the server: rendered as given. */
  content: string;
}

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
