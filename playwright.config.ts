import { defineConfig } from '@playwright/test';
import {
  DEMO_ORIGIN,
  E2E_DB_FILE,
  E2E_PORT,
  E2E_TOKEN_PARAM_SECRET,
  E2E_PROMOTION_LOGIN_URL,
  PARTNER_DB_FILE,
  PARTNER_ORIGIN,
  PARTNER_PORT,
  E2E_SSO_SECRET,
  E2E_PARTNER_SSO_URL,
  E2E_PREVIEW_SECRET,
  E2E_CERTIFICATE_SECRET,
  E2E_FAKE_PLATFORM_ORIGIN,
  E2E_FAKE_PLATFORM_PORT,
  E2E_THIRD_PARTY_SECRET,
  E2E_FAKE_BANK_ORIGIN,
  E2E_FAKE_BANK_PORT,
  E2E_STORAGE_DRIVER,
  E2E_S3_BUCKET,
  E2E_S3_ORIGIN,
  E2E_S3_PORT,
} from './tests/e2e/support/env';

/** The demo server's file store: its own directory beside the database, or the run's bucket (E2E_STORAGE_DRIVER=s3). */
const storageEnv: Record<string, string> =
  E2E_STORAGE_DRIVER === 's3'
    ? {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: E2E_S3_ORIGIN,
        S3_REGION: 'us-east-1',
        S3_BUCKET: E2E_S3_BUCKET,
        // s3rver's fixed key pair (tests/setup/s3.ts).
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }
    : {};

/** The S3-protocol server of a run on a bucket; its files live in a temporary directory removed when it stops. */
const s3Server =
  E2E_STORAGE_DRIVER === 's3'
    ? [
        {
          command: 'npx tsx tests/e2e/support/s3-server.ts',
          port: E2E_S3_PORT,
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: 'pipe' as const,
          stderr: 'pipe' as const,
          env: { E2E_S3_PORT: String(E2E_S3_PORT) },
        },
      ]
    : [];

/**
 * End-to-end tests against the production build (`npm run serve` = scripts/start.mjs --no-build).
 * Build first: `npm run test:e2e` does (scripts/test.mjs). Browsers cannot be downloaded here, so
 * Debian's chromium is used.
 */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  // No retries anywhere: a flaky test is fixed, not retried.
  retries: 0,
  forbidOnly: !!process.env['CI'],
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: DEMO_ORIGIN,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // A test tagged @desktop-only or @mobile-only checks something only one of the two has (the
  // full tips of the desktop page, a phone-width layout); the other project leaves it out.
  projects: [
    { name: 'desktop', grepInvert: /@mobile-only/, use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      grepInvert: /@desktop-only/,
      use: { ...chromium, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    ...s3Server,
    {
      // The fake third-party course platform (tests/setup/fake-platform.ts): checks signatures and
      // serves the classroom page a third-party course opens.
      command: 'npx tsx tests/e2e/support/fake-platform-server.ts',
      url: `${E2E_FAKE_PLATFORM_ORIGIN}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_FAKE_PLATFORM_PORT: String(E2E_FAKE_PLATFORM_PORT) },
    },
    {
      // The fake external question bank (tests/setup/fake-bank.ts): the paper and the marking of
      // the works with sourceType 'xskt'.
      command: 'npx tsx tests/e2e/support/fake-bank-server.ts',
      url: `${E2E_FAKE_BANK_ORIGIN}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_FAKE_BANK_PORT: String(E2E_FAKE_BANK_PORT) },
    },
    {
      // A fresh database each run, seeded by the server on its first request.
      command: `node tests/e2e/support/fresh-db.mjs ${E2E_DB_FILE} && npm run serve`,
      url: `${DEMO_ORIGIN}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        // Browser tests read SMS codes and captcha answers through the development helpers.
        NODE_ENV: 'development',
        DATABASE_URL: `file:./${E2E_DB_FILE}`,
        // Uploads of this run beside its database, removed with it at the next run's start.
        UPLOAD_DIR: `./${E2E_DB_FILE}.uploads`,
        LOG_LEVEL: 'warn',
        TOKEN_PARAM_SECRET: E2E_TOKEN_PARAM_SECRET,
        PROMOTION_LOGIN_URL: E2E_PROMOTION_LOGIN_URL,
        // Every browser test sends its codes from 127.0.0.1: the per-IP limit is for real clients.
        SMS_IP_HOURLY_LIMIT: '1000',
        SSO_SHARED_SECRET: E2E_SSO_SECRET,
        PREVIEW_SECRET: E2E_PREVIEW_SECRET,
        CERTIFICATE_SECRET: E2E_CERTIFICATE_SECRET,
        // Third-party courses are entered through the fake platform below.
        THIRD_PARTY_PLATFORM_URL: `${E2E_FAKE_PLATFORM_ORIGIN}/`,
        THIRD_PARTY_PLATFORM_SECRET: E2E_THIRD_PARTY_SECRET,
        // Works from the external question bank go to the fake bank above.
        XSKT_BANK_URL: `${E2E_FAKE_BANK_ORIGIN}/`,
        ...storageEnv,
      },
    },
    {
      // The partner edition: its own header, footer and login route.
      command: `node tests/e2e/support/fresh-db.mjs ${PARTNER_DB_FILE} && npm run serve`,
      url: `${PARTNER_ORIGIN}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PARTNER_PORT),
        NODE_ENV: 'development',
        DATABASE_URL: `file:./${PARTNER_DB_FILE}`,
        UPLOAD_DIR: `./${PARTNER_DB_FILE}.uploads`,
        LOG_LEVEL: 'warn',
        PARTNER_EDITION: 'true',
        SMS_IP_HOURLY_LIMIT: '1000',
        PARTNER_SSO_URL: E2E_PARTNER_SSO_URL,
      },
    },
  ],
});
