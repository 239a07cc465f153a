/**
 * Which of the run's parallel workers this process serves. Playwright sets TEST_PARALLEL_INDEX
 * (0 … workers − 1) in each of its workers, and each worker has servers and databases of its own
 * (playwright.config.ts starts them), their ports SLOT_PORT_STRIDE apart; anything else (the
 * config, the servers it starts, which are given their ports) is slot 0.
 */
export const E2E_SLOT = Number(process.env['TEST_PARALLEL_INDEX'] ?? 0);
export const SLOT_PORT_STRIDE = 100;

/** One slot's servers: their ports (each base port, E2E_PORT … when set, moved up by the slot), origins and database files. */
export function slotServers(slot: number) {
  const at = (name: string, base: number) => Number(process.env[name] ?? base) + slot * SLOT_PORT_STRIDE;
  const demoPort = at('E2E_PORT', 4399);
  const partnerPort = at('E2E_PARTNER_PORT', 4398);
  const fakePlatformPort = at('E2E_FAKE_PLATFORM_PORT', 4397);
  const fakeBankPort = at('E2E_FAKE_BANK_PORT', 4396);
  const s3Port = at('E2E_S3_PORT', 4395);
  return {
    demoPort,
    demoOrigin: `http://localhost:${demoPort}`,
    // One database file per port, so that two runs (or slots) on different ports do not share it.
    demoDbFile: `data/e2e-${demoPort}.sqlite`,
    partnerPort,
    partnerOrigin: `http://localhost:${partnerPort}`,
    partnerDbFile: `data/e2e-partner-${partnerPort}.sqlite`,
    fakePlatformPort,
    fakePlatformOrigin: `http://127.0.0.1:${fakePlatformPort}`,
    fakeBankPort,
    fakeBankOrigin: `http://127.0.0.1:${fakeBankPort}`,
    s3Port,
    s3Origin: `http://127.0.0.1:${s3Port}`,
  };
}
const SERVERS = slotServers(E2E_SLOT);

/** Where the e2e server listens; shared by playwright.config.ts and the specs. */
export const E2E_PORT = SERVERS.demoPort;
export const DEMO_ORIGIN = SERVERS.demoOrigin;
/** Chromium resolves every *.localhost name to loopback, so tenants need no hosts file. */
export const HUAXIA_ORIGIN = `http://huaxia.localhost:${E2E_PORT}`;
/** A newly opened school with no content: its pages show the empty states. */
export const EMPTY_ORIGIN = `http://xinkai.localhost:${E2E_PORT}`;
export const UNKNOWN_ORIGIN = `http://nosuch.localhost:${E2E_PORT}`;
export const E2E_DB_FILE = SERVERS.demoDbFile;
/** The e2e server's secret for encrypted ?token= link parameters (tests make such links). */
export const E2E_TOKEN_PARAM_SECRET = 'e2e-token-parameter-secret-0123456789abcdef';
/** The e2e server's promotion-partner login address (PROMOTION_LOGIN_URL), for schools without their own. */
export const E2E_PROMOTION_LOGIN_URL = 'https://partners.e2e.example/login';
/** The partner server's exam system (EXAM_LOGIN_URL): its header's 考试登录. */
export const E2E_EXAM_LOGIN_URL = 'https://exam.e2e.example/login';
/** Where the partner server looks for ffmpeg and ffprobe: nowhere, so its jobs screen says video processing is unavailable. */
export const E2E_NO_MEDIA_TOOL = '/nonexistent/ffmpeg-not-installed';
/** A second server with the partner edition switched on. */
export const PARTNER_PORT = SERVERS.partnerPort;
export const PARTNER_ORIGIN = SERVERS.partnerOrigin;
export const PARTNER_DB_FILE = SERVERS.partnerDbFile;
/** The e2e server's single-sign-on secret (tests sign /sso-login tickets with it). */
export const E2E_SSO_SECRET = 'e2e-sso-shared-secret-0123456789abcdefgh';
/** The partner server's partner platform address (its requests are answered by the tests). */
export const E2E_PARTNER_SSO_URL = 'https://kingdee.e2e.example/sso';
/** The e2e server's news-preview secret (tests make preview tickets with it). */
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdefghijk';
/** The e2e server's certificate link secret (tests can make forged links without it). */
export const E2E_CERTIFICATE_SECRET = 'e2e-certificate-secret-0123456789abcdefgh';
/** The fake third-party course platform (tests/setup/fake-platform.ts) the e2e server calls. */
export const E2E_FAKE_PLATFORM_PORT = SERVERS.fakePlatformPort;
export const E2E_FAKE_PLATFORM_ORIGIN = SERVERS.fakePlatformOrigin;
/** The secret the e2e server signs platform requests with, and the fake checks. */
export const E2E_THIRD_PARTY_SECRET = 'e2e-third-party-platform-secret-0123456789ab';
/** The fake external question bank (tests/setup/fake-bank.ts) the e2e server calls (XSKT_BANK_URL). */
export const E2E_FAKE_BANK_PORT = SERVERS.fakeBankPort;
/**
 * Where the run's uploaded files are kept: `local` (beside the database) unless
 * E2E_STORAGE_DRIVER=s3, which starts an S3-protocol server (tests/e2e/support/s3-server.ts) on
 * E2E_S3_PORT and keeps the demo server's files in its bucket.
 */
export const E2E_STORAGE_DRIVER = process.env['E2E_STORAGE_DRIVER'] === 's3' ? 's3' : 'local';
export const E2E_S3_PORT = SERVERS.s3Port;
export const E2E_S3_BUCKET = 'e2e-portal-files';
