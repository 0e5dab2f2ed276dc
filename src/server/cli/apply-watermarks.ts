import { renderOutOfDateCopies } from '#server/features/renditions/renditions.service.ts';
import type { CliCommand } from './command.ts';
import { plural, progressBar } from './terminal.ts';

/**
 * Gives every photo's copies the watermark (and the rights) that apply to it now, as the server's
 * background jobs do after a change, here with progress and for a site at rest: the copies it
 * replaces are removed at once, not kept for pages loaded before the swap.
 */
export const applyWatermarksCommand: CliCommand = {
  async run(ctx) {
    const report = await renderOutOfDateCopies(ctx, progressBar('Photos'));
    process.stdout.write(
      `Rendered ${plural(report.rendered, 'photo', 'photos')} again; ` +
        `${report.withoutOriginal} without an original, ${report.deletedMeanwhile} deleted meanwhile, ${report.failed} failed.\n`,
    );
    return report.failed > 0 ? 1 : 0;
  },
};
