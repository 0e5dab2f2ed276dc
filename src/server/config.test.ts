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
    expect(config).toMatchObject({ publicUrl: 'https://photos.example.com', secure: true, trustProxy: true });
  });
});
