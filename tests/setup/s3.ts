import fs from 'node:fs';
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
