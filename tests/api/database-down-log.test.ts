import type { ChildProcess } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { urlOf } from '~/lib/api/contract';
import { schoolInfo } from '~/lib/api/contracts/tenant';
import { createApp } from '~/server/app';
import { parseConfig } from '~/server/config';
import { openDatabase } from '~/server/db/database';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { createLogger, LOG_REPEAT_INTERVAL_MS } from '~/server/logger';
import { createRuntime } from '~/server/runtime';
import { NOW } from '../setup/server';
import { startApiProcess } from '../setup/api-processes';

/**
 * With the database unreachable every request fails alike; the log says so once per interval with
 * the number of lines left out, not once per request. The database is a real PostgreSQL client
 * pointed at an address where nothing listens (connections refused at once), as when the server is
 * down: first the API of a running server (the database went away), then a whole process started
 * while it is down (tests/setup/api-process.ts: the portal's getServer, which every request retries).
 */

const REQUESTS = 30;
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** A local port nothing listens on (taken from the system, then let go). */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the database unreachable', () => {
  test("a running server's API answers 503 to every request and logs it once per interval", async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/portal`;
    const config = parseConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'info', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    const clock = { now: NOW };
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>), { now: () => clock.now });
    const { db, kind } = await openDatabase({ url, connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS });
    try {
      const app = createApp(createRuntime(config, db, kind, () => clock.now, logger));
      const ask = () => app.request(urlOf(schoolInfo), { headers: { TenantId: DEMO_TENANT.id } });
      for (let i = 0; i < REQUESTS; i++) {
        expect((await ask()).status).toBe(503);
        clock.now += 100;
      }
      const unavailable = () => lines.filter((l) => l['msg'] === 'database unavailable');
      expect(unavailable()).toHaveLength(1);
      clock.now += LOG_REPEAT_INTERVAL_MS;
      expect((await ask()).status).toBe(503);
      expect(unavailable()).toHaveLength(2);
      expect(unavailable()[1]).toMatchObject({ level: 'warn', suppressed: REQUESTS - 1, path: urlOf(schoolInfo) });
    } finally {
      await db.destroy();
    }
  });

  test('a process started while the database is down answers 503 and logs its failed starts once per interval', async () => {
    const started = Date.now();
    const { port, child, log } = await startApiProcess({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/portal` });
    children.add(child);
    for (let i = 0; i < REQUESTS; i++) {
      const answer = await fetch(`http://127.0.0.1:${port}${urlOf(schoolInfo)}`, { headers: { TenantId: DEMO_TENANT.id } });
      expect(answer.status).toBe(503);
    }
    const elapsed = Date.now() - started;
    child.kill('SIGKILL');
    children.delete(child);
    const out = log();
    const failedStarts = out.split('\n').filter((l) => l.includes('"msg":"database not reachable at start; will try again"'));
    // The start and every request tried to open the database: at most one line per interval was written.
    expect(failedStarts.length).toBeGreaterThanOrEqual(1);
    expect(failedStarts.length, out).toBeLessThanOrEqual(1 + Math.floor(elapsed / LOG_REPEAT_INTERVAL_MS));
    expect(failedStarts.length).toBeLessThan(REQUESTS);
  });
});
