import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, productionEnv, seedDemo, spawnUntilReady, stop } from '../../bench/processes.mjs';
import { urlOf } from '~/lib/api/contract';
import { schoolInfo } from '~/lib/api/contracts/tenant';
import { signIn } from '~/lib/api/contracts/staff';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { DEMO_STAFF } from '~/dev/seed/staff';
import { USER_AGENT_LOG_MAX } from '~/server/http/access-log';
import { PORTAL_METRICS } from '../setup/metrics';

/**
 * What an operator sees of a production server (operations): every answer carries a request id,
 * render-cache hits included; every line the process writes is one JSON object, the access line
 * with the client's address (as the trusted proxy names it), user agent, route and school;
 * Prometheus metrics at /metrics only with the token (or on their own port), every metric listed
 * from the start, every answer counted under the route that made it (staff calls, the resumable
 * upload's protocol, pages and cache hits by their pattern; never `other`) and the render cache's
 * hits and misses.
 */

const TOKEN = 'metrics-token-0123456789abcdefghij';
const HEADERS_TIMEOUT_MS = 2_000;

/** A client that sends half a request line and then nothing: how long until the server hangs up (ms), and what it said. */
function slowClient(port: number): Promise<{ ms: number; heard: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let heard = '';
    const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: local'));
    socket.on('data', (d: Buffer) => (heard += d.toString()));
    socket.on('close', () => resolve({ ms: Date.now() - started, heard }));
    socket.on('error', () => undefined);
  });
}

test('request ids on every answer, JSON log lines, metrics behind a token @desktop-only', async () => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'portal-observe-'));
  let child: ChildProcess | undefined;
  // From here on the directory is removed whatever fails, the seeding and the start included.
  try {
    const databaseUrl = `file:${join(dir, 'portal.sqlite')}`;
    seedDemo(databaseUrl);
    const port = await freePort();
    const metricsPort = await freePort();
    let output = '';
    child = await spawnUntilReady(
      ['scripts/start.mjs', '--no-build'],
      productionEnv({
        port,
        databaseUrl,
        LOG_LEVEL: 'info',
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: String(metricsPort),
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        // Behind one proxy: the access line's address is the one it appended to X-Forwarded-For.
        TRUST_PROXY: 'true',
        TRUST_PROXY_HOPS: '1',
      }),
      /"msg":"portal ready"/,
      'portal',
    );
    child!.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child!.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    // A fresh server: every metric is listed, and the series with known labels are there at 0.
    const fresh = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    for (const name of PORTAL_METRICS) expect(fresh, name).toContain(`# TYPE ${name} `);
    expect(fresh).toContain('portal_render_cache_total{result="miss"} 0');
    expect(fresh).toContain('portal_exam_sweep_runs_total{outcome="failed"} 0');
    expect(fresh).toContain('portal_jobs{kind="content.publish",state="failed"} 0');
    expect(fresh).toContain('portal_job_runs_total{kind="media.process",outcome="failed"} 0');
    expect(fresh).toContain('portal_jobs_oldest_due_seconds{kind="catalog.publish"} 0');

    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/`);
    expect(second.headers.get('x-render-cache')).toBe('hit');
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // A proxy's own request id is kept.
    const given = await fetch(`${base}${urlOf(schoolInfo)}`, { headers: { TenantId: DEMO_TENANT.id, 'X-Request-Id': 'proxy-req-12345678' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-req-12345678');
    // The gate's own answers too (a broken path).
    expect((await fetch(`${base}/api/%E0%A4%A`)).headers.get('x-request-id')).toMatch(/^[\w-]{8,64}$/);

    // A staff write (its body read by the gate), the resumable upload's protocol, a path that names
    // no call: each counted under its route. The staff sign-in comes through a proxy that names
    // the client; what the client itself wrote to the left of it counts for nothing.
    const longAgent = `probe/${'x'.repeat(USER_AGENT_LOG_MAX * 2)}`;
    const signedIn = await fetch(`${base}${urlOf(signIn)}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: base,
        'Sec-Fetch-Site': 'same-origin',
        'User-Agent': longAgent,
        'X-Forwarded-For': '198.51.100.66, 203.0.113.9',
        'X-Request-Id': 'staff-sign-in-12345678',
      },
      body: JSON.stringify({ mobile: DEMO_STAFF[DEMO_TENANT.id]![0]!.mobile, password: 'not-the-password' }),
    });
    expect(signedIn.status).toBe(200);
    expect((await fetch(`${base}${MEDIA_UPLOAD_PATH}`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' } })).status).toBe(401);
    expect((await fetch(`${base}${MEDIA_UPLOAD_PATH}/some-upload`, { method: 'PATCH', headers: { 'Tus-Resumable': '1.0.0' }, body: 'abc' })).status).toBe(401);
    expect((await fetch(`${base}/api/no/such/call`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${base}/news-information/list`)).status).toBe(200);
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);

    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(404);
    const scraped = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    expect(scraped).toContain('portal_render_cache_total{result="hit"} 1');
    // Rendered: the home page once, the news list, the page that is not there.
    expect(scraped).toContain('portal_render_cache_total{result="miss"} 3');
    expect(scraped).toContain(`portal_http_requests_total{route="/api${schoolInfo.path}",method="GET",status="200"} 1`);
    expect(scraped).toMatch(/process_resident_memory_bytes \d+/);
    // ffmpeg and ffprobe were found at start.
    expect(scraped).toMatch(/^portal_ffmpeg_available 1$/m);
    expect(scraped).toContain(`portal_http_requests_total{route="/api${signIn.path}",method="POST",status="200"} 1`);
    expect(scraped).toContain(`portal_http_requests_total{route="${MEDIA_UPLOAD_PATH}",method="POST",status="401"} 1`);
    expect(scraped).toContain(`portal_http_requests_total{route="${MEDIA_UPLOAD_PATH}/:id",method="PATCH",status="401"} 1`);
    expect(scraped).toContain('portal_http_requests_total{route="api:not-found",method="POST",status="404"} 1');
    expect(scraped).toContain('portal_http_requests_total{route="/news-information/list",method="GET",status="200"} 1');
    expect(scraped).toContain('portal_http_requests_total{route="/404",method="GET",status="404"} 1');
    expect(scraped).toContain('portal_http_requests_total{route="static",method="GET",status="200"} 1');
    // The render cache's hit counts under the page it served.
    expect(scraped).toContain('portal_http_requests_total{route="/",method="GET",status="200"} 2');
    expect(scraped).not.toContain('route="other"');
    // The same on the metrics port, no token needed there (it is not published).
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toContain('portal_http_requests_total');

    // Slow clients are cut off once their headers are late (plus the server's check interval).
    // They hear 408 (decision 088: a browser sends its request again on that) and are counted as time-outs.
    const held = await Promise.all([slowClient(port), slowClient(port), slowClient(port)]);
    for (const { ms, heard } of held) {
      expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500);
      expect(heard).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    }
    const counted = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(counted).toContain('portal_http_client_errors_total{kind="timeout"} 3');

    await expect.poll(() => output.split('\n').filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(5);
    const lines = output.split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const access = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(access.find((l) => l.requestId === ids[1])).toMatchObject({ path: '/', route: '/', status: 200, cache: 'hit', school: DEMO_TENANT.preDomain });
    const staffLine = access.find((l) => l.requestId === 'staff-sign-in-12345678');
    expect(staffLine).toMatchObject({
      method: 'POST',
      path: urlOf(signIn),
      route: `/api${signIn.path}`,
      status: 200,
      ip: '203.0.113.9',
      ua: longAgent.slice(0, USER_AGENT_LOG_MAX),
      school: DEMO_TENANT.preDomain,
    });
    for (const line of access) expect(typeof line.ip, JSON.stringify(line)).toBe('string');
  } finally {
    if (child) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without ffmpeg: a warning naming the fix before the server says it is ready, the metric at 0, /readyz saying it @desktop-only', async () => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'portal-no-ffmpeg-'));
  let child: ChildProcess | undefined;
  // From here on the directory is removed whatever fails, the seeding and the start included.
  try {
    const databaseUrl = `file:${join(dir, 'portal.sqlite')}`;
    seedDemo(databaseUrl);
    const port = await freePort();
    const missing = join(dir, 'not-installed');
    // Ready only once the warning was written, and after it: the start itself says so.
    child = await spawnUntilReady(
      ['scripts/start.mjs', '--no-build'],
      productionEnv({
        port,
        databaseUrl,
        METRICS_TOKEN: TOKEN,
        FFMPEG_PATH: missing,
        FFPROBE_PATH: missing,
      }),
      /"level":"warn","msg":"ffprobe and ffmpeg not found: apt-get install ffmpeg[^\n]*\n(?:.*\n)*.*"msg":"portal ready"/,
      'portal',
    );
    const base = `http://127.0.0.1:${port}`;
    const scraped = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    expect(scraped).toMatch(/^portal_ffmpeg_available 0$/m);
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: 'ok', mediaTools: 'missing' });
  } finally {
    if (child) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});
