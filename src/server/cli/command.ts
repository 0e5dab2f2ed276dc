import { parseArgs } from 'node:util';
import type { AppContext } from '#server/app-context.ts';
import type { Config } from '#server/config.ts';

/** One command of `npm run cli`: given the site's context and its own arguments, it returns the exit code. */
export interface CliCommand {
  /** A reason the command cannot run with this configuration (exit code 2), checked before the database opens. */
  refuse?(config: Config): string | undefined;
  run(ctx: AppContext, args: string[]): Promise<number>;
}

/** A command that talks to a site over its HTTP API: it needs no configuration or database here. */
export interface RemoteCliCommand {
  /** `output` is the process's stdout and stderr unless given (tests read it in-process). */
  remote(args: string[], env: NodeJS.ProcessEnv, output?: CliOutput): Promise<number>;
}

/** Where a command writes what it says. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processOutput: CliOutput = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/**
 * A command's arguments: its positionals, and the value of each `--name value` option it knows
 * (`--name` with nothing after it reads as no value). Loose, as the commands always were: an
 * option they do not know is ignored, and a value starting with `-` is still a value.
 */
export function readArgs<Name extends string>(
  args: string[],
  options: Record<Name, 'string' | 'boolean'>,
): { positionals: string[]; values: Partial<Record<Name, string | true>> } {
  const parsed = parseArgs({
    args,
    options: Object.fromEntries(Object.entries(options).map(([name, type]) => [name, { type: type as 'string' | 'boolean' }])),
    allowPositionals: true,
    strict: false,
  });
  return { positionals: parsed.positionals, values: parsed.values as Partial<Record<Name, string | true>> };
}

/** An option's value as text; undefined when it is absent or came without one. */
export const textOf = (value: string | true | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
