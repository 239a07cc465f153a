import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
// The benchmarks' process helpers: free ports, the portal started until ready, stopping it.
import { freePort, productionEnv, seedDemo, spawnUntilReady, stop } from '../../bench/processes.mjs';
import { urlOf } from '~/lib/api/contract';
import { newsPage } from '~/lib/api/contracts/content';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { MEDIA_CHUNK_BYTES, MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { UPLOAD_API_PATH } from '~/lib/uploads';
import { localNginxConf, nginxFailureLog } from '../setup/nginx-conf';
import { pngOfSize } from '../setup/files';
import { hydrated } from './support/fixtures';
import { DEMO_ADMIN, DEMO_STAFF_PASSWORD, signInWithForm } from './support/staff';

/**
 * Two portal instances on one database behind the shipped nginx site (deploy/nginx.conf: keep-alive
 * upstream connections, X-Forwarded-For appended, the browser's Host passed on, TRUST_PROXY), the
 * proxy on a port of its own.
 *
 * A rolling restart loses no request (operations): steady load of page GETs and API POSTs, and
 * each instance stopped with SIGTERM and started again in turn, as an orchestrator does. On SIGTERM
 * an instance answers /readyz 503 at once and goes on serving with `Connection: close` for
 * SHUTDOWN_DELAY_SECONDS; the balancer's health check sees the 503 and takes it out (here: a
 * checker polling /readyz every 200 ms that marks the server `down` and reloads nginx, which is how
 * nginx without active health checks is driven, see docs/operations.md); then the instance stops
 * accepting and finishes what is in flight. When the new process answers /readyz 200 it is put
 * back. Every request succeeds.
 *
 * Uploads pass the proxy: a school administrator signs in through it (a staff write: its Origin
 * names the proxy's port, which the portal must see), uploads a 3 MiB picture and a media library
 * file of two 8 MiB pieces, both taken, with the portal's own limits and not nginx's in force.
 */

const NGINX = '/usr/sbin/nginx';
/** The shipped nginx site: the tests run its upstream and server blocks, only the addresses changed. */
const SHIPPED_SITE = readFileSync('deploy/nginx.conf', 'utf8');

/**
 * Stops nginx and its workers: SIGTERM to the master, which ends its workers (a SIGKILLed master
 * leaves them running, holding the port); SIGKILL if it has not exited within the grace period.
 */
const NGINX_STOP_GRACE_MS = 5_000;
async function stopNginx(nginx: ChildProcess): Promise<void> {
  if (nginx.exitCode !== null || nginx.signalCode !== null) return;
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  nginx.kill('SIGTERM');
  const timer = setTimeout(() => nginx.kill('SIGKILL'), NGINX_STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * One request on a connection of its own. The proxy is reloaded as instances leave and come back,
 * and a reload closes its idle client connections: a browser resends a request whose reused
 * connection closed under it, a bare test client does not, so the load does not reuse them.
 */
function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
const DELAY_SECONDS = 2;

test('two instances behind nginx restarted in turn under load: no failed request @desktop-only', async () => {
  test.setTimeout(180_000);
  // scripts/test.mjs installs nginx (Debian's package) before the browser tests: missing, this fails rather than passes unseen.
  expect(existsSync(NGINX), `${NGINX} is missing: run the tests through npm test, which installs it`).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'portal-rolling-'));
  const instances: ChildProcess[] = [];
  let nginx: ChildProcess | undefined;
  let checking = true;
  let checker: Promise<void> | undefined;
  // From here on the instances, nginx and the directory go whatever fails, their starts included.
  try {
    const databaseUrl = `file:${join(dir, 'portal.sqlite')}`;
    seedDemo(databaseUrl);
    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    const env = (port: number) => productionEnv({ port, databaseUrl, SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS), TRUST_PROXY: 'true' });
    const start = (port: number): Promise<ChildProcess> =>
      spawnUntilReady(['scripts/start.mjs', '--no-build'], env(port), /"msg":"portal ready"/, `portal ${port}`);
    for (const port of ports) instances.push(await start(port));

    const up = [true, true];
    /** When nginx was reloaded and why, for a failure's message. */
    const reloads: string[] = [];
    const writeConfig = () =>
      writeFileSync(
        join(dir, 'nginx.conf'),
        localNginxConf(SHIPPED_SITE, {
          dir,
          listen: `127.0.0.1:${proxyPort}`,
          upstreams: ports.map((port, k) => ({ address: `127.0.0.1:${port}`, down: !up[k] })),
          errorLog: 'debug',
        }),
      );
    writeConfig();
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    // The health checker: readiness of each instance decides whether nginx sends it requests.
    checker = (async () => {
      while (checking) {
        for (const k of [0, 1]) {
          const ready = (await fetch(`http://127.0.0.1:${ports[k]}/readyz`).catch(() => null))?.status === 200;
          if (ready !== up[k]) {
            up[k] = ready;
            writeConfig();
            nginx?.kill('SIGHUP');
            reloads.push(`${new Date().toISOString()} instance ${k + 1} ${ready ? 'back' : 'down'}`);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const base = `http://127.0.0.1:${proxyPort}`;
    await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, { timeout: 10_000 }).toBe(200);

    const failures: string[] = [];
    let done = 0;
    let running = true;
    const pageBody = JSON.stringify({ current: 1, size: 5, model: {} });
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const post = (i + n) % 2 === 0;
        try {
          const status = post
            ? await request(`${base}${urlOf(newsPage)}`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', TenantId: DEMO_TENANT.id },
                body: pageBody,
              })
            : await request(`${base}/`);
          if (status !== 200) failures.push(`${post ? 'POST' : 'GET'} ${status}`);
        } catch (error) {
          failures.push(`${new Date().toISOString()} ${post ? 'POST' : 'GET'} ${String(error)}`);
        }
        done++;
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));

    for (const k of [0, 1]) {
      const before = done;
      await expect.poll(() => done - before, { timeout: 20_000 }).toBeGreaterThan(50);
      // SIGTERM: readiness turns 503 at once while requests are still served.
      const stopping = stop(instances[k]!);
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${ports[k]}/readyz`).catch(() => null))?.status ?? 0, { timeout: 2_000 }).toBe(503);
      await stopping;
      instances[k] = await start(ports[k]!);
    }
    const before = done;
    await expect.poll(() => done - before, { timeout: 20_000 }).toBeGreaterThan(50);
    running = false;
    await load;
    expect(done).toBeGreaterThan(300);
    const log = () => (existsSync(join(dir, 'error.log')) ? nginxFailureLog(readFileSync(join(dir, 'error.log'), 'utf8')) : '');
    expect(failures, failures.length ? `reloads:\n${reloads.join('\n')}\n${log()}` : '').toEqual([]);
  } finally {
    checking = false;
    await checker;
    if (nginx) await stopNginx(nginx);
    for (const child of instances) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

const MIB = 1024 * 1024;
/** A picture well within the upload limit (5 MiB) and above nginx's default body limit (1 MiB). */
const PICTURE_BYTES = 3 * MIB;
/** A media file the uploader sends in exactly two full pieces. */
const MEDIA_PIECES = 2;

test('uploads through nginx on a port of its own: a 3 MiB picture and a media file in two 8 MiB pieces @desktop-only', async ({ page }) => {
  test.setTimeout(120_000);
  expect(existsSync(NGINX), `${NGINX} is missing: run the tests through npm test, which installs it`).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'portal-proxy-uploads-'));
  const instances: ChildProcess[] = [];
  let nginx: ChildProcess | undefined;
  // From here on the instances, nginx and the directory go whatever fails, their starts included.
  try {
    // nginx's workers (nobody, when the tests run as root) keep a large request body in a temporary
    // file under it before passing it on.
    chmodSync(dir, 0o755);
    const databaseUrl = `file:${join(dir, 'portal.sqlite')}`;
    seedDemo(databaseUrl);
    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    // One upload directory for both instances, as compose's shared volume: a piece may reach either.
    const env = (port: number) => productionEnv({ port, databaseUrl, uploadDir: join(dir, 'uploads'), TRUST_PROXY: 'true' });
    for (const port of ports) {
      instances.push(await spawnUntilReady(['scripts/start.mjs', '--no-build'], env(port), /"msg":"portal ready"/, `portal ${port}`));
    }
    writeFileSync(
      join(dir, 'nginx.conf'),
      localNginxConf(SHIPPED_SITE, { dir, listen: `127.0.0.1:${proxyPort}`, upstreams: ports.map((port) => ({ address: `127.0.0.1:${port}`, down: false })) }),
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${proxyPort}`;
    await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, { timeout: 10_000 }).toBe(200);
    // The staff calls' answers, and for a resumable piece where the upload stood after it (tus's Upload-Offset).
    const answers: { method: string; path: string; status: number; offset: string | null }[] = [];
    const recorded: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'GET' || !path.startsWith('/api/')) return;
      recorded.push(
        request.response().then((response) => {
          answers.push({ method: request.method(), path, status: response?.status() ?? 0, offset: response?.headers()['upload-offset'] ?? null });
        }),
      );
    });

    // Signing in is a staff write: refused (请求来源不正确) if the portal did not see the proxy's port.
    await signInWithForm(page, { mobile: DEMO_ADMIN.mobile, password: DEMO_STAFF_PASSWORD }, `${base}/admin/login`);

    await page.goto(`${base}/admin/catalog/banners`);
    await expect(page.getByRole('heading', { level: 1, name: '首页横幅' })).toBeVisible();
    await (await hydrated(page.getByRole('button', { name: '新建' }))).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('横幅图片').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: pngOfSize(PICTURE_BYTES) });
    const shown = dialog.getByRole('img', { name: '横幅图片' });
    await expect(shown).toHaveAttribute('src', /^\/files\/.+\.png$/, { timeout: 20_000 });
    await Promise.all(recorded);
    expect(answers.find((a) => a.path === UPLOAD_API_PATH)?.status).toBe(200);
    // The whole picture was stored, and is served back through the proxy.
    const stored = await fetch(`${base}${await shown.getAttribute('src')}`);
    expect([stored.status, (await stored.arrayBuffer()).byteLength]).toEqual([200, PICTURE_BYTES]);

    await page.goto(`${base}/admin/media`);
    await expect(page.getByRole('heading', { level: 1, name: '媒体库' })).toBeVisible();
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const name = `讲义-${Date.now()}.pdf`;
    const pdf = Buffer.alloc(MEDIA_PIECES * MEDIA_CHUNK_BYTES, 0x20);
    pdf.write('%PDF-1.4\n', 0);
    // A file on disk: the browser reads it itself (a buffer this large would go through the test protocol).
    writeFileSync(join(dir, name), pdf);
    await page.getByLabel('选择文件').setInputFiles(join(dir, name));
    const uploads = page.getByRole('list', { name: '上传进度' });
    await expect(uploads.getByRole('listitem').filter({ hasText: name })).toContainText('已上传', { timeout: 60_000 });
    await Promise.all(recorded);
    const pieces = answers.filter((a) => a.method === 'PATCH' && a.path.startsWith(MEDIA_UPLOAD_PATH));
    // Each piece taken whole (tus answers 204 and where the upload stands), none refused by nginx's body limit.
    expect(pieces.map((p) => [p.status, p.offset])).toEqual(Array.from({ length: MEDIA_PIECES }, (_, i) => [204, String((i + 1) * MEDIA_CHUNK_BYTES)]));
  } finally {
    if (nginx) await stopNginx(nginx);
    for (const child of instances) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
