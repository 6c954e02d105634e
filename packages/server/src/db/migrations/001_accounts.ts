import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('users'), db)
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email_verified_at', 'varchar(32)')
    .addColumn('is_agency', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_agency_auth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agency_authorised_at', 'varchar(32)')
    .addColumn('agency_authorised_by', 'integer')
    .addColumn('locale', 'varchar(2)', (c) => c.notNull().defaultTo('it'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('document_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('text_it', 'varchar(255)', (c) => c.notNull())
    .addColumn('text_en', 'varchar(255)', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('paxes'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('lastname', 'varchar(255)', (c) => c.notNull())
    .addColumn('firstname', 'varchar(255)', (c) => c.notNull())
    .addColumn('gender', 'varchar(1)')
    .addColumn('birthdate', 'varchar(10)')
    .addColumn('address', 'varchar(255)', (c) => c.notNull())
    .addColumn('city', 'varchar(255)', (c) => c.notNull())
    .addColumn('province', 'varchar(255)')
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('zipcode', 'varchar(16)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(32)', (c) => c.notNull())
    .addColumn('document_type_id', 'integer', (c) => c.references('document_types.id'))
    .addColumn('document_num', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db.schema.createTable('api_tokens'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();

  await withId(db.schema.createTable('password_resets'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('throttles')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('mail_outbox'), db)
    .addColumn('to_address', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('transport', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_to_idx').on('mail_outbox').column('to_address').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['mail_outbox', 'throttles', 'password_resets', 'api_tokens', 'sessions', 'user_roles', 'paxes', 'document_types', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
