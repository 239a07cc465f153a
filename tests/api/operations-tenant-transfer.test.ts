import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseConfig } from '~/server/config';
import { closeRuntime, createServer, type Server } from '~/server/runtime';
import { openDatabase, migrateToLatest, type DB, type DatabaseKind } from '~/server/db/database';
import { seedIfEmpty } from '~/server/db/seed';
import { DEMO_TENANT, SECOND_TENANT } from '~/server/db/seed/demo-data';
import { DEMO_STUDENT } from '~/server/db/seed/login';
import { dependencyOrder, exportTenant, importTenant, parentsFirst, tenantRowCounts } from '~/server/db/tenant-transfer';
import { makeDatabase, NOW, parse } from '../setup/server';
import { LOGIN, passwordLoginBody } from '../setup/login';

/**
 * Moving one school between databases and engines (operations): the demo school is exported from
 * a seeded database and imported into an empty one (SQLite to SQLite always; SQLite to PostgreSQL
 * and back in the PostgreSQL run). Every table holds the same rows of the school on both sides, the
 * other schools stay behind, and the school's student logs in on the new database. A second import
 * is refused and changes nothing.
 */

const PG = /^postgres(ql)?:\/\//.test(process.env['DATABASE_URL'] ?? '');
const dir = mkdtempSync(join(tmpdir(), 'portal-transfer-'));
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

async function database(engine: 'sqlite' | 'postgres', seeded: boolean): Promise<{ url: string; db: DB; kind: DatabaseKind }> {
  const made = await makeDatabase(engine === 'sqlite' ? '' : undefined);
  const { db, kind } = await openDatabase({ url: made.url, poolSize: 2 });
  drops.push(async () => {
    await db.destroy();
    await made.drop();
  });
  await migrateToLatest(db);
  if (seeded) await seedIfEmpty(db, NOW);
  return { url: made.url, db, kind };
}

async function serverOn(url: string): Promise<Server> {
  const server = await createServer(
    parseConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', TOKEN_PARAM_SECRET: 'test-token-param-secret-0123456789abcdef' }),
    () => NOW,
  );
  drops.unshift(() => closeRuntime(server.runtime));
  return server;
}

async function move(from: 'sqlite' | 'postgres', to: 'sqlite' | 'postgres') {
  const source = await database(from, true);
  const target = await database(to, false);
  const file = join(dir, `${from}-to-${to}.jsonl`);
  const exported = await exportTenant(source.db, source.kind, DEMO_TENANT.id, file, NOW);
  const imported = await importTenant(target.db, file);
  expect(imported).toEqual(exported);

  const before = await tenantRowCounts(source.db, source.kind, DEMO_TENANT.id);
  const after = await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id);
  expect(after).toEqual(before);
  // Something of every kind moved: content, learning, exams.
  for (const table of ['news', 'class_students', 'lesson_records', 'work_attempts', 'exam_questions', 'classroom_comments'])
    expect(after[table], table).toBeGreaterThan(0);
  // The other schools stayed behind.
  expect(Object.values(await tenantRowCounts(target.db, target.kind, SECOND_TENANT.id)).every((n) => n === 0)).toBe(true);

  // Imported twice: refused, nothing written.
  await expect(importTenant(target.db, file)).rejects.toThrow(/exists already/);
  expect(await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id)).toEqual(after);
  // The school's student logs in on the new database with the same password.
  const server = await serverOn(target.url);
  const login = await parse(
    await server.app.request(
      LOGIN.login,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', TenantId: DEMO_TENANT.id },
        body: JSON.stringify(passwordLoginBody(DEMO_STUDENT.mobile, DEMO_STUDENT.password)),
      },
      { ip: '198.51.100.77' },
    ),
  );
  expect(login.body.code, login.text).toBe(0);

  return { target, file };
}

describe('moving a school between databases', () => {
  test('SQLite to SQLite: every row of the school, nothing of the others, the student logs in', { timeout: 120_000 }, async () => {
    await move('sqlite', 'sqlite');
  });

  test.skipIf(!PG)('SQLite to PostgreSQL and back', { timeout: 180_000 }, async () => {
    await move('sqlite', 'postgres');
    await move('postgres', 'sqlite');
  });

  test('an account the target has under another id is named and nothing is written', { timeout: 120_000 }, async () => {
    const source = await database('sqlite', true);
    const target = await database('sqlite', true);
    // The target has its own schools and users: the demo school's own id and domain are free there
    // once it is gone, but its student's mobile belongs to another account.
    await target.db.deleteFrom('tenants').where('id', '=', DEMO_TENANT.id).execute();
    await target.db
      .updateTable('users')
      .set({ id: 'another-account-id' })
      .where('mobile', '=', DEMO_STUDENT.mobile)
      .execute()
      .catch(() => undefined);
    const file = join(dir, 'conflict.jsonl');
    await exportTenant(source.db, source.kind, DEMO_TENANT.id, file, NOW);
    const before = await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id);
    await expect(importTenant(target.db, file)).rejects.toThrow(new RegExp(`account ${DEMO_STUDENT.mobile} exists with another id`));
    expect(await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id)).toEqual(before);
  });
});

describe('transfer ordering rules', () => {
  test('tables after the tables they refer to; a cycle is named', () => {
    const keys = [
      { table: 'b', column: 'a_id', references: 'a' },
      { table: 'c', column: 'b_id', references: 'b' },
      { table: 'c', column: 'parent_id', references: 'c' },
    ];
    expect(dependencyOrder(['c', 'b', 'a'], keys)).toEqual(['a', 'b', 'c']);
    expect(() =>
      dependencyOrder(
        ['x', 'y'],
        [
          { table: 'x', column: 'y', references: 'y' },
          { table: 'y', column: 'x', references: 'x' },
        ],
      ),
    ).toThrow(/cycle/);
  });

  test('rows of a self-referring table: parents first, whatever the order given', () => {
    const rows = [
      { id: '3', parent_id: '2' },
      { id: '2', parent_id: '1' },
      { id: '1', parent_id: null },
      { id: '4', parent_id: 'elsewhere' },
    ];
    expect(parentsFirst(rows, ['parent_id']).map((r) => r.id)).toEqual(['1', '4', '2', '3']);
  });
});
