import { restoreBackup } from '#server/features/backup/restore.service.ts';
import { backupContext, onArchive, totalRows } from './backup.ts';
import type { CliCommand } from './command.ts';
import { plural, progressBar } from './terminal.ts';

export const restoreCommand: CliCommand = {
  run: (ctx, args) =>
    onArchive(args, async (file) => {
      const summary = await restoreBackup(backupContext(ctx), file, { onProgress: progressBar('Restore') });
      process.stdout.write(
        `Restored ${plural(totalRows(summary.rows), 'row', 'rows')} and ${plural(summary.files, 'file', 'files')} from the backup of ${summary.createdAt}.\n`,
      );
    }),
};
