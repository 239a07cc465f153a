import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Hono } from 'hono';
import * as staff from '~/lib/api/contracts/staff';
import { parseConfig } from '~/server/config';
import { closeRuntime, createServer, type Server } from '~/server/runtime';
import { makeDatabase, parse } from '../setup/server';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * `npm run school:create` with the first administrator, run as the operator runs it (the script,
 * on its own database), then that administrator's link used on the portal; and
 * `npm run school:invite-admin` for a new link. The flags are checked before anything is written.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

let database: Awaited<ReturnType<typeof makeDatabase>>;

beforeAll(async () => {
  database = await makeDatabase();
  // As an operator starts: migrate makes the database, the other commands use it.
  const made = await db('migrate');
  expect(made.code, made.stderr).toBe(0);
});

afterAll(async () => {
  await database.drop();
});

async function db(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, TENANT_BASE_DOMAINS: 'example.cn', PORT: '4321' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The portal on the same database, asked as its browser would (no TenantId: the host names the school). */
async function portal<T>(
  use: (server: Server, call: (c: typeof staff.invitationAccept | typeof staff.invitationInspect, body: unknown, host: string) => Promise<any>) => Promise<T>,
) {
  const server = await createServer(parseConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent', TENANT_BASE_DOMAINS: 'example.cn' }));
  try {
    const app: Hono = server.app as unknown as Hono;
    return await use(server, async (c, body, host) =>
      parse(await app.request(`/api${c.path}`, { method: 'POST', headers: { Host: host, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })),
    );
  } finally {
    await closeRuntime(server.runtime);
  }
}

describe('school:create and the first administrator', () => {
  test('without valid administrator flags nothing is created', async () => {
    const r = await db('create-school', '--predomain', 'jiangnan', '--name', '江南职业技能培训学院', '--admin-mobile', '123');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--admin-mobile: 请输入正确的手机号');
    expect(r.stderr).toContain('--admin-name: 请输入姓名');
    const again = await db(
      'create-school',
      '--predomain',
      'jiangnan',
      '--name',
      '江南职业技能培训学院',
      '--admin-mobile',
      '13800000000',
      '--admin-name',
      '陈文静',
    );
    expect(again.code, again.stderr).toBe(0);
  });

  test('the printed link makes the administrator once; invite-admin prints a new link', async () => {
    const made = await db(
      'create-school',
      '--predomain',
      'huaxia',
      '--name',
      '华夏职业学院',
      '--domain',
      'www.hx-edu.cn',
      '--admin-mobile',
      '13800000001',
      '--admin-name',
      '赵华',
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('it answers at: huaxia.example.cn, www.hx-edu.cn');
    const link = /(http:\/\/www\.hx-edu\.cn\/admin\/accept#token=([\w-]{43}))/.exec(made.stdout);
    expect(link, made.stdout).not.toBeNull();
    const token = link![2]!;

    await portal(async (server, call) => {
      const preview = await call(staff.invitationInspect, { token }, 'huaxia.example.cn');
      expect(preview.body.data).toMatchObject({ schoolName: '华夏职业学院', name: '赵华', mobile: '13800000001', role: 'admin' });
      const accepted = await call(staff.invitationAccept, { token, password: 'School2026' }, 'www.hx-edu.cn');
      expect(accepted.body.data.account).toMatchObject({ name: '赵华', role: 'admin' });
      const entries = await server.runtime.db
        .selectFrom('staffAuditLog')
        .select(['actorId', 'actorName', 'action'])
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      expect(entries.filter((e) => e.action === 'invitation.create')).toContainEqual({ actorId: null, actorName: '运维命令', action: 'invitation.create' });
      expectRefused(
        await call(staff.invitationAccept, { token, password: 'School2027' }, 'www.hx-edu.cn'),
        ErrorCode.BAD_REQUEST,
        t('staff.invitationInvalid'),
      );
    });

    const taken = await db('invite-admin', '--school', 'huaxia', '--admin-mobile', '13800000001', '--admin-name', '赵华');
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('该手机号已是本校员工账号');
    const second = await db(
      'invite-admin',
      '--school',
      'huaxia',
      '--admin-mobile',
      '13800000002',
      '--admin-name',
      '钱明',
      '--origin',
      'https://admin.hx-edu.cn/',
    );
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/https:\/\/admin\.hx-edu\.cn\/admin\/accept#token=[\w-]{43}/);
    expect((await db('invite-admin', '--school', 'nosuch', '--admin-mobile', '13800000003', '--admin-name', '孙')).stderr).toContain('no school nosuch');
  });
});
