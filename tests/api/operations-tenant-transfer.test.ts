import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { parseConfig } from '~/server/config';
import { closeRuntime, createServer, type Server } from '~/server/runtime';
import { openDatabase, migrateToLatest, type DB, type DatabaseKind } from '~/server/db/database';
import { seedIfEmpty } from '~/dev/seed';
import { DEMO_TENANT, SECOND_TENANT } from '~/dev/seed/demo-data';
import { DEMO_STAFF } from '~/dev/seed/staff';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { dependencyOrder, exportTenant, importTenant, parentsFirst, tenantRowCounts } from '~/server/db/tenant-transfer';
import { fileStoreOf } from '~/server/storage/file-stores';
import { recordStoredFile } from '~/server/storage/files.service';
import type { FileStore } from '~/server/storage/storage';
import { GET as serveFile } from '~/pages/files/[...key]';
import { makeDatabase, NOW, ON_POSTGRES, parse, type StorageDriver } from '../setup/server';
import { LOGIN, passwordLoginBody } from '../setup/login';
import { useS3Server } from '../setup/s3';
import { testScope } from '../setup/scope';

/**
 * Moving one school between databases, engines and file stores (operations): the demo school,
 * with stored files of its own (a picture, a media original larger than one read of the store),
 * is exported from a seeded database and imported into an empty one: SQLite with its files on
 * the local disk to SQLite with a bucket and back always; through PostgreSQL in the PostgreSQL run.
 * Every table holds the same rows of the school on both sides, the other schools stay behind, the
 * school's student logs in on the new database and its files are served there. A second import is
 * refused and changes nothing; an export whose file was damaged, or a store that lost a file, is
 * refused with nothing written.
 */

const dir = mkdtempSync(join(tmpdir(), 'portal-transfer-'));
const drops: (() => Promise<void>)[] = [];
const s3 = useS3Server();

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

type Engine = 'sqlite' | 'postgres';

/** A file store of its own (a fresh directory or a fresh bucket) and the environment that names it. */
async function storeOn(driver: StorageDriver): Promise<{ env: Record<string, string>; files: FileStore }> {
  const env: Record<string, string> =
    driver === 'local' ? { STORAGE_DRIVER: 'local', UPLOAD_DIR: mkdtempSync(join(dir, 'uploads-')) } : { ...s3().env, S3_BUCKET: await s3().newBucket() };
  return { env, files: fileStoreOf(parseConfig({ NODE_ENV: 'test', ...env })) };
}

async function database(engine: Engine, seeded: boolean): Promise<{ url: string; db: DB; kind: DatabaseKind }> {
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

async function serverOn(url: string, env: Record<string, string> = {}): Promise<Server> {
  const server = await createServer(
    parseConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', TOKEN_PARAM_SECRET: 'test-token-param-secret-0123456789abcdef', ...env }),
    () => NOW,
  );
  drops.unshift(() => closeRuntime(server.runtime));
  return server;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let fileCounter = 0;

/** Stores bytes under a new key of the demo school and records them, as an upload does. */
async function storeFile(db: DB, files: FileStore, extension: 'png' | 'mp4', bytes: Buffer): Promise<{ key: string; bytes: Buffer }> {
  fileCounter += 1;
  const id = `t${fileCounter}${randomBytes(6).toString('hex')}`;
  const key = `${DEMO_TENANT.id}/202611/${id}.${extension}`;
  await files.put(key, bytes);
  const contentType = extension === 'png' ? 'image/png' : 'video/mp4';
  const uploadedBy = DEMO_STAFF[DEMO_TENANT.id]![0]!.id;
  await recordStoredFile(
    db,
    { id, tenantId: DEMO_TENANT.id, key, purpose: extension === 'png' ? UPLOAD_PURPOSE.branding : 'media', contentType, name: id, uploadedBy },
    {
      size: bytes.length,
      sha256: sha256(bytes),
    },
    NOW,
  );
  return { key, bytes };
}

/** A picture and a media file (several reads of the store long) of the demo school. */
async function schoolFiles(db: DB, files: FileStore) {
  return [await storeFile(db, files, 'png', randomBytes(5_000)), await storeFile(db, files, 'mp4', randomBytes(3 * 1024 * 1024 + 17))];
}

/** GET /files/<key> on a server, for the demo school's host. */
async function served(server: Server, key: string): Promise<Response> {
  const scope = testScope(server.runtime, 'transfer-test', DEMO_TENANT.id);
  return serveFile({ params: { key }, locals: { scope }, request: new Request(`http://localhost/files/${key}`) } as never) as Promise<Response>;
}

interface Side {
  engine: Engine;
  driver: StorageDriver;
}

/** Seeds a school with files on `from`, moves it to `to`, checks everything arrived; answers the target. */
async function move(from: Side, to: Side) {
  const source = await database(from.engine, true);
  const sourceStore = await storeOn(from.driver);
  const stored = await schoolFiles(source.db, sourceStore.files);
  const target = await database(to.engine, false);
  const targetStore = await storeOn(to.driver);
  const file = join(dir, `${from.engine}-${from.driver}-to-${to.engine}-${to.driver}.jsonl`);
  const exported = await exportTenant(source.db, source.kind, DEMO_TENANT.id, file, sourceStore.files, NOW);
  expect(exported.files).toBe(stored.length);
  const imported = await importTenant(target.db, file, targetStore.files);
  expect(imported.rows).toEqual(exported.rows);
  expect(imported.files).toBe(stored.length);

  const before = await tenantRowCounts(source.db, source.kind, DEMO_TENANT.id);
  const after = await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id);
  expect(after).toEqual(before);
  // Something of every kind moved: content, learning, exams, files.
  for (const table of ['news', 'class_students', 'lesson_records', 'work_attempts', 'exam_questions', 'classroom_comments', 'stored_files'])
    expect(after[table], table).toBeGreaterThan(0);
  // The classes' numbers of students, which the database keeps and no export carries (decision 124), made again by the import.
  const totals = (db: DB) =>
    db
      .selectFrom('classTotals as ct')
      .innerJoin('teachingClasses as tc', 'tc.id', 'ct.classId')
      .select(['ct.classId', 'ct.signUpTotal', 'ct.admittedTotal'])
      .where('tc.tenantId', '=', DEMO_TENANT.id)
      .orderBy('ct.classId')
      .execute();
  const kept = await totals(source.db);
  expect(kept.some((k) => Number(k.signUpTotal) > 0)).toBe(true);
  expect(await totals(target.db)).toEqual(kept);
  // The other schools stayed behind.
  expect(Object.values(await tenantRowCounts(target.db, target.kind, SECOND_TENANT.id)).every((n) => n === 0)).toBe(true);

  // Imported twice: refused, nothing written.
  await expect(importTenant(target.db, file, targetStore.files)).rejects.toThrow(/exists already/);
  expect(await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id)).toEqual(after);
  // On the new database with the new store: the school's student logs in with the same password, and its files are served.
  const server = await serverOn(target.url, targetStore.env);
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
  for (const f of stored) {
    const answer = await served(server, f.key);
    expect(answer.status, f.key).toBe(200);
    expect(sha256(Buffer.from(await answer.arrayBuffer()))).toBe(sha256(f.bytes));
  }
  return { target, file, targetStore, stored };
}

/** Moves between SQLite files, whatever DATABASE_URL says: once, in the SQLite run. */
const onSqlite = test.skipIf(ON_POSTGRES);

describe('moving a school between databases and file stores', () => {
  onSqlite('SQLite and the local disk to SQLite and a bucket: every row and file of the school, nothing of the others', { timeout: 120_000 }, async () => {
    await move({ engine: 'sqlite', driver: 'local' }, { engine: 'sqlite', driver: 's3' });
  });

  onSqlite('SQLite and a bucket to SQLite and the local disk', { timeout: 120_000 }, async () => {
    await move({ engine: 'sqlite', driver: 's3' }, { engine: 'sqlite', driver: 'local' });
  });

  test.skipIf(!ON_POSTGRES)('SQLite and the local disk to PostgreSQL and a bucket, and back', { timeout: 180_000 }, async () => {
    await move({ engine: 'sqlite', driver: 'local' }, { engine: 'postgres', driver: 's3' });
    await move({ engine: 'postgres', driver: 's3' }, { engine: 'sqlite', driver: 'local' });
  });

  onSqlite('into the same bucket (only the database changes): the files there are kept, not written again', { timeout: 120_000 }, async () => {
    const source = await database('sqlite', true);
    const shared = await storeOn('s3');
    const stored = await schoolFiles(source.db, shared.files);
    const file = join(dir, 'same-bucket.jsonl');
    await exportTenant(source.db, source.kind, DEMO_TENANT.id, file, shared.files, NOW);
    const target = await database('sqlite', false);
    const imported = await importTenant(target.db, file, shared.files);
    expect(imported).toMatchObject({ files: 0, filesPresent: stored.length });
    for (const f of stored) expect(await shared.files.read(f.key)).toEqual(f.bytes);
  });

  onSqlite('an export whose file was damaged is refused: no row and no file is written', { timeout: 120_000 }, async () => {
    const source = await database('sqlite', true);
    const sourceStore = await storeOn('local');
    const [picture] = await schoolFiles(source.db, sourceStore.files);
    const file = join(dir, 'damaged.jsonl');
    await exportTenant(source.db, source.kind, DEMO_TENANT.id, file, sourceStore.files, NOW);
    // One byte of the picture changed on the way.
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"fileStart":')) + 1;
    const data = Buffer.from((JSON.parse(lines[at]!) as { fileData: string }).fileData, 'base64');
    data[0] = data[0]! ^ 0xff;
    lines[at] = JSON.stringify({ fileData: data.toString('base64') });
    writeFileSync(file, lines.join('\n'));

    const target = await database('sqlite', false);
    const targetStore = await storeOn('s3');
    await expect(importTenant(target.db, file, targetStore.files)).rejects.toThrow(`the export's file ${picture!.key} is damaged`);
    expect(Object.values(await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id)).every((n) => n === 0)).toBe(true);
    expect(await targetStore.files.size(picture!.key)).toBeNull();
  });

  onSqlite('a school whose store lost a file is not exported: the file is named and no export is left', { timeout: 120_000 }, async () => {
    const source = await database('sqlite', true);
    const sourceStore = await storeOn('s3');
    const [, media] = await schoolFiles(source.db, sourceStore.files);
    await sourceStore.files.remove(media!.key);
    const file = join(dir, 'lost.jsonl');
    await expect(exportTenant(source.db, source.kind, DEMO_TENANT.id, file, sourceStore.files, NOW)).rejects.toThrow(`${media!.key}: not in the file store`);
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
  });

  onSqlite('an account the target has under another id is named and nothing is written', { timeout: 120_000 }, async () => {
    const source = await database('sqlite', true);
    const sourceStore = await storeOn('local');
    const [picture] = await schoolFiles(source.db, sourceStore.files);
    const target = await database('sqlite', true);
    const targetStore = await storeOn('local');
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
    await exportTenant(source.db, source.kind, DEMO_TENANT.id, file, sourceStore.files, NOW);
    const before = await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id);
    await expect(importTenant(target.db, file, targetStore.files)).rejects.toThrow(new RegExp(`account ${DEMO_STUDENT.mobile} exists with another id`));
    expect(await tenantRowCounts(target.db, target.kind, DEMO_TENANT.id)).toEqual(before);
    expect(await targetStore.files.size(picture!.key)).toBeNull();
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
