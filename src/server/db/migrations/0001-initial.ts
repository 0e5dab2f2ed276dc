import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Every table of the site, created at once so later features do not churn the schema.
 * Timestamps are ISO-8601 UTC text and booleans are 0/1 integers: the same bytes on SQLite
 * and PostgreSQL, so rows map to the contract the same way on both.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (table: string) =>
    db.schema.createTable(table).ifNotExists().addColumn('id', idType, (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    );

  await id('users')
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('portfolio_title', 'text')
    .addColumn('portfolio_subtitle', 'text')
    .addColumn('about_text', 'text')
    .addColumn('show_contact_form', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('banner_image', 'text')
    .addColumn('twitter_url', 'text')
    .addColumn('substack_url', 'text')
    .addColumn('linktree_url', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await id('categories')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('categories_user_order')
    .ifNotExists()
    .on('categories')
    .columns(['user_id', 'sort_order'])
    .execute();

  await id('photos')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) => col.references('categories.id').onDelete('set null'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('hyperlink', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    // Random stem shared by every stored file of the photo; never taken from the upload.
    .addColumn('file_key', 'text', (col) => col.notNull().unique())
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('thumbnail', 'text', (col) => col.notNull())
    .addColumn('variants', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('placeholder', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('tracks', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('photos_user_order')
    .ifNotExists()
    .on('photos')
    .columns(['user_id', 'sort_order'])
    .execute();
  await db.schema
    .createIndex('photos_category_order')
    .ifNotExists()
    .on('photos')
    .columns(['category_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('sessions')
    .ifNotExists()
    // SHA-256 of the cookie's secret: a leaked database holds no usable session.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').ifNotExists().on('sessions').column('user_id').execute();

  await id('password_reset_tokens')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user')
    .ifNotExists()
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await id('contact_messages')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('contact_messages_user_created')
    .ifNotExists()
    .on('contact_messages')
    .columns(['user_id', 'created_at'])
    .execute();

  // Counters live in the database so that several server processes share one limit.
  await db.schema
    .createTable('rate_limits')
    .ifNotExists()
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'text', (col) => col.notNull())
    .execute();

}
