// The class page's first view in isolation: each database statement it sends, timed, with the
// class as large as the bench makes it (bench/profile.mjs --class-screen leaves 200 classmates in
// data/bench-prof.sqlite). Prints the statements by total time.
//   npx tsx bench/class-probe.ts [file.sqlite] [runs]      (COMPILED=1: also the statements built anew per call)
import { Kysely, type LogEvent } from 'kysely';
import SQLite from 'better-sqlite3';
import { parseConfig } from '../src/server/config';
import type { Database } from '../src/server/db/schema';
import { CamelCaseRows, SnakeCaseSqliteDialect } from '../src/server/db/snake-case';
import { readClientHeaders } from '../src/server/http/context';
import { createScope } from '../src/server/http/request-scope';
import { createRuntime } from '../src/server/runtime';
import { classFirstView, pastActivityPage, pastActivitySum } from '../src/server/learning/class-page/class-page.service';
import { addClassStudents } from './learners.mjs';
import { countCompiled, printCompiled } from './probe-scope';

const file = process.argv[2] ?? 'data/bench-prof.sqlite';
const runs = Number(process.argv[3] ?? 50);
const [st] = await addClassStudents(file, 1, 90_000 + Math.floor(Math.random() * 9_000));
const raw = new SQLite(file);
const prepared = new Map<string, SQLite.Statement>();
const database = { close: () => raw.close(), prepare: (sql: string) => prepared.get(sql) ?? prepared.set(sql, raw.prepare(sql)).get(sql)! };
const bySql = new Map<string, { ms: number; n: number }>();
const log = (e: LogEvent) => {
  const k = e.query.sql;
  const v = bySql.get(k) ?? { ms: 0, n: 0 };
  v.ms += e.queryDurationMillis;
  v.n++;
  bySql.set(k, v);
};
const db = new Kysely<Database>({ dialect: new SnakeCaseSqliteDialect({ database }), plugins: [new CamelCaseRows()], log });
// COMPILED=1: also the statements each call builds and prints anew (not printed once: src/server/db/prepared.ts).
const compiled = countCompiled(db);
const runtime = createRuntime(parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }), db, 'sqlite');
const scope = () =>
  createScope(runtime, { requestId: 'probe', ip: '127.0.0.1', host: '127.0.0.1', headers: readClientHeaders(new Headers({ Token: st.token })) });
const ids = { classId: st.classId, userId: st.userId };
// PART=past: the past tab's two calls instead of the first view.
const part = process.env.PART === 'past' ? 'past tab' : 'first view';
const once = () =>
  part === 'past tab'
    ? Promise.all([pastActivitySum(scope(), ids), pastActivityPage(scope(), { ...ids, current: 1, size: 6, order: 'desc' })])
    : classFirstView(scope(), ids);
await once();
bySql.clear();
compiled.clear();
const t0 = performance.now();
for (let i = 0; i < runs; i++) await once();
const total = performance.now() - t0;
const rows = [...bySql].sort((a, b) => b[1].ms - a[1].ms);
const inDb = rows.reduce((sum, [, v]) => sum + v.ms, 0);
console.log(`${part}: ${(total / runs).toFixed(2)} ms each, ${(inDb / runs).toFixed(2)} ms in statements, ${rows.length} distinct`);
for (const [sql, v] of rows.slice(0, 15)) console.log(`${(v.ms / runs).toFixed(3)} ms  x${v.n / runs}  ${process.env.FULL ? sql : sql.slice(0, 300)}`);
printCompiled(compiled, runs, '');
await db.destroy();
