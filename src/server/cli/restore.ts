import { restoreBackup } from '#server/features/backup/restore.service.ts';
import { backupContext, reportingBackupErrors } from './backup.ts';
import { readArgs, type CliCommand } from './command.ts';
import { plural, progressBar } from './terminal.ts';
import { USAGE } from './usage.ts';

export const restoreCommand: CliCommand = {
  async run(ctx, args) {
    const [file] = readArgs(args, {}).positionals;
    if (!file) {
      process.stderr.write(USAGE);
      return 2;
    }
    return reportingBackupErrors(async () => {
      const summary = await restoreBackup(backupContext(ctx), file, { onProgress: progressBar('Restore') });
      const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
      process.stdout.write(
        `Restored ${plural(rows, 'row', 'rows')} and ${plural(summary.files, 'file', 'files')} from the backup of ${summary.createdAt}.\n`,
      );
    });
  },
};
