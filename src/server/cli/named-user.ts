import type { AppContext } from '#server/app-context.ts';
import { findUserByUsername } from '#server/features/owner/owner.service.ts';
import type { UserRow } from '#server/features/owner/users.table.ts';
import { USAGE } from './usage.ts';

/**
 * The user a command names by its first positional argument, or the exit code when there is none
 * (2, with the usage) or no such user (1): what every command about one user checks first.
 */
export async function namedUser(ctx: Pick<AppContext, 'db'>, positionals: string[]): Promise<{ username: string; user: UserRow } | number> {
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
  return { username, user };
}
