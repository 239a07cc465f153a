import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The benchmarks' process helpers: free ports, the portal started until ready, stopping it.
import { freePort, productionEnv, seedDemo, spawnUntilReady, stop } from '../../bench/processes.mjs';
import { openDatabase } from '../../src/server/db/database';
import { workspacePrefix } from '../../src/server/media-library/job-workspace';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { DEMO_STAFF_HASH, DEMO_STAFF_PASSWORD } from '../../src/dev/seed/staff';
import { createStaffAccount } from '../../src/server/staff/accounts/accounts.service';
import { test, expect } from './support/fixtures';
import { DESKTOP, signInWithForm, staffWrite } from './support/staff';
import { freshMobile } from './support/login';

/**
 * Two server processes on one machine (PROCESSES=2) sharing one port and one SQLite file: each keeps
 * its own render cache, and a news item published through one is on the other's cached list at once
 * (the change goes through the primary process; how soon is measured by bench/process-changes.ts); the
 * metrics port adds up both; a worker killed with SIGKILL is replaced and the port keeps answering; a
 * second portal on the same port stops.
 */

/**
 * How long each process keeps a rendered page (PAGE_MAX_AGE, s): longer than the test, so without the hand-over a
 * process would answer its old copy of the list for the whole test. How soon the hand-over arrives is measured by
 * bench/process-changes.ts (speed is a benchmark's, not a test's).
 */
const PAGES_KEPT_S = 3_600;
/** How long the primary may take to fork a worker again and have it answer. */
const REPLACED_WITHIN_MS = 30_000;
const PROCESSES = 2;

interface Answer {
  status: number;
  cache: string | undefined;
  body: string;
}

/**
 * New connections in one round: each process listens on its own sockets on the port and the kernel
 * spreads new connections over all of them (decision 082), so this many reach both processes (all of
 * them one process's: 2 × 2^-20).
 */
const ROUND = 20;

/** A GET on a connection of its own. */
function freshGet(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-render-cache'] as string | undefined, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('two processes on one port and one SQLite file behave as one @desktop-only', async ({ browser }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'portal-processes-'));
  let primary: ChildProcess | undefined;
  // From here on the directory is removed whatever fails, the seeding included.
  try {
    const databaseUrl = `file:${join(dir, 'portal.sqlite')}`;
    seedDemo(databaseUrl);
    const [port, metricsPort] = [await freePort(), await freePort()];
    // The media job's working copy of a process of this machine killed mid-job: the processes' temporary directory is
    // the test's, so the one the starting processes remove is known.
    const processesTmp = join(dir, 'tmp');
    const abandoned = join(processesTmp, `${workspacePrefix(spawnSync(process.execPath, ['-e', '']).pid)}Ab12Cd`);
    mkdirSync(abandoned, { recursive: true });
    writeFileSync(join(abandoned, 'original'), 'a video being processed when its process was killed');
    const env = productionEnv({
      port,
      databaseUrl,
      uploadDir: join(dir, 'uploads'),
      PROCESSES: String(PROCESSES),
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      TMPDIR: processesTmp,
      PAGE_MAX_AGE: String(PAGES_KEPT_S),
    });
    primary = await spawnUntilReady(['scripts/start.mjs', '--no-build'], env, /"msg":"portal ready"/, 'portal, two processes');
    const base = `http://localhost:${port}`;
    const workers = () =>
      execFileSync('pgrep', ['-P', String(primary!.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    expect(workers()).toHaveLength(PROCESSES);
    await expect.poll(() => existsSync(abandoned), { message: 'a dead process’s media job directory is removed at start' }).toBe(false);

    // The processes share the port's sockets (SO_REUSEPORT): a second portal started on it by mistake
    // is stopped at once instead of silently taking a part of the connections.
    const second = spawnSync(process.execPath, ['scripts/start.mjs', '--no-build'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(second.status).toBe(1);
    expect(second.stdout).toContain('"msg":"the port is taken by another server"');

    // Both processes keep the news list: a second round of new connections is answered from both caches.
    const list = `${base}/news-information/list`;
    const round = () => Promise.all(Array.from({ length: ROUND }, () => freshGet(list)));
    expect((await round()).map((a) => a.status)).toEqual(Array(ROUND).fill(200));
    expect((await round()).map((a) => a.cache)).toEqual(Array(ROUND).fill('hit'));

    // An editor publishes a news item.
    const { db } = await openDatabase({ url: databaseUrl });
    const mobile = freshMobile('138');
    await createStaffAccount(db, { tenantId: DEMO_TENANT.id, mobile, name: '多进程编辑', role: 'editor', passwordHash: DEMO_STAFF_HASH, now: Date.now() });
    await db.destroy();
    const context = await browser.newContext({ viewport: DESKTOP });
    const editor = await context.newPage();
    await signInWithForm(editor, { mobile, password: DEMO_STAFF_PASSWORD }, `${base}/admin/login`);
    const title = `多进程即时发布${Date.now() % 100000}`;
    const news = await staffWrite(editor, '/admin/news/save', { title, categorizeIds: [], contentType: 'ARTICLE', content: '<p>两个进程</p>' });
    expect(news.code).toBe(0);
    expect((await staffWrite(editor, `/admin/news/${news.data.id}/publish`, {})).code).toBe(0);
    await context.close();
    // Every process's cached list shows it: without the hand-over, one would keep its copy for the whole test.
    await expect.poll(async () => (await round()).every((a) => a.body.includes(title)), { message: 'the published item on both processes’ lists' }).toBe(true);

    // The metrics port adds up both processes: every list request above is counted once.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const listed = metrics
      .split('\n')
      .filter((line) => line.startsWith('portal_http_requests_total{') && line.includes('route="/news-information/list"') && line.includes('status="200"'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    expect(listed).toBeGreaterThanOrEqual(3 * ROUND);

    // A worker killed outright is replaced; the port answers throughout.
    const [victim] = workers();
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => workers().filter((pid) => pid !== victim).length, { timeout: REPLACED_WITHIN_MS }).toBe(PROCESSES);
    for (let i = 0; i < 2 * PROCESSES; i++) expect((await freshGet(`${base}/healthz`)).status).toBe(200);
  } finally {
    if (primary) await stop(primary);
    rmSync(dir, { recursive: true, force: true });
  }
});
