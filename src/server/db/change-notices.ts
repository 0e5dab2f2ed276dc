import { sql, type Kysely } from 'kysely';
import pg from 'pg';

/**
 * PostgreSQL's own word that what visitors see has changed (docs/decisions/0015): a trigger on
 * every table but the quiet ones sends `NOTIFY atelier_data_changed, '<schema>'` from the writing
 * transaction, which PostgreSQL delivers once, after the commit, to every listening connection of
 * the database: this process's, another instance's, whoever wrote (the server, the command line,
 * psql). Each process keeps one connection listening and counts what it hears; the count is the
 * data version its caches are kept under (http/etag.ts), read without a round trip.
 */
export const CHANGES_CHANNEL = 'atelier_data_changed';

/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'atelier change notices';

/**
 * Tables no kept answer reads, written all day by sign-ins, limits, the jobs queue, the
 * statistics' own counts and a gallery link's activity (each client's open and view, and the
 * owner's notices of them): a write there says nothing to the caches, and a notice would empty them.
 * Every other table notifies, a new one too (tests/api/change-notices.test.ts checks it).
 */
export const QUIET_TABLES: readonly string[] = [
  'sessions',
  'trusted_devices',
  'sign_in_links',
  'password_reset_tokens',
  'passkeys',
  'totp_factors',
  'recovery_codes',
  'webauthn_challenges',
  'api_tokens',
  'rate_limits',
  'jobs',
  'webhook_deliveries',
  'statistics_salts',
  'statistics_visitors',
  'statistics_daily',
  'gallery_link_events',
  'gallery_notices',
  'kysely_migration',
  'kysely_migration_lock',
];

const TRIGGER = 'atelier_data_changed';

/**
 * The function the triggers call, in the current schema: the table's schema as the payload, so
 * the sites sharing a database in schemas of their own (the tests do) hear only their own.
 * pg_notify sends one notice per transaction however many rows it wrote (equal ones are merged).
 */
export async function createNotifyFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function atelier_data_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema);
      return null;
    end
    $$`.execute(db);
}

/**
 * Makes every change to `table` notify: a row trigger (a statement that changes nothing sends
 * nothing) and a statement one for TRUNCATE. For the migration that creates a table.
 */
export async function notifyChangesOf(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`drop trigger if exists ${sql.id(TRIGGER)} on ${sql.id(table)}`.execute(db);
  await sql`drop trigger if exists ${sql.id(`${TRIGGER}_truncate`)} on ${sql.id(table)}`.execute(db);
  await sql`create trigger ${sql.id(TRIGGER)} after insert or update or delete on ${sql.id(table)}
    for each row execute function atelier_data_changed()`.execute(db);
  await sql`create trigger ${sql.id(`${TRIGGER}_truncate`)} after truncate on ${sql.id(table)}
    for each statement execute function atelier_data_changed()`.execute(db);
}

/** The tables of the current schema that notify (for the test that every table but the quiet ones does). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's Kysely
export async function notifyingTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select distinct c.relname as "table" from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = current_schema()::regnamespace and t.tgname = ${TRIGGER}
    order by 1`.execute(db);
  return rows.map((row) => row.table);
}

export interface ChangeNotices {
  /** Whether the connection listens now: false before it first has, and from its loss until it listens again. */
  readonly listening: boolean;
  /** The data version while listening (moves with every notice heard, and once on each new listen); null otherwise. */
  version(): string | null;
  /** Starts listening, once; later calls do nothing. */
  start(): void;
  /**
   * Resolves once every notice committed before the call has been heard: a round trip on the
   * listening connection, whose backend sends the notices pending for it before it answers. When
   * that fails or takes longer than SETTLE_TIMEOUT_MS, the connection counts as lost.
   */
  settle(): Promise<void>;
  /** Listens again now, not at the next retry (a failover known of; the tests). */
  reconnect(): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeNoticesOptions {
  connectionString: string;
  /** `-c search_path=…`, as the pool's connections have it. */
  options?: string | undefined;
  /** After a loss, the wait before listening again (then twice as long, up to 30 s). */
  retryMs?: number | undefined;
  /** Hears of a lost connection (it is listened to again by itself). */
  onLost?: ((error: Error) => void) | undefined;
}

/** A round trip longer than this finds the listening connection lost (a half-open socket never errs). */
const SETTLE_TIMEOUT_MS = 2000;
/** How often an idle listening connection is checked: a loss nothing else notices is found within this. */
const HEARTBEAT_MS = 5000;
const MAX_RETRY_MS = 30_000;

export function listenForChanges(options: ChangeNoticesOptions): ChangeNotices {
  const firstRetryMs = options.retryMs ?? 500;
  let retryMs = firstRetryMs;
  let client: pg.Client | null = null;
  let listening = false;
  let schema = '';
  let heard = 0;
  let started = false;
  let closed = false;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  const lose = (lost: pg.Client, error: Error) => {
    if (lost !== client) return;
    client = null;
    listening = false;
    lost.removeAllListeners('notification');
    lost.end().catch(() => {});
    if (closed) return;
    options.onLost?.(error);
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: options.connectionString,
        application_name: LISTENER_NAME,
        keepAlive: true,
        ...(options.options ? { options: options.options } : {}),
      });
      client = next;
      // Both, whichever comes: an error first, or the end of a connection the server closed.
      next.on('error', (error) => lose(next, error));
      next.on('end', () => lose(next, new Error('the listening connection ended')));
      next.on('notification', (notice) => {
        if (notice.channel === CHANGES_CHANNEL && notice.payload === schema) heard += 1;
      });
      try {
        await next.connect();
        schema = (await next.query<{ schema: string }>('select current_schema() as schema')).rows[0]!.schema;
        await next.query(`listen ${CHANGES_CHANNEL}`);
        if (client !== next) return;
        // Whatever was written while nobody listened was not heard: once more, as if it had been.
        heard += 1;
        listening = true;
        retryMs = firstRetryMs;
      } catch (error) {
        lose(next, error instanceof Error ? error : new Error(String(error)));
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const settle = async () => {
    const current = client;
    if (!listening || !current) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the listening connection did not answer within ${SETTLE_TIMEOUT_MS} ms`)), SETTLE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      lose(current, error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    get listening() {
      return listening;
    },
    version: () => (listening ? `notice:${heard}` : null),
    start() {
      if (started || closed) return;
      started = true;
      void connect();
      heartbeat = setInterval(() => void settle(), HEARTBEAT_MS);
      heartbeat.unref();
    },
    settle,
    async reconnect() {
      if (closed) return;
      started = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await connecting;
      if (listening) return;
      await connect();
    },
    async close() {
      closed = true;
      listening = false;
      if (retryTimer) clearTimeout(retryTimer);
      if (heartbeat) clearInterval(heartbeat);
      await connecting?.catch(() => {});
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
