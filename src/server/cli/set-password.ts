import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#contract/auth.ts';
import { setPassword } from '#server/features/auth/auth.service.ts';
import { findUserByUsername } from '#server/features/owner/owner.service.ts';
import { readArgs, type CliCommand } from './command.ts';
import { promptHidden, readStdin } from './terminal.ts';
import { USAGE } from './usage.ts';

export const setPasswordCommand: CliCommand = {
  async run(ctx, args) {
    const { positionals, values } = readArgs(args, { 'password-stdin': 'boolean' });
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
    let password: string;
    if (values['password-stdin']) {
      password = await readStdin();
    } else {
      password = await promptHidden('New password: ');
      if ((await promptHidden('Repeat it: ')) !== password) {
        process.stderr.write("Passwords don't match.\n");
        return 1;
      }
    }
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      process.stderr.write(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.\n`);
      return 1;
    }
    await setPassword(ctx, user.id, password);
    process.stdout.write(`Password of "${username}" set; every session of that user has ended.\n`);
    return 0;
  },
};
