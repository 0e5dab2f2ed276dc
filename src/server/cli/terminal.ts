import readline from 'node:readline';
import type { Logger } from '#server/app-context.ts';

/** What the commands share at the terminal: reading input, drawing progress, words for numbers. */

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Asks without echoing what is typed. */
export function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    output._writeToOutput = (text: string) => {
      if (text.includes(question)) process.stdout.write(text);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** One line on stderr, redrawn in place on a terminal, every tenth otherwise (logs stay short). */
export function progressBar(label: string): (done: number, total: number) => void {
  const width = 30;
  let lastTenth = -1;
  return (done, total) => {
    const filled = Math.round((done / total) * width);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}${done === total ? '\n' : ''}`);
    } else if (Math.floor((done / total) * 10) > lastTenth) {
      lastTenth = Math.floor((done / total) * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The services' log lines, as plain lines on stderr: the terminal is the command's log. */
const line = (objectOrMessage: unknown, message?: string) => {
  process.stderr.write(`${typeof objectOrMessage === 'string' ? objectOrMessage : (message ?? '')}\n`);
};
export const terminalLog: Logger = { info: line, warn: line, error: line };
