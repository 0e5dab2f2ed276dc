import { CLEANUP_GRACE_MS, cleanupOrphans } from '#server/features/photos/cleanup.service.ts';
import { readArgs, textOf, type CliCommand } from './command.ts';

export const cleanupCommand: CliCommand = {
  async run(ctx, args) {
    const { values } = readArgs(args, { 'grace-minutes': 'string' });
    const given = values['grace-minutes'];
    const graceMinutes = given === undefined ? CLEANUP_GRACE_MS / 60_000 : Number(textOf(given));
    if (!Number.isFinite(graceMinutes) || graceMinutes < 0) {
      process.stderr.write('--grace-minutes takes a number of minutes, 0 or more.\n');
      return 2;
    }
    const report = await cleanupOrphans(ctx, graceMinutes * 60_000);
    process.stdout.write(
      `Removed ${report.filesRemoved} orphaned file(s) and ${report.photosRemoved} photo(s) whose display image was missing.\n`,
    );
    return 0;
  },
};
