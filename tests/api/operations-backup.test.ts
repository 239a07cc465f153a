import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { urlOf } from '~/lib/api/contract';
import { sendSmsCode } from '~/lib/api/contracts/sms';
import { smsSign } from '~/lib/sms-sign';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { backupSqlite, checkBackup, restoreSqlite } from '~/server/db/backup';
import { ON_POSTGRES } from '../setup/server';

/**
 * Backups of a running SQLite portal (operations): a real server process takes a steady stream of
 * writes (SMS codes sent, each acknowledged send a row); a backup is made in the middle of it with
 * SQLite's online backup (what `npm run db:backup` runs); restored into a fresh file (what
 * `npm run db:restore` runs), it passes integrity_check and holds every row acknowledged before the
 * backup began. A restore is refused while the portal has the database open, and for a damaged or
 * foreign file.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SEND = urlOf(sendSmsCode);
const SIGN_KEY = 'szyx-portal-sms-sign-access-key';
const dirs: string[] = [];
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  dirs.push(dir);
  return dir;
}

async function startInstance(databaseUrl: string): Promise<{ port: number; kill: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/api-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', API_PROCESS_PORT: '0', SMS_IP_HOURLY_LIMIT: '1000000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const ready = /READY (\d+)/.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return {
    port,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

let mobiles = 0;
const freshMobile = () => `138${String(process.pid % 1000).padStart(3, '0')}${String(++mobiles).padStart(5, '0')}`;

async function sendCode(port: number, mobile: string): Promise<boolean> {
  const query = { mobile, templateCode: 'MOBILE_LOGIN_REGISTER', timestamp: String(Date.now()) };
  const sign = await smsSign(query, SIGN_KEY);
  const res = await fetch(`http://127.0.0.1:${port}${SEND}?${new URLSearchParams(query)}`, { headers: { TenantId: DEMO_TENANT.id, sign } });
  return ((await res.json()) as { code: number }).code === 0;
}

const mobilesIn = (file: string): Set<string> => {
  const db = new Database(file, { readonly: true });
  try {
    return new Set((db.prepare('select mobile from sms_codes').all() as { mobile: string }[]).map((r) => r.mobile));
  } finally {
    db.close();
  }
};

// SQLite's own files whatever DATABASE_URL says: once, in the SQLite run.
describe.skipIf(ON_POSTGRES)('SQLite backups of a running portal', () => {
  test('an online backup during writes restores with integrity_check ok and every row acknowledged before it', { timeout: 90_000 }, async () => {
    const dir = tempDir();
    const live = join(dir, 'portal.sqlite');
    const instance = await startInstance(`file:${live}`);
    const acked: string[] = [];
    let running = true;
    const writers = Promise.all(
      [0, 1, 2].map(async () => {
        while (running) {
          const mobile = freshMobile();
          if (await sendCode(instance.port, mobile)) acked.push(mobile);
        }
      }),
    );
    while (acked.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const ackedBefore = [...acked];
    const backup = join(dir, 'backups', 'portal-backup.sqlite');
    await backupSqlite(live, backup);
    while (acked.length < ackedBefore.length + 10) await new Promise((resolve) => setTimeout(resolve, 10));
    running = false;
    await writers;

    expect(await checkBackup(backup)).toEqual([]);
    const restored = join(dir, 'restored.sqlite');
    await restoreSqlite(backup, restored);
    const kept = mobilesIn(restored);
    expect(ackedBefore.filter((m) => !kept.has(m))).toEqual([]);
    const db = new Database(restored, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    // The portal still has the live database open: restoring over it is refused and changes nothing.
    await expect(restoreSqlite(backup, live)).rejects.toThrow(/stop the portal/);
    expect(mobilesIn(live).size).toBeGreaterThanOrEqual(acked.length);
    await instance.kill();

    // Stopped, the restore replaces it; the portal starts on it and serves.
    await restoreSqlite(backup, live);
    expect(existsSync(`${live}.restoring`)).toBe(false);
    expect(mobilesIn(live)).toEqual(mobilesIn(restored));
    const again = await startInstance(`file:${live}`);
    expect(await sendCode(again.port, freshMobile())).toBe(true);
    await again.kill();
  });

  test('a damaged or foreign file is refused and the database is left as it was', async () => {
    const dir = tempDir();
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database at all');
    expect((await checkBackup(junk))[0]).toMatch(/not a readable SQLite database/);
    const foreign = join(dir, 'foreign.sqlite');
    new Database(foreign).exec('create table t (x)').close();
    expect(await checkBackup(foreign)).toEqual(['not a database of this portal (no migrations or tenants table)']);
    const target = join(dir, 'target.sqlite');
    writeFileSync(target, '');
    await expect(restoreSqlite(foreign, target)).rejects.toThrow(/backup refused/);
    await expect(backupSqlite(join(dir, 'missing.sqlite'), join(dir, 'b.sqlite'))).rejects.toThrow(/does not exist/);
  });
});
