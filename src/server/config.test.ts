import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      secure: false,
      databaseUrl: undefined,
      owner: { username: 'admin', password: undefined, email: undefined },
      trustProxy: false,
    });
    expect(config.sqlitePath).toMatch(/data[/\\]atelier\.sqlite$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', OWNER_PASSWORD: '123', TRUST_PROXY: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'OWNER_PASSWORD', 'TRUST_PROXY']) {
      expect(message).toContain(name);
    }
  });

  it('treats an https PUBLIC_URL as a secure site and drops a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://photos.example.com/', TRUST_PROXY: 'true' });
    expect(config).toMatchObject({ publicUrl: 'https://photos.example.com', secure: true, trustProxy: 1 });
  });

  it('reads TRUST_PROXY as a number of proxies or a list of their addresses, never as every hop', () => {
    const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trustOf('0')).toBe(false);
    expect(trustOf('off')).toBe(false);
    // The old "true" was every hop; now it is the one proxy in front.
    expect(trustOf('true')).toBe(1);
    expect(trustOf('1')).toBe(1);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['maybe', '1.5', 'proxy.example.com', '10.0.0.1;rm']) expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it('keeps files under DATA_DIR unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const config = loadConfig({
      S3_BUCKET: 'atelier-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/files/',
    });
    expect(config.s3).toEqual({
      bucket: 'atelier-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example.com/files',
    });
    // AWS itself: a region, and the SDK's own credentials when no key is given.
    expect(loadConfig({ S3_BUCKET: 'atelier-files', S3_REGION: 'eu-west-3' }).s3).toMatchObject({
      region: 'eu-west-3',
      endpoint: undefined,
      credentials: undefined,
    });
  });

  it('names every S3 variable that is bad or missing, together with the others', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('loadConfig accepted a bad environment');
    };
    const bad = messageOf({ PORT: 'eighty', S3_BUCKET: 'Not_A_Bucket', S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY_ID: 'key' });
    for (const name of ['PORT', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_SECRET_ACCESS_KEY']) expect(bad).toContain(name);

    expect(messageOf({ S3_BUCKET: 'atelier-files' })).toContain('S3_REGION');
    expect(messageOf({ S3_BUCKET: 'atelier-files', S3_REGION: 'us-east-1', S3_SECRET_ACCESS_KEY: 's' })).toContain('S3_ACCESS_KEY_ID');
    // Half an S3 setup without its bucket would silently keep files on local disk.
    const noBucket = messageOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PUBLIC_URL: 'https://cdn.example.com' });
    expect(noBucket).toContain('S3_ENDPOINT');
    expect(noBucket).toContain('S3_PUBLIC_URL');
  });
});
