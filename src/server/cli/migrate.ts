import { describePostgresUrl, migrateSite, MigrateError, parsePostgresUrl, type MigratePhase, type MigrateSummary } from '#server/features/migrate/migrate.service.ts';
import { openDatabase } from '#server/db/database.ts';
import { createFileStores } from '#server/storage/index.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { readArgs, textOf, type CliCommand } from './command.ts';
import { megabytes, plural, progressBar } from './terminal.ts';

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

export const migrateCommand: CliCommand = {
  refuse: (config) =>
    config.databaseUrl
      ? 'migrate copies the embedded SQLite site of DATA_DIR: unset DATABASE_URL and pass the target with --to.'
      : undefined,
  run: async (ctx, args) => {
    const { config } = ctx;
    const { values } = readArgs(args, { to: 'string', storage: 'string' });
    const storage = textOf(values.storage);
    if (storage !== undefined && storage !== 's3') {
      process.stderr.write('--storage takes s3 (leave it out to keep the files in DATA_DIR).\n');
      return 2;
    }
    let url: string;
    try {
      url = parsePostgresUrl(textOf(values.to));
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
          db: ctx.db,
          sqlitePath: config.sqlitePath,
          // The source is the folder of DATA_DIR, whatever the S3_* variables say.
          uploads: new LocalFileStore(config.uploadsDir),
          originals: new LocalFileStore(config.originalsDir),
          restricted: new LocalFileStore(config.restrictedDir),
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
  },
};
