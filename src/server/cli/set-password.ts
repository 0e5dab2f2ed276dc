import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#contract/auth.ts';
import { setPassword } from '#server/features/auth/auth.service.ts';
import { readArgs, type CliCommand } from './command.ts';
import { namedUser } from './named-user.ts';
import { promptHidden, readStdin } from './terminal.ts';

export const setPasswordCommand: CliCommand = {
  async run(ctx, args) {
    const { positionals, values } = readArgs(args, { 'password-stdin': 'boolean' });
    const named = await namedUser(ctx, positionals);
    if (typeof named === 'number') return named;
    const { username, user } = named;
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
