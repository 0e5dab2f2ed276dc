import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed account; any other key is refused, which the tests rely on. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The environment that points Atelier's config at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-protocol server on a free loopback port, over a temporary folder. */
export async function startS3Server(bucket = 'atelier-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A CDN in front of the bucket as docs/deploy.md sets it up: only `uploads/` is public (or, to
 * test a mistake, `publicPrefixes`), anything else answers 403 the way a bucket policy refuses it.
 */
export async function startUploadsOnlyCdn(s3: TestS3Server, publicPrefixes = ['/uploads/']): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (!publicPrefixes.some((prefix) => path.startsWith(prefix))) {
      response.writeHead(403).end('AccessDenied');
      return;
    }
    fetch(`${s3.endpoint}/${s3.bucket}${path}`)
      .then(async (upstream) => {
        response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
        response.end(Buffer.from(await upstream.arrayBuffer()));
      })
      .catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
