import { createAppContext } from './app-context.ts';
import { createWorker } from './background-work.ts';
import { applyWatermarksCommand } from '#server/cli/apply-watermarks.ts';
import { backupCommand } from '#server/cli/backup.ts';
import { cameraDetailsCommand } from '#server/cli/camera-details.ts';
import { cleanupCommand } from '#server/cli/cleanup.ts';
import type { CliCommand, RemoteCliCommand } from '#server/cli/command.ts';
import { migrateCommand } from '#server/cli/migrate.ts';
import { privateOriginalsCommand } from '#server/cli/private-originals.ts';
import { publishCommand } from '#server/cli/publish.ts';
import { restoreCommand } from '#server/cli/restore.ts';
import { seedCommand } from '#server/cli/seed.ts';
import { reset2faCommand } from '#server/cli/reset-2fa.ts';
import { setPasswordCommand } from '#server/cli/set-password.ts';
import { terminalLog } from '#server/cli/terminal.ts';
import { upgradeImagesCommand } from '#server/cli/upgrade-images.ts';
import { USAGE } from '#server/cli/usage.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';

/** `npm run cli -- <command> …`: one file per command under cli/, each given the site's context. */
const COMMANDS: Record<string, CliCommand | RemoteCliCommand> = {
  'set-password': setPasswordCommand,
  'reset-2fa': reset2faCommand,
  seed: seedCommand,
  cleanup: cleanupCommand,
  backup: backupCommand,
  restore: restoreCommand,
  migrate: migrateCommand,
  'upgrade-images': upgradeImagesCommand,
  'apply-watermarks': applyWatermarksCommand,
  'camera-details': cameraDetailsCommand,
  'private-originals': privateOriginalsCommand,
  publish: publishCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(USAGE);
    return name && name !== '--help' ? 2 : 0;
  }
  // A client of a site's HTTP API, wherever it runs: it reads neither this site's configuration nor its database.
  if ('remote' in command) return command.remote(args, process.env);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const refusal = command.refuse?.(config);
  if (refusal) {
    process.stderr.write(`${refusal}\n`);
    return 2;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database);
    const ctx = createAppContext({ config, database, log: terminalLog });
    try {
      const code = await command.run(ctx, args);
      // What the command's changes recorded and is due now (copies to move, notices to mail) is
      // done before it ends, beside the server's worker if one runs; what is due later is the
      // server's to run.
      await createWorker(ctx).drain();
      return code;
    } finally {
      ctx.mailer.close();
    }
  } finally {
    await database.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
