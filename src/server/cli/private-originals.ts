import { renameGuessableOriginals } from '#server/features/renditions/private-originals.service.ts';
import type { CliCommand } from './command.ts';

export const privateOriginalsCommand: CliCommand = {
  async run(ctx) {
    const renamed = await renameGuessableOriginals(ctx);
    process.stdout.write(`Gave ${renamed} original(s) stored under a guessable name a private one.\n`);
    return 0;
  },
};
