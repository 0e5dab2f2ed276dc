import { resetSecondFactors } from '#server/features/auth/security.service.ts';
import { findUserByUsername } from '#server/features/owner/owner.service.ts';
import { readArgs, type CliCommand } from './command.ts';
import { USAGE } from './usage.ts';

/** For an owner who lost every second factor: with shell access, the password alone signs in again. */
export const reset2faCommand: CliCommand = {
  async run(ctx, args) {
    const { positionals } = readArgs(args, {});
    const [username] = positionals;
    if (!username) {
      process.stderr.write(USAGE);
      return 2;
    }
    const user = await findUserByUsername(ctx, username);
    if (!user) {
      process.stderr.write(`No user named "${username}".\n`);
      return 1;
    }
    await resetSecondFactors(ctx, user);
    process.stdout.write(`Passkeys, authenticator app and recovery codes of "${username}" removed; the password alone signs in now.\n`);
    return 0;
  },
};
