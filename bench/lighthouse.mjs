// Lighthouse's mobile Largest Contentful Paint of the home page, the news list, the class page and a
// test's answering page (issue 31: at most 2.0 s each). Not part of `npm test` or `npm run bench`; it
// may need the network (npx fetches Lighthouse when it is not cached).
//
//   node bench/lighthouse.mjs       (Node 24; `npm run bench:lighthouse` runs it on the project's pinned Node)
//
// What it does: builds the portal when the build is older than the sources, starts it in production
// mode on a freshly seeded SQLite file (data/lighthouse.sqlite), logs the demo student in through the
// login page in a Chromium profile of its own, finds the student's running class through the API, starts
// an attempt at a test of that class through the API (the first test the student may still start), asks
// for each page once (a site in use has its pages in the render cache), then runs Lighthouse on each page
// BENCH_LH_RUNS times (default 3) with that profile: its default mobile emulation with simulated
// throttling, performance only. It prints LCP, FCP, TBT and CLS of every run, their medians, the element
// Lighthouse names as the LCP and the verdict against 2.0 s, with the machine's load average (the
// simulation scales the CPU time it saw, so a busy machine raises the figures). Reports are kept in
// bench/results/lighthouse/.
//
// Lighthouse keeps the profile's storage (--disable-storage-reset), or the student would be logged out;
// that would keep the browser's HTTP cache too, so every run after the first would find the scripts and
// styles cached. The profile's HTTP cache is emptied before each run instead: each run is a first visit
// with the session kept, as Lighthouse's own storage reset would make it. BENCH_LH_CACHE=warm keeps it.
//
// Env: CHROME_PATH (default /usr/bin/chromium), BENCH_LH_RUNS (default 3), BENCH_LH_PAGES (comma-separated
// page names to run: home,news,class,answer; default all), BENCH_LH_CACHE (cold, the default, or warm),
// BENCH_PORT (default: a free port).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { ensureSystemPackages } from '../scripts/system-packages.mjs';
import { positive, root, say, startPortal, stop, table } from './processes.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
// Debian's whole Chromium, installed when missing (as root), unless another browser is named.
if (!process.env.CHROME_PATH) ensureSystemPackages(['chromium'], say);
const RUNS = positive('BENCH_LH_RUNS', 3);
const LCP_TARGET_MS = 2000;
const WARM = process.env.BENCH_LH_CACHE === 'warm';
const outDir = join(root, 'bench/results/lighthouse');
const profileDir = join(outDir, 'profile');
const dbFile = join(root, 'data/lighthouse.sqlite');
const databaseUrl = 'file:./data/lighthouse.sqlite';
/** The demo student (src/dev/seed/login.ts DEMO_STUDENT; README "Demo accounts"). */
const STUDENT = { mobile: '13900000001', password: 'Demo2026' };
/** TEACHING_CLASS_STATUS.RUNNING (src/lib/learning/codes.ts). */
const RUNNING = 1;
/** ATTEMPT_STATUS.ANSWERING (src/lib/exams/attempt-policy.ts). */
const ANSWERING = 0;

// ---------------------------------------------------------------------------------------------
// The portal and the student

/** POSTs to the API as the student; answers `data`, or throws with the answer. */
async function api(base, token, path, body) {
  const res = await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
  const json = await res.json();
  if (json.code !== 0) throw Object.assign(new Error(`${path} answered ${JSON.stringify(json).slice(0, 300)}`), { answer: json });
  return json.data;
}

/** Logs the demo student in through the login page in a new Chromium profile; answers { token, userId } as the page stored them. */
async function logIn(base) {
  rmSync(profileDir, { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROME, headless: true, args: ['--no-sandbox'] });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    const form = page.getByRole('main').locator('form');
    // The form works once Astro has hydrated its island (the island's ssr attribute goes).
    await page.locator('astro-island:not([ssr])').locator('form').first().waitFor();
    await form.getByRole('button', { name: '使用密码登录' }).click();
    await form.getByLabel('手机号码', { exact: true }).fill(STUDENT.mobile);
    await form.getByLabel('密码', { exact: true }).fill(STUDENT.password);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForFunction(() => localStorage.getItem('szyx_token') && localStorage.getItem('szyx_userInfo'));
    const { token, info } = await page.evaluate(() => ({ token: localStorage.getItem('szyx_token'), info: localStorage.getItem('szyx_userInfo') }));
    return { token, userId: JSON.parse(info).id };
  } finally {
    await context.close();
  }
}

/**
 * The student's running class with a test to answer, and there an attempt started: the pages' addresses.
 * The classes are tried by name (the list's own order is not fixed): in the demo, 2026年秋季电工（四级）精品班.
 */
async function places(base, { token, userId }) {
  const classes = await api(base, token, '/teaching/anyone/teachingClass/queryStudentClassAndPeriodList', { userId });
  const byName = (a, b) => a.className.localeCompare(b.className, 'zh');
  for (const running of classes.filter((c) => c.teachingClassStatus === RUNNING).sort(byName)) {
    const { classId } = running;
    const { studentId } = await api(base, token, '/teaching/anyone/classStudent/detail', { classId, userId });
    const at = await startedTest(base, token, { classId, studentId });
    if (!at) continue;
    const q = new URLSearchParams({ classId, classroomId: at.classroomId, classStudentId: studentId, courseId: at.courseId, workId: at.id });
    return {
      className: running.className,
      testTitle: at.title,
      classUrl: `/study/training-class?${new URLSearchParams({ classId, schoolId: running.tenantId })}`,
      answerUrl: `/study/test/answer?${q}`,
    };
  }
  throw new Error('no running class of the demo student has a test the student may still start');
}

/**
 * The class's tests, found as the browser tests' helpers find a work (in the database); answers the
 * first one at which an attempt started through the API is being answered (a test allows one attempt,
 * and the student has handed some in already), or null.
 */
async function startedTest(base, token, { classId, studentId }) {
  // In the order the class teaches them: its courses' order, then each course's lessons'.
  const tests = dbRows(
    'select w.id, w.classroom_id as classroomId, w.course_id as courseId, w.title from works w ' +
      'join class_courses cc on cc.class_id = w.class_id and cc.course_id = w.course_id join classrooms r on r.id = w.classroom_id ' +
      "where w.class_id = ? and w.kind = 'test' and w.source_type is null order by cc.seq, r.seq, w.id",
    [classId],
  );
  for (const work of tests) {
    try {
      const attempt = await api(base, token, '/teaching/anyone/work/attempt/start', { classId, studentId, workId: work.id });
      if (attempt.status === ANSWERING) return work;
    } catch {
      // not open to this student any more: the next one
    }
  }
  return null;
}

/** One GET of a page on a connection of its own (the portal's render cache then holds it). */
function warm(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

function dbRows(sql, params) {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** One Lighthouse run of `url` with the student's profile; answers its figures and its LCP element. */
function lighthouse(url, name, run) {
  if (!WARM) for (const cache of ['Cache', 'Code Cache']) rmSync(join(profileDir, 'Default', cache), { recursive: true, force: true });
  const report = join(outDir, `${name}-${run}.json`);
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    `--chrome-flags=--headless=new --no-sandbox --user-data-dir=${profileDir}`,
    '--disable-storage-reset',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${report}`,
    '--quiet',
  ];
  const r = spawnSync('npx', args, { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`lighthouse ${url} failed (exit ${r.status}):\n${r.stderr.slice(-2000)}`);
  const lhr = JSON.parse(readFileSync(report, 'utf8'));
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    element: lcpElement(lhr),
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
  };
}

/** The LCP element as the report names it (Lighthouse 13: the LCP breakdown insight's node). */
function lcpElement(lhr) {
  const nodes = [];
  const walk = (v) => {
    if (!v || typeof v !== 'object') return;
    if (v.type === 'node' && (v.selector || v.snippet)) nodes.push(v);
    for (const child of Object.values(v)) walk(child);
  };
  walk(lhr.audits['lcp-breakdown-insight']?.details ?? lhr.audits['largest-contentful-paint-element']?.details);
  const node = nodes[0];
  if (!node) return '(none named)';
  const text = (node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 24);
  return `${(node.snippet ?? node.selector).replace(/\s+/g, ' ').slice(0, 90)}${text ? ` "${text}"` : ''}`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
const msOf = (ms) => `${Math.round(ms)} ms`;

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!buildIfNeeded(say)) throw new Error('the build failed');
  mkdirSync(outDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(dbFile + suffix, { force: true });
  const portal = await startPortal({ databaseUrl, label: 'portal' });
  try {
    say(`portal on ${portal.base}; logging the demo student in`);
    const session = await logIn(portal.base);
    const at = await places(portal.base, session);
    say(`class ${at.className}; attempt started at ${at.testTitle}`);
    const pages = [
      { name: 'home', path: '/' },
      { name: 'news', path: '/news-information/list' },
      { name: 'class', path: at.classUrl },
      { name: 'answer', path: at.answerUrl },
    ];
    const wanted = process.env.BENCH_LH_PAGES ? process.env.BENCH_LH_PAGES.split(',') : pages.map((p) => p.name);
    const rows = [];
    const elements = [];
    for (const page of pages.filter((p) => wanted.includes(p.name))) {
      // A site in use holds its pages in the render cache: one request first, as its first visitor's.
      await warm(portal.base + page.path);
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        const load = os.loadavg()[0].toFixed(2);
        const r = lighthouse(portal.base + page.path, page.name, i);
        if (new URL(r.finalUrl).pathname !== new URL(portal.base + page.path).pathname) throw new Error(`${page.path} ended on ${r.finalUrl} (not logged in?)`);
        say(
          `${page.name} run ${i} (load ${load}): LCP ${sec(r.lcp)}, FCP ${sec(r.fcp)}, TBT ${msOf(r.tbt)}, CLS ${r.cls.toFixed(3)}; LCP element ${r.element}`,
        );
        runs.push(r);
      }
      const lcp = median(runs.map((r) => r.lcp));
      rows.push([
        page.name,
        runs.map((r) => (r.lcp / 1000).toFixed(2)).join(' · '),
        sec(lcp),
        sec(median(runs.map((r) => r.fcp))),
        msOf(median(runs.map((r) => r.tbt))),
        median(runs.map((r) => r.cls)).toFixed(3),
        lcp <= LCP_TARGET_MS ? 'met' : 'MISSED',
      ]);
      elements.push(`${page.name}: ${[...new Set(runs.map((r) => r.element))].join(' | ')}`);
    }
    const how = `${RUNS} runs per page (medians), ${WARM ? 'warm' : 'cold'} HTTP cache`;
    const load = os.loadavg()[0].toFixed(2);
    process.stdout.write(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, simulated throttling; ${how}; load average now ${load}\n\n`);
    process.stdout.write(`${table(rows, ['page', 'LCP runs (s)', 'LCP', 'FCP', 'TBT', 'CLS', '≤ 2.0 s'])}\n\nLCP element:\n${elements.join('\n')}\n`);
    if (rows.some((r) => r[6] !== 'met')) process.exitCode = 1;
  } finally {
    await stop(portal.child);
  }
}

await main();
