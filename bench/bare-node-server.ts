/**
 * The framework floor: `node:http` and nothing else, answering every request with one file's
 * bytes as JSON, or 304 to its ETag. Usage: bare-node-server.ts <file> <port>. Prints
 * "listening" once ready.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: bare-node-server.ts <file> <port>');
const body = fs.readFileSync(file);
const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;

http
  .createServer((request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, etag });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
