import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { urlOf } from '~/lib/api/contract';
import { sendSmsCode } from '~/lib/api/contracts/sms';
import { smsSign } from '~/lib/sms-sign';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { PG_BINARIES, startPgCluster, type PgCluster } from '../setup/pg-cluster';
import { startApiProcess, type ApiProcess } from '../setup/api-processes';
import { ON_POSTGRES } from '../setup/server';

/**
 * The portal outlives its database (operations): a real server process (tests/setup/api-process.ts,
 * the portal's own getServer) on a PostgreSQL server of this test's own, under a steady stream of
 * writes (SMS codes sent: each acknowledged send is a row). PostgreSQL is stopped and started
 * again; an administrator ends the pooled connections; the process is started while the database
 * is down. The process stays alive, answers 503 with the 系统繁忙 envelope meanwhile, serves again
 * by itself within seconds, and every acknowledged write is in the database.
 * Runs in the PostgreSQL run (scripts/test-pg.sh), where Debian's PostgreSQL is installed.
 */

const PG = ON_POSTGRES && PG_BINARIES !== null;
const SEND = urlOf(sendSmsCode);
const SIGN_KEY = 'szyx-portal-sms-sign-access-key';
/** Service must be back this soon after PostgreSQL is (the pool opens new connections on demand). */
const RECOVERY_BOUND_MS = 10_000;
const children = new Set<ChildProcess>();
const clusters = new Set<PgCluster>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const cluster of clusters) cluster.remove();
});

type Instance = ApiProcess;

async function startInstance(databaseUrl: string): Promise<Instance> {
  const instance = await startApiProcess({ DATABASE_URL: databaseUrl, SMS_IP_HOURLY_LIMIT: '1000000' });
  children.add(instance.child);
  return instance;
}

let mobiles = 0;
const freshMobile = () => `137${String(process.pid % 1000).padStart(3, '0')}${String(++mobiles).padStart(5, '0')}`;

/** One SMS code sent as the browser does; its HTTP status and envelope code. */
async function sendCode(instance: Instance, mobile: string): Promise<{ status: number; code: number | null }> {
  const query = { mobile, templateCode: 'MOBILE_LOGIN_REGISTER', timestamp: String(Date.now()) };
  const sign = await smsSign(query, SIGN_KEY);
  try {
    const res = await fetch(`http://127.0.0.1:${instance.port}${SEND}?${new URLSearchParams(query)}`, { headers: { TenantId: DEMO_TENANT.id, sign } });
    const body = (await res.json().catch(() => null)) as { code?: number } | null;
    return { status: res.status, code: body?.code ?? null };
  } catch {
    return { status: 0, code: null };
  }
}

/** The readiness answer; a process that no longer answers fails the test with its exit and its log. */
const readyz = async (instance: Instance) => {
  try {
    return (await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status;
  } catch (error) {
    const exit = `${instance.child.exitCode ?? ''}${instance.child.signalCode ?? ''}`;
    throw new Error(`the server process does not answer (exit ${exit || 'none'}): ${String(error)}\n${instance.log().slice(-4000)}`);
  }
};

/** Writes from `workers` loops until `stop()` says so; notes every acknowledged mobile and every other answer. */
function load(instance: Instance, workers: number) {
  const acked: string[] = [];
  const refused: { status: number; code: number | null }[] = [];
  let stopped = false;
  let lastAckAt = 0;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopped) {
        const mobile = freshMobile();
        const r = await sendCode(instance, mobile);
        if (r.status === 200 && r.code === 0) {
          acked.push(mobile);
          lastAckAt = Date.now();
        } else {
          refused.push(r);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }),
  );
  return {
    acked,
    refused,
    lastAckAt: () => lastAckAt,
    async until(predicate: () => boolean, boundMs: number) {
      const end = Date.now() + boundMs;
      while (!predicate() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
      return predicate();
    },
    async stop() {
      stopped = true;
      await done;
    },
  };
}

async function rowsFor(url: string, mobiles: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ mobile: string }>('select distinct mobile from sms_codes where mobile = any($1)', [mobiles]);
    return new Set(r.rows.map((row) => row.mobile));
  } finally {
    await client.end();
  }
}

describe.skipIf(!PG)('the server outlives its database', () => {
  test('PostgreSQL stopped and started under load: the process lives, answers 503 meanwhile, recovers by itself, keeps every acknowledged write', async () => {
    const cluster = await startPgCluster();
    clusters.add(cluster);
    const instance = await startInstance(cluster.url);
    const l = load(instance, 4);
    expect(await l.until(() => l.acked.length >= 40, 30_000)).toBe(true);

    cluster.stop();
    const ackedBefore = l.acked.length;
    expect(await l.until(() => l.refused.length >= 8, 15_000)).toBe(true);
    expect(await readyz(instance)).toBe(503);
    const restartedAt = Date.now();
    cluster.start();
    expect(await l.until(() => l.acked.length >= ackedBefore + 40 && l.lastAckAt() > restartedAt, 30_000)).toBe(true);
    const firstAckAfter = l.lastAckAt();
    await l.stop();

    expect(instance.child.exitCode).toBeNull();
    expect(await readyz(instance)).toBe(200);
    // Meanwhile: the envelope's 503 (系统繁忙), never a 500 or a dropped connection.
    expect(new Set(l.refused.map((r) => `${r.status}/${r.code}`))).toEqual(new Set(['503/503']));
    expect(firstAckAfter - restartedAt).toBeLessThan(RECOVERY_BOUND_MS);
    const kept = await rowsFor(cluster.url, l.acked);
    expect(l.acked.filter((m) => !kept.has(m))).toEqual([]);
    expect(instance.log()).toMatch(/database connection lost|database unavailable/);
    expect(instance.log()).not.toMatch(/Unhandled 'error' event/);
  });

  test('an administrator ends the idle pooled connections: the process lives and the next requests succeed', async () => {
    const cluster = await startPgCluster();
    clusters.add(cluster);
    const instance = await startInstance(cluster.url);
    for (let i = 0; i < 5; i++) expect((await sendCode(instance, freshMobile())).code).toBe(0);
    cluster.terminateBackends('idle');
    cluster.terminateBackends();
    const after: number[] = [];
    for (let i = 0; i < 10; i++) after.push((await sendCode(instance, freshMobile())).status);
    expect(instance.child.exitCode).toBeNull();
    // At most the requests that met a broken connection are refused; then service goes on.
    expect(after.slice(-5)).toEqual([200, 200, 200, 200, 200]);
  });

  test('started while PostgreSQL is down: it waits (503, not an exit) and serves once the database is up', async () => {
    const cluster = await startPgCluster();
    clusters.add(cluster);
    // The school's database exists (migrated, with its schools) before it goes down: what a portal
    // started during an outage finds once the database is back. Nothing seeds a database later.
    const earlier = await startInstance(cluster.url);
    expect(await readyz(earlier)).toBe(200);
    earlier.child.kill('SIGKILL');
    await once(earlier.child, 'exit');
    cluster.stop();
    const instance = await startInstance(cluster.url);
    expect(await readyz(instance)).toBe(503);
    expect((await sendCode(instance, freshMobile())).status).toBe(503);
    cluster.start();
    const l = load(instance, 1);
    expect(await l.until(() => l.acked.length >= 3, RECOVERY_BOUND_MS)).toBe(true);
    await l.stop();
    expect(instance.child.exitCode).toBeNull();
    expect(await readyz(instance)).toBe(200);
  });
});
