// Load benchmark of the portal (npm run bench). See bench/README.md.
//
// Measures, one after the other (the load generator shares the CPU with the server):
//   a. uncached SSR (RENDER_CACHE_ENTRIES=0): news list, news detail, newInformationPage API (POST); then Astro alone
//      (bench/astro-floor: an empty page through the same Astro and adapter, none of the portal's code)
//   b. render-cached (RENDER_CACHE_ENTRIES=2000, PAGE_MAX_AGE=60): news list, news detail
//   b2. render-cached with pages expiring every second (PAGE_MAX_AGE=1): news list
//   c. ceiling 1: the same server serving the news list's exact bytes as a static file
//   d. ceiling 2: a bare Node http server answering the same bytes from memory
//   e. the class page's calls, LEARNERS students at once; f. progress reports, REPORTERS students;
//   g. two server processes (the class page: its closed loop, then its burst, as in e)
//   p. the render-cached list and the bare servers of d alternated, round by round (BENCH_PAIR_ROUNDS)
// and the gzipped JavaScript each page ships. Prints a table and writes bench/results/latest.json.
//
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_WARMUP (s, default 2),
//      BENCH_PORT (default: a free port), BENCH_CPU_PROF=1 (server runs with --cpu-prof, profiles
//      in bench/results/prof/), BENCH_PARTS (e.g. `e,f`: only those parts, their lines printed, no report).
// `npm run bench -- --js` measures only the JavaScript per page (seconds, not minutes) and prints
// its table and every file of the judged figure of each news, form and learner page (React's runtime marked).
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { addClassStudents, classScreenCalls, classScreenSeparateCalls, progressReport, videoLesson } from './learners.mjs';
import { answered, openLoop, periodic, postJson, refusalCounter } from './open-loop.mjs';
import { HOST, cpuMsTree, freePort, kb, pct, positive, root, say, spawnUntilReady, startPortal as startServer, stop, table } from './processes.mjs';

const resultsDir = join(root, 'bench/results');
const clientDir = join(root, 'dist/client');
const staticFile = join(clientDir, 'bench-static.html');
const staticHomeFile = join(clientDir, 'bench-static-home.html');
const dbFile = join(root, 'data/bench.sqlite');
/** Astro alone (bench/astro-floor): its sources, and where its build goes (its config says so too). */
const astroAloneDir = join(root, 'bench/astro-floor');
const astroAloneEntry = join(resultsDir, 'astro-floor/dist/server/entry.mjs');

const DURATION = positive('BENCH_DURATION', 10);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
/** BENCH_PARTS=e,f runs only those parts (letters as in the header; a quick before and after of one change). */
const PARTS = process.env.BENCH_PARTS ? process.env.BENCH_PARTS.split(',').map((p) => p.trim()) : null;
const part = (name) => !PARTS || PARTS.includes(name);
const JS_ONLY = process.argv.includes('--js');
const API_PATH = '/api/universityAdvertise/anyUser/newInformation/newInformationPage';
const JS_PAGES = [
  '/',
  '/news-information/list',
  '/news-information/detail?id={newsId}',
  '/notice/list',
  '/login',
  '/register',
  '/query_pc',
  '/query_h5',
  '/study/mine',
  '/study/training-class',
  '/study/course/course-detail',
  '/study/class-time-table',
  '/study/classroom/online',
  '/study/classroom/offline',
  '/study/test',
  '/study/test/answer',
  '/study/test/check-my-test-exam',
];
/** The learner run: this many students open the class page at once, each its own connection. */
const LEARNERS = positive('BENCH_LEARNERS', 200);
/** The progress run: this many students each report study progress (one report every 10 s when paced). */
const REPORTERS = positive('BENCH_REPORTERS', 500);
/**
 * The unpaced progress run: its REPORTERS connections send each report as the next of this many students, all from one
 * address, so no account passes its own share of the address's limit (limits.rules.ts PROGRESS_LIMITS: 24 a minute)
 * within the run's warm-up and load: up to about 10,000 reports a second. With one student per connection, 1,300
 * reports a second from 500 students were 2.5 a second each, and the reports beyond each share met the address's limit
 * (2,494 refused in one run); with 2,000 students, 4,270 a second were 25.6 each in the 12 s, and 1,657 were refused
 * (issue 31, fifty-first part): a measure of the limiter, not of the server.
 */
const PROGRESS_WRITERS = Math.max(REPORTERS, positive('BENCH_PROGRESS_WRITERS', 6000));
/** The paced progress run: each student reports once per this period, for at least PACED_MIN_SECONDS. */
const PROGRESS_PERIOD_MS = 10_000;
const PACED_MIN_SECONDS = 20;
/** The class page's burst: every student opens it within one second, this many times, this far apart. */
const CLASS_BURSTS = 5;
const CLASS_BURST_GAP_MS = 3_000;
const PROGRESS_PATH = '/api/teaching/anyone/classroom/online/progress';
/**
 * The render-cached list beside bare Node (the goal's ratio) in this many alternated rounds, each round's ratio from
 * runs seconds apart: the judged ratio is their median. Sections b and d run a minute apart, and on this machine the
 * same path's throughput moved by a tenth between two runs that close. Five: this machine has spells of 10–20 s in
 * which one server answers at two thirds of its pace: two such rounds of five leave the median alone, two of three do not.
 */
const PAIR_ROUNDS = positive('BENCH_PAIR_ROUNDS', 5);
const TARGETS = {
  uncachedListVsStatic: 0.5,
  cachedListVsBare: 0.4,
  newsPageJsGzipBytes: 10 * 1024,
  /** A form page: React's runtime as measured on it (`reactRuntime`), plus this much. */
  formPageJsOverReactGzipBytes: 10 * 1024,
  learnerPageJsGzipBytes: 115 * 1024,
};
/** The JavaScript budget of a page (gzip), where it has one. */
const NEWS_PAGES = ['/news-information/list', '/news-information/detail?id=<id>', '/notice/list'];
const FORM_PAGES = ['/login', '/register', '/query_pc', '/query_h5'];
const LEARNER_PAGES = [
  '/study/mine',
  '/study/training-class',
  '/study/course/course-detail',
  '/study/class-time-table',
  '/study/classroom/offline',
  '/study/test',
  '/study/test/answer',
  '/study/test/check-my-test-exam',
];
/**
 * Judged at start (issue 12: "≤ 115 KB, the player loaded only when a video or audio lesson
 * opens"): the player and the PDF viewer load only when their lesson opens; the table shows the
 * page with the player too.
 */
const CLASSROOM_PAGES = ['/study/classroom/online'];
const jsBudget = (page, j) =>
  NEWS_PAGES.includes(page)
    ? TARGETS.newsPageJsGzipBytes
    : FORM_PAGES.includes(page)
      ? j.reactRuntimeGzipBytes + TARGETS.formPageJsOverReactGzipBytes
      : LEARNER_PAGES.includes(page) || CLASSROOM_PAGES.includes(page)
        ? TARGETS.learnerPageJsGzipBytes
        : null;
/** How a budget is written in the table: the form pages' says what it is made of. */
const budgetText = (page, budget) => (FORM_PAGES.includes(page) ? `${kb(budget)} = React + ${kb(TARGETS.formPageJsOverReactGzipBytes)}` : kb(budget));
/** The figure a page's budget is judged on. */
const judgedJs = (page, j) => (LEARNER_PAGES.includes(page) ? j.gzipBytesWithDynamic : j.gzipBytes);

function cleanup() {
  rmSync(staticFile, { force: true });
  rmSync(staticHomeFile, { force: true });
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

// ---------------------------------------------------------------------------------------------
// Build

function ensureBuilt() {
  if (!buildIfNeeded(say)) throw new Error('astro build failed');
}

// ---------------------------------------------------------------------------------------------
// Processes

async function startPortal({ cacheEntries, maxAge = 60, processes = 1 }) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(dbFile + suffix, { force: true });
  mkdirSync(dirname(dbFile), { recursive: true });
  const args = [];
  if (CPU_PROF) {
    const dir = join(resultsDir, 'prof');
    mkdirSync(dir, { recursive: true });
    args.push('--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=portal-cache${cacheEntries}-${Date.now()}.cpuprofile`);
  }
  return startServer({
    databaseUrl: 'file:./data/bench.sqlite',
    env: { RENDER_CACHE_ENTRIES: String(cacheEntries), PAGE_MAX_AGE: String(maxAge), PROCESSES: String(processes) },
    args,
    label: `portal cache=${cacheEntries} processes=${processes}`,
  });
}

/** Builds Astro alone (bench/astro-floor) afresh: the portal's Astro and adapter, one empty page, nothing else. */
function buildAstroAlone() {
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  const built = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', astroAloneDir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  if (built.status !== 0) throw new Error('Astro alone (bench/astro-floor) did not build');
}

/** One of the bench's own servers on a free port: `args(port)` is its script and arguments. */
async function startOnFreePort(label, ready, args, env = process.env) {
  const port = await freePort();
  const child = await spawnUntilReady(args(String(port)), env, ready, label);
  return { child, base: `http://${HOST}:${port}` };
}

const startAstroAlone = () =>
  startOnFreePort('astro alone', /astro alone ready/, (port) => [join(astroAloneDir, 'server.mjs'), astroAloneEntry, port], {
    ...process.env,
    NODE_ENV: 'production',
  });

const startBare = (file, headersFile) =>
  startOnFreePort('bare node', /bare server ready/, (port) => [join(root, 'bench/bare-server.mjs'), file, port, ...(headersFile ? [headersFile] : [])]);

// ---------------------------------------------------------------------------------------------
// HTTP helpers

async function get(url, init) {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}`);
  return { res, body };
}

const apiInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ current: 1, size: 4 }),
};

async function firstNewsId(base) {
  const { body } = await get(base + API_PATH, apiInit);
  const json = JSON.parse(body.toString('utf8'));
  const id = json?.data?.records?.[0]?.id;
  if (json.code !== 0 || !id) throw new Error(`unexpected newInformationPage answer: ${body.toString('utf8').slice(0, 300)}`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Load

const results = [];
/** The class page's call paths of the learner run (written into the report). */
let learnerCalls = [];

/**
 * Loads one screen of the class page: every connection a different student, making the screen's calls
 * in turn (`callsOf` gives a student's [path, body] list). Each call must answer code 0 first (a refusal
 * would be cheap and flatter the figures). Answers the calls.
 */
/**
 * The class told "open the class page now": every student opens it within the same second (the
 * first view, then the past tab's two calls together), CLASS_BURSTS times CLASS_BURST_GAP_MS apart.
 * Latency is a whole screen's, from its scheduled moment to its last answer.
 */
async function classBurst(portal, pid, students, calls, key, label) {
  const burst = [];
  for (let round = 0; round < CLASS_BURSTS; round++) {
    for (const st of students) burst.push({ at: round * CLASS_BURST_GAP_MS + Math.random() * 1000, actor: st });
  }
  return openLoopRun(
    key,
    `${label} ${students.length} students within 1 s, ${CLASS_BURSTS} times (screen latency)`,
    calls[0][0],
    burst,
    async ({ actor: st }) => {
      const [first, ...past] = classScreenCalls(st).map(
        ([path, body]) =>
          () =>
            postJson(portal.base + path, st.token, body),
      );
      const answers = [await first()];
      answers.push(...(await Promise.all(past.map((p) => p()))));
      const bad = answers.find((a) => !answered(a));
      return { ok: !bad, requests: answers.length, failure: bad && `${bad.status} ${JSON.stringify(bad.json).slice(0, 200)}` };
    },
    pid,
    students.length,
  );
}

async function loadScreen(portal, pid, students, callsOf, key, label) {
  let next = 0;
  const refusals = refusalCounter();
  const calls = callsOf(students[0]);
  const requests = calls.map(([path], i) => ({
    method: 'POST',
    path,
    setupRequest: (req, context) => {
      context.st ??= students[next++ % students.length];
      const [, body] = callsOf(context.st)[i];
      return { ...req, headers: { 'content-type': 'application/json', token: context.st.token }, body: JSON.stringify(body) };
    },
    onResponse: refusals.onResponse,
  }));
  for (const [path, body] of calls) {
    const { body: answer } = await get(portal.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: students[0].token },
      body: JSON.stringify(body),
    });
    const json = JSON.parse(answer.toString('utf8'));
    if (json.code !== 0) throw new Error(`${path} answered ${answer.toString('utf8').slice(0, 300)}`);
  }
  await load(key, `${label} ${calls.length} calls per screen, ${LEARNERS} students`, `${portal.base}${calls[0][0]}`, {
    pid,
    connections: LEARNERS,
    requests,
    refused: refusals.count,
    probeInit: {
      url: portal.base + calls[0][0],
      method: 'POST',
      headers: { 'content-type': 'application/json', token: students[0].token },
      body: JSON.stringify(calls[0][1]),
    },
  });
  return calls;
}

async function load(
  key,
  label,
  url,
  { method = 'GET', headers, body, expectHeader, pid, requests, connections = CONNECTIONS, probeInit, overallRate, minDuration = 0, refused } = {},
) {
  // One request first: it must succeed (and, for the cached runs, prime the render cache).
  const probe = await get(probeInit ? probeInit.url : url, probeInit ?? { method, headers, body });
  if (expectHeader) {
    const again = await get(url, { method, headers, body });
    const [name, value] = expectHeader;
    if (again.res.headers.get(name) !== value) throw new Error(`${url}: expected ${name}: ${value}, got ${again.res.headers.get(name)}`);
  }
  const opts = { url, method, headers, body, connections, ...(requests ? { requests } : {}), ...(overallRate ? { overallRate } : {}) };
  const duration = Math.max(DURATION, minDuration);
  if (WARMUP > 0 && !overallRate) await autocannon({ ...opts, duration: WARMUP });
  say(`${label}: ${duration} s, ${connections} connections`);
  const refusedBefore = refused ? refused() : 0;
  const cpuBefore = pid ? cpuMsTree(pid) : null;
  const r = await autocannon({ ...opts, duration });
  const cpuAfter = pid ? cpuMsTree(pid) : null;
  // Refusals in the envelope (HTTP 200, code 429 and the like), counted from the bodies by the requests' onResponse.
  const refusals = refused ? refused() - refusedBefore : 0;
  const row = {
    key,
    label,
    connections,
    method,
    path: new URL(url).pathname + new URL(url).search,
    bodyBytes: probe.body.length,
    reqPerSec: Math.round(r.requests.average),
    totalRequests: r.requests.total,
    wireBytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, mean: r.latency.average },
    // Server CPU time per answered request: less sensitive to other load on the machine than req/s.
    serverCpuUsPerRequest: cpuBefore !== null && cpuAfter !== null && r.requests.total ? Math.round(((cpuAfter - cpuBefore) * 1000) / r.requests.total) : null,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    refused: refusals,
    ok: r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && refusals === 0,
  };
  results.push(row);
  say(
    `  ${row.reqPerSec} req/s, p99 ${row.latencyMs.p99} ms, server CPU ${row.serverCpuUsPerRequest ?? '?'} µs/req, non-2xx ${row.non2xx}, ` +
      `errors ${row.errors} (time-outs ${row.timeouts}), refused ${row.refused}`,
  );
  return row;
}

/**
 * An open-loop run (bench/open-loop.mjs): `schedule` sent at its times by `send`, latency from each
 * unit's scheduled time. Reported like `load`'s rows; a unit is a request or a screen's calls.
 */
async function openLoopRun(key, label, path, schedule, send, pid, connections) {
  say(`${label}: ${Math.round(Math.max(...schedule.map((x) => x.at)) / 1000)} s, ${schedule.length} scheduled`);
  const r = await openLoop(schedule, send, pid);
  const row = {
    key,
    label,
    connections,
    method: 'POST',
    path,
    openLoop: true,
    units: r.units,
    unitsPerSec: r.unitsPerSec,
    reqPerSec: r.reqPerSec,
    totalRequests: r.requests,
    latencyMs: { p50: r.latencyMs.p50, p95: r.latencyMs.p95, p99: r.latencyMs.p99, max: r.latencyMs.max },
    serverCpuUsPerRequest: r.serverCpuUsPerRequest,
    non2xx: r.failed,
    errors: 0,
    timeouts: 0,
    firstFailure: r.firstFailure,
    ok: r.failed === 0,
  };
  results.push(row);
  say(`  ${row.reqPerSec} req/s, p95 ${row.latencyMs.p95} ms, p99 ${row.latencyMs.p99} ms, CPU ${row.serverCpuUsPerRequest ?? '?'} µs/req, failed ${r.failed}`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// JavaScript shipped per page

const STATIC_IMPORT = /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`]([^"'`\n]+?\.m?js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["'`]([^"'`\n]+?\.m?js)["'`]\s*\)/g;

/**
 * The packages of React's runtime: React, React DOM with its scheduler, and Astro's React renderer
 * (what hydrates an island). A file is part of the runtime when every module it was built from is
 * one of theirs, read from dist/client-chunks.json (scripts/client-chunks.mjs), not from its name.
 * A work tree whose node_modules is a link to another checkout's has them as `../../work/main/node_modules/…`.
 */
const REACT_RUNTIME = /^(?:\.\.\/)*(?:[^/]+\/)*node_modules\/(?:react|react-dom|scheduler|@astrojs\/react)\//;

/** The modules of each file of dist/client ('/_astro/x.js' → module paths), from the build. */
function readClientChunks() {
  const file = join(root, 'dist/client-chunks.json');
  if (!existsSync(file)) throw new Error('dist/client-chunks.json is missing: build again (npm run build)');
  const chunks = JSON.parse(readFileSync(file, 'utf8'));
  return new Map(Object.entries(chunks).map(([name, modules]) => [`/${name}`, modules]));
}

/** The files of `files` that hold React's runtime alone, and their gzip sum. */
function reactRuntime(files, chunks) {
  const runtime = files.filter((f) => {
    const modules = chunks.get(f.path) ?? [];
    return modules.length > 0 && modules.every((m) => REACT_RUNTIME.test(m));
  });
  return { files: runtime.map((f) => f.path), gzipBytes: runtime.reduce((s, f) => s + f.gzip, 0) };
}

function clientFile(urlPath) {
  const clean = posix.normalize(urlPath.split(/[?#]/)[0]);
  if (!clean.startsWith('/_astro/')) return null;
  const file = join(clientDir, clean);
  return existsSync(file) ? file : null;
}

function pageScripts(html) {
  const entries = [];
  const inline = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1];
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (src) entries.push(src);
    else if (/\btype\s*=\s*["']?module/i.test(attrs)) inline.push(m[2]);
  }
  for (const code of inline) for (const m of code.matchAll(STATIC_IMPORT)) entries.push(m[1]);
  // Islands load their component and renderer at once (or when idle/visible): shipped as well.
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const a of m[0].matchAll(/\b(?:component|renderer)-url\s*=\s*["']([^"']+)["']/gi)) entries.push(a[1]);
  }
  for (const m of html.matchAll(/<link\b[^>]*rel\s*=\s*["']modulepreload["'][^>]*>/gi)) {
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(m[0])?.[1];
    if (href) entries.push(href);
  }
  return entries;
}

/** The files reachable from `entries` by static imports (and by dynamic ones when `followDynamic`). */
function closure(entries, followDynamic) {
  const seen = new Map();
  const dynamic = new Set();
  const queue = [...entries];
  const external = [];
  while (queue.length) {
    const urlPath = queue.shift();
    if (seen.has(urlPath)) continue;
    const file = clientFile(urlPath);
    if (!file) {
      external.push(urlPath);
      seen.set(urlPath, null);
      continue;
    }
    const buf = readFileSync(file);
    seen.set(urlPath, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
    const code = buf.toString('utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(posix.resolve(posix.dirname(urlPath), m[1]));
    for (const m of code.matchAll(DYNAMIC_IMPORT)) {
      const target = posix.resolve(posix.dirname(urlPath), m[1]);
      dynamic.add(target);
      if (followDynamic === true || (typeof followDynamic === 'function' && followDynamic(target))) queue.push(target);
    }
  }
  const files = [...seen].filter(([, v]) => v).map(([path, v]) => ({ path, ...v }));
  return { seen, dynamic, external, files };
}

function jsForPage(html, pageUrl, chunks) {
  const entries = pageScripts(html).map((src) => new URL(src, pageUrl).pathname);
  const { seen, dynamic, external, files } = closure(entries, false);
  const runtime = reactRuntime(files, chunks);
  // Everything the page could load, dynamic imports included (the learner pages are judged on it:
  // the timetable's calendar and the player load after the page starts, but they do load).
  const all = closure(entries, true);
  // The online classroom with its player (issue 12: the player loads only when a video or audio
  // lesson opens, and the page with it stays within the budget; the PDF viewer loads only for documents).
  const withPlayer = closure(entries, (path) => /\/LessonPlayer\.[\w-]+\.js$/.test(path));
  return {
    files,
    rawBytes: files.reduce((s, f) => s + f.raw, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzip, 0),
    gzipBytesWithDynamic: all.files.reduce((s, f) => s + f.gzip, 0),
    reactRuntimeGzipBytes: runtime.gzipBytes,
    reactRuntimeFiles: runtime.files,
    gzipBytesWithPlayer: withPlayer.files.reduce((s, f) => s + f.gzip, 0),
    filesWithPlayer: withPlayer.files,
    filesWithDynamic: all.files,
    dynamicImportsNotCounted: [...dynamic].filter((p) => !seen.has(p)),
    unresolved: external,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

// ---------------------------------------------------------------------------------------------

function jsTable(js) {
  return table(
    Object.entries(js).map(([page, j]) => {
      const budget = jsBudget(page, j);
      const judged = judgedJs(page, j);
      const verdict = budget === null ? '' : judged <= budget ? `ok (<= ${budgetText(page, budget)})` : `MISSED (> ${budgetText(page, budget)})`;
      const react = j.reactRuntimeGzipBytes ? kb(j.reactRuntimeGzipBytes) : '';
      return [page, j.files.length, kb(j.rawBytes), kb(j.gzipBytes), react, kb(j.gzipBytesWithPlayer), kb(j.gzipBytesWithDynamic), verdict];
    }),
    ['page', 'files', 'raw', 'gzip', 'of it React', 'gzip + player', 'gzip incl. dynamic', 'target'],
  );
}

async function main() {
  ensureBuilt();
  mkdirSync(resultsDir, { recursive: true });
  rmSync(staticFile, { force: true });
  const loadBefore = os.loadavg();
  if (loadBefore[0] > 0.7 * os.cpus().length) {
    say(`warning: load average ${loadBefore[0].toFixed(2)} on ${os.cpus().length} CPUs; other work on the machine will skew the figures`);
  }

  // Preparation: the exact bytes of the news list page, and the JavaScript each page ships.
  say('preparing: news list bytes and page JavaScript');
  let listBytes;
  /** The render-cached list's headers as answered (section b), for the bare server's same answer. */
  let cachedListHeaders = null;
  let homeBytes;
  const js = {};
  const chunks = readClientChunks();
  {
    const portal = await startPortal({ cacheEntries: 0 });
    try {
      const newsId = await firstNewsId(portal.base);
      listBytes = (await get(`${portal.base}/news-information/list`)).body;
      homeBytes = (await get(`${portal.base}/`)).body;
      for (const page of JS_PAGES) {
        const path = page.replace('{newsId}', newsId);
        const { body } = await get(portal.base + path);
        js[page.replace('{newsId}', '<id>')] = jsForPage(body.toString('utf8'), portal.base + path, chunks);
      }
    } finally {
      await stop(portal.child);
    }
  }
  if (JS_ONLY) {
    process.stdout.write(`${jsTable(js)}\n`);
    for (const page of [...NEWS_PAGES, ...FORM_PAGES, ...LEARNER_PAGES, ...CLASSROOM_PAGES]) {
      const j = js[page];
      const files = CLASSROOM_PAGES.includes(page) ? j.filesWithPlayer : LEARNER_PAGES.includes(page) ? j.filesWithDynamic : j.files;
      process.stdout.write(`\n${page} (${kb(judgedJs(page, j))})\n`);
      for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
        process.stdout.write(`  ${kb(f.gzip).padStart(9)}  ${f.path}${j.reactRuntimeFiles.includes(f.path) ? '  (React)' : ''}\n`);
      }
    }
    return;
  }
  writeFileSync(staticFile, listBytes);
  writeFileSync(staticHomeFile, homeBytes);

  // c + a: the static file through the same server, then uncached SSR (each ratio's two runs are
  // next to each other in time, so a change in background load distorts them less).
  if (part('a')) {
    buildAstroAlone();
    const portal = await startPortal({ cacheEntries: 0 });
    try {
      const newsId = await firstNewsId(portal.base);
      const pid = { pid: portal.child.pid };
      const row = await load('staticFile', 'static file   /bench-static.html (ceiling 1)', `${portal.base}/bench-static.html`, pid);
      if (row.bodyBytes !== listBytes.length) throw new Error('the static file answered other bytes than written');
      await load('uncachedList', 'uncached SSR  /news-information/list', `${portal.base}/news-information/list`, pid);
      await load('uncachedDetail', 'uncached SSR  /news-information/detail', `${portal.base}/news-information/detail?id=${newsId}`, pid);
      await load('api', 'API (POST)    newInformationPage', portal.base + API_PATH, { ...apiInit, ...pid });
      // The home page: its own bytes as a static file (its ceiling), then the page itself.
      const home = await load('staticHome', 'static file   /bench-static-home.html (home ceiling)', `${portal.base}/bench-static-home.html`, pid);
      if (home.bodyBytes !== homeBytes.length) throw new Error('the static home file answered other bytes than written');
      await load('uncachedHome', 'uncached SSR  / (home)', `${portal.base}/`, pid);
      // Context, not a target: an endpoint through Astro, the middleware and Hono, with no
      // rendering and no database (the framework's floor cost per request).
      await load('healthz', 'context       /healthz (no render, no DB)', `${portal.base}/healthz`, pid);
    } finally {
      await stop(portal.child);
    }
    // Right after the floor: an empty page through Astro with none of the portal's code, the least any page the
    // portal renders can cost (the uncached goals' rows name it).
    const alone = await startAstroAlone();
    try {
      await load('astroAlone', 'Astro alone   an empty page (none of the portal)', `${alone.base}/`, { pid: alone.child.pid });
    } finally {
      await stop(alone.child);
    }
  }

  // b: render-cached, then d right after it.
  if (part('b')) {
    const portal = await startPortal({ cacheEntries: 2000, maxAge: 60 });
    try {
      const newsId = await firstNewsId(portal.base);
      const hit = { expectHeader: ['x-render-cache', 'hit'], pid: portal.child.pid };
      await load('cachedDetail', 'render-cached /news-information/detail', `${portal.base}/news-information/detail?id=${newsId}`, hit);
      await load('cachedList', 'render-cached /news-information/list', `${portal.base}/news-information/list`, hit);
      // The cached answer's headers as sent (less what each connection's answer carries of its own), for
      // the bare server's same answer below.
      // As autocannon asks: no Accept-Encoding, so the plain body.
      cachedListHeaders = await cachedAnswerHeaders(`${portal.base}/news-information/list`);
      await load('cachedHome', 'render-cached / (home)', `${portal.base}/`, hit);
    } finally {
      await stop(portal.child);
    }
  }
  // b2: pages that expire every second (PAGE_MAX_AGE=1, stale-while-revalidate 5 s): each expiry
  // is served stale while one background render replaces it, so throughput stays near the cached.
  if (part('b2')) {
    const portal = await startPortal({ cacheEntries: 2000, maxAge: 1 });
    try {
      await load('expiringList', 'expiring 1 s  /news-information/list (stale while one render)', `${portal.base}/news-information/list`, {
        pid: portal.child.pid,
      });
    } finally {
      await stop(portal.child);
    }
  }
  rmSync(staticFile, { force: true });
  rmSync(staticHomeFile, { force: true });

  // d: bare Node answering the same bytes from memory.
  if (part('d')) {
    mkdirSync(join(resultsDir, 'tmp'), { recursive: true });
    const file = join(resultsDir, 'tmp/news-list.html');
    writeFileSync(file, listBytes);
    const bare = await startBare(file);
    try {
      await load('bareNode', 'bare Node     same bytes from memory (ceiling 2)', `${bare.base}/`, { pid: bare.child.pid });
    } finally {
      await stop(bare.child);
    }
    // The same answer, headers and all (the cache's own headers are part of its bytes).
    if (cachedListHeaders) {
      const headersFile = join(resultsDir, 'tmp/news-list-headers.json');
      writeFileSync(headersFile, JSON.stringify(cachedListHeaders));
      const same = await startBare(file, headersFile);
      try {
        await load('bareNodeSameAnswer', 'bare Node     same answer, its headers too (ceiling 2)', `${same.base}/`, { pid: same.child.pid });
      } finally {
        await stop(same.child);
      }
    }
  }

  // p: the render-cached list, bare Node with the same body and bare Node with the same answer, in turn, round after
  // round: each round's ratios come from runs seconds apart, and the goal takes their median (goalRows).
  if (part('p')) {
    mkdirSync(join(resultsDir, 'tmp'), { recursive: true });
    const file = join(resultsDir, 'tmp/news-list-rounds.html');
    writeFileSync(file, listBytes);
    const portal = await startPortal({ cacheEntries: 2000, maxAge: 60 });
    const started = [portal.child];
    try {
      const url = `${portal.base}/news-information/list`;
      const headersFile = join(resultsDir, 'tmp/news-list-rounds-headers.json');
      writeFileSync(headersFile, JSON.stringify(await cachedAnswerHeaders(url)));
      const bare = await startBare(file);
      started.push(bare.child);
      const same = await startBare(file, headersFile);
      started.push(same.child);
      for (let round = 1; round <= PAIR_ROUNDS; round++) {
        const of = `round ${round} of ${PAIR_ROUNDS}`;
        await load(`roundCached${round}`, `${of}: render-cached /news-information/list`, url, {
          expectHeader: ['x-render-cache', 'hit'],
          pid: portal.child.pid,
        });
        await load(`roundBare${round}`, `${of}: bare Node, same bytes`, `${bare.base}/`, { pid: bare.child.pid });
        await load(`roundSame${round}`, `${of}: bare Node, same answer`, `${same.base}/`, { pid: same.child.pid });
      }
    } finally {
      for (const child of started.reverse()) await stop(child);
    }
  }

  // e: the class page's calls with LEARNERS students at once (each connection a different student
  // enrolled in the same class), against /healthz at the same concurrency in the same run.
  if (part('e')) {
    const portal = await startPortal({ cacheEntries: 0 });
    try {
      const pid = portal.child.pid;
      const students = await addClassStudents(dbFile, LEARNERS, 0, true);
      await load('learnerHealthz', `context       /healthz at ${LEARNERS} connections (ceiling)`, `${portal.base}/healthz`, { pid, connections: LEARNERS });
      // The screen as the page makes it now (the first view in one call), then as it made it before (each part its own call).
      const calls = await loadScreen(portal, pid, students, classScreenCalls, 'classScreen', 'class page   ');
      await loadScreen(portal, pid, students, classScreenSeparateCalls, 'classScreenSeparate', 'class page    before:');
      await classBurst(portal, pid, students, calls, 'classBurst', 'class page   ');
      learnerCalls = calls.map(([path]) => path);
    } finally {
      await stop(portal.child);
    }
  }

  // f: study-progress reports from REPORTERS students at once (each connection its own student on
  // the same video lesson, each report the next sequence with 10 s watched): paced at one report per
  // 10 s per student on average (REPORTERS / 10 reports a second in all: what the browsers send
  // while videos play), then unpaced (the ceiling), and
  // /healthz at the same concurrency.
  if (part('f')) {
    const portal = await startPortal({ cacheEntries: 0 });
    try {
      const pid = portal.child.pid;
      // The paced run's students come first in the pool of writers; one more student is the probes' (repeated
      // sequence numbers).
      const writers = await addClassStudents(dbFile, PROGRESS_WRITERS + 1);
      const prober = writers.pop();
      const students = writers.slice(0, REPORTERS);
      const lesson = await videoLesson(dbFile);
      const post = (st, path, body) =>
        get(portal.base + path, { method: 'POST', headers: { 'content-type': 'application/json', token: st.token }, body: JSON.stringify(body) });
      // Each student opens the lesson first (the view starts the time reports may credit).
      for (const st of [...writers, prober]) await post(st, '/api/teaching/anyone/classroom/online/view', progressReport(st, lesson, 0));
      // Each student's next sequence number, in the paced run and then the unpaced one.
      const seqs = new Map();
      const nextSeq = (st) => {
        const seq = (seqs.get(st) ?? 0) + 1;
        seqs.set(st, seq);
        return seq;
      };
      let next = 0;
      const refusals = refusalCounter();
      const requests = [
        {
          method: 'POST',
          path: PROGRESS_PATH,
          setupRequest: (req) => {
            const st = writers[next++ % writers.length];
            return {
              ...req,
              headers: { 'content-type': 'application/json', token: st.token },
              body: JSON.stringify(progressReport(st, lesson, nextSeq(st))),
            };
          },
          onResponse: refusals.onResponse,
        },
      ];
      const probe = {
        url: portal.base + PROGRESS_PATH,
        method: 'POST',
        headers: { 'content-type': 'application/json', token: prober.token },
        body: JSON.stringify(progressReport(prober, lesson, 1)),
      };
      const answer = JSON.parse((await get(probe.url, probe)).body.toString('utf8'));
      if (answer.code !== 0) throw new Error(`${PROGRESS_PATH} answered ${JSON.stringify(answer).slice(0, 300)}`);
      await load('reportHealthz', `context       /healthz at ${REPORTERS} connections (ceiling)`, `${portal.base}/healthz`, { pid, connections: REPORTERS });
      // Each student reports every 10 s from their own moment (open loop), as the players send them.
      await openLoopRun(
        'progressPaced',
        `progress      1 report / 10 s per student, ${REPORTERS} students`,
        PROGRESS_PATH,
        periodic(students, PROGRESS_PERIOD_MS, Math.max(DURATION, PACED_MIN_SECONDS) * 1000),
        async ({ actor: st }) => {
          const answer = await postJson(portal.base + PROGRESS_PATH, st.token, progressReport(st, lesson, nextSeq(st)));
          return { ok: answered(answer), failure: `${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}` };
        },
        pid,
        REPORTERS,
      );
      await load('progressFlat', `progress      unpaced, ${REPORTERS} connections, ${PROGRESS_WRITERS} students`, portal.base + PROGRESS_PATH, {
        pid,
        connections: REPORTERS,
        requests,
        refused: refusals.count,
        probeInit: probe,
      });
    } finally {
      await stop(portal.child);
    }
  }

  // g: two server processes on this machine (PROCESSES=2, one per core) against the one above:
  // uncached pages, the API and the floor. CPU per request counts every process.
  if (part('g')) {
    const portal = await startPortal({ cacheEntries: 0, processes: 2 });
    try {
      const pid = { pid: portal.child.pid };
      await load('uncachedList2', 'two processes uncached SSR  /news-information/list', `${portal.base}/news-information/list`, pid);
      await load('api2', 'two processes API (POST) newInformationPage', portal.base + API_PATH, { ...apiInit, ...pid });
      await load('healthz2', 'two processes /healthz', `${portal.base}/healthz`, pid);
      const students = await addClassStudents(dbFile, LEARNERS, 0, true);
      // The screen's closed loop first, as part e runs it before its burst: each process has then made the class's
      // kept figures and compiled the class page's code, and the burst measures both processes warm, as the one
      // process's burst is (without it, each process's first screens paid for both within the burst).
      const calls = await loadScreen(portal, portal.child.pid, students, classScreenCalls, 'classScreen2', 'two processes class page  ');
      await classBurst(portal, portal.child.pid, students, calls, 'classBurst2', 'two processes class page');
    } finally {
      await stop(portal.child);
    }
  }

  if (PARTS) {
    // Only some parts ran (BENCH_PARTS): their lines above are the figures; no ratios, no report, but the rounds' ratios.
    rmSync(join(resultsDir, 'tmp'), { recursive: true, force: true });
    const ran = Object.fromEntries(results.map((r) => [r.key, r]));
    if (roundRatios(ran, 'roundBare').length) say(roundsLine(ran));
    return;
  }
  const by = Object.fromEntries(results.map((r) => [r.key, r]));
  const rps = (k) => by[k].reqPerSec;
  const ratios = {
    uncachedListVsStatic: rps('uncachedList') / rps('staticFile'),
    uncachedDetailVsStatic: rps('uncachedDetail') / rps('staticFile'),
    apiVsStatic: rps('api') / rps('staticFile'),
    cachedListVsBare: rps('cachedList') / rps('bareNode'),
    cachedListVsBareSameAnswer: by.bareNodeSameAnswer ? rps('cachedList') / rps('bareNodeSameAnswer') : null,
    cachedDetailVsBare: rps('cachedDetail') / rps('bareNode'),
    cachedListVsStatic: rps('cachedList') / rps('staticFile'),
    cachedListVsUncachedList: rps('cachedList') / rps('uncachedList'),
    expiringListVsCachedList: rps('expiringList') / rps('cachedList'),
    staticVsBare: rps('staticFile') / rps('bareNode'),
    healthzVsStatic: rps('healthz') / rps('staticFile'),
    uncachedHomeVsStaticHome: rps('uncachedHome') / rps('staticHome'),
    cachedHomeVsBare: rps('cachedHome') / rps('bareNode'),
    classScreenVsHealthz: rps('classScreen') / rps('learnerHealthz'),
    progressFlatVsHealthz: rps('progressFlat') / rps('reportHealthz'),
    twoProcessesList: rps('uncachedList2') / rps('uncachedList'),
    twoProcessesApi: rps('api2') / rps('api'),
    twoProcessesHealthz: rps('healthz2') / rps('healthz'),
    twoProcessesClassScreen: rps('classScreen2') / rps('classScreen'),
  };
  // The same ratios from server CPU per request (capacity if the server had a core to itself):
  // steadier than req/s when other work shares the machine.
  const cpu = (k) => by[k].serverCpuUsPerRequest;
  const cpuRatio = (a, b) => (cpu(a) && cpu(b) ? cpu(b) / cpu(a) : null);
  const cpuRatios = {
    cachedListVsBareSameAnswer: by.bareNodeSameAnswer ? cpuRatio('cachedList', 'bareNodeSameAnswer') : null,
    uncachedListVsStatic: cpuRatio('uncachedList', 'staticFile'),
    uncachedDetailVsStatic: cpuRatio('uncachedDetail', 'staticFile'),
    apiVsStatic: cpuRatio('api', 'staticFile'),
    cachedListVsBare: cpuRatio('cachedList', 'bareNode'),
    cachedDetailVsBare: cpuRatio('cachedDetail', 'bareNode'),
    cachedListVsStatic: cpuRatio('cachedList', 'staticFile'),
    cachedListVsUncachedList: cpuRatio('cachedList', 'uncachedList'),
    expiringListVsCachedList: cpuRatio('expiringList', 'cachedList'),
    staticVsBare: cpuRatio('staticFile', 'bareNode'),
    healthzVsStatic: cpuRatio('healthz', 'staticFile'),
    uncachedHomeVsStaticHome: cpuRatio('uncachedHome', 'staticHome'),
    cachedHomeVsBare: cpuRatio('cachedHome', 'bareNode'),
    classScreenVsHealthz: cpuRatio('classScreen', 'learnerHealthz'),
    progressFlatVsHealthz: cpuRatio('progressFlat', 'reportHealthz'),
    twoProcessesList: cpuRatio('uncachedList2', 'uncachedList'),
    twoProcessesApi: cpuRatio('api2', 'api'),
    twoProcessesHealthz: cpuRatio('healthz2', 'healthz'),
    twoProcessesClassScreen: cpuRatio('classScreen2', 'classScreen'),
  };
  const checks = {
    noNon2xx: results.every((r) => r.ok),
    uncachedListVsStatic: ratios.uncachedListVsStatic >= TARGETS.uncachedListVsStatic,
    cachedListVsBare: ratios.cachedListVsBare >= TARGETS.cachedListVsBare,
    newsPageJs: NEWS_PAGES.every((p) => js[p].gzipBytes <= TARGETS.newsPageJsGzipBytes),
    formPageJs: FORM_PAGES.every((p) => js[p].gzipBytes <= jsBudget(p, js[p])),
    learnerPageJs: [...LEARNER_PAGES, ...CLASSROOM_PAGES].every((p) => judgedJs(p, js[p]) <= TARGETS.learnerPageJsGzipBytes),
  };

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      loadAverageBefore: loadBefore.map((n) => Number(n.toFixed(2))),
    },
    settings: {
      durationSeconds: DURATION,
      pairRounds: PAIR_ROUNDS,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      newsListBytes: listBytes.length,
      homeBytes: homeBytes.length,
      learners: LEARNERS,
      learnerCalls,
      reporters: REPORTERS,
    },
    results,
    ratios: Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, v === null ? null : Number(v.toFixed(3))])),
    cpuRatios: Object.fromEntries(Object.entries(cpuRatios).map(([k, v]) => [k, v === null ? null : Number(v.toFixed(3))])),
    // Section p: each alternated round's render-cached list ÷ bare Node by req/s, in round order.
    rounds: {
      cachedListVsBare: roundRatios(by, 'roundBare').map((v) => Number(v.toFixed(3))),
      cachedListVsBareSameAnswer: roundRatios(by, 'roundSame').map((v) => Number(v.toFixed(3))),
    },
    targets: TARGETS,
    checks,
    javascript: js,
  };
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  rmSync(join(resultsDir, 'tmp'), { recursive: true, force: true });

  const order = [
    'uncachedList',
    'uncachedDetail',
    'api',
    'staticFile',
    'cachedList',
    'cachedDetail',
    'expiringList',
    'bareNode',
    'bareNodeSameAnswer',
    ...Array.from({ length: PAIR_ROUNDS }, (_, i) => [`roundCached${i + 1}`, `roundBare${i + 1}`, `roundSame${i + 1}`]).flat(),
    'uncachedHome',
    'staticHome',
    'cachedHome',
    'healthz',
    'astroAlone',
    'learnerHealthz',
    'classScreen',
    'classScreenSeparate',
    'classBurst',
    'reportHealthz',
    'progressPaced',
    'progressFlat',
    'uncachedList2',
    'api2',
    'healthz2',
    'classScreen2',
    'classBurst2',
  ];
  const shown = order.map((k) => by[k]).filter(Boolean);
  const out = [];
  out.push(`\nThroughput (${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} CPUs shared with the load generator)\n`);
  out.push(
    table(
      shown.map((r) => [
        r.label,
        r.reqPerSec,
        r.latencyMs.p50,
        r.latencyMs.p99,
        r.serverCpuUsPerRequest ?? '?',
        r.non2xx,
        r.errors + r.timeouts + (r.refused ?? 0),
        r.openLoop ? 'open loop' : kb(r.bodyBytes),
      ]),
      ['run', 'req/s', 'p50 ms', 'p99 ms', 'srv CPU µs/req', 'non-2xx', 'failed', 'body'],
    ),
  );
  out.push('\nRatios\n');
  const cpuPct = (k) => (cpuRatios[k] === null ? '?' : k === 'cachedListVsUncachedList' ? `${cpuRatios[k].toFixed(1)}x` : pct(cpuRatios[k]));
  const ratioRows = [
    ['uncached list / static file', 'uncachedListVsStatic', `>= ${pct(TARGETS.uncachedListVsStatic)}`, checks.uncachedListVsStatic ? 'ok' : 'MISSED'],
    ['cached list / bare node', 'cachedListVsBare', `>= ${pct(TARGETS.cachedListVsBare)}`, checks.cachedListVsBare ? 'ok' : 'MISSED'],
    ['cached list / bare node, same answer (headers too)', 'cachedListVsBareSameAnswer', '', ''],
    ['uncached detail / static file', 'uncachedDetailVsStatic', '', ''],
    ['API / static file', 'apiVsStatic', '', ''],
    ['cached detail / bare node', 'cachedDetailVsBare', '', ''],
    ['cached list / static file', 'cachedListVsStatic', '', ''],
    ['cached list / uncached list', 'cachedListVsUncachedList', '', ''],
    ['list expiring every 1 s / cached list', 'expiringListVsCachedList', '', ''],
    ['static file / bare node', 'staticVsBare', '', ''],
    ['/healthz / static file (context)', 'healthzVsStatic', '', ''],
    ['uncached home / its static file', 'uncachedHomeVsStaticHome', '', ''],
    ['cached home / bare node (list bytes)', 'cachedHomeVsBare', '', ''],
    [`class page calls / healthz (${LEARNERS} students)`, 'classScreenVsHealthz', '', ''],
    [`progress reports unpaced / healthz (${REPORTERS} students)`, 'progressFlatVsHealthz', '', ''],
    ['two processes / one: uncached list', 'twoProcessesList', '', ''],
    ['two processes / one: API', 'twoProcessesApi', '', ''],
    ['two processes / one: /healthz', 'twoProcessesHealthz', '', ''],
    ['two processes / one: class page (200 students)', 'twoProcessesClassScreen', '', ''],
  ].map(([name, k, target, verdict]) => [
    name,
    ratios[k] === null ? '?' : k === 'cachedListVsUncachedList' ? `${ratios[k].toFixed(1)}x` : pct(ratios[k]),
    cpuPct(k),
    target,
    verdict,
  ]);
  out.push(table(ratioRows, ['ratio', 'req/s ratio', 'CPU/req ratio', 'target', '']));
  out.push('(targets are judged on the req/s ratio; the CPU/req ratio is the same comparison from server CPU time per request)');
  out.push('\nIssue 31 goals (answer saves: bench/exams.mjs)\n');
  out.push(table(goalRows(by), ['goal', 'measured', 'target', '']));
  out.push(roundsLine(by));
  out.push('\nJavaScript shipped per page (static imports followed, gzip -9)\n');
  out.push(jsTable(js));
  out.push(`\nnon-2xx/errors: ${checks.noNon2xx ? 'none' : 'SOME RUNS HAD FAILURES'}; written bench/results/latest.json\n`);
  process.stdout.write(`${out.join('\n')}\n`);
  if (!checks.noNon2xx) process.exitCode = 1;
}

/**
 * Each alternated round's render-cached list (or another of section p's servers) ÷ one of the bare servers, by
 * req/s, in round order.
 */
function roundRatios(by, bare, over = 'roundCached') {
  const ratios = [];
  for (let round = 1; round <= PAIR_ROUNDS; round++) {
    const measured = by[`${over}${round}`];
    const other = by[`${bare}${round}`];
    if (measured && other) ratios.push(measured.reqPerSec / other.reqPerSec);
  }
  return ratios;
}

/** The median of the rounds' ratios, or null when the rounds did not run. */
function roundsMedian(by, bare, over = 'roundCached') {
  const sorted = roundRatios(by, bare, over).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Section p's rounds: each round's ratio and the median, same body and same answer; then bare Node answering with
 * the page's headers ÷ bare Node with its three, the most any server sending those headers reaches against the
 * same-body server.
 */
function roundsLine(by) {
  const listed = (bare, over) => {
    const ratios = roundRatios(by, bare, over);
    return ratios.length ? `${ratios.map(pct).join(', ')} (median ${pct(roundsMedian(by, bare, over))})` : 'not run';
  };
  return (
    `render-cached list / bare Node in the alternated rounds: same body ${listed('roundBare')}; same answer ${listed('roundSame')}\n` +
    `bare Node with the page's headers / bare Node with three (the same-body ceiling): ${listed('roundBare', 'roundSame')}`
  );
}

/** The render-cached list's answer headers as sent, less what each connection's answer carries of its own. */
async function cachedAnswerHeaders(url) {
  // As autocannon asks: no Accept-Encoding, so the plain body.
  const answer = await get(url, { headers: { 'accept-encoding': 'identity' } });
  return Object.fromEntries([...answer.res.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'x-request-id', 'content-length'].includes(name)));
}

/** Issue 31's goals judged on this run's rows: [goal, measured, target, verdict]. */
function goalRows(by) {
  const cpu = (k) => by[k]?.serverCpuUsPerRequest ?? null;
  const floor = cpu('healthz');
  const row = (goal, measured, target, met) => [goal, measured ?? '?', target, measured === null || measured === undefined ? '?' : met ? 'met' : 'MISSED'];
  const times = (k) => (cpu(k) && floor ? cpu(k) / floor : null);
  const p99 = (k) => by[k]?.latencyMs.p99 ?? null;
  const failures = (k) => (by[k] ? by[k].non2xx + by[k].errors + by[k].timeouts + (by[k].refused ?? 0) : null);
  const share = by.progressFlat && by.reportHealthz ? by.progressFlat.reqPerSec / by.reportHealthz.reqPerSec : null;
  const rounds = roundRatios(by, 'roundBare').length;
  const ofRounds = rounds ? ` (median of ${rounds} rounds)` : '';
  // The alternated rounds' median (section p); the single runs of sections b and d where the rounds did not run.
  const cachedVsBare = roundsMedian(by, 'roundBare') ?? (by.cachedList && by.bareNode ? by.cachedList.reqPerSec / by.bareNode.reqPerSec : null);
  // What bare Node itself reaches sending the page's headers, against the same-body server: the most the goal can be.
  const ceiling = roundsMedian(by, 'roundBare', 'roundSame');
  // An empty page through Astro alone, against the same floor: the least an uncached page can be.
  const alone = times('astroAlone') ? ` (Astro alone, an empty page: ${times('astroAlone').toFixed(1)} x)` : '';
  const cachedVsSame =
    roundsMedian(by, 'roundSame') ?? (by.cachedList && by.bareNodeSameAnswer ? by.cachedList.reqPerSec / by.bareNodeSameAnswer.reqPerSec : null);
  return [
    row('/healthz server CPU per request (the floor)', floor && `${floor} µs`, '<= 150 µs', floor <= 150),
    row(
      'uncached news list CPU per request',
      times('uncachedList') && `${times('uncachedList').toFixed(1)} x floor${alone}`,
      '<= 4 x floor',
      times('uncachedList') <= 4,
    ),
    row(
      'uncached home CPU per request',
      times('uncachedHome') && `${times('uncachedHome').toFixed(1)} x floor${alone}`,
      '<= 8 x floor',
      times('uncachedHome') <= 8,
    ),
    row('uncached home p99, 50 connections', p99('uncachedHome') && `${p99('uncachedHome')} ms`, '<= 100 ms', p99('uncachedHome') <= 100),
    row(
      `render-cached list / bare Node, same body${ofRounds}`,
      cachedVsBare && `${pct(cachedVsBare)}${ceiling ? ` (bare Node with its headers: ${pct(ceiling)})` : ''}`,
      '>= 90%',
      cachedVsBare >= 0.9,
    ),
    row(`render-cached list / bare Node, same answer${ofRounds}`, cachedVsSame && pct(cachedVsSame), '>= 90%', cachedVsSame >= 0.9),
    row(`class page, ${LEARNERS} students within 1 s: screen p99`, p99('classBurst') && `${p99('classBurst')} ms`, '<= 300 ms', p99('classBurst') <= 300),
    row('the same, two processes', p99('classBurst2') && `${p99('classBurst2')} ms`, '<= 300 ms', p99('classBurst2') <= 300),
    row(
      'class page runs: failures and time-outs',
      failures('classScreen') !== null && failures('classScreen') + (failures('classBurst') ?? 0),
      '0',
      failures('classScreen') + (failures('classBurst') ?? 0) === 0,
    ),
    row(`progress paced (${REPORTERS} students, 1 / 10 s): p99`, p99('progressPaced') && `${p99('progressPaced')} ms`, '<= 50 ms', p99('progressPaced') <= 50),
    row('progress unpaced / /healthz at the same connections', share && pct(share), '>= 50%', share >= 0.5),
    row('progress unpaced: time-outs', by.progressFlat?.timeouts, '0', by.progressFlat?.timeouts === 0),
    row('progress unpaced: refused', by.progressFlat?.refused, '0', by.progressFlat?.refused === 0),
    row(`/healthz at ${REPORTERS} connections: time-outs`, by.reportHealthz?.timeouts, '0', by.reportHealthz?.timeouts === 0),
  ];
}

main().catch((error) => {
  process.stderr.write(`[bench] failed: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
