// The two hot writes in isolation (an answer save, a progress report): each statement they send,
// timed, through the API app in one process, on a database the bench made (bench/profile.mjs
// leaves data/bench-prof.sqlite). Prints the time and the process's CPU time per call (the CPU time holds up better
// on a busy machine) and the statements by total time.
//   npx tsx bench/write-probe.ts [file.sqlite] [runs]      (COMPILED=1: also the statements built anew per call)
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent } from 'kysely';
import { createApp } from '../src/server/app';
import { parseConfig } from '../src/server/config';
import { CamelCaseRows, SnakeCaseSqliteDialect } from '../src/server/db/snake-case';
import type { Database } from '../src/server/db/schema';
import { createRuntime } from '../src/server/runtime';
import { BENCH_PRODUCTION_ENV } from './processes.mjs';
import { addClassStudents, answerable, dbRow, progressReport, saveBody, videoLesson } from './learners.mjs';
import { countCompiled, printCompiled } from './probe-scope';

const file = process.argv[2] ?? 'data/bench-prof.sqlite';
const runs = Number(process.argv[3] ?? 500);
const raw = new SQLite(file);
raw.pragma('journal_mode = WAL');
raw.pragma('synchronous = NORMAL');
if (process.env.PRAGMA) for (const p of process.env.PRAGMA.split(';')) raw.pragma(p);
const prepared = new Map<string, SQLite.Statement>();
// Each statement's own time in SQLite (RAW=1), or Kysely's time around it (its driver's lock and awaits included).
const native = new Map<string, { ms: number; n: number }>();
const timed = (sql: string, st: SQLite.Statement) =>
  new Proxy(st, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key !== 'all' && key !== 'run' && key !== 'get' && key !== 'iterate') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: unknown[]) => {
        if (process.env.TWICE && sql.includes('token_hash')) {
          const t1 = performance.now();
          (value as (...a: unknown[]) => unknown).apply(target, args);
          const v = native.get('FIRST OF TWO') ?? { ms: 0, n: 0 };
          v.ms += performance.now() - t1;
          v.n++;
          native.set('FIRST OF TWO', v);
        }
        const t0 = performance.now();
        try {
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        } finally {
          const v = native.get(sql) ?? { ms: 0, n: 0 };
          v.ms += performance.now() - t0;
          v.n++;
          native.set(sql, v);
        }
      };
    },
  });
const database = {
  close: () => raw.close(),
  prepare: (sql: string) => prepared.get(sql) ?? prepared.set(sql, process.env.RAW ? timed(sql, raw.prepare(sql)) : raw.prepare(sql)).get(sql)!,
};
let bySql = new Map<string, { ms: number; n: number }>();
const log = (e: LogEvent) => {
  const v = bySql.get(e.query.sql) ?? { ms: 0, n: 0 };
  v.ms += e.queryDurationMillis;
  v.n++;
  bySql.set(e.query.sql, v);
};
const db = new Kysely<Database>({ dialect: new SnakeCaseSqliteDialect({ database }), plugins: [new CamelCaseRows()], log });
// COMPILED=1: the statements each call builds and prints anew (not printed once: src/server/db/prepared.ts).
const compiled = countCompiled(db);
// A clock a second on per call: one student's calls stay within the per-minute limits a real one meets.
let clock = Date.now();
const runtime = createRuntime(parseConfig({ ...BENCH_PRODUCTION_ENV, LOG_LEVEL: 'silent', DATABASE_URL: `file:${file}` }), db, 'sqlite', () => clock);
const app = createApp(runtime);

const first = 80_000 + Math.floor(Math.random() * 9_000);
const students = await addClassStudents(file, 2, first);
const call = async (token: string, path: string, body: unknown) => {
  clock += 1000;
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, host: '127.0.0.1' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: unknown; msg?: string };
  if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
};

async function measure(name: string, once: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await once();
  bySql = new Map();
  native.clear();
  compiled.clear();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) await once();
  const total = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const rows = [...(process.env.RAW ? native : bySql)].sort((a, b) => b[1].ms - a[1].ms);
  const inDb = rows.reduce((sum, [, v]) => sum + v.ms, 0);
  const count = rows.reduce((sum, [, v]) => sum + v.n, 0);
  const cpuEach = (cpu.user + cpu.system) / runs;
  const each = `${((total / runs) * 1000).toFixed(0)} µs each (CPU ${cpuEach.toFixed(0)} µs)`;
  console.log(`\n${name}: ${each}, ${((inDb / runs) * 1000).toFixed(0)} µs in ${count / runs} statements`);
  for (const [sql, v] of rows)
    console.log(`${((v.ms / runs) * 1000).toFixed(0).padStart(5)} µs  x${v.n / runs}  ${process.env.FULL ? sql : sql.slice(0, 220)}`);
  printCompiled(compiled, runs);
}

const [saver, reporter] = students as [(typeof students)[0], (typeof students)[0]];
const work = (await dbRow(file, 'select id from works where title = ?', ['第一章单元测验'])) as { id: string };
const ref = { classId: saver.classId, studentId: saver.classStudentId };
const attempt = (await call(saver.token, '/api/teaching/anyone/work/attempt/start', { ...ref, workId: work.id })) as { answerLogId: string };
const questions = answerable(await call(saver.token, '/api/library/anyone/work/paper', { ...ref, workId: work.id }));
const taker = { st: saver, ref, answerLogId: attempt.answerLogId, seqs: new Map(), k: 0 };
await measure('answer save', () => call(saver.token, '/api/teaching/anyone/work/answer', saveBody(work, questions, taker)));

const lesson = await videoLesson(file);
await call(reporter.token, '/api/teaching/anyone/classroom/online/view', progressReport(reporter, lesson, 0));
let seq = 0;
await measure('progress report', () => call(reporter.token, '/api/teaching/anyone/classroom/online/progress', progressReport(reporter, lesson, ++seq)));
await runtime.pageChanges.close();
await db.destroy();
