import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '~/server/db/database';
import { hasAnySchool } from '~/server/tenant/tenant.service';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { SCHOOL_AGE_DAYS } from '~/dev/seed/tenants';
import { DAY } from '~/lib/time/cst';
import { ON_POSTGRES } from '../setup/server';

/**
 * The database commands (scripts/db.ts, built as dist/server/db.mjs) run by an operator from
 * another folder than the portal's, with the default relative DATABASE_URL: there is no database
 * there. Only `migrate` may make one (and `restore` put a backup in place); every other command
 * stops with a clear message naming the path it looked for, exits non-zero and makes nothing,
 * instead of filling a new, empty database and reporting success. An unknown command prints the
 * usage and touches nothing.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
/**
 * Each command is a process that compiles the server's sources first (about 2 s alone, many times
 * that on a busy machine): the commands run one after another, each test gets this long, and a
 * command still running after CLI_TIMEOUT_MS is ended rather than left behind.
 */
const CLI_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 180_000;
const RELATIVE_URL = 'file:./data/portal.sqlite';
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function elsewhere(): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-elsewhere-'));
  folders.push(folder);
  return folder;
}

type Answer = { code: number; stdout: string; stderr: string };

const db = (cwd: string, ...args: string[]): Promise<Answer> => script('scripts/db.ts', cwd, {}, ...args);

/** One of the database scripts run from `cwd`, on the relative DATABASE_URL unless `env` says otherwise. */
async function script(file: string, cwd: string, env: Record<string, string | undefined>, ...args: string[]): Promise<Answer> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', join(ROOT, 'node_modules/tsx/dist/loader.mjs'), join(ROOT, file), ...args], {
      cwd,
      timeout: CLI_TIMEOUT_MS,
      // The sources' import aliases (tsconfig.json) from any folder; the built db.mjs needs none.
      env: { ...process.env, DATABASE_URL: RELATIVE_URL, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const USES_THE_DATABASE: readonly string[][] = [
  ['create-school', '--predomain', 'jiangnan', '--name', '江南职业技能培训学院', '--admin-mobile', '13800000000', '--admin-name', '陈文静'],
  ['invite-admin', '--school', 'jiangnan', '--admin-mobile', '13800000001', '--admin-name', '钱明'],
  ['backup', 'backup.sqlite'],
  ['export-school', '--school', 'jiangnan', '--file', 'jiangnan.jsonl'],
  ['import-school', '--file', 'jiangnan.jsonl'],
];

// The commands on the portal's own SQLite file, whatever DATABASE_URL says: once, in the SQLite run.
describe.skipIf(ON_POSTGRES)('database commands from another folder', () => {
  test(
    'every command but migrate refuses a database that is not there, naming the path it looked for',
    async () => {
      const folder = elsewhere();
      for (const args of USES_THE_DATABASE) {
        const answer = await db(folder, ...args);
        expect(answer.code, `${args[0]}: ${answer.stdout}${answer.stderr}`).toBe(2);
        expect(answer.stderr).toContain(`no database at ${join(folder, 'data/portal.sqlite')}`);
        expect(answer.stderr).toContain('only "migrate" creates a new database');
      }
      expect(readdirSync(folder)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'an unknown command prints the usage and makes nothing',
    async () => {
      const folder = elsewhere();
      const answer = await db(folder, 'create-schol');
      expect(existsSync(join(folder, 'data'))).toBe(false);
      expect(answer.code).toBe(2);
      expect(answer.stdout).toContain('usage: db.mjs migrate');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'migrate makes the database, and the other commands then use it',
    async () => {
      const folder = elsewhere();
      const migrated = await db(folder, 'migrate');
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(existsSync(join(folder, 'data/portal.sqlite'))).toBe(true);
      const created = await db(folder, ...USES_THE_DATABASE.find(([name]) => name === 'create-school')!);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('school created (sqlite)');
    },
    TEST_TIMEOUT_MS,
  );
});

/** Whether the SQLite database at `file` has any school. */
async function hasSchools(file: string): Promise<boolean> {
  const { db: opened } = await openDatabase({ url: `file:${file}`, poolSize: 1 });
  try {
    return await hasAnySchool(opened);
  } finally {
    await opened.destroy();
  }
}

/** When the demo school was opened, by the seed's clock. */
async function schoolsOpenedAt(file: string): Promise<number> {
  const { db: opened } = await openDatabase({ url: `file:${file}`, poolSize: 1 });
  try {
    const row = await opened.selectFrom('tenants').select('createdAt').where('id', '=', DEMO_TENANT.id).executeTakeFirstOrThrow();
    return Number(row.createdAt);
  } finally {
    await opened.destroy();
  }
}

describe.skipIf(ON_POSTGRES)('the demo schools: a development tool, not a production command', () => {
  test(
    'the production commands do not seed; `npm run db:seed` refuses a database that is not there, like them',
    async () => {
      const folder = elsewhere();
      const production = await db(folder, 'seed');
      expect(production.code).toBe(2);
      expect(production.stderr).toContain('npm run db:seed');
      const seeded = await script('scripts/seed.ts', folder, {});
      expect(seeded.code, seeded.stdout).toBe(2);
      expect(seeded.stderr).toContain(`no database at ${join(folder, 'data/portal.sqlite')}`);
      expect(readdirSync(folder)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "`npm start`'s first step makes and seeds an empty database in development mode once, and does nothing in production",
    async () => {
      const folder = elsewhere();
      const file = join(folder, 'data/portal.sqlite');
      const production = await script('scripts/seed.ts', folder, { NODE_ENV: 'production' }, '--development');
      expect(production.code, production.stderr).toBe(0);
      expect(existsSync(file)).toBe(false);

      const first = await script('scripts/seed.ts', folder, { NODE_ENV: undefined }, '--development');
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('demo schools seeded (sqlite)');
      expect(await hasSchools(file)).toBe(true);
      const again = await script('scripts/seed.ts', folder, { NODE_ENV: undefined }, '--development');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe('');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'SEED_DAYS_AGO lays the demo schools out that many days back (as a run that crossed midnight sees them); anything but a number of days is refused',
    async () => {
      const folder = elsewhere();
      const refused = await script('scripts/seed.ts', folder, { NODE_ENV: undefined, SEED_DAYS_AGO: '1.5' }, '--development');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('SEED_DAYS_AGO must be a whole number of days, not "1.5"');
      expect(readdirSync(folder)).toEqual([]);

      const before = Date.now();
      const seeded = await script('scripts/seed.ts', folder, { NODE_ENV: undefined, SEED_DAYS_AGO: '1' }, '--development');
      const after = Date.now();
      expect(seeded.code, seeded.stderr).toBe(0);
      // The demo schools were opened SCHOOL_AGE_DAYS before the moment the seed is laid out around.
      const opened = await schoolsOpenedAt(join(folder, 'data/portal.sqlite'));
      const moment = opened + SCHOOL_AGE_DAYS * DAY;
      expect(moment).toBeGreaterThanOrEqual(before - DAY);
      expect(moment).toBeLessThanOrEqual(after - DAY);
    },
    TEST_TIMEOUT_MS,
  );
});
