import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Public site: helipad posts (seeded from packages/content/content/helipad-posts), contact
 * requests from the web form, and the ALTCHA challenges already spent (replay protection that
 * holds across app instances: the unique key makes a second use fail even when two requests race).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('helipad_posts'), db)
    .addColumn('slug', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('post_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('progr', 'integer', (c) => c.notNull())
    .addColumn('photos', 'integer', (c) => c.notNull())
    .addColumn('title_it', 'varchar(255)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('cover_alt_it', 'varchar(255)', (c) => c.notNull())
    .addColumn('cover_alt_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_it', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('helipad_posts_date_idx').on('helipad_posts').columns(['post_date', 'progr']).execute();

  await withId(db.schema.createTable('contact_requests'), db)
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('firstname', 'varchar(255)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(32)', (c) => c.notNull())
    .addColumn('request_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('mail_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captcha_uses')
    .addColumn('signature', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_uses_expires_idx').on('captcha_uses').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['captcha_uses', 'contact_requests', 'helipad_posts']) await db.schema.dropTable(t).execute();
}
