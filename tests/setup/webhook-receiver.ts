import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it came: what a signature is checked on. */
  body: string;
}

type Answer = (request: ReceivedHook, response: http.ServerResponse) => void;

export interface WebhookReceiver {
  /** http://127.0.0.1:port */
  url: string;
  received: ReceivedHook[];
  /** How the next requests are answered (204 by default). */
  answer(answer: Answer): void;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that records what webhooks send it, as a receiver would. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let answer: Answer = (_request, response) => response.writeHead(204).end();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hook = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(hook);
      answer(hook, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
