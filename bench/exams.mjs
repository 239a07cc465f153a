// Answer saves under load (issue 13; npm run bench runs it on SQLite and then on PostgreSQL).
//
// N simulated test-takers, each a student of class A with their own token and their own attempt at
// the test '第一章单元测验', save one answer every 15 s (the think time between two answers). The
// load is an open loop: every save is sent at its scheduled time whatever the others are doing, and
// its latency counts from that time, so a slow server cannot hide behind a slowed-down generator.
// Each save is the next sequence number of one question, as the answering page sends them.
//
// Measured, in one run against one server:
//   1. BENCH_TAKERS (default 2,000) test-takers paced, for BENCH_EXAM_SECONDS (default 30);
//   2. the largest number of test-takers whose p99 stays under 100 ms: doubling from there until
//      p99 passes 100 ms or a save fails, then halving the gap twice; when the search ends with the
//      goal (20,000) between the largest that held and the smallest that missed, the goal itself.
//      Each step, and the first run after the takers are added, starts once the server is idle again (at most 60 s),
//      not under what came before; each paced run prints the load generator's own CPU a save beside the server's;
//   3. ceilings: /healthz and the save call unpaced (closed loop, BENCH_CONNECTIONS connections).
// Writes bench/results/exams-<engine>.json and prints a table. DATABASE_URL=postgres://… runs it on
// PostgreSQL (scripts/with-pg.sh starts one); otherwise a fresh SQLite file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { addClassStudents, analyzed, answerable, dbRow, saveBody } from './learners.mjs';
import { answered, closeAgents, openLoop, periodic, postJson, refusalCounter } from './open-loop.mjs';
import { cpuMsTree, positive, root, say, startPortal, stop, table } from './processes.mjs';

const PERIOD_MS = 15_000;
const P99_TARGET_MS = 100;
/** Issue 31's exam hall: this many takers under the p99 target. */
const GOAL_TAKERS = 20_000;
const TAKERS = positive('BENCH_TAKERS', 2000);
const SECONDS = positive('BENCH_EXAM_SECONDS', 30);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const MAX_TAKERS = positive('BENCH_MAX_TAKERS', 32_000);
/** Server processes on the port (PROCESSES: one per core is what the docs advise); CPU counts every one. */
const PROCESSES = positive('BENCH_PROCESSES', 1);
const TEST_TITLE = '第一章单元测验';
const SAVE_PATH = '/api/teaching/anyone/work/answer';

const pg = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const resultName = `exams-${pg ? 'postgresql' : 'sqlite'}${PROCESSES > 1 ? `-${PROCESSES}p` : ''}.json`;
const engine = pg ? 'postgresql' : 'sqlite';
const sqliteFile = join(root, 'data/bench-exams.sqlite');
const databaseUrl = pg ? process.env.DATABASE_URL : `file:./data/bench-exams.sqlite`;

/**
 * Where the saves come from. A school's whole exam hall is often one public address (ONE_ADDRESS);
 * takers at home each have their own: the loopback network's 127.0.0.2 … 127.0.0.(1 + SPREAD_ADDRESSES).
 */
const ONE_ADDRESS = '127.0.0.1';
const SPREAD_ADDRESSES = 250;
const spreadAddress = (i) => `127.0.0.${2 + (i % SPREAD_ADDRESSES)}`;
/** POSTs a save from a local address. */
const post = (base, path, token, body, from = ONE_ADDRESS) => postJson(`${base}${path}`, token, body, from);

async function call(base, path, token, body) {
  const r = await post(base, path, token, body);
  if (r.status !== 200 || r.json?.code !== 0) throw new Error(`${path} answered ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  return r.json.data;
}

/** Adds takers up to `n`: students of class A, each with an attempt at the test. */
async function growTakers(base, work, takers, n) {
  const more = n - takers.length;
  if (more <= 0) return;
  say(`adding ${more} test-takers (students and their attempts)`);
  const students = await addClassStudents(databaseUrl, more, takers.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < students.length) {
        const st = students[next++];
        const ref = { classId: st.classId, studentId: st.classStudentId };
        const attempt = await call(base, '/api/teaching/anyone/work/attempt/start', st.token, { ...ref, workId: work.id });
        takers.push({ st, ref, answerLogId: attempt.answerLogId, seqs: new Map(), k: 0, address: spreadAddress(takers.length) });
      }
    }),
  );
  await analyzed(databaseUrl);
}

/**
 * `n` takers save every 15 s (each from a random phase) for SECONDS; latency from the scheduled time.
 * All from one address (an exam hall behind one public address), or `spread` over many.
 */
async function paced(base, pid, work, questions, takers, n, spread = false) {
  const r = await openLoop(
    periodic(takers.slice(0, n), PERIOD_MS, SECONDS * 1000),
    async ({ actor: t }) => {
      const answer = await post(base, SAVE_PATH, t.st.token, saveBody(work, questions, t), spread ? t.address : ONE_ADDRESS);
      return { ok: answered(answer), failure: `${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}` };
    },
    pid,
  );
  return {
    takers: n,
    addresses: spread ? Math.min(n, SPREAD_ADDRESSES) : 1,
    saves: r.requests,
    reqPerSec: r.reqPerSec,
    latencyMs: r.latencyMs,
    serverCpuUsPerRequest: r.serverCpuUsPerRequest,
    generatorCpuUsPerRequest: r.generatorCpuUsPerRequest,
    failed: r.failed,
    firstFailure: r.firstFailure,
    ok: r.failed === 0 && r.latencyMs.p99 <= P99_TARGET_MS,
  };
}

/** The server's CPU under this share of one core over a second: it is idle again. */
const IDLE_SHARE = 0.1;
const SETTLE_MAX_SECONDS = 60;

/**
 * Waits until the server is idle, at most SETTLE_MAX_SECONDS, and answers how long it took: a step of the search
 * starts as an exam hall does, not under what the step before left running (an overloaded one's backlog, the
 * checkpoints it put off, the takers just added).
 */
async function settle(pid) {
  const began = performance.now();
  for (let second = 0; second < SETTLE_MAX_SECONDS; second++) {
    const before = cpuMsTree(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuMsTree(pid);
    if (before === null || after === null || after - before < IDLE_SHARE * 1000) break;
  }
  return Math.round((performance.now() - began) / 1000);
}

/** Closed loop, CONNECTIONS at once, as fast as the server answers: the ceiling of the run. */
async function unpaced(pid, url, requests, refused = () => 0) {
  const cpu0 = cpuMsTree(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: 10, ...(requests ? { requests } : {}) });
  const cpu1 = cpuMsTree(pid);
  return {
    reqPerSec: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99 },
    serverCpuUsPerRequest: cpu0 !== null && cpu1 !== null && r.requests.total ? Math.round(((cpu1 - cpu0) * 1000) / r.requests.total) : null,
    // A refusal comes as HTTP 200 with the envelope's code (429 当前操作太频繁): counted from the bodies.
    failed: r.non2xx + r.errors + r.timeouts + refused(),
  };
}

async function main() {
  if (!pg) for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(sqliteFile + suffix, { force: true });
  mkdirSync(join(root, 'data'), { recursive: true });
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const portal = await startPortal({
    databaseUrl,
    env: { RENDER_CACHE_ENTRIES: '0', PROCESSES: String(PROCESSES) },
    label: `portal (${engine}, ${PROCESSES} processes)`,
  });
  const pid = portal.child.pid;
  try {
    const work = await dbRow(databaseUrl, 'select id, class_id as "classId" from works where title = ?', [TEST_TITLE]);
    if (!work) throw new Error(`the seeded test ${TEST_TITLE} is missing`);
    const takers = [];
    await growTakers(portal.base, work, takers, TAKERS);
    const questions = answerable(await call(portal.base, '/api/library/anyone/work/paper', takers[0].st.token, { ...takers[0].ref, workId: work.id }));
    if (!questions.length) throw new Error(`the paper of ${TEST_TITLE} has no questions`);

    // Adding the takers (their students written to the database, their attempts started through the API) is the bench's
    // own setup: the first run starts once the server is idle again, as every step of the search does.
    say(`${TAKERS} test-takers at home (${SPREAD_ADDRESSES} addresses), one save each 15 s, ${SECONDS} s (the server idle after ${await settle(pid)} s)`);
    const spread = await paced(portal.base, pid, work, questions, takers, TAKERS, true);
    say(`  ${spread.reqPerSec} req/s, p95 ${spread.latencyMs.p95} ms, p99 ${spread.latencyMs.p99} ms, failed ${spread.failed}`);
    say(`${TAKERS} test-takers in one exam hall (one address), one save each 15 s, ${SECONDS} s`);
    const first = await paced(portal.base, pid, work, questions, takers, TAKERS);
    say(`  ${first.reqPerSec} req/s, p95 ${first.latencyMs.p95} ms, p99 ${first.latencyMs.p99} ms, failed ${first.failed}`);

    // The largest number of takers in one exam hall under the target: double, then halve the gap twice.
    const steps = [first];
    let good = first.ok ? TAKERS : 0;
    let bad = first.ok ? null : TAKERS;
    /** One paced run of `n` takers in the hall, moving the bounds of the search. */
    const step = async (n, label = '') => {
      await growTakers(portal.base, work, takers, n);
      say(`${n} test-takers${label} (the server idle after ${await settle(pid)} s)`);
      const r = await paced(portal.base, pid, work, questions, takers, n);
      const cpu = `CPU a save: server ${r.serverCpuUsPerRequest} µs, load generator ${r.generatorCpuUsPerRequest} µs`;
      say(`  ${r.reqPerSec} req/s, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms, failed ${r.failed}, ${cpu}`);
      steps.push(r);
      if (r.ok) good = n;
      else bad = n;
    };
    while (bad === null && good * 2 <= MAX_TAKERS) await step(good * 2);
    for (let k = 0; k < 2 && bad !== null && good > 0; k++) {
      const n = Math.round((good + bad) / 2 / 100) * 100;
      if (n <= good || n >= bad) break;
      await step(n);
    }
    // The search's steps need not land on the goal (12,000 → 24,000 → 18,000 → 21,000): when it lies
    // between what held and what missed, it is run itself, so the goal is judged on its own run.
    if (good < GOAL_TAKERS && bad !== null && bad > GOAL_TAKERS) await step(GOAL_TAKERS, ' (the goal)');

    // The ceilings last, so their backlog cannot slow the paced runs.
    say(`ceilings: /healthz and the save call unpaced, ${CONNECTIONS} connections, 10 s each`);
    const healthz = await unpaced(pid, `${portal.base}/healthz`);
    // Each save is the next taker's: every taker of the run in turn, so none passes its own limit
    // (120 a minute) and the ceiling is of saves kept, not of refusals.
    let next = 0;
    const refusedSaves = refusalCounter();
    const saveCeiling = await unpaced(
      pid,
      portal.base + SAVE_PATH,
      [
        {
          method: 'POST',
          path: SAVE_PATH,
          setupRequest: (req) => {
            const t = takers[next++ % takers.length];
            return { ...req, headers: { 'content-type': 'application/json', token: t.st.token }, body: JSON.stringify(saveBody(work, questions, t)) };
          },
          onResponse: refusedSaves.onResponse,
        },
      ],
      refusedSaves.count,
    );

    const report = {
      date: new Date().toISOString(),
      engine,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
      settings: {
        takers: TAKERS,
        processes: PROCESSES,
        seconds: SECONDS,
        periodMs: PERIOD_MS,
        connections: CONNECTIONS,
        p99TargetMs: P99_TARGET_MS,
        maxTakers: MAX_TAKERS,
        questions: questions.length,
      },
      healthz,
      saveCeiling,
      paced: first,
      pacedSpread: spread,
      steps,
      largestUnderTarget: good,
      firstOverTarget: bad,
      ratios: {
        pacedVsSaveCeiling: Number((first.reqPerSec / saveCeiling.reqPerSec).toFixed(3)),
        saveCeilingVsHealthz: Number((saveCeiling.reqPerSec / healthz.reqPerSec).toFixed(3)),
      },
      checks: {
        p99UnderTarget: first.latencyMs.p99 <= P99_TARGET_MS && spread.latencyMs.p99 <= P99_TARGET_MS,
        noFailures: steps[0].failed === 0 && spread.failed === 0 && saveCeiling.failed === 0,
      },
    };
    writeFileSync(join(root, `bench/results/${resultName}`), `${JSON.stringify(report, null, 2)}\n`);
    const rows = [
      ['/healthz unpaced (ceiling)', '', healthz.reqPerSec, '', healthz.latencyMs.p99, healthz.serverCpuUsPerRequest ?? '?', '', healthz.failed],
      ['saves unpaced (ceiling)', '', saveCeiling.reqPerSec, '', saveCeiling.latencyMs.p99, saveCeiling.serverCpuUsPerRequest ?? '?', '', saveCeiling.failed],
      ...[spread, ...steps].map((r) => [
        `saves, 1 per 15 s per taker, from ${r.addresses} address${r.addresses === 1 ? '' : 'es'}`,
        r.takers,
        r.reqPerSec,
        r.latencyMs.p95,
        r.latencyMs.p99,
        r.serverCpuUsPerRequest ?? '?',
        r.generatorCpuUsPerRequest ?? '?',
        r.failed,
      ]),
    ];
    process.stdout.write(`\nAnswer saves on ${engine}, ${PROCESSES} server process(es) (${os.cpus().length} CPUs shared with the load generator)\n\n`);
    process.stdout.write(`${table(rows, ['run', 'takers', 'req/s', 'p95 ms', 'p99 ms', 'srv CPU µs/req', 'generator CPU µs/req', 'failed'])}\n`);
    process.stdout.write(
      `\n${TAKERS} takers: p99 ${spread.latencyMs.p99} ms from ${spread.addresses} addresses, ${first.latencyMs.p99} ms from one ` +
        `(target <= ${P99_TARGET_MS} ms: ${report.checks.p99UnderTarget ? 'met' : 'MISSED'}); ` +
        `largest number of takers in one exam hall under the target: ${good}${bad === null ? ` (not reached at ${MAX_TAKERS})` : ` (${bad} missed it)`}; ` +
        `saves unpaced / healthz ${(report.ratios.saveCeilingVsHealthz * 100).toFixed(0)}%; written bench/results/${resultName}\n`,
    );
    const verdict = (met) => (met ? 'met' : 'MISSED');
    const refused = steps.reduce((n, r) => n + r.failed, spread.failed);
    const goals = [
      [
        'server CPU per save, unpaced',
        `${saveCeiling.serverCpuUsPerRequest ?? '?'} µs`,
        '<= 1,000 µs',
        verdict((saveCeiling.serverCpuUsPerRequest ?? Infinity) <= 1000 && saveCeiling.failed === 0),
      ],
      ['saves unpaced (the ceiling)', `${saveCeiling.reqPerSec} req/s`, '>= 1,000 req/s', verdict(saveCeiling.reqPerSec >= 1000 && saveCeiling.failed === 0)],
      ['saves refused or failed in the ceiling', saveCeiling.failed, '0', verdict(saveCeiling.failed === 0)],
      ['takers in one exam hall under p99 100 ms', good, `>= ${GOAL_TAKERS.toLocaleString('en')}`, verdict(good >= GOAL_TAKERS)],
      ['saves refused in the paced runs', refused, '0', verdict(refused === 0)],
    ];
    process.stdout.write(`\nIssue 31 goals\n\n${table(goals, ['goal', 'measured', 'target', ''])}\n`);
    if (!report.checks.noFailures) process.exitCode = 1;
  } finally {
    await stop(portal.child);
    closeAgents();
  }
}

main().catch((error) => {
  process.stderr.write(`[bench] failed: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
