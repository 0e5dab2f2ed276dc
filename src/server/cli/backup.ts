import type { AppContext } from '#server/app-context.ts';
import { BackupError } from '#server/features/backup/backup-archive.ts';
import { createBackup, type BackupContext } from '#server/features/backup/backup.service.ts';
import { readArgs, type CliCommand } from './command.ts';
import { megabytes, plural, progressBar } from './terminal.ts';
import { USAGE } from './usage.ts';

/** What a backup and a restore work on: the site's database and both file stores. */
export function backupContext(ctx: AppContext): BackupContext {
  return {
    db: ctx.db,
    dialect: ctx.dialect,
    sqlitePath: ctx.config.sqlitePath,
    uploads: ctx.media.uploads,
    restricted: ctx.media.restricted,
    originals: ctx.media.originals,
    tmpDir: ctx.config.upload.tmpDir,
    clock: ctx.clock,
  };
}

/**
 * Runs a backup or restore on the archive its one argument names: the usage without one, and its
 * refusals as a message and exit code 1.
 */
export async function onArchive(args: string[], run: (file: string) => Promise<void>): Promise<number> {
  const [file] = readArgs(args, {}).positionals;
  if (!file) {
    process.stderr.write(USAGE);
    return 2;
  }
  try {
    await run(file);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** Every row of every table, counted together. */
export const totalRows = (rows: Record<string, number>) => Object.values(rows).reduce((sum, count) => sum + count, 0);

export const backupCommand: CliCommand = {
  run: (ctx, args) =>
    onArchive(args, async (file) => {
      const summary = await createBackup(backupContext(ctx), file, { onProgress: progressBar('Backup') });
      process.stdout.write(
        `Backed up ${plural(totalRows(summary.rows), 'row', 'rows')} and ${plural(summary.files, 'file', 'files')} (${megabytes(summary.bytes)}) to ${summary.file}\n`,
      );
    }),
};
