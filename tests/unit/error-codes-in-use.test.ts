import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '#contract/error-codes.ts';

const root = path.resolve(import.meta.dirname, '../..');

function sourcesUnder(dir: string): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name))
    .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
}

const server = sourcesUnder('src/server');
const helpers = 'invalid|notSignedIn|forbidden|notFound|conflict|tooLarge|unsupportedType|tooManyAttempts|httpError|errorBody';

describe('error codes in the server', () => {
  it('every error is thrown by code: no helper, DomainError or HttpError is given a sentence', () => {
    const sentences: string[] = [];
    for (const { file, text } of server) {
      // A helper's first argument, or any literal given to an error's constructor, must be a code.
      for (const match of text.matchAll(new RegExp(`\\b(?:${helpers})\\(\\s*(['"\`])(.*?)\\1`, 'g'))) {
        if (!isErrorCode(match[2])) sentences.push(`${file}: ${match[0]}`);
      }
      // An error's constructor takes its kind or status, then a code: a literal of the catalog, or
      // the `code` a helper was given.
      for (const match of text.matchAll(/new (?:DomainError|HttpError|ImageRejectedError)\(\s*[\w']+,\s*([^,)]*)/g)) {
        const code = match[1]!.trim();
        const literal = /^'([^']*)'$/.exec(code)?.[1];
        if (literal === undefined ? code !== 'code' : !isErrorCode(literal)) sentences.push(`${file}: ${match[0]}`);
      }
      // The error body is written in one place (http/http-error.ts), never by hand.
      if (/send\(\{\s*message:/.test(text) && /\.code\([45]\d\d\)\s*\.send\(\{\s*message/.test(text)) sentences.push(`${file}: an error body by hand`);
    }
    expect(sentences).toEqual([]);
  });

  it('every code of the catalog is used by the server or the client', () => {
    const everything = [...server, ...sourcesUnder('src/client'), ...sourcesUnder('src/contract')].map(({ text }) => text).join('\n');
    const unused = ERROR_CODES.filter((code) => everything.split(`'${code}'`).length - 1 < 2);
    expect(unused).toEqual([]);
  });
});
