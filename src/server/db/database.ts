import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type Dialect as KyselyDialect, type Migration, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import type { CategoryTable } from '#server/features/categories/categories.table.ts';
import type { ContactMessageTable } from '#server/features/contact/contact.table.ts';
import type {
  GalleryCommentTable,
  GalleryInvitationTable,
  GalleryLinkTable,
  GalleryPickTable,
  GalleryPreviewTable,
  GalleryVerdictTable,
} from '#server/features/galleries/galleries.table.ts';
import type { GalleryLinkEventTable, GalleryNoticeSettingsTable, GalleryNoticeTable } from '#server/features/galleries/activity.table.ts';
import type { PasswordResetTokenTable, SessionTable, SignInLinkTable, TrustedDeviceTable } from '#server/features/auth/sessions.table.ts';
import type { ApiTokenTable } from '#server/features/auth/tokens.table.ts';
import type { PasskeyTable, RecoveryCodeTable, TotpFactorTable, WebauthnChallengeTable } from '#server/features/auth/factors.table.ts';
import type { UserTable } from '#server/features/owner/users.table.ts';
import type { PhotoTable } from '#server/features/photos/photos.table.ts';
import type { RateLimitTable } from '#server/features/rate-limits/rate-limits.table.ts';
import type { StatisticsDailyTable, StatisticsSaltTable, StatisticsVisitorTable } from '#server/features/statistics/statistics.table.ts';
import type { JobTable } from '#server/jobs/jobs.table.ts';
import type { WebhookDeliveryTable, WebhookTable } from '#server/features/webhooks/webhooks.table.ts';
import type { ReleaseTrackTable } from '#server/features/audio/audio.table.ts';
import * as initial from '#server/db/migrations/0001-initial.ts';
import * as signInWithoutLockout from '#server/db/migrations/0002-sign-in-without-lockout.ts';
import * as cameraDetails from '#server/db/migrations/0003-camera-details.ts';
import * as presentation from '#server/db/migrations/0004-presentation.ts';
import * as uploadSelection from '#server/db/migrations/0005-upload-selection.ts';
import * as draftsAndTrash from '#server/db/migrations/0006-drafts-and-trash.ts';
import * as secondFactors from '#server/db/migrations/0007-second-factors.ts';
import * as statistics from '#server/db/migrations/0008-statistics.ts';
import * as photoRights from '#server/db/migrations/0009-photo-rights.ts';
import * as clientGalleries from '#server/db/migrations/0010-client-galleries.ts';
import * as privateFiles from '#server/db/migrations/0011-private-files.ts';
import * as galleryDownloads from '#server/db/migrations/0012-gallery-downloads.ts';
import * as galleryProofing from '#server/db/migrations/0013-gallery-proofing.ts';
import * as watermarks from '#server/db/migrations/0014-watermarks.ts';
import * as jobsAndCopies from '#server/db/migrations/0015-jobs-and-copies.ts';
import * as pausedPasskeysAndLinkSecrets from '#server/db/migrations/0016-paused-passkeys-and-link-secrets.ts';
import * as originalNames from '#server/db/migrations/0017-original-names-and-file-name-titles.ts';
import * as revocableGalleryLinks from '#server/db/migrations/0018-revocable-gallery-links.ts';
import * as apiTokens from '#server/db/migrations/0020-api-tokens.ts';
import * as photoSearchColumns from '#server/db/migrations/0021-photo-search-columns.ts';
import * as webhooks from '#server/db/migrations/0022-webhooks.ts';
import * as video from '#server/db/migrations/0023-video.ts';
import * as releaseAudio from '#server/db/migrations/0024-release-audio.ts';
import * as galleryCommentsAndDownloadLimits from '#server/db/migrations/0025-gallery-comments-and-download-limits.ts';
import * as galleryInvitationsAndSneakPeeks from '#server/db/migrations/0026-gallery-invitations-and-sneak-peeks.ts';
import * as galleryActivityAndNotices from '#server/db/migrations/0027-gallery-activity-and-notices.ts';
import * as changeNotices from '#server/db/migrations/0028-change-notices.ts';
import * as siteLanguages from '#server/db/migrations/0029-site-languages.ts';
import * as galleryLinkLanguage from '#server/db/migrations/0030-gallery-link-language.ts';
import type { Dialect } from './dialect.ts';
import { sharedRead } from '#server/lib/shared-read.ts';
import { listenForChanges, QUIET_TABLES, type ChangeNotices } from './change-notices.ts';

export interface Database {
  users: UserTable;
  categories: CategoryTable;
  photos: PhotoTable;
  sessions: SessionTable;
  passwordResetTokens: PasswordResetTokenTable;
  contactMessages: ContactMessageTable;
  rateLimits: RateLimitTable;
  trustedDevices: TrustedDeviceTable;
  signInLinks: SignInLinkTable;
  passkeys: PasskeyTable;
  totpFactors: TotpFactorTable;
  recoveryCodes: RecoveryCodeTable;
  webauthnChallenges: WebauthnChallengeTable;
  statisticsSalts: StatisticsSaltTable;
  statisticsVisitors: StatisticsVisitorTable;
  statisticsDaily: StatisticsDailyTable;
  galleryLinks: GalleryLinkTable;
  galleryPicks: GalleryPickTable;
  galleryComments: GalleryCommentTable;
  galleryVerdicts: GalleryVerdictTable;
  galleryLinkEvents: GalleryLinkEventTable;
  galleryNotices: GalleryNoticeTable;
  galleryNoticeSettings: GalleryNoticeSettingsTable;
  galleryInvitations: GalleryInvitationTable;
  galleryPreviews: GalleryPreviewTable;
  jobs: JobTable;
  apiTokens: ApiTokenTable;
  webhooks: WebhookTable;
  webhookDeliveries: WebhookDeliveryTable;
  releaseTracks: ReleaseTrackTable;
}

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * Changes whenever what visitors see may have changed, whoever wrote it: this process, the
   * command line, or another instance on the same PostgreSQL. SQLite: the count of rows this
   * connection changed, and `data_version`, which moves when another connection commits, read
   * once per turn of the event loop (docs/decisions/0021).
   * PostgreSQL (docs/decisions/0015): the count of change notices heard on the listening
   * connection, with no round trip, but one to hear them out after this process has written; the
   * current snapshot (xmin:xmax:in-progress ids) while nothing listens (before the first listen, and
   * from the loss of the connection until it listens again). Read it before the data, so a write in
   * between shows as a change.
   */
  dataVersion(): Promise<string>;
  /** PostgreSQL's listening connection (null on SQLite): for the tests and the health of it. */
  changeNotices: ChangeNotices | null;
  /**
   * Hears of a pooled PostgreSQL connection the server closed while idle (a restart, a failover,
   * idle_session_timeout): the pool drops it and opens another for the next query. Without a
   * listener such an error would end the process.
   */
  onConnectionError(listener: (error: Error) => void): void;
  destroy(): Promise<void>;
}

/** Migrations in order; each takes the dialect for the few types that differ. */
const migrations = {
  '0001-initial': initial,
  '0002-sign-in-without-lockout': signInWithoutLockout,
  '0003-camera-details': cameraDetails,
  '0004-presentation': presentation,
  '0005-upload-selection': uploadSelection,
  '0006-drafts-and-trash': draftsAndTrash,
  '0007-second-factors': secondFactors,
  '0008-statistics': statistics,
  '0009-photo-rights': photoRights,
  '0010-client-galleries': clientGalleries,
  '0011-private-files': privateFiles,
  '0012-gallery-downloads': galleryDownloads,
  '0013-gallery-proofing': galleryProofing,
  '0014-watermarks': watermarks,
  '0015-jobs-and-copies': jobsAndCopies,
  '0016-paused-passkeys-and-link-secrets': pausedPasskeysAndLinkSecrets,
  '0017-original-names-and-file-name-titles': originalNames,
  '0018-revocable-gallery-links': revocableGalleryLinks,
  '0020-api-tokens': apiTokens,
  '0021-photo-search-columns': photoSearchColumns,
  '0022-webhooks': webhooks,
  '0023-video': video,
  '0024-release-audio': releaseAudio,
  '0025-gallery-comments-and-download-limits': galleryCommentsAndDownloadLimits,
  '0026-gallery-invitations-and-sneak-peeks': galleryInvitationsAndSneakPeeks,
  '0027-gallery-activity-and-notices': galleryActivityAndNotices,
  '0028-change-notices': changeNotices,
  '0029-site-languages': siteLanguages,
  '0030-gallery-link-language': galleryLinkLanguage,
} satisfies Record<
  string,
  { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> }
>;

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at sqlitePath. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  poolSize?: number;
  /** PostgreSQL schema to work in (tests give each app its own). */
  postgresSchema?: string;
  /** PostgreSQL: the first wait before listening again after the listening connection is lost. */
  listenRetryMs?: number;
  /**
   * PostgreSQL: whether the caches follow the database's change notices (docs/decisions/0015)
   * instead of reading the transaction snapshot per request (DATABASE_CHANGE_NOTICES, on unless
   * `off`; the command line leaves it out).
   */
  changeNotices?: boolean;
}

/** Statements that write nothing a notice could be owed for: reads, and a transaction's own. */
const READ_ONLY = /^\s*(select|begin|start transaction|commit|rollback|savepoint|release|set|show)\b/i;
/** The table a plain INSERT, UPDATE, DELETE or TRUNCATE writes (one with a WITH first is not read). */
const WRITE_TARGET = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/i;

/**
 * Whether a statement may change what visitors see: anything but a read, a transaction's own
 * statement or a plain write to a quiet table (a session, a rate limit, a job, a count), the
 * tables whose writes send no notice either. A statement it cannot read counts as such a write.
 */
export function writesVisibleData(text: string): boolean {
  if (READ_ONLY.test(text)) return false;
  const table = WRITE_TARGET.exec(text)?.[1];
  return !(table && QUIET_TABLES.includes(table.toLowerCase()));
}

/** The one place a Kysely instance is made: columns are camelCase in code, snake_case in SQL. */
function kyselyOver(dialect: KyselyDialect): Db {
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
}

/**
 * A SQLite file other than the site's live database (a backup's copy), opened as it is: no
 * pragmas, read-only unless asked, and never created.
 */
export function openSqliteFile(filePath: string, options: { writable?: boolean } = {}): Db {
  return kyselyOver(new SqliteDialect({ database: new SQLite(filePath, { readonly: !options.writable, fileMustExist: true }) }));
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    // Counts and ids come back as numbers, not strings: they never exceed 2^53 here.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    });
    const listeners: Array<(error: Error) => void> = [];
    pool.on('error', (error) => listeners.forEach((listener) => listener(error)));
    const searchPath = options.postgresSchema ? `-c search_path=${options.postgresSchema}` : undefined;
    const notices = listenForChanges({
      connectionString: options.databaseUrl,
      options: searchPath,
      retryMs: options.listenRetryMs,
      onLost: (error) => listeners.forEach((listener) => listener(error)),
    });
    // Each connection handed back to the pool after a statement that may have changed what
    // visitors see: after its commit, then. The count is part of the data version, so this
    // process never answers from a cache its own write has outdated, whenever its notice comes:
    // the server delivers a notice only once every notice queued before it is committed, so
    // another database's commit under way can hold it up (docs/decisions/0015).
    let written = 0;
    // One wrapper per pooled client, so Kysely keeps one connection object per client too.
    const wrappers = new WeakMap<pg.PoolClient, { client: PostgresPoolClient; wrote: boolean }>();
    const tracked: PostgresPool = {
      connect: async () => {
        const client = await pool.connect();
        let wrapper = wrappers.get(client);
        if (!wrapper) {
          const state: { client: PostgresPoolClient; wrote: boolean } = {
            wrote: false,
            client: {
              query: ((text: unknown, parameters?: readonly unknown[]) => {
                if (typeof text === 'string' && writesVisibleData(text)) state.wrote = true;
                return (client.query as (text: unknown, parameters?: readonly unknown[]) => unknown).call(client, text, parameters);
              }) as PostgresPoolClient['query'],
              release: () => {
                if (state.wrote) written += 1;
                state.wrote = false;
                client.release();
              },
            },
          };
          wrappers.set(client, (wrapper = state));
        }
        wrapper.wrote = false;
        return wrapper.client;
      },
      end: () => pool.end(),
    };
    const db = kyselyOver(new PostgresDialect({ pool: tracked }));
    const snapshot = sql<{ version: string }>`select txid_current_snapshot()::text as version`.compile(db);
    // A round trip each: requests that ask at once share one, never one sent before they asked.
    const snapshotVersion = sharedRead(async () => (await db.executeQuery(snapshot)).rows[0]!.version);
    const dataVersion = (): Promise<string> => {
      if (!options.changeNotices) return snapshotVersion();
      // What others wrote, as heard, and what this process wrote, as counted: no round trip.
      const heard = notices.version();
      if (heard !== null) return Promise.resolve(`${heard}.${written}`);
      notices.start();
      return snapshotVersion();
    };
    return {
      db,
      dialect: 'postgres',
      dataVersion,
      changeNotices: notices,
      onConnectionError: (listener) => listeners.push(listener),
      destroy: async () => {
        await notices.close();
        await db.destroy();
      },
    };
  }
  fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own lower() folds ASCII letters only; PostgreSQL's folds every letter (under a UTF-8
  // ctype). This one folds as PostgreSQL does, so a case-insensitive search ("été" finds "Été")
  // is the same query on both databases.
  sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const db = kyselyOver(new SqliteDialect({ database: sqlite }));
  // Prepared once and read straight from the connection, not through Kysely, which prepares every
  // query anew: this runs before every list and page answer, 304s included. Both counters are
  // safe to read between the statements of a transaction under way: the body read after it
  // waits for Kysely's turn, so at worst it is kept under an older version and built once more.
  // This process's writes are counted on every call (total_changes, a counter in memory). Other
  // processes' (the CLI's) show in data_version, which looks at the write-ahead log's shared index,
  // about eight times the cost: requests that ask within one turn of the event loop share one
  // read of it, so another process's write is seen from the next turn on, as PostgreSQL's notices
  // are seen when they arrive.
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  const othersChanges = sqlite.prepare('pragma data_version').pluck();
  let othersThisTurn: number | null = null;
  const forgetOthers = () => (othersThisTurn = null);
  const dataVersion = () => {
    if (othersThisTurn === null) {
      othersThisTurn = othersChanges.get() as number;
      setImmediate(forgetOthers);
    }
    return Promise.resolve(`${ownChanges.get() as number}:${othersThisTurn}`);
  };
  return { db, dialect: 'sqlite', dataVersion, changeNotices: null, onConnectionError: () => {}, destroy: () => db.destroy() };
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}

/** PostgreSQL's "schema does not exist" and "relation does not exist". */
function droppedMeanwhile(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '3F000' || code === '42P01';
}

/** Brings the schema up to date; safe to run at every start and from several processes. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provided: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(migrations)) {
    provided[name] = { up: (db) => migration.up(db, handle.dialect) };
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: () => Promise.resolve(provided) },
    // Kysely looks for its migration table in every schema unless told which one: another
    // schema's table (a second site, a test running beside this one) would pass for ours.
    ...(handle.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(handle.db) } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Before it migrates, Kysely reads the tables of every schema in the database. A schema that
  // another site or test drops during that read fails it ("schema … does not exist") though ours
  // is fine; nothing has run yet then (no results), so reading again is safe.
  for (let attempt = 1; attempt < 5 && !results && droppedMeanwhile(error); attempt++) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    // The cause's message goes in the text too: a test runner or a log line may show only that.
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed${reason}`, { cause: error });
  }
}
