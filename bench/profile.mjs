// Profiles the portal under load: starts it with --cpu-prof, loads one path, stops it and prints
// where the server's CPU time went (self time by function and by file/package).
//
//   npx node bench/profile.mjs [path] [--cache]      (or: npm run bench -- is not needed)
//   path defaults to /news-information/list; --cache starts it with the render cache on;
//   --class-screen loads the class page's calls instead (bench/learners.mjs: one student per connection);
//   --progress loads study-progress reports (each connection a student on the seeded video lesson);
//   --save loads answer saves (each connection a student with an attempt at the seeded test).
// Env: BENCH_DURATION (default 10), BENCH_CONNECTIONS (default 50), PROF_WRITERS (students whose
// writes --progress and --save send in turn, default 2,000).
// PROF_OFF=1 runs the same load without the profiler and prints the server's CPU a request (a quick
// before and after of one change: run it alternately from two work trees).
// DATABASE_URL=postgres://… (scripts/with-pg.sh) seeds that PostgreSQL afresh and profiles the portal on it; it also
// prints the CPU every postgres process of the machine spent a request.
// The profile is kept in bench/results/prof/ (open it in Chrome DevTools or speedscope).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { addClassStudents, analyzed, classScreenCalls, lessonReporters, progressReport, rotatingWrites, saveBody, testTakers } from './learners.mjs';
import { refusalCounter } from './open-loop.mjs';
import { BENCH_PRODUCTION_ENV, cpuMsTree, postgresCpuMs, seedDemo } from './processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const profDir = join(root, 'bench/results/prof');
const path = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '/news-information/list';
const cached = process.argv.includes('--cache');
const classScreen = process.argv.includes('--class-screen');
const progress = process.argv.includes('--progress');
const save = process.argv.includes('--save');
const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
/** DATABASE_URL=postgres://… (scripts/with-pg.sh) profiles against that PostgreSQL, seeded afresh; otherwise a fresh SQLite file. */
const pgUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : null;
const databaseUrl = pgUrl ?? 'file:./data/bench-prof.sqlite';
for (const suffix of ['', '-wal', '-shm']) rmSync(join(root, `data/bench-prof.sqlite${suffix}`), { force: true });
mkdirSync(profDir, { recursive: true });
const started = Date.now();
seedDemo(databaseUrl);
/** PROF_OFF=1: the same load without the profiler, for the server's CPU a request alone (an A/B of a change). */
const profiling = !process.env.PROF_OFF;
// The profile's clock starts with the server process, after the seed: samples are placed against this moment.
const spawned = Date.now();
const child = spawn(process.execPath, [...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'scripts/start.mjs', '--no-build'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    ...BENCH_PRODUCTION_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    RENDER_CACHE_ENTRIES: cached ? '2000' : '0',
    PAGE_MAX_AGE: '60',
  },
});
await new Promise((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error('server not ready in 60 s')), 60_000);
  child.stdout.setEncoding('utf8').on('data', (c) => {
    out += c;
    if (out.includes('"portal ready"')) {
      clearTimeout(timer);
      resolve();
    }
  });
  child.on('exit', () => reject(new Error(`server exited: ${out}`)));
});

let url = `http://127.0.0.1:${port}${path}`;
if (url.includes('{newsId}')) {
  const r = await fetch(`http://127.0.0.1:${port}/api/universityAdvertise/anyUser/newInformation/newInformationPage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"current":1,"size":4}',
  });
  url = url.replace('{newsId}', (await r.json()).data.records[0].id);
}
let load = { url };
if (classScreen) {
  const students = await addClassStudents(pgUrl ?? join(root, 'data/bench-prof.sqlite'), connections, 0, true);
  let next = 0;
  const calls = classScreenCalls(students[0]);
  url = `http://127.0.0.1:${port}${calls[0][0]}`;
  load = {
    url,
    requests: calls.map(([p], i) => ({
      method: 'POST',
      path: p,
      setupRequest: (req, context) => {
        context.st ??= students[next++ % students.length];
        return { ...req, headers: { 'content-type': 'application/json', token: context.st.token }, body: JSON.stringify(classScreenCalls(context.st)[i][1]) };
      },
    })),
  };
}
const base = `http://127.0.0.1:${port}`;
/** Answers the envelope refused (HTTP 200 with a code): reported beside the figures. */
const refusals = refusalCounter();
/** Writers in the pool: enough that each writes well under its limit at this machine's pace. */
const WRITERS = Math.max(connections, Number(process.env.PROF_WRITERS || 2000));
const dbFile = pgUrl ?? join(root, 'data/bench-prof.sqlite');
if (progress) {
  const { lesson, reporters } = await lessonReporters(base, dbFile, WRITERS);
  load = rotatingWrites(
    base,
    '/api/teaching/anyone/classroom/online/progress',
    reporters,
    (own) => progressReport(own.st, lesson, ++own.seq),
    refusals.onResponse,
  );
}
if (save) {
  const { work, takers, questions } = await testTakers(base, dbFile, WRITERS);
  load = rotatingWrites(base, '/api/teaching/anyone/work/answer', takers, (t) => saveBody(work, questions, t), refusals.onResponse);
}
await autocannon({ ...load, connections, duration: 2 }); // warm-up
// PostgreSQL's statistics as autovacuum keeps them, the rows of the load and its first writes counted (learners.mjs).
if (pgUrl) await analyzed(pgUrl);
const loadFromMs = Date.now() - spawned; // samples before this (start-up, warm-up) are left out
const cpu0 = cpuMsTree(child.pid);
const db0 = pgUrl ? postgresCpuMs() : null;
const r = await autocannon({ ...load, connections, duration });
const cpu1 = cpuMsTree(child.pid);
const db1 = pgUrl ? postgresCpuMs() : null;
const cpuPerRequest = cpu0 !== null && cpu1 !== null && r.requests.total ? Math.round(((cpu1 - cpu0) * 1000) / r.requests.total) : null;
const loaded = classScreen ? 'class screen calls' : progress ? 'progress reports' : save ? 'answer saves' : path;
console.log(
  `${loaded}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, non-2xx ${r.non2xx}, ` +
    `errors ${r.errors}, time-outs ${r.timeouts}, refused ${refusals.count()} (warm-up included); server CPU ${cpuPerRequest} µs a request` +
    (db0 !== null && db1 !== null && r.requests.total ? `; PostgreSQL's CPU ${Math.round(((db1 - db0) * 1000) / r.requests.total)} µs a request` : ''),
);
child.removeAllListeners('exit');
await new Promise((resolve) => {
  child.once('exit', resolve);
  child.kill('SIGTERM');
});
if (!profiling) process.exit(0);

// The main thread's profile: Node names each CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile, and the server's
// checkpoint worker (src/server/db/checkpoints.ts) writes one of its own.
const mainThread = (f) => f.split('.').at(-3) === '0';
const file = readdirSync(profDir)
  .filter((f) => f.endsWith('.cpuprofile') && mainThread(f))
  .map((f) => join(profDir, f))
  .filter((f) => statSync(f).mtimeMs >= started)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
let at = 0;
for (let i = 0; i < prof.samples.length; i++) {
  at += dt[i] ?? 0;
  if (at / 1000 < loadFromMs - 200) continue;
  self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (cf) => {
  const u = cf.url.replace(/^file:\/\//, '');
  if (!u) return `(${cf.functionName || 'native'})`;
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0)
    return u
      .slice(nm + 13)
      .split('/')
      .slice(0, u.slice(nm + 13).startsWith('@') ? 2 : 1)
      .join('/');
  if (u.startsWith('node:')) return u;
  return relative(root, u);
};
const fnAgg = new Map();
const fileAgg = new Map();
for (const [id, t] of self) {
  const cf = byId.get(id).callFrame;
  const fk = `${cf.functionName || '(anonymous)'}  ${where(cf)}:${cf.lineNumber + 1}`;
  fnAgg.set(fk, (fnAgg.get(fk) ?? 0) + t);
  fileAgg.set(where(cf), (fileAgg.get(where(cf)) ?? 0) + t);
}
const top = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, t]) => `${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
// Inclusive time: samples whose stack contains the file/package anywhere (counted once).
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) seen.add(where(byId.get(cur).callFrame));
  for (const k of seen) incl.set(k, (incl.get(k) ?? 0) + t);
}
console.log(
  [
    `\nprofile: ${relative(root, file)}`,
    `self time by file / package:\n${top(fileAgg, 20)}`,
    `inclusive time by file / package:\n${top(incl, 25)}`,
    `self time by function:\n${top(fnAgg, 30)}`,
  ].join('\n\n'),
);
