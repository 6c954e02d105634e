import type { Generated, Insertable, Selectable } from 'kysely';

/** Tables of the public site; see schema.ts for the conventions (ISO text instants, 0/1, cents). */

/** An inauguration post; contents are sanitised HTML produced by the seed from the content files. */
export interface HelipadPostsTable {
  id: Generated<number>;
  slug: string;
  post_date: string; // YYYY-MM-DD
  progr: number; // image folder number
  photos: number; // photo count of the carousel
  title_it: string;
  title_en: string;
  cover_alt_it: string;
  cover_alt_en: string;
  content_it: string;
  content_en: string;
  updated_at: string;
}

/** A message sent with the contacts form (after the captcha passed). */
export interface ContactRequestsTable {
  id: Generated<number>;
  lang: string;
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  request_type: string; // 'voli' | 'contatto'
  message: string;
  recipient: string;
  ip: string | null;
  mail_id: number | null;
  created_at: string;
}

/** ALTCHA challenges already spent: a signature is accepted once. Rows past expires_at are pruned. */
export interface CaptchaUsesTable {
  signature: string;
  expires_at: string;
  used_at: string;
}

export interface PublicSiteTables {
  helipad_posts: HelipadPostsTable;
  contact_requests: ContactRequestsTable;
  captcha_uses: CaptchaUsesTable;
}

export type HelipadPostRow = Selectable<HelipadPostsTable>;
export type NewHelipadPost = Insertable<HelipadPostsTable>;
export type NewContactRequest = Insertable<ContactRequestsTable>;
