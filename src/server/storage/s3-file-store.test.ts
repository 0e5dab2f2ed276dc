import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '#tests/setup/s3.ts';
import { loadConfig, type S3Config } from '#server/config.ts';
import { describeFileStore } from './file-store.suite.ts';
import { createFileStores } from './index.ts';
import { createS3Client, S3FileStore } from './s3-file-store.ts';

function s3ConfigOf(server: TestS3Server, env: Record<string, string> = {}): S3Config {
  return loadConfig({ ...server.env, ...env }).s3!;
}

async function keysUnder(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describeFileStore('S3FileStore (s3rver on loopback)', async () => {
  const server = await startS3Server();
  const client = createS3Client(s3ConfigOf(server));
  return {
    store: new S3FileStore(client, server.bucket, 'uploads/'),
    neighbour: new S3FileStore(client, server.bucket, 'originals/'),
    rawNames: () => keysUnder(client, server.bucket, 'uploads/'),
    close: async () => {
      client.destroy();
      await server.close();
    },
  };
});

describe('S3FileStore in its bucket', () => {
  let server: TestS3Server;
  let client: S3Client;
  beforeEach(async () => {
    server = await startS3Server();
    client = createS3Client(s3ConfigOf(server));
  });
  afterEach(async () => {
    client.destroy();
    await server.close();
  });

  it('keeps uploads and originals as two key prefixes of the one configured bucket', async () => {
    const stores = createFileStores(loadConfig(server.env));
    await stores.uploads.put('a.webp', Readable.from(['u']));
    await stores.originals.put('a.png', Readable.from(['o']));
    expect(await keysUnder(client, server.bucket, '')).toEqual(['originals/a.png', 'uploads/a.webp']);
  });

  it('stores each object with its exact type and immutable caching, for a public bucket URL', async () => {
    const store = new S3FileStore(client, server.bucket, 'uploads/');
    await store.put('a.webp', Readable.from(['x']));
    const head = await client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: 'uploads/a.webp' }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('lists only flat names of its own prefix', async () => {
    const store = new S3FileStore(client, server.bucket, 'uploads/');
    await store.put('kept.jpg', Readable.from(['x']));
    for (const Key of ['uploads/deeper/x.jpg', 'uploads/.hidden', 'uploadsx.jpg', 'other/y.jpg']) {
      await client.send(new PutObjectCommand({ Bucket: server.bucket, Key, Body: 'x' }));
    }
    const listed: string[] = [];
    for await (const file of store.list()) listed.push(file.name);
    expect(listed).toEqual(['kept.jpg']);
  });

  it('reports refused credentials and a missing bucket as errors, never as a missing file', async () => {
    const wrongKey = createS3Client(s3ConfigOf(server, { S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' }));
    const refused = new S3FileStore(wrongKey, server.bucket, 'uploads/');
    await expect(refused.checkReachable()).rejects.toThrow();
    await expect(refused.stat('a.jpg')).rejects.toThrow();
    wrongKey.destroy();

    const noBucket = new S3FileStore(client, 'no-such-bucket', 'uploads/');
    await expect(noBucket.checkReachable()).rejects.toThrow();
  });

  it('is unreachable once the server is gone', async () => {
    const store = new S3FileStore(client, server.bucket, 'uploads/');
    await store.checkReachable();
    await server.close();
    await expect(store.checkReachable()).rejects.toThrow();
    server = await startS3Server();
  });
});
