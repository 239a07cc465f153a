import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import {
  DEMO_ORIGIN,
  E2E_TOKEN_PARAM_SECRET,
  E2E_PROMOTION_LOGIN_URL,
  E2E_EXAM_LOGIN_URL,
  E2E_NO_MEDIA_TOOL,
  E2E_SSO_SECRET,
  E2E_PARTNER_SSO_URL,
  E2E_PREVIEW_SECRET,
  E2E_CERTIFICATE_SECRET,
  E2E_THIRD_PARTY_SECRET,
  E2E_STORAGE_DRIVER,
  E2E_S3_BUCKET,
  slotServers,
} from './tests/e2e/support/env';

/**
 * Workers run test files side by side, each against servers and databases of its own (slot i's
 * ports are in tests/e2e/support/env.ts). E2E_WORKERS sets how many; the default is what made the
 * run fastest on two cores (docs/decisions/060).
 */
const WORKERS = Number(process.env['E2E_WORKERS'] ?? 2);

/** A test's whole time, one expectation's, one action's and one page load's (decision 086). */
const TEST_TIMEOUT_MS = 60_000;
const EXPECT_TIMEOUT_MS = 10_000;
const ACTION_TIMEOUT_MS = 20_000;
const NAVIGATION_TIMEOUT_MS = 30_000;

type Servers = ReturnType<typeof slotServers>;

/** The demo server's file store: its own directory beside the database, or its slot's bucket (E2E_STORAGE_DRIVER=s3). */
const storageEnv = (at: Servers): Record<string, string> =>
  E2E_STORAGE_DRIVER === 's3'
    ? {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: at.s3Origin,
        S3_REGION: 'us-east-1',
        S3_BUCKET: E2E_S3_BUCKET,
        // s3rver's fixed key pair (tests/setup/s3.ts).
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }
    : {};

/**
 * A server's command: a fresh database at `file`, then the server. `npm test` seeds the demo schools once and names
 * the file in E2E_SEED_FILE (scripts/test.mjs), which each server copies; without it each server seeds its own.
 */
const freshDemoDb = (file: string): string =>
  process.env['E2E_SEED_FILE']
    ? `node tests/e2e/support/fresh-db.mjs ${file} ${process.env['E2E_SEED_FILE']} && npm run serve`
    : `node tests/e2e/support/fresh-db.mjs ${file} && npm run db:seed -- --development && npm run serve`;

/** The servers one worker's tests talk to. */
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

function slotWebServers(at: Servers): WebServer[] {
  const piped = { reuseExistingServer: false, stdout: 'pipe' as const, stderr: 'pipe' as const };
  return [
    // The S3-protocol server of a run on a bucket; its files live in a temporary directory removed when it stops.
    ...(E2E_STORAGE_DRIVER === 's3'
      ? [{ ...piped, command: 'npx tsx tests/e2e/support/s3-server.ts', port: at.s3Port, timeout: 60_000, env: { E2E_S3_PORT: String(at.s3Port) } }]
      : []),
    {
      // The fake third-party course platform (tests/setup/fake-platform.ts): checks signatures and
      // serves the classroom page a third-party course opens.
      ...piped,
      command: 'npx tsx tests/e2e/support/fake-platform-server.ts',
      url: `${at.fakePlatformOrigin}/health`,
      timeout: 30_000,
      env: { E2E_FAKE_PLATFORM_PORT: String(at.fakePlatformPort) },
    },
    {
      // The fake external question bank (tests/setup/fake-bank.ts): the paper and the marking of
      // the works with sourceType 'xskt'.
      ...piped,
      command: 'npx tsx tests/e2e/support/fake-bank-server.ts',
      url: `${at.fakeBankOrigin}/health`,
      timeout: 30_000,
      env: { E2E_FAKE_BANK_PORT: String(at.fakeBankPort) },
    },
    {
      // A fresh database each run with the demo schools, before the server starts (as `npm start` does).
      ...piped,
      command: freshDemoDb(at.demoDbFile),
      url: `${at.demoOrigin}/readyz`,
      timeout: 60_000,
      env: {
        PORT: String(at.demoPort),
        // Browser tests read SMS codes and captcha answers through the development helpers.
        NODE_ENV: 'development',
        DATABASE_URL: `file:./${at.demoDbFile}`,
        // The seed's "today" this many days back (0: today): the check that only TODAY_SPECS read it.
        SEED_DAYS_AGO: SEED_DAYS_AGO,
        // Uploads of this run beside its database, removed with it at the next run's start.
        UPLOAD_DIR: `./${at.demoDbFile}.uploads`,
        LOG_LEVEL: 'warn',
        TOKEN_PARAM_SECRET: E2E_TOKEN_PARAM_SECRET,
        PROMOTION_LOGIN_URL: E2E_PROMOTION_LOGIN_URL,
        // Every browser test sends its codes from 127.0.0.1: the per-IP limit is for real clients.
        SMS_IP_HOURLY_LIMIT: '1000',
        SSO_SHARED_SECRET: E2E_SSO_SECRET,
        PREVIEW_SECRET: E2E_PREVIEW_SECRET,
        CERTIFICATE_SECRET: E2E_CERTIFICATE_SECRET,
        // Third-party courses are entered through the fake platform above.
        THIRD_PARTY_PLATFORM_URL: `${at.fakePlatformOrigin}/`,
        THIRD_PARTY_PLATFORM_SECRET: E2E_THIRD_PARTY_SECRET,
        // Works from the external question bank go to the fake bank above.
        XSKT_BANK_URL: `${at.fakeBankOrigin}/`,
        ...storageEnv(at),
      },
    },
    {
      // The partner edition: its own header, footer and login route.
      ...piped,
      command: freshDemoDb(at.partnerDbFile),
      url: `${at.partnerOrigin}/readyz`,
      timeout: 60_000,
      env: {
        PORT: String(at.partnerPort),
        NODE_ENV: 'development',
        DATABASE_URL: `file:./${at.partnerDbFile}`,
        SEED_DAYS_AGO: SEED_DAYS_AGO,
        UPLOAD_DIR: `./${at.partnerDbFile}.uploads`,
        LOG_LEVEL: 'warn',
        PARTNER_EDITION: 'true',
        SMS_IP_HOURLY_LIMIT: '1000',
        PARTNER_SSO_URL: E2E_PARTNER_SSO_URL,
        // The partner's exam system; 机构登录 stays the school's own staff sign-in.
        EXAM_LOGIN_URL: E2E_EXAM_LOGIN_URL,
        // A server without ffmpeg: its jobs screen says video processing is unavailable (admin-jobs.spec.ts).
        FFMPEG_PATH: E2E_NO_MEDIA_TOOL,
        FFPROBE_PATH: E2E_NO_MEDIA_TOOL,
      },
    },
  ];
}

/** The specs that start portals of their own (their own databases, processes and ports). */
const OWN_PORTALS = /(operations-[^/]*|production-links)\.spec\.ts$/;

/**
 * The specs that read the demo seed's "today": the activities it lays out under way, attended, missed and to come
 * around the moment the servers seeded (decision 083). Their projects come first, so their files are the first the
 * workers take, and the run needs the seed's day to last only until they are done (scripts/test.mjs waits for a day
 * with E2E_DAY_MARGIN_MINUTES left: decision 090). Every other spec passes with the seed laid out a day back
 * (`E2E_SEED_DAYS_AGO=1 npx playwright test --project desktop --project mobile`): a new spec that reads the seed's
 * day joins this list.
 */
const TODAY_SPECS = /(admin-activities|exams-activity|learner-class|learner-journey|learner-mine|learner-offline|learner-online|learner-timetable)\.spec\.ts$/;

/** E2E_SEED_DAYS_AGO=n: the servers' seed lays its "today" out n days back, as a run that crossed midnight sees it. */
const SEED_DAYS_AGO = process.env['E2E_SEED_DAYS_AGO'] ?? '0';

/**
 * End-to-end tests against the production build (`npm run serve` = scripts/start.mjs --no-build).
 * Build first: `npm run test:e2e` does (scripts/test.mjs). Browsers cannot be downloaded here, so
 * Debian's Chromium headless shell is used (scripts/system-packages.mjs); E2E_CHROMIUM names another
 * Chromium, e.g. /usr/bin/chromium (Debian's chromium) to watch a run with --headed.
 */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env['E2E_CHROMIUM'] ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  },
};

const DESKTOP_USE = { ...chromium, viewport: { width: 1280, height: 800 } };

// A test tagged @desktop-only or @mobile-only checks something only one of the two has (the full tips of the desktop
// page, a phone-width layout); the other width leaves it out.
const DESKTOP = { grepInvert: /@mobile-only/, use: DESKTOP_USE };
const MOBILE = { grepInvert: /@desktop-only/, use: { ...chromium, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } };

export default defineConfig({
  testDir: 'tests/e2e',
  workers: WORKERS,
  fullyParallel: false,
  // No retries anywhere: a flaky test is fixed, not retried.
  retries: 0,
  forbidOnly: !!process.env['CI'],
  reporter: 'list',
  // Time-outs catch a test that hangs, not a slow machine: on a virtual machine where every page fault is a call
  // to the host, the same tests run 2.5 times as long as on the machine these were first sized on (decision 086).
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  use: {
    baseURL: DEMO_ORIGIN,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    actionTimeout: ACTION_TIMEOUT_MS,
    navigationTimeout: NAVIGATION_TIMEOUT_MS,
    // A trace records every action of every test (a fifth of the browser part's time) and only a failure's is kept:
    // on a local run it is kept; in CI, where nobody opens it, a failure keeps its screenshot and error context
    // (E2E_TRACE=1 records traces there too).
    trace: process.env['CI'] && process.env['E2E_TRACE'] !== '1' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // `--project 'desktop*'` or `--project 'mobile*'` runs one width, its day-sensitive specs included.
  projects: [
    { name: 'desktop-today', testMatch: TODAY_SPECS, ...DESKTOP },
    { name: 'mobile-today', testMatch: TODAY_SPECS, ...MOBILE },
    { name: 'desktop', testIgnore: [OWN_PORTALS, TODAY_SPECS], ...DESKTOP },
    {
      name: 'mobile',
      // What a phone's width cannot change runs once, on the desktop: response headers, which school
      // a host, ?schoolId or the chosen school names, preview and sign-on tickets, broken addresses (each of
      // these pages' layout at 375 px is covered where the page itself is tested).
      testIgnore: [TODAY_SPECS, 'headers.spec.ts', 'tenants.spec.ts', 'school-choice.spec.ts', 'preview.spec.ts', 'sso.spec.ts', 'bad-url.spec.ts'],
      ...MOBILE,
    },
    {
      // Specs that start whole portals of their own (three instances on one PostgreSQL, rolling
      // restarts behind nginx, a production install) run last and one at a time: beside another
      // worker's browser they starve for the two cores (upload creations timed out with 系统繁忙).
      name: 'own-portals',
      testMatch: OWN_PORTALS,
      dependencies: ['desktop-today', 'mobile-today', 'desktop', 'mobile'],
      workers: 1,
      use: DESKTOP_USE,
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => slotWebServers(slotServers(slot))).flat(),
});
