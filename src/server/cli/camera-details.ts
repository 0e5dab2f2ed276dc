import { backfillCameraDetails } from '#server/features/photos/camera-details.service.ts';
import { readArgs, type CliCommand } from './command.ts';

/** `camera-details [--all]`: reads camera details from the originals of photos stored before they were read at upload. */
export const cameraDetailsCommand: CliCommand = {
  async run(ctx, args) {
    const { values } = readArgs(args, { all: 'boolean' });
    const report = await backfillCameraDetails(ctx, { all: values.all === true });
    process.stdout.write(
      `Read ${report.read} original(s): ${report.withDetails} with camera details` +
        (report.missingOriginal > 0 ? `; ${report.missingOriginal} photo(s) have no original and were left unread` : '') +
        '.\n',
    );
    return 0;
  },
};
