import readline from 'node:readline';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#contract/auth.ts';
import { ensureOwner, setPassword } from '#server/features/auth/auth.service.ts';
import { BackupError } from '#server/features/backup/backup-archive.ts';
import { createBackup, type BackupContext } from '#server/features/backup/backup.service.ts';
import { restoreBackup } from '#server/features/backup/restore.service.ts';
import { describePostgresUrl, migrateSite, MigrateError, parsePostgresUrl, type MigratePhase, type MigrateSummary } from '#server/features/migrate/migrate.service.ts';
import { CLEANUP_GRACE_MS, cleanupOrphans } from '#server/features/photos/cleanup.service.ts';
import { seedDemoContent, SiteNotEmptyError } from '#server/features/photos/seed.service.ts';
import { findUserByUsername, getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { createMedia } from '#server/images/media.ts';
import { createFileStores } from '#server/storage/index.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  set-password <username> [--password-stdin]
      Set a user's password (prompted twice, or read from standard input)
      and end every session of that user.
  seed [--photos N]
      Fill an empty site with demo content: categories, N generated photos
      (default 24), a music release with its tracks, about text, social links
      and a banner.
  cleanup [--grace-minutes M]
      Delete stored files no photo or banner points at, files a crash left
      half written, and photos whose display image is missing; prints both
      counts. Files younger than M minutes (default 15) are kept, as an upload
      in flight may own them; with the server stopped, 0 cleans everything.
  backup <file>
      Write the database and every stored file the site uses to <file>, a tar
      archive (compressed when the name ends in .gz or .tgz) with a manifest of
      SHA-256 hashes. Safe while the site serves.
  restore <file>
      Check <file> against its manifest and load it into an empty site (a new
      DATA_DIR and database). Refuses a site that already has content.
  migrate --to postgres://user:password@host:5432/database [--storage s3]
      Copy the embedded site of DATA_DIR (its SQLite database, while it
      serves) into an empty PostgreSQL database, migrated first; with
      --storage s3, copy its files to the bucket of the S3_* variables too
      (without it they stay in DATA_DIR, which the new site then uses). Then
      check every row and file of the copy; exits with 1 on any difference.
`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Asks without echoing what is typed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    output._writeToOutput = (text: string) => {
      if (text.includes(question)) process.stdout.write(text);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function setPasswordCommand(database: DatabaseHandle, args: string[]): Promise<number> {
  const username = args.find((arg) => !arg.startsWith('--'));
  if (!username) {
    process.stderr.write(USAGE);
    return 2;
  }
  const user = await findUserByUsername(database, username);
  if (!user) {
    process.stderr.write(`No user named "${username}".\n`);
    return 1;
  }
  let password: string;
  if (args.includes('--password-stdin')) {
    password = await readStdin();
  } else {
    password = await promptHidden('New password: ');
    if ((await promptHidden('Repeat it: ')) !== password) {
      process.stderr.write("Passwords don't match.\n");
      return 1;
    }
  }
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    process.stderr.write(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.\n`);
    return 1;
  }
  await setPassword({ db: database.db, clock: systemClock }, user.id, password);
  process.stdout.write(`Password of "${username}" set; every session of that user has ended.\n`);
  return 0;
}

/** One line on stderr, redrawn in place on a terminal, every tenth otherwise (logs stay short). */
function progressBar(label: string): (done: number, total: number) => void {
  const width = 30;
  let lastTenth = -1;
  return (done, total) => {
    const filled = Math.round((done / total) * width);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}${done === total ? '\n' : ''}`);
    } else if (Math.floor((done / total) * 10) > lastTenth) {
      lastTenth = Math.floor((done / total) * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

async function seedCommand(database: DatabaseHandle, args: string[], config: Config): Promise<number> {
  const flag = args.indexOf('--photos');
  const photos = flag === -1 ? 24 : Number(args[flag + 1]);
  if (!Number.isInteger(photos) || photos < 0 || photos > 10_000) {
    process.stderr.write('--photos takes a whole number from 0 to 10000.\n');
    return 2;
  }
  const created = await ensureOwner({ db: database.db, clock: systemClock }, config.owner);
  if (created?.generatedPassword) {
    process.stdout.write(`Created the owner "${created.username}" with the password: ${created.generatedPassword}\n`);
  }
  const owner = await getPortfolioOwner(database);
  const ctx = { db: database.db, media: createMedia(config), clock: systemClock };
  try {
    const summary = await seedDemoContent(ctx, owner.id, { photos, onProgress: progressBar('Photos') });
    process.stdout.write(
      `Seeded ${summary.categories} categories, ${summary.photos} photos and the release "${summary.release}".\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SiteNotEmptyError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

async function cleanupCommand(database: DatabaseHandle, args: string[], config: Config): Promise<number> {
  const flag = args.indexOf('--grace-minutes');
  const graceMinutes = flag === -1 ? CLEANUP_GRACE_MS / 60_000 : Number(args[flag + 1]);
  if (!Number.isFinite(graceMinutes) || graceMinutes < 0) {
    process.stderr.write('--grace-minutes takes a number of minutes, 0 or more.\n');
    return 2;
  }
  const ctx = { db: database.db, media: createMedia(config), clock: systemClock };
  const report = await cleanupOrphans(ctx, graceMinutes * 60_000);
  process.stdout.write(
    `Removed ${report.filesRemoved} orphaned file(s) and ${report.photosRemoved} photo(s) whose display image was missing.\n`,
  );
  return 0;
}

function backupContext(database: DatabaseHandle, config: Config): BackupContext {
  const media = createMedia(config);
  return {
    db: database.db,
    dialect: database.dialect,
    sqlitePath: config.sqlitePath,
    uploads: media.uploads,
    originals: media.originals,
    tmpDir: config.upload.tmpDir,
    clock: systemClock,
  };
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Runs a backup or restore, turning its refusals into a message and exit code 1. */
async function reportingBackupErrors(run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

async function backupCommand(database: DatabaseHandle, args: string[], config: Config): Promise<number> {
  const [file] = args;
  if (!file) {
    process.stderr.write(USAGE);
    return 2;
  }
  return reportingBackupErrors(async () => {
    const summary = await createBackup(backupContext(database, config), file, { onProgress: progressBar('Backup') });
    const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Backed up ${plural(rows, 'row', 'rows')} and ${plural(summary.files, 'file', 'files')} (${megabytes(summary.bytes)}) to ${summary.file}\n`,
    );
  });
}

async function restoreCommand(database: DatabaseHandle, args: string[], config: Config): Promise<number> {
  const [file] = args;
  if (!file) {
    process.stderr.write(USAGE);
    return 2;
  }
  return reportingBackupErrors(async () => {
    const summary = await restoreBackup(backupContext(database, config), file, { onProgress: progressBar('Restore') });
    const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Restored ${plural(rows, 'row', 'rows')} and ${plural(summary.files, 'file', 'files')} from the backup of ${summary.createdAt}.\n`,
    );
  });
}

function printMigrateSummary(summary: MigrateSummary, where: string): void {
  const lines = [`Migrated to ${where}:`];
  for (const [table, check] of Object.entries(summary.tables)) {
    const ok = check.expected === check.found && check.differing === 0;
    lines.push(`  ${table.padEnd(20)} ${String(check.found).padStart(7)} rows  ${ok ? 'ok' : 'MISMATCH'}`);
  }
  const files = `${plural(summary.files.checked, 'file', 'files')} (${megabytes(summary.files.bytes)})`;
  lines.push(
    summary.filesCopied
      ? `  ${files} copied to the object store, sizes and SHA-256 checked`
      : `  ${files} left in DATA_DIR, which the PostgreSQL site must use too`,
  );
  if (summary.deletedMeanwhile > 0) lines.push(`  ${plural(summary.deletedMeanwhile, 'photo', 'photos')} deleted during the copy, left out`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function migrateCommand(database: DatabaseHandle, args: string[], config: Config): Promise<number> {
  const toFlag = args.indexOf('--to');
  const storageFlag = args.indexOf('--storage');
  const storage = storageFlag === -1 ? undefined : args[storageFlag + 1];
  if (storage !== undefined && storage !== 's3') {
    process.stderr.write('--storage takes s3 (leave it out to keep the files in DATA_DIR).\n');
    return 2;
  }
  let url: string;
  try {
    url = parsePostgresUrl(toFlag === -1 ? undefined : args[toFlag + 1]);
  } catch (error) {
    if (error instanceof MigrateError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (storage === 's3' && !config.s3) {
    process.stderr.write('--storage s3 needs the object store: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the keys as needed).\n');
    return 2;
  }
  const where = describePostgresUrl(url);
  const target = openDatabase({ databaseUrl: url, sqlitePath: '' });
  const bars: Partial<Record<MigratePhase, (done: number, total: number) => void>> = {};
  const labels: Record<MigratePhase, string> = { files: 'Files', rows: 'Rows ', check: 'Check' };
  try {
    let files;
    if (storage === 's3') {
      files = createFileStores(config);
      try {
        await files.uploads.checkReachable();
      } catch (error) {
        process.stderr.write(`Cannot reach the object store (S3_BUCKET ${config.s3?.bucket ?? ''}): ${(error as Error).message}\n`);
        return 1;
      }
    }
    const summary = await migrateSite(
      {
        db: database.db,
        sqlitePath: config.sqlitePath,
        // The source is the folder of DATA_DIR, whatever the S3_* variables say.
        uploads: new LocalFileStore(config.uploadsDir),
        originals: new LocalFileStore(config.originalsDir),
        tmpDir: config.upload.tmpDir,
      },
      { database: target, files },
      {
        where,
        onProgress: (phase, done, total) => {
          if (total > 0) (bars[phase] ??= progressBar(labels[phase]))(done, total);
        },
      },
    );
    printMigrateSummary(summary, where);
    if (summary.mismatches.length > 0) {
      process.stderr.write(`The copy differs from the source:\n${summary.mismatches.map((line) => `  ${line}`).join('\n')}\n`);
      return 1;
    }
    process.stdout.write(
      `Every row and file matches. Stop the embedded site and start it with DATABASE_URL set to the target${storage === 's3' ? ' and the same S3_* variables' : ' and the same DATA_DIR'}.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof MigrateError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await target.destroy();
  }
}

const COMMANDS: Record<string, (database: DatabaseHandle, args: string[], config: Config) => Promise<number>> = {
  'set-password': setPasswordCommand,
  seed: seedCommand,
  cleanup: cleanupCommand,
  backup: backupCommand,
  restore: restoreCommand,
  migrate: migrateCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(USAGE);
    return name && name !== '--help' ? 2 : 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (name === 'migrate' && config.databaseUrl) {
    process.stderr.write('migrate copies the embedded SQLite site of DATA_DIR: unset DATABASE_URL and pass the target with --to.\n');
    return 2;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database);
    return await command(database, args, config);
  } finally {
    await database.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
