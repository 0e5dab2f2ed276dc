import Fastify, { LogController, type FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions, registerAccessLog } from './logging.ts';

describe('the server log at its default level', () => {
  it("writes one line per request, with no visitor's address or port, behind a proxy or not", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // As the app sets it up (app.ts): its logger, one access line per request.
    const logController = new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true });
    const options: FastifyHttpOptions<Server> = { logger: loggerOptions('info', stream), logController, trustProxy: (_address: string, hop: number) => hop < 1 };
    const app = Fastify(options);
    registerAccessLog(app);
    app.get('/photo/:id', async () => ({ ok: true }));
    await app.ready();
    try {
      await app.inject({ url: '/photo/7?utm=x', remoteAddress: '203.0.113.50' });
      await app.inject({ url: '/photo/8', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } });
      await app.inject({ url: '/photo/9', remoteAddress: '2001:db8::77' });
    } finally {
      await app.close();
    }

    const completed = lines.filter((line) => line.includes('request completed'));
    expect(completed).toHaveLength(3);
    expect(JSON.parse(completed[0]!)).toMatchObject({ req: { method: 'GET', url: '/photo/7' }, res: { statusCode: 200 } });
    for (const line of lines) {
      for (const address of ['203.0.113.50', '198.51.100.4', '2001:db8::77', '127.0.0.1']) expect(line).not.toContain(address);
      expect(line).not.toMatch(/remoteAddress|remotePort/);
    }
  });
});
