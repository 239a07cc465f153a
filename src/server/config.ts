import { availableParallelism } from 'node:os';
import { z } from 'zod';
// Relative, with its extension: Node loads this file itself (below).
import { checkExternalLink } from '../lib/external-links.ts';
import { HOUR, MINUTE, SECOND } from '../lib/time/cst.ts';

// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only.

/**
 * The whole environment, parsed once. Nothing else in src/server reads process.env.
 * A bad value stops the server with a message naming the variable.
 */
/** The most server processes one machine runs (PROCESSES). */
const MAX_PROCESSES = 64;
/** Listening sockets per process (LISTEN_SOCKETS): new connections let in per turn of a busy loop. */
const DEFAULT_LISTEN_SOCKETS = 64;
const MAX_LISTEN_SOCKETS = 1024;

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

/** A link the public pages show to another site: https, not a placeholder (src/lib/external-links.ts). */
const externalLink = z
  .string()
  .trim()
  .refine(
    (v) => {
      const checked = checkExternalLink(v);
      // A placeholder is refused in production only (below): development servers link to test sites.
      return checked.ok || checked.reason === 'placeholder';
    },
    { message: 'must be an https URL' },
  );

/** The links that lead off the portal; none has a default (an unset one is not shown, or the portal's own page is). */
const EXTERNAL_LINKS = ['EXAM_LOGIN_URL', 'ADMIN_LOGIN_URL', 'APP_DOWNLOAD_URL', 'PROMOTION_LOGIN_URL'] as const;

const DEV_SECRET = 'development-only-secret-change-me-0123456789';
/** Development defaults of the single-sign-on secrets; production must set its own. */
export const DEV_SSO_SECRET = 'development-only-sso-secret-change-me-0123456789';
export const DEV_PARTNER_SSO_SECRET = 'development-only-partner-sso-secret-change-me-01234';
/** Development default of the news-preview secret shared with the content system. */
export const DEV_PREVIEW_SECRET = 'development-only-preview-secret-change-me-0123456';
/** Development default of the secret that signs certificate verification links (never valid in production). */
export const DEV_CERTIFICATE_SECRET = 'development-only-certificate-secret-change-me-01234';
/** Development default of the secret shared with the third-party course platform. */
export const DEV_THIRD_PARTY_PLATFORM_SECRET = 'development-only-third-party-secret-change-me-0123';

/** An https address, or an http one on this machine's loopback. */
function isHttpsOrLoopback(url: string): boolean {
  const u = new URL(url);
  // Another scheme is refused by the field's own rule.
  return u.protocol !== 'http:' || ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

const schema = z
  .object({
    // Production unless the operator asks otherwise: development helpers (readable SMS codes and
    // captcha answers, default secrets) exist only in 'development' and 'test'.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .default('file:./data/portal.sqlite')
      .refine((v) => v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v), {
        message: 'must be file:<path> for SQLite or postgres://… for PostgreSQL',
      }),
    // Where uploaded files are kept (the local-disk file store, src/server/storage): a volume all
    // instances share when there are several.
    UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
    // Where uploaded files are kept: 'local' (the disk under UPLOAD_DIR) or 's3' (one private bucket of
    // an S3-compatible store, where unfinished resumable uploads are staged too: UPLOAD_DIR then holds nothing).
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3–63 lower-case letters, digits, dots and hyphens')
      .optional(),
    // Unset: AWS's own address for S3_REGION. Any other S3-compatible store: its address.
    S3_ENDPOINT: z
      .url()
      .refine((v) => /^https?:\/\//i.test(v), { message: 'must be an http(s) URL' })
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/, 'a region name such as us-east-1 or cn-north-1')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
    // The bucket in the path (https://host/bucket/key) instead of the host name: MinIO and many others need it.
    S3_FORCE_PATH_STYLE: bool.default(false),
    // Put in front of every object's key: several portals (or staging and production) in one bucket.
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)*\/?$/, 'letters, digits, . _ - in parts separated by /')
      .transform((v) => (v.endsWith('/') ? v : `${v}/`))
      .optional(),
    // The media library's limits (decision 050). A school's quota counts its stored files, the
    // renditions made of them and the bytes its unfinished uploads declared.
    MEDIA_SCHOOL_QUOTA_MB: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024),
    // Unfinished resumable uploads one person may have at once, and the bytes they may declare together
    // (room for three videos of the 2 GiB limit).
    MEDIA_OPEN_UPLOADS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
    MEDIA_OPEN_UPLOAD_MB_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(1)
      .default(6 * 1024),
    // An upload is refused when the upload directory's free space, less what unfinished uploads may
    // still write, would fall below this (the database, logs and the system share the disk).
    UPLOAD_DISK_RESERVE_MB: z.coerce
      .number()
      .int()
      .min(0)
      .default(2 * 1024),
    PUBLIC_API_BASE: z
      .string()
      .default('')
      .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), {
        message: 'must be empty (same origin), a path or an http(s) URL',
      }),
    TENANT_BASE_DOMAINS: csv.default(['localhost']),
    DEFAULT_PREDOMAIN: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and hyphens only')
      .default('demo'),
    PARTNER_EDITION: bool.default(false),
    PARTNER_SLUG: z
      .string()
      .regex(/^[a-z0-9]+$/, 'lower-case letters and digits only')
      .default('kingdee'),
    PARTNER_NAME: z.string().min(1).default('金蝶认证中心'),
    // Links off the portal (src/server/school/links.ts), each unset unless the operator runs such a site:
    // the exam system 考试登录 and the home's 考试 tile open instead of the learner area; the
    // partner edition's 机构登录 instead of the staff sign-in (/admin/login); the app download page
    // and the promotion-partner login of a school that has not set its own (with ?schoolId= added).
    EXAM_LOGIN_URL: externalLink.optional(),
    ADMIN_LOGIN_URL: externalLink.optional(),
    APP_DOWNLOAD_URL: externalLink.optional(),
    PROMOTION_LOGIN_URL: externalLink.optional(),
    // The media library's programs (src/server/media-tools.ts): a name found on the PATH, or a full path.
    FFMPEG_PATH: z.string().trim().min(1).max(1024).default('ffmpeg'),
    FFPROBE_PATH: z.string().trim().min(1).max(1024).default('ffprobe'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_PARAM_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(168),
    RENDER_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100000).default(2000),
    // Server processes on this machine sharing the port (scripts/start.mjs, docs/operations.md
    // "Processes per machine"): a number, or `auto` for one per CPU the process may use.
    PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(MAX_PROCESSES)]).default(1),
    PAGE_MAX_AGE: z.coerce.number().int().min(0).max(86400).default(60),
    // The CDN purge hook (src/server/events/cdn-purge.ts, docs/operations.md "CDN"): a change of
    // public pages POSTs their tags here with "Authorization: Bearer <CDN_PURGE_TOKEN>".
    CDN_PURGE_URL: z
      .url()
      .refine((v) => /^https?:\/\//i.test(v), { message: 'must be an http(s) URL' })
      .optional(),
    CDN_PURGE_TOKEN: z.string().min(16, 'must be at least 16 characters').max(1024).optional(),
    // Behind a proxy that sets X-Forwarded-Host/-For/-Proto (and overwrites what clients send).
    TRUST_PROXY: bool.default(false),
    // How many proxies stand in front of the server (a CDN and nginx: 2). The client's address is
    // the X-Forwarded-For entry this many places from the right (each proxy appends one).
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    // Or one header a trusted CDN sets to the client's address (e.g. cf-connecting-ip, x-real-ip).
    CLIENT_IP_HEADER: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/i, 'a header name')
      .transform((v) => v.toLowerCase())
      .optional(),
    // The site is served over https: pages and answers carry Strict-Transport-Security.
    SITE_ON_HTTPS: bool.default(false),
    HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63072000).default(31536000),
    // Request bodies above this are refused with 413 before they are read (JSON calls are a few KB).
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(1024 * 1024),
    // PostgreSQL pool (src/server/db/database.ts): connections per instance, how long to wait for a
    // connection, and the longest a statement may run before the server gives up on it.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    // At start the server waits this long for the database (retrying, logged) before it gives up.
    DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
    // Stopping (SIGTERM): /readyz answers 503 at once, the server goes on serving for this long so
    // the balancer notices, then stops accepting and finishes what is in flight (at most the
    // timeout). Slow clients: the whole header block, and the whole request, within these.
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(5),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
    // Connections the kernel holds for the server until it accepts them (Linux caps it at
    // net.core.somaxconn, 4096 by default). Node's own default, 511, overflowed when a class of 500
    // opened the site at once while the server was busy: each dropped connection is retried by the
    // client after 1, 2, 4… s (bench/README.md, issue 31, seventh part).
    LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
    // Listening sockets per process on the one port (Linux; elsewhere 1): Node lets in one new
    // connection per socket per turn of its loop, and a busy turn is long (src/server/http/listen.ts).
    LISTEN_SOCKETS: z.coerce.number().int().min(1).max(MAX_LISTEN_SOCKETS).default(DEFAULT_LISTEN_SOCKETS),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(SECOND).max(HOUR).default(MINUTE),
    // Prometheus metrics: on their own port (bound to METRICS_HOST, loopback unless said), and/or at
    // /metrics on the site's port for a scraper that sends "Authorization: Bearer <METRICS_TOKEN>".
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    // The share of render-cache hits written to the access log (0..1; every other answer is logged).
    ACCESS_LOG_CACHE_HIT_SAMPLE: z.coerce.number().min(0).max(1).default(1),
    // Statements slower than this are logged with their SQL (not their values).
    SLOW_QUERY_MS: z.coerce.number().int().min(1).max(600_000).default(500),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // SMS codes and platform calls (src/server/sms, src/server/platform)
    SMS_SIGN_ACCESS_KEY: z.string().min(8).max(128).default('szyx-portal-sms-sign-access-key'),
    // 'dev' writes codes to the log and sends nothing: development mode only (refused in production).
    SMS_PROVIDER: z.enum(['dev', 'http']).default('dev'),
    SMS_HTTP_URL: z.url().optional(),
    SMS_HTTP_TOKEN: z.string().max(1024).optional(),
    SMS_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).max(1000000).default(20),
    MAP_WEB_SERVICE_KEY: z.string().max(256).optional(),
    MAP_WEB_SERVICE_URL: z.url().default('https://restapi.amap.com'),
    // Login and single sign-on (src/server/login)
    SSO_SHARED_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PARTNER_SSO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PARTNER_SSO_URL: z.url().optional(),
    // News preview for content staff (src/server/content/preview.rules.ts)
    PREVIEW_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Signs the certificates' public verification links (src/server/certificates/verify.rules.ts).
    // Changing it makes every printed QR code answer "link not valid".
    CERTIFICATE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Third-party course platform (src/server/learning/third-party): where the server syncs users,
    // gets single-sign-on codes and classroom URLs; requests are signed with the secret.
    THIRD_PARTY_PLATFORM_URL: z
      .url()
      .refine((v) => /^https?:\/\//i.test(v), { message: 'must be an http(s) URL' })
      .optional(),
    THIRD_PARTY_PLATFORM_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // The online classroom's document viewer (src/server/learning/online-classroom): an https URL
    // or a site path with {url} where the document's address goes; unset, PDFs render in the page.
    DOCUMENT_VIEWER_URL: z
      .string()
      .max(2000)
      .refine((v) => (/^https:\/\/[^/\s]+/i.test(v) || /^\/(?!\/)/.test(v)) && !/\s/.test(v) && v.includes('{url}'), {
        message: 'must be an https URL or a site path containing {url}',
      })
      .optional(),
    // The external question bank (src/server/exams/bank): papers of works with sourceType 'xskt'
    // and their marking. Without it those works answer 题库服务未开通.
    XSKT_BANK_URL: z
      .url()
      .refine((v) => /^https?:\/\//i.test(v), { message: 'must be an http(s) URL' })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const key of ['SESSION_SECRET', 'TOKEN_PARAM_SECRET', 'CERTIFICATE_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
      // A published development default is no secret: refuse it outside development mode, also
      // with spaces around it (a quoted .env line keeps them).
      for (const [key, value] of [
        ['SESSION_SECRET', DEV_SECRET],
        ['TOKEN_PARAM_SECRET', DEV_SECRET],
        ['SSO_SHARED_SECRET', DEV_SSO_SECRET],
        ['PARTNER_SSO_SECRET', DEV_PARTNER_SSO_SECRET],
        ['PREVIEW_SECRET', DEV_PREVIEW_SECRET],
        ['CERTIFICATE_SECRET', DEV_CERTIFICATE_SECRET],
        ['THIRD_PARTY_PLATFORM_SECRET', DEV_THIRD_PARTY_PLATFORM_SECRET],
      ] as const) {
        if (env[key]?.trim() === value) ctx.addIssue({ code: 'custom', path: [key], message: 'is the public development default; set your own in production' });
      }
      // One leaked value would open both the sessions and the signed link parameters.
      if (env.SESSION_SECRET && env.SESSION_SECRET.trim() === env.TOKEN_PARAM_SECRET?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['TOKEN_PARAM_SECRET'], message: 'must differ from SESSION_SECRET' });
      }
      // The certificates' verification links are printed and public: their key must open nothing else.
      for (const other of ['SESSION_SECRET', 'TOKEN_PARAM_SECRET'] as const) {
        if (env.CERTIFICATE_SECRET && env.CERTIFICATE_SECRET.trim() === env[other]?.trim()) {
          ctx.addIssue({ code: 'custom', path: ['CERTIFICATE_SECRET'], message: `must differ from ${other}` });
        }
      }
      // A placeholder address on a real site is a dead link shown to every visitor.
      for (const key of EXTERNAL_LINKS) {
        const checked = env[key] === undefined ? null : checkExternalLink(env[key]);
        if (checked && !checked.ok && checked.reason === 'placeholder') {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is a placeholder address (example.com, .example, .test, .invalid, localhost): set the real address or leave it unset',
          });
        }
      }
      // The development provider sends nothing and writes every code to the log.
      if (env.SMS_PROVIDER === 'dev') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: 'dev sends no message and logs the codes; set SMS_PROVIDER=http with SMS_HTTP_URL in production',
        });
      }
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' });
      }
    }
    if (env.CDN_PURGE_URL && !env.CDN_PURGE_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['CDN_PURGE_TOKEN'], message: 'is required when CDN_PURGE_URL is set' });
    }
    if (env.CDN_PURGE_TOKEN && !env.CDN_PURGE_URL) {
      ctx.addIssue({ code: 'custom', path: ['CDN_PURGE_URL'], message: 'is required when CDN_PURGE_TOKEN is set' });
    }
    // The token travels with every purge: in production only over https, or to a relay on this machine.
    if (env.NODE_ENV === 'production' && env.CDN_PURGE_URL && !isHttpsOrLoopback(env.CDN_PURGE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['CDN_PURGE_URL'], message: 'must be https (or http to a relay on 127.0.0.1 or localhost) in production' });
    }
    if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'is required when SMS_PROVIDER=http' });
    }
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? DEV_SECRET,
    TOKEN_PARAM_SECRET: env.TOKEN_PARAM_SECRET ?? DEV_SECRET,
    // Production refuses to start without it (above), so the default is only ever development's.
    CERTIFICATE_SECRET: env.CERTIFICATE_SECRET ?? DEV_CERTIFICATE_SECRET,
    // Single sign-on is off in production until its secret is set (no development default there).
    SSO_SHARED_SECRET: env.SSO_SHARED_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_SSO_SECRET),
    PARTNER_SSO_SECRET: env.PARTNER_SSO_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_PARTNER_SSO_SECRET),
    // News preview is off in production until the content system's secret is set.
    PREVIEW_SECRET: env.PREVIEW_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_PREVIEW_SECRET),
    // The third-party platform is off in production until its secret is set (and off anywhere without its URL).
    THIRD_PARTY_PLATFORM_SECRET: env.THIRD_PARTY_PLATFORM_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_THIRD_PARTY_PLATFORM_SECRET),
    /** Development helpers (SMS codes and captcha answers readable through the API) are on. */
    developmentMode: env.NODE_ENV !== 'production',
    /** The object store's settings when STORAGE_DRIVER=s3 (each one required above), else null. */
    s3:
      env.STORAGE_DRIVER === 's3' && env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            prefix: env.S3_PREFIX ?? '',
          }
        : null,
    databaseKind: (env.DATABASE_URL.startsWith('file:') ? 'sqlite' : 'postgres') as 'sqlite' | 'postgres',
    /** How many server processes PROCESSES asks for, `auto` counted. */
    processes: env.PROCESSES === 'auto' ? Math.min(availableParallelism(), MAX_PROCESSES) : env.PROCESSES,
  }));

export type Config = Readonly<z.infer<typeof schema>>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function parseConfig(source: Record<string, string | undefined>): Config {
  // Treat empty strings as unset, as shells and .env files often export them.
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`));
  }
  return Object.freeze(result.data);
}
