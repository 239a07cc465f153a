// The class-wide figures at class scale: the learner calls that count the whole class (who takes part in each course,
// who finished it, the timetable's ranking, the class page's first view), timed on a class of CLASS_SIZE classmates
// (default 20,000) who have each studied, signed in and handed in what the class has had so far.
//   npx tsx bench/class-scale.ts [file.sqlite]                            SQLite (a fresh file, default data/bench-class-scale.sqlite)
//   bash scripts/with-pg.sh npx tsx bench/class-scale.ts                  a throw-away PostgreSQL (DATABASE_URL)
// For each call it prints the making (a fresh runtime, nothing kept: the first call of a class in each kept while) and
// a call with the class-wide figures kept, medians of MAKINGS (default 5) and of 10 kept calls; then every call once in
// one fresh runtime, and their sum. Last, the same calls' making for a student of a small class of the same school
// (the seeded class B, which shares a course with the large one): a class-wide read that names the school but not the
// class well enough reads the large class too.
import { rmSync } from 'node:fs';
import { migrateToLatest, openDatabase, type DatabaseKind, type DB } from '../src/server/db/database';
import { seedIfEmpty } from '../src/dev/seed';
import { classFirstView } from '../src/server/learning/class-page/class-page.service';
import { courseSituation } from '../src/server/learning/course-detail/course-detail.service';
import { timetableDutyCount } from '../src/server/learning/timetable/timetable.service';
import { courseStatistic } from '../src/server/learning/class-page/class-page.service';
import { addClassStudents, analyzed } from './learners.mjs';
import { LEARNING_CLASSES } from '../src/dev/seed/learning-data';
import { DEMO_TENANT } from '../src/dev/seed/demo-data';
import { probeScopes } from './probe-scope';

const SIZE = Number(process.env.CLASS_SIZE ?? 20_000);
const MAKINGS = Number(process.env.MAKINGS ?? 5);
const KEPT_CALLS = 10;
/** The statements listed of each call's first making with STATEMENTS=1. */
const SLOWEST = 4;
const url = process.env.DATABASE_URL ?? `file:${process.argv[2] ?? 'data/bench-class-scale.sqlite'}`;
// REUSE=1: the class made by the last run on this database (a profile of the calls alone; on PostgreSQL, a second run
// within one scripts/with-pg.sh, e.g. the build before a change and then the change, migrated on).
const reuse = process.env.REUSE === '1';
if (url.startsWith('file:') && !reuse) for (const end of ['', '-wal', '-shm']) rmSync(url.slice('file:'.length) + end, { force: true });

// STATEMENTS=1: each call's making also lists its slowest statements (SQL text, ms); STATEMENTS=full, their whole text.
const statements: [sql: string, ms: number][] = [];
const onSlowQuery = process.env.STATEMENTS ? (sql: string, ms: number) => statements.push([sql, ms]) : undefined;
// CLASS_WIDE=main: class-wide reads on the probe's own connection, as before decision 137 (the server's default on
// SQLite is a worker thread's connection; on PostgreSQL they are the pool's either way).
const inWorker = process.env.CLASS_WIDE !== 'main';
const { db, kind, classWideDb }: { db: DB; kind: DatabaseKind; classWideDb: DB } = await openDatabase({
  url,
  statementTimeoutMs: 600_000,
  onSlowQuery,
  slowQueryMs: 0,
  classWideReadsInWorker: inWorker,
});
await migrateToLatest(db);
await seedIfEmpty(db);
const t0 = performance.now();
const st = reuse ? await theProbeStudent() : (await addClassStudents(url, 1, 0, true))[0]!;
if (!reuse) await addClassStudents(url, SIZE, 1, true);
await analyzed(url);
console.log(`class of ${SIZE + 1} added in ${((performance.now() - t0) / 1000).toFixed(1)} s (${url.split(':')[0]})`);

/** The first student the last run added, with a new session token. */
async function theProbeStudent() {
  const [fresh] = await addClassStudents(url, 1, SIZE + 1 + Math.floor(Math.random() * 1e6), true);
  return fresh!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** How long `run` takes, and the longest the event loop was held meanwhile (a timer asked every ms, its longest gap). */
async function held(run: () => Promise<unknown>): Promise<{ ms: number; stall: number }> {
  const start = performance.now();
  let last = start;
  let stall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  await run();
  const end = performance.now();
  clearInterval(tick);
  return { ms: end - start, stall: Math.max(stall, end - last) };
}

type Call = [name: string, run: (s: ReturnType<ReturnType<typeof probeScopes>>) => Promise<unknown>];
type Student = typeof st;

/** The class-wide calls of a student's class: the class page, its courses' statistics, the ranking, each course's page. */
async function callsOf(student: Student): Promise<Call[]> {
  const ids = { classId: student.classId, userId: student.userId, studentId: student.classStudentId };
  const courses = await db.selectFrom('classCourses').select('courseId').where('classId', '=', student.classId).orderBy('courseId').execute();
  return [
    ['classFirstView', (s) => classFirstView(s, ids)],
    ['courseStatistic', (s) => courseStatistic(s, ids)],
    ['timetableDutyCount (UNIT)', (s) => timetableDutyCount(s, { ...ids, evaluateType: 'UNIT' })],
    ...courses.map(
      ({ courseId }, k): Call => [
        `courseSituation, course ${k + 1}`,
        (s) => courseSituation(s, { courseId, classId: student.classId, classStudentId: student.classStudentId, userId: student.userId }),
      ],
    ),
  ];
}
const calls = await callsOf(st);

console.log(`class-wide reads: ${inWorker && classWideDb !== db ? 'a worker thread' : "the probe's own connection"}`);
console.log('call'.padEnd(34), 'making (ms)'.padStart(12), 'kept (ms)'.padStart(10), 'longest stall (ms)'.padStart(19));
for (const [name, run] of calls) {
  const makings: number[] = [];
  const stalls: number[] = [];
  let kept: number[] = [];
  for (let m = 0; m < MAKINGS; m++) {
    const scope = probeScopes(db, kind, st.token, classWideDb);
    statements.length = 0;
    const making = await held(() => run(scope()));
    makings.push(making.ms);
    stalls.push(making.stall);
    const slowest = [...statements].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
    if (m === 0)
      for (const [sql, ms] of slowest) console.log(`    ${String(ms).padStart(6)} ms  ${process.env.STATEMENTS === 'full' ? sql : sql.slice(0, 240)}`);
    kept = [];
    for (let k = 0; k < KEPT_CALLS; k++) kept.push(await timed(() => run(scope())));
  }
  console.log(name.padEnd(34), median(makings).toFixed(1).padStart(12), median(kept).toFixed(2).padStart(10), median(stalls).toFixed(1).padStart(19));
}

// Every call once in one fresh runtime, in the order above: what the class's figures cost the process in each kept
// while when its students open these pages (the calls share what they keep).
const scope = probeScopes(db, kind, st.token, classWideDb);
let total = 0;
let longest = 0;
for (const [name, run] of calls) {
  const { ms, stall } = await held(() => run(scope()));
  total += ms;
  longest = Math.max(longest, stall);
  console.log(`once each: ${name.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms, the event loop held up to ${stall.toFixed(1)} ms`);
}
console.log(`once each: all ${calls.length} calls ${total.toFixed(0).padStart(28)} ms, the event loop held up to ${longest.toFixed(1)} ms`);

// A student of a small class of the same school, with a history of their own: each call's making (medians of MAKINGS).
const CLASS_B = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'B')!.name;
const [small] = await addClassStudents(url, 1, SIZE + 2_000_000 + Math.floor(Math.random() * 1e6), true, CLASS_B);
for (const [name, run] of await callsOf(small!)) {
  const makings: number[] = [];
  for (let m = 0; m < MAKINGS; m++) makings.push(await timed(() => run(probeScopes(db, kind, small!.token, classWideDb)())));
  console.log(`class B beside it: ${name.padEnd(34)} ${median(makings).toFixed(1).padStart(8)} ms`);
}
await classWideDb.destroy();
await db.destroy();
