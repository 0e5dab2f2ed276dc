import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Which proxies are believed about the client's address (X-Forwarded-For) and scheme: off; a
 * number of hops (the proxies in front, counted from the server); or a comma-separated list of
 * the proxies' addresses or CIDR ranges. Never "every hop": that lets a client name its own
 * address in the header, and so choose what every per-address limit counts. `true` (and 1, yes,
 * on) is one hop, the proxy on the same machine that docs/deploy.md sets up.
 */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return 1;
    if (/^\d+$/.test(value)) return Math.min(Number(value), 10);
    const addresses = value.split(',').map((address) => address.trim()).filter(Boolean);
    if (addresses.length > 0 && addresses.every(isAddressOrRange)) return addresses;
    context.addIssue({
      code: 'custom',
      message: 'a number of proxies (1 for one proxy in front) or a comma-separated list of their addresses, e.g. 127.0.0.1,10.0.0.0/8',
    });
    return z.NEVER;
  });

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
  TRUST_PROXY: trustProxySetting.default(false),
  /** PostgreSQL: the caches follow LISTEN/NOTIFY instead of a snapshot read per request (docs/decisions/0015). */
  DATABASE_CHANGE_NOTICES: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_MAX_FILE_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  UPLOAD_MAX_FILES: z.coerce.number().int().positive().default(200),
  /** A release's audio track: at most this many bytes (a 30-minute 24-bit WAV fits) and seconds. */
  AUDIO_MAX_FILE_BYTES: z.coerce.number().int().positive().default(500 * 1024 * 1024),
  AUDIO_MAX_SECONDS: z.coerce.number().int().min(1).max(6 * 3600).default(30 * 60),
  /** A video upload's largest file and longest running time; photos keep UPLOAD_MAX_FILE_BYTES. */
  VIDEO_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  VIDEO_MAX_SECONDS: z.coerce.number().int().min(1).default(10 * 60),
  /** Width x height above which an upload is refused before it is decoded (decompression bombs). */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1_000_000).default(100_000_000),
  /** Images processed at once; each holds tens of MB while it is worked on. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Background jobs (re-renders, moves, mails) a process runs at once; image work is bounded by IMAGE_CONCURRENCY too. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A whole request, body included, must arrive within this; uploads of many photos are one request. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  /** Object storage: set S3_BUCKET to keep uploads in an S3-compatible bucket instead of DATA_DIR. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lowercase letters, digits, dots, hyphens')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a region such as us-east-1').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Where the media tools from Debian's packages (heif-convert, LibRaw's tools, ffmpeg) are looked
   * for at start, in PATH's form; PATH when unset.
   */
  TOOLS_PATH: z.string().optional(),
  /** Cookieless first-party statistics (docs/privacy.md): on by default. */
  STATISTICS: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'].includes(value), 'on or off')
    .transform((value) => ['on', 'true', '1', 'yes'].includes(value))
    .default(true),
  /**
   * Webhooks may call addresses on loopback and private networks: off by default, so a webhook
   * cannot make the server reach the machines behind it. For a receiver on the same network.
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'].includes(value), 'true or false')
    .transform((value) => ['on', 'true', '1', 'yes'].includes(value))
    .default(false),
  /** How long one webhook delivery may take, from connecting to the end of the answer. */
  WEBHOOKS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
});

/** Which S3 variables go together; returned as lines naming each bad one, like the schema's. */
function s3Problems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'];
  if (!env.S3_BUCKET) {
    for (const name of others) if (env[name]) problems.push(`  ${name}: needs S3_BUCKET (object storage is off without it)`);
    return problems;
  }
  // AWS itself needs a region; a custom endpoint (MinIO, s3rver, …) is happy with the SDK's default.
  if (!env.S3_REGION && !env.S3_ENDPOINT) problems.push('  S3_REGION: required when S3_BUCKET is set without S3_ENDPOINT');
  // Unset both to use the SDK's own credentials (instance role, AWS_* variables); one alone is a mistake.
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) problems.push('  S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) problems.push('  S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY');
  return problems;
}

/** An S3-compatible bucket holding uploads/ and originals/; undefined keeps files under DATA_DIR. */
export type S3Config = Readonly<{
  bucket: string;
  region: string;
  /** Unset for AWS itself; a custom endpoint is addressed path-style (endpoint/bucket/key). */
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Public base of the bucket (a CDN or the bucket's website): /uploads redirects there when set. */
  publicUrl: string | undefined;
}>;

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_CHANGE_NOTICES, on unless `off` (PostgreSQL only). */
  databaseChangeNotices: boolean;
  sqlitePath: string;
  uploadsDir: string;
  /** Uploaded files as they came, kept for reprocessing; never served. */
  originalsDir: string;
  /** The copies of non-public galleries' photos, served only to the owner and a link's holder. */
  restrictedDir: string;
  publicUrl: string;
  /** True when the site is served over https: cookies get Secure and the __Host- prefix. */
  secure: boolean;
  owner: { username: string; password: string | undefined; email: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Fastify's trustProxy: off, a hop count, or the proxies' addresses; never every hop. */
  trustProxy: false | number | string[];
  logLevel: string;
  upload: { maxFileBytes: number; maxFiles: number; maxPixels: number; maxVideoBytes: number; maxVideoSeconds: number; tmpDir: string };
  /** A release's audio tracks: the largest file and the longest track taken. */
  audio: { maxFileBytes: number; maxSeconds: number };
  imageConcurrency: number;
  /** The folders searched for the media tools (images/system-tools.ts), PATH's form. */
  toolsPath: string;
  /** Jobs the process's worker runs at once. */
  jobConcurrency: number;
  /** Slow or stalled clients are dropped once a request has taken this long to arrive. */
  requestTimeoutMs: number;
  s3: S3Config | undefined;
  /** Cookieless statistics of visits (STATISTICS=off turns them off). */
  statistics: boolean;
  /** Outgoing webhooks: whether private addresses may be called, and each delivery's time limit. */
  webhooks: { allowPrivateTargets: boolean; timeoutMs: number };
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment -> typed config. Lists every bad variable at once so one restart fixes them all. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  const lines = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)),
    ...s3Problems(present),
  ];
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseChangeNotices: e.DATABASE_CHANGE_NOTICES === 'on',
    sqlitePath: path.join(dataDir, 'atelier.sqlite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    originalsDir: path.join(dataDir, 'originals'),
    restrictedDir: path.join(dataDir, 'restricted'),
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
      maxVideoBytes: e.VIDEO_MAX_BYTES,
      maxVideoSeconds: e.VIDEO_MAX_SECONDS,
      // Beside the uploads, on the same disk: incoming files never fill the system's /tmp.
      tmpDir: path.join(dataDir, 'tmp'),
    },
    audio: { maxFileBytes: e.AUDIO_MAX_FILE_BYTES, maxSeconds: e.AUDIO_MAX_SECONDS },
    imageConcurrency: e.IMAGE_CONCURRENCY,
    // The process's own PATH when the environment given has none (tests pass a few variables).
    toolsPath: e.TOOLS_PATH ?? env.PATH ?? process.env.PATH ?? '',
    jobConcurrency: e.JOB_CONCURRENCY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    statistics: e.STATISTICS,
    webhooks: { allowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS, timeoutMs: Math.round(e.WEBHOOKS_TIMEOUT_SECONDS * 1000) },
  });
}
