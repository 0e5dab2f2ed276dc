import { sql, type Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Durable jobs, and what a photo's copies need to be found and kept private.
 *
 * - `jobs`: the after-effects of a change (copies moved or rendered again, files removed later,
 *   mails, the periodic housekeeping), recorded in the change's own transaction and run by a worker
 *   in each process (`src/server/jobs/`). A queued job with a `key` stands for every later request
 *   of the same key until it starts, so a burst of changes asks for one pass. Due jobs run by
 *   `priority` first (a change that waits for its job goes before a thousand renders).
 * - `photos.copies_key`: the key the current copies' names start with. It is the upload's
 *   `file_key` until the copies are rendered again or renamed; a link looks its files up by it.
 * - `photos.bank_private`: 1 keeps the copies of a photo without a category out of the public
 *   store, as they were in the private gallery it came from; only a public category publishes them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('jobs')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('key', 'text')
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('run_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_state_run_at').ifNotExists().on('jobs').columns(['state', 'run_at']).execute();
  // One queued job per key; a running or finished one does not count, so a change made while its
  // pass runs asks for another.
  await db.schema
    .createIndex('jobs_queued_key')
    .ifNotExists()
    .unique()
    .on('jobs')
    .column('key')
    .where(sql.ref('state'), '=', sql.lit('queued'))
    .execute();

  await db.schema.alterTable('photos').addColumn('copies_key', 'text').execute();
  await sql`update photos set copies_key = substr(filename, 1, 32)`.execute(db);
  await db.schema.createIndex('photos_copies_key').ifNotExists().on('photos').column('copies_key').execute();

  await db.schema
    .alterTable('photos')
    .addColumn('bank_private', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update photos set bank_private = files_private where category_id is null`.execute(db);
}
