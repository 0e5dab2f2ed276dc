import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Invitations by mail, reminders, and two-stage delivery.
 *
 * gallery_links gains `token`, the address's token, kept only for a link the owner makes to be
 * sent by mail (an invitation, a reminder, the mail on release); every other link, and those made
 * before, keep only the hash (docs/decisions/0016). `expiry_reminder_days` (default 3, null: off) and
 * `picks_reminder_days` (null: off) plan the reminders; `release_at` (null: none) is the day a
 * sneak peek opens to the whole gallery.
 *
 * gallery_invitations holds one row per recipient of a link: the address, the personal message,
 * the state of the last invitation mail (sending, sent, outbox, failed with the SMTP answer), how
 * many were sent, and, for each reminder, what it was sent for: the claim that makes it go once.
 * gallery_previews holds the photos a link shows before its release date.
 *
 * users gains the invitation's subject and text (null: the default).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('gallery_links').addColumn('token', 'text').execute();
  await db.schema.alterTable('gallery_links').addColumn('expiry_reminder_days', 'integer', (col) => col.defaultTo(3)).execute();
  await db.schema.alterTable('gallery_links').addColumn('picks_reminder_days', 'integer').execute();
  await db.schema.alterTable('gallery_links').addColumn('release_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('invitation_subject', 'text').execute();
  await db.schema.alterTable('users').addColumn('invitation_text', 'text').execute();

  await db.schema
    .createTable('gallery_invitations')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('link_id', 'integer', (col) => col.notNull().references('gallery_links.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('invited_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('sends', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('expiry_reminded_for', 'text')
    .addColumn('picks_reminded_at', 'text')
    .addColumn('release_mailed_for', 'text')
    .execute();
  await db.schema.createIndex('gallery_invitations_link_email').ifNotExists().unique().on('gallery_invitations').columns(['link_id', 'email']).execute();

  await db.schema
    .createTable('gallery_previews')
    .ifNotExists()
    .addColumn('link_id', 'integer', (col) => col.notNull().references('gallery_links.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (col) => col.notNull().references('photos.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('gallery_previews_pk', ['link_id', 'photo_id'])
    .execute();
  await db.schema.createIndex('gallery_previews_photo').ifNotExists().on('gallery_previews').column('photo_id').execute();
}
