import { resetSecondFactors } from '#server/features/auth/security.service.ts';
import { readArgs, type CliCommand } from './command.ts';
import { namedUser } from './named-user.ts';

/** For an owner who lost every second factor: with shell access, the password alone signs in again. */
export const reset2faCommand: CliCommand = {
  async run(ctx, args) {
    const { positionals } = readArgs(args, {});
    const named = await namedUser(ctx, positionals);
    if (typeof named === 'number') return named;
    const { username, user } = named;
    await resetSecondFactors(ctx, user);
    process.stdout.write(`Passkeys, authenticator app and recovery codes of "${username}" removed; the password alone signs in now.\n`);
    return 0;
  },
};
