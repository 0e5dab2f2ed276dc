import { upgradePhotos } from '#server/features/renditions/upgrade.service.ts';
import { readArgs, type CliCommand } from './command.ts';
import { plural, progressBar } from './terminal.ts';

export const upgradeImagesCommand: CliCommand = {
  async run(ctx, args) {
    const { values } = readArgs(args, { all: 'boolean' });
    const report = await upgradePhotos(ctx, { all: values.all === true, onProgress: progressBar('Photos') });
    process.stdout.write(
      `Upgraded ${plural(report.upgraded, 'photo', 'photos')}; ${report.upToDate} already up to date, ` +
        `${report.withoutOriginal} without an original, ${report.deletedMeanwhile} deleted meanwhile.\n`,
    );
    for (const failure of report.failed) process.stderr.write(`Photo ${failure.id} was left as it is: ${failure.reason}\n`);
    return report.failed.length > 0 ? 1 : 0;
  },
};
