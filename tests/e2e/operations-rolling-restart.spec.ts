import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
// The benchmarks' process helpers: free ports, the portal started until ready, stopping it.
import { BENCH_PRODUCTION_ENV, freePort, seedDemo, spawnUntilReady, stop } from '../../bench/processes.mjs';
import { urlOf } from '~/lib/api/contract';
import { newsPage } from '~/lib/api/contracts/content';
import { DEMO_TENANT } from '~/server/db/seed/demo-data';

/**
 * A rolling restart behind nginx loses no request (operations): two portal instances on one
 * database behind nginx (keep-alive upstream connections, X-Forwarded-For appended, TRUST_PROXY),
 * steady load of page GETs and API POSTs, and each instance stopped with SIGTERM and started again
 * in turn, as an orchestrator does. On SIGTERM an instance answers /readyz 503 at once and goes on
 * serving with `Connection: close` for SHUTDOWN_DELAY_SECONDS; the balancer's health check sees the
 * 503 and takes it out (here: a checker polling /readyz every 200 ms that marks the server `down`
 * and reloads nginx, which is how nginx without active health checks is driven, see
 * docs/operations.md); then the instance stops accepting and finishes what is in flight. When the
 * new process answers /readyz 200 it is put back. Every request succeeds.
 */

const NGINX = '/usr/sbin/nginx';

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
  const databaseUrl = `file:${join(dir, 'portal.sqlite')}`;
  seedDemo(databaseUrl);
  const ports = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  const env = (port: number) => ({
    ...process.env,
    ...BENCH_PRODUCTION_ENV,
    SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  });
  const start = (port: number): Promise<ChildProcess> =>
    spawnUntilReady(['scripts/start.mjs', '--no-build'], env(port), /"msg":"portal ready"/, `portal ${port}`);
  const instances = [await start(ports[0]!), await start(ports[1]!)];

  const up = [true, true];
  const writeConfig = () =>
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream portal {
    server 127.0.0.1:${ports[0]} max_fails=0${up[0] ? '' : ' down'};
    server 127.0.0.1:${ports[1]} max_fails=0${up[1] ? '' : ' down'};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
    }
  }
}
`,
    );
  writeConfig();
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  // The health checker: readiness of each instance decides whether nginx sends it requests.
  let checking = true;
  const checker = (async () => {
    while (checking) {
      for (const k of [0, 1]) {
        const ready = (await fetch(`http://127.0.0.1:${ports[k]}/readyz`).catch(() => null))?.status === 200;
        if (ready !== up[k]) {
          up[k] = ready;
          writeConfig();
          nginx.kill('SIGHUP');
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  try {
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
          failures.push(String(error));
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
    expect(failures, existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '').toEqual([]);
  } finally {
    checking = false;
    await checker;
    nginx.kill('SIGKILL');
    for (const child of instances) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
