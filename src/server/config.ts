import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  OWNER_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,50}$/, 'letters, digits, _ . - only, at most 50')
    .default('admin'),
  OWNER_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  OWNER_EMAIL: z.email().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_MAX_FILE_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  UPLOAD_MAX_FILES: z.coerce.number().int().positive().default(200),
  /** Width x height above which an upload is refused before it is decoded (decompression bombs). */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1_000_000).default(100_000_000),
  /** Images processed at once; each holds tens of MB while it is worked on. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A whole request, body included, must arrive within this; uploads of many photos are one request. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  uploadsDir: string;
  /** Uploaded files as they came, kept for reprocessing; never served. */
  originalsDir: string;
  publicUrl: string;
  /** True when the site is served over https: cookies get Secure and the __Host- prefix. */
  secure: boolean;
  owner: { username: string; password: string | undefined; email: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  logLevel: string;
  upload: { maxFileBytes: number; maxFiles: number; maxPixels: number; tmpDir: string };
  imageConcurrency: number;
  /** Slow or stalled clients are dropped once a request has taken this long to arrive. */
  requestTimeoutMs: number;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment -> typed config. Lists every bad variable at once so one restart fixes them all. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: path.join(dataDir, 'atelier.sqlite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    originalsDir: path.join(dataDir, 'originals'),
    publicUrl,
    secure: publicUrl.startsWith('https://'),
    owner: { username: e.OWNER_USERNAME, password: e.OWNER_PASSWORD, email: e.OWNER_EMAIL },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Atelier <no-reply@${new URL(publicUrl).hostname}>`,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    upload: {
      maxFileBytes: e.UPLOAD_MAX_FILE_BYTES,
      maxFiles: e.UPLOAD_MAX_FILES,
      maxPixels: e.IMAGE_MAX_PIXELS,
      // Beside the uploads, on the same disk: incoming files never fill the system's /tmp.
      tmpDir: path.join(dataDir, 'tmp'),
    },
    imageConcurrency: e.IMAGE_CONCURRENCY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
  });
}
