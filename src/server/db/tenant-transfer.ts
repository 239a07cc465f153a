import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type { FileStore } from '../storage/storage';
import type { DB, DatabaseKind } from './database';

/**
 * Moving one school between databases, also between engines (SQLite ↔ PostgreSQL): `export`
 * writes the school's rows of every table that has a tenant_id, its tenant row and the accounts
 * its rows refer to, as JSON lines; `import` writes them into another database of the same schema
 * in one transaction, parents before children, or refuses and writes nothing.
 *
 * - The tables are found in the database itself, so a table added by a later migration moves too.
 *   Both databases must be at the same migration.
 * - Accounts (users) are shared by schools. An account the target already has under the same id
 *   and mobile is reused; the same mobile under another id, or the same id with another mobile, is
 *   a conflict the import names and refuses.
 * - Refused too: a school whose id, pre-domain or one of whose domains the target already has.
 * - Process-wide tables hold nothing of a school (login failures by address, SMS send times).
 * - The school's files go with it (version 2): every stored file its `stored_files` rows name (the
 *   logo, covers, pictures, media originals and renditions) is read from the source's file store
 *   and written to the target's, whichever driver each uses (local disk or bucket), checked
 *   against the row's size and SHA-256. The files are written before the rows (a row never names
 *   missing bytes); a file the target's store has already under its key (the same bucket) is
 *   kept as it is. If the rows cannot be written, the files this import wrote are removed.
 *   A version 1 export (rows only) is still read; its files are copied by hand.
 */

export const TRANSFER_FORMAT = 'digital-cloud-school/tenant-export';
export const TRANSFER_VERSION = 2;
/** Exports made before files travelled with the rows: still imported, without files. */
const ROWS_ONLY_VERSION = 1;
/** The table whose rows name the school's stored files (storage/files.table.ts). */
const FILES_TABLE = 'stored_files';

/** One stored file in an export: a start line, its bytes in data lines (base64), an end line. */
interface FileStart {
  fileStart: string;
  size: number;
  sha256: string;
}
interface FileData {
  fileData: string;
}
interface FileEnd {
  fileEnd: string;
}
type FileLine = FileStart | FileData | FileEnd;
const isFileLine = (value: object): value is FileLine => 'fileStart' in value || 'fileData' in value || 'fileEnd' in value;

export interface TransferCounts {
  /** Rows per table. */
  rows: Record<string, number>;
  /** Stored files carried (export) or written to the target's store (import). */
  files: number;
  /** Import only: files the target's store had already under their keys (the same bucket). */
  filesPresent?: number;
}

/** A stored file as its row records it. */
interface FileRecord {
  key: string;
  size: number;
  sha256: string;
}

const fileRecordOf = (row: Row): FileRecord => ({ key: String(row['key']), size: Number(row['size']), sha256: String(row['sha256']) });

type Row = Record<string, unknown>;

interface Header {
  format: typeof TRANSFER_FORMAT;
  version: number;
  tenantId: string;
  preDomain: string;
  exportedAt: string;
  migrations: string[];
  /** Tables in the order they are written: every table after the tables it refers to. */
  tables: string[];
}

interface ForeignKey {
  table: string;
  column: string;
  references: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the transfer walks every table by its name read from the catalogue, so no schema type applies
const raw = (db: DB): Kysely<any> => db.withoutPlugins() as unknown as Kysely<any>;

async function tableNames(db: DB, kind: DatabaseKind): Promise<string[]> {
  const q =
    kind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`;
  return (await q.execute(raw(db))).rows.map((r) => r.name);
}

async function columnsOf(db: DB, kind: DatabaseKind, table: string): Promise<string[]> {
  const q =
    kind === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`
      : sql<{
          name: string;
        }>`select column_name as name from information_schema.columns
           where table_schema = current_schema() and table_name = ${table} order by ordinal_position`;
  return (await q.execute(raw(db))).rows.map((r) => r.name);
}

async function foreignKeys(db: DB, kind: DatabaseKind): Promise<ForeignKey[]> {
  const q =
    kind === 'sqlite'
      ? sql<ForeignKey>`select m.name as "table", p."from" as "column", p."table" as "references"
           from sqlite_master m join pragma_foreign_key_list(m.name) p where m.type = 'table'`
      : sql<ForeignKey>`select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as "references"
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey) where c.contype = 'f'`;
  return (await q.execute(raw(db))).rows;
}

async function migrationsOf(db: DB): Promise<string[]> {
  const r = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(raw(db));
  return r.rows.map((row) => row.name);
}

/** Tables ordered so each comes after those it refers to (self-references aside). */
export function dependencyOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const deps = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const k of keys) if (k.table !== k.references && deps.has(k.table) && deps.has(k.references)) deps.get(k.table)!.add(k.references);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && [...deps.get(t)!].every((d) => placed.has(d)));
    if (!next.length) throw new Error(`foreign keys form a cycle among: ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of next) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** Rows of a table that refers to itself (a reply and its comment), parents first. */
export function parentsFirst(rows: readonly Row[], selfColumns: readonly string[], key = 'id'): Row[] {
  if (!selfColumns.length) return [...rows];
  const ids = new Set(rows.map((r) => r[key]));
  const done = new Set<unknown>();
  const ordered: Row[] = [];
  let left = [...rows];
  while (left.length) {
    const ready = left.filter((r) => selfColumns.every((c) => r[c] === null || r[c] === undefined || !ids.has(r[c]) || done.has(r[c]) || r[c] === r[key]));
    if (!ready.length) throw new Error('rows refer to each other in a cycle');
    for (const r of ready) {
      done.add(r[key]);
      ordered.push(r);
    }
    const readySet = new Set(ready);
    left = left.filter((r) => !readySet.has(r));
  }
  return ordered;
}

/**
 * Writes one school's data to `file` as JSON lines, then its stored files from `files` (the
 * source's store); answers the counts. A file the store does not have, or whose bytes differ
 * from its row, stops the export (naming each one) and no export file is left.
 */
export async function exportTenant(db: DB, kind: DatabaseKind, tenantId: string, file: string, files: FileStore, now = Date.now()): Promise<TransferCounts> {
  const r = raw(db);
  const tenant = await r.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) throw new Error(`no school with id ${tenantId}`);
  const keys = await foreignKeys(db, kind);
  const tenantTables: string[] = [];
  for (const t of await tableNames(db, kind)) if ((await columnsOf(db, kind, t)).includes('tenant_id')) tenantTables.push(t);
  const order = dependencyOrder(tenantTables, keys);

  // The accounts the school's rows refer to.
  const userIds = new Set<string>();
  for (const k of keys.filter((k) => k.references === 'users' && tenantTables.includes(k.table))) {
    const rows = await r.selectFrom(k.table).select(sql.ref(k.column).as('u')).distinct().where('tenant_id', '=', tenantId).execute();
    for (const row of rows) if (row.u !== null) userIds.add(String(row.u));
  }
  const users = userIds.size
    ? await r
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...userIds])
        .orderBy('id')
        .execute()
    : [];

  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (value: unknown) => {
    if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
  };
  const header: Header = {
    format: TRANSFER_FORMAT,
    version: TRANSFER_VERSION,
    tenantId,
    preDomain: String(tenant['pre_domain']),
    exportedAt: new Date(now).toISOString(),
    migrations: await migrationsOf(db),
    tables: ['tenants', 'users', ...order],
  };
  const counts: Record<string, number> = { tenants: 1, users: users.length };
  await write(header);
  await write({ table: 'tenants', row: tenant });
  for (const u of users) await write({ table: 'users', row: u });
  const stored: FileRecord[] = [];
  for (const t of order) {
    const selfColumns = keys.filter((k) => k.table === t && k.references === t).map((k) => k.column);
    const rows = parentsFirst(await r.selectFrom(t).selectAll().where('tenant_id', '=', tenantId).execute(), selfColumns);
    counts[t] = rows.length;
    for (const row of rows) await write({ table: t, row });
    if (t === FILES_TABLE) stored.push(...rows.map(fileRecordOf));
  }
  const problems: string[] = [];
  for (const record of stored) {
    const problem = await writeFile(files, record, write);
    if (problem) problems.push(problem);
  }
  out.end();
  await once(out, 'finish');
  if (problems.length) {
    await rm(file, { force: true });
    throw new Error(`export stopped: files of the school are missing or damaged in the file store:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return { rows: counts, files: stored.length };
}

/** One stored file's lines (read from the store, hashed as it goes); what is wrong with it, or null. */
async function writeFile(files: FileStore, record: FileRecord, write: (value: FileLine) => Promise<void>): Promise<string | null> {
  const source = await files.readStream(record.key);
  if (!source) return `${record.key}: not in the file store`;
  await write({ fileStart: record.key, size: record.size, sha256: record.sha256 });
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
    await write({ fileData: bytes.toString('base64') });
  }
  await write({ fileEnd: record.key });
  const sha256 = hash.digest('hex');
  return size === record.size && sha256 === record.sha256
    ? null
    : `${record.key}: ${size} bytes with SHA-256 ${sha256}, its row says ${record.size} and ${record.sha256}`;
}

const linesOf = (file: string) => createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });

/** The header and the rows of an export, and the files it carries (their bytes are read by copyFiles). */
async function readExport(file: string): Promise<{ header: Header; rows: Map<string, Row[]>; carried: FileRecord[] }> {
  let header: Header | undefined;
  const rows = new Map<string, Row[]>();
  const carried: FileRecord[] = [];
  for await (const line of linesOf(file)) {
    if (!line.trim()) continue;
    const value = JSON.parse(line) as Header | { table: string; row: Row } | FileLine;
    if (!header) {
      const given = value as Header;
      if (given.format !== TRANSFER_FORMAT || (given.version !== TRANSFER_VERSION && given.version !== ROWS_ONLY_VERSION))
        throw new Error('not an export of this portal');
      header = given;
      continue;
    }
    if (isFileLine(value)) {
      if ('fileStart' in value) carried.push({ key: value.fileStart, size: value.size, sha256: value.sha256 });
      continue;
    }
    const { table, row } = value as { table: string; row: Row };
    if (!header.tables.includes(table)) throw new Error(`the export names an unknown table ${table}`);
    if (!rows.has(table)) rows.set(table, []);
    rows.get(table)!.push(row);
  }
  if (!header) throw new Error('the export is empty');
  return { header, rows, carried };
}

/** What is wrong with the files an export carries: each must be a row's file, and a version 2 export carries every one. */
function fileProblems(header: Header, rows: Map<string, Row[]>, carried: readonly FileRecord[]): string[] {
  const recorded = new Map((rows.get(FILES_TABLE) ?? []).map((row) => [String(row['key']), fileRecordOf(row)]));
  const problems: string[] = [];
  for (const file of carried) {
    const row = recorded.get(file.key);
    if (!row || row.size !== file.size || row.sha256 !== file.sha256) problems.push(`the export carries a file no row of the school names: ${file.key}`);
  }
  if (header.version !== ROWS_ONLY_VERSION) {
    const present = new Set(carried.map((f) => f.key));
    for (const key of recorded.keys()) if (!present.has(key)) problems.push(`the export lacks the file ${key}`);
  }
  return problems;
}

/**
 * Writes the export's files into `files`, checking each against its row; answers the keys written
 * (a key the store has already, with the row's size, is left as it is and not answered). On a
 * failure the files written so far are removed and the error is thrown.
 */
async function copyFiles(file: string, files: FileStore, carried: readonly FileRecord[]): Promise<{ written: string[]; present: number }> {
  const written: string[] = [];
  let present = 0;
  if (!carried.length) return { written, present };
  const lines = linesOf(file)[Symbol.asyncIterator]();
  const next = async (): Promise<FileLine | null> => {
    for (let r = await lines.next(); !r.done; r = await lines.next()) {
      if (!r.value.trim()) continue;
      const value = JSON.parse(r.value) as object;
      if (isFileLine(value)) return value;
    }
    return null;
  };
  try {
    for (const record of carried) {
      const start = await next();
      if (!start || !('fileStart' in start) || start.fileStart !== record.key) throw new Error(`the export's file ${record.key} is cut short`);
      const hash = createHash('sha256');
      let size = 0;
      async function* bytes(): AsyncGenerator<Uint8Array> {
        for (let line = await next(); ; line = await next()) {
          if (!line || 'fileStart' in line) throw new Error(`the export's file ${record.key} is cut short`);
          if ('fileEnd' in line) return;
          const chunk = Buffer.from(line.fileData, 'base64');
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      }
      if ((await files.size(record.key)) === record.size) {
        // The target's store has this key already (keys never name other bytes): it stays as it is.
        for await (const _ of bytes());
        present += 1;
        continue;
      }
      written.push(record.key);
      await files.putStream(record.key, bytes());
      const sha256 = hash.digest('hex');
      if (size !== record.size || sha256 !== record.sha256) throw new Error(`the export's file ${record.key} is damaged (${size} bytes, SHA-256 ${sha256})`);
    }
  } catch (error) {
    await removeFiles(files, written);
    throw error;
  } finally {
    await lines.return?.();
  }
  return { written, present };
}

async function removeFiles(files: FileStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await files.remove(key);
}

/** Why the target cannot take this school, or nothing. */
async function conflicts(db: DB, header: Header, rows: Map<string, Row[]>): Promise<string[]> {
  const r = raw(db);
  const problems: string[] = [];
  if (await r.selectFrom('tenants').select('id').where('id', '=', header.tenantId).executeTakeFirst())
    problems.push(`a school with id ${header.tenantId} exists already`);
  if (await r.selectFrom('tenants').select('id').where('pre_domain', '=', header.preDomain).executeTakeFirst())
    problems.push(`the pre-domain ${header.preDomain} is taken`);
  const domains = (rows.get('school_domains') ?? []).map((d) => String(d['domain']));
  if (domains.length) {
    for (const d of await r.selectFrom('school_domains').select('domain').where('domain', 'in', domains).execute())
      problems.push(`the domain ${d.domain} is taken`);
  }
  const users = rows.get('users') ?? [];
  for (let i = 0; i < users.length; i += 500) {
    const batch = users.slice(i, i + 500);
    const byId = new Map(batch.map((u) => [String(u['id']), u]));
    const found = await r
      .selectFrom('users')
      .select(['id', 'mobile'])
      .where((eb) =>
        eb.or([
          eb('id', 'in', [...byId.keys()]),
          eb(
            'mobile',
            'in',
            batch.map((u) => String(u['mobile'])),
          ),
        ]),
      )
      .execute();
    for (const f of found) {
      const mine = byId.get(String(f.id));
      // The same account (same id, same mobile) is shared; anything else is two different people.
      if (!mine || String(mine['mobile']) !== String(f.mobile)) problems.push(`the account ${String(f.mobile)} exists with another id or mobile`);
    }
  }
  return problems;
}

/**
 * Writes an export into `db` (migrated to the same schema) and its files into `files` (the
 * target's store); answers the rows per table and the files written. Refused, with nothing
 * written, when the schemas differ, the school or its accounts clash, or the files do not match.
 */
export async function importTenant(db: DB, file: string, files: FileStore): Promise<TransferCounts> {
  const { header, rows, carried } = await readExport(file);
  const here = await migrationsOf(db);
  if (here.join() !== header.migrations.join()) {
    throw new Error(
      `the export was made at migration ${header.migrations.at(-1) ?? '(none)'}, this database is at ${here.at(-1) ?? '(none)'}: ` +
        'bring both to the same version first',
    );
  }
  const problems = [...(await conflicts(db, header, rows)), ...fileProblems(header, rows, carried)];
  if (problems.length) throw new Error(`import refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  // Files before rows: a row never names bytes the store does not have.
  const copied = await copyFiles(file, files, carried);
  const counts: Record<string, number> = {};
  try {
    await writeRows(db, header, rows, counts);
  } catch (error) {
    await removeFiles(files, copied.written);
    throw error;
  }
  return { rows: counts, files: copied.written.length, filesPresent: copied.present };
}

async function writeRows(db: DB, header: Header, rows: Map<string, Row[]>, counts: Record<string, number>): Promise<void> {
  await raw(db)
    .transaction()
    .execute(async (trx) => {
      for (const table of header.tables) {
        let list = rows.get(table) ?? [];
        if (table === 'users') {
          // Accounts the target shares already (same id and mobile) are kept as they are.
          const existing = new Set<string>();
          for (let i = 0; i < list.length; i += 500) {
            const ids = list.slice(i, i + 500).map((u) => String(u['id']));
            for (const f of await trx.selectFrom('users').select('id').where('id', 'in', ids).execute()) existing.add(String(f.id));
          }
          list = list.filter((u) => !existing.has(String(u['id'])));
        }
        counts[table] = list.length;
        // Small batches keep every statement under SQLite's and PostgreSQL's parameter limits.
        const columns = list[0] ? Object.keys(list[0]).length : 1;
        const size = Math.max(1, Math.floor(900 / columns));
        for (let i = 0; i < list.length; i += size)
          await trx
            .insertInto(table)
            .values(list.slice(i, i + size))
            .execute();
      }
    });
}

/** Rows of one school per table (for checks after a move). */
export async function tenantRowCounts(db: DB, kind: DatabaseKind, tenantId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of await tableNames(db, kind)) {
    if (!(await columnsOf(db, kind, t)).includes('tenant_id')) continue;
    const row = await raw(db)
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    counts[t] = Number(row.n);
  }
  return counts;
}
