/** Where the e2e server listens; shared by playwright.config.ts and the specs. */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 4399);
export const DEMO_ORIGIN = `http://localhost:${E2E_PORT}`;
/** Chromium resolves every *.localhost name to loopback, so tenants need no hosts file. */
export const HUAXIA_ORIGIN = `http://huaxia.localhost:${E2E_PORT}`;
/** A newly opened school with no content: its pages show the empty states. */
export const EMPTY_ORIGIN = `http://xinkai.localhost:${E2E_PORT}`;
export const UNKNOWN_ORIGIN = `http://nosuch.localhost:${E2E_PORT}`;
/** One database file per port, so that two runs on different ports do not share it. */
export const E2E_DB_FILE = `data/e2e-${E2E_PORT}.sqlite`;
/** The e2e server's secret for encrypted ?token= link parameters (tests make such links). */
export const E2E_TOKEN_PARAM_SECRET = 'e2e-token-parameter-secret-0123456789abcdef';
/** The e2e server's promotion-partner login address (PROMOTION_LOGIN_URL). */
export const E2E_PROMOTION_LOGIN_URL = 'https://partners.e2e.example/login';
/** A second server with the partner edition switched on. */
export const PARTNER_PORT = Number(process.env['E2E_PARTNER_PORT'] ?? 4398);
export const PARTNER_ORIGIN = `http://localhost:${PARTNER_PORT}`;
export const PARTNER_DB_FILE = `data/e2e-partner-${PARTNER_PORT}.sqlite`;
/** The e2e server's single-sign-on secret (tests sign /sso-login tickets with it). */
export const E2E_SSO_SECRET = 'e2e-sso-shared-secret-0123456789abcdefgh';
/** The partner server's partner platform address (its requests are answered by the tests). */
export const E2E_PARTNER_SSO_URL = 'https://kingdee.e2e.example/sso';
/** The e2e server's news-preview secret (tests make preview tickets with it). */
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdefghijk';
/** The e2e server's certificate link secret (tests can make forged links without it). */
export const E2E_CERTIFICATE_SECRET = 'e2e-certificate-secret-0123456789abcdefgh';
/** The fake third-party course platform (tests/setup/fake-platform.ts) the e2e server calls. */
export const E2E_FAKE_PLATFORM_PORT = Number(process.env['E2E_FAKE_PLATFORM_PORT'] ?? 4397);
export const E2E_FAKE_PLATFORM_ORIGIN = `http://127.0.0.1:${E2E_FAKE_PLATFORM_PORT}`;
/** The secret the e2e server signs platform requests with, and the fake checks. */
export const E2E_THIRD_PARTY_SECRET = 'e2e-third-party-platform-secret-0123456789ab';
/** The fake external question bank (tests/setup/fake-bank.ts) the e2e server calls (XSKT_BANK_URL). */
export const E2E_FAKE_BANK_PORT = Number(process.env['E2E_FAKE_BANK_PORT'] ?? 4396);
export const E2E_FAKE_BANK_ORIGIN = `http://127.0.0.1:${E2E_FAKE_BANK_PORT}`;
/**
 * Where the run's uploaded files are kept: `local` (beside the database) unless
 * E2E_STORAGE_DRIVER=s3, which starts an S3-protocol server (tests/e2e/support/s3-server.ts) on
 * E2E_S3_PORT and keeps the demo server's files in its bucket.
 */
export const E2E_STORAGE_DRIVER = process.env['E2E_STORAGE_DRIVER'] === 's3' ? 's3' : 'local';
export const E2E_S3_PORT = Number(process.env['E2E_S3_PORT'] ?? 4395);
export const E2E_S3_ORIGIN = `http://127.0.0.1:${E2E_S3_PORT}`;
export const E2E_S3_BUCKET = 'e2e-portal-files';
