// Two builds side by side: a before and after of one change to the API's hot paths, less disturbed by this machine's
// slow spells than two runs a minute apart (bench/README.md, thirty-sixth part).
//
//   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/ && (cd /tmp/before && npm run build)
//   npm run build && npx node bench/ab.mjs /tmp/before .
//
// Starts both trees' servers at once (each its own seeded SQLite file in data/, the render cache off), gives each
// AB_WRITERS students with an attempt at the seeded test and AB_WRITERS more on the seeded video lesson, then loads them
// in turn, round by round (AB_ROUNDS, default 6; the order swapped every round): /healthz (3 s), answer saves (4 s) and
// progress reports (4 s), 50 connections, each write the next one's of its pool, so no student passes their own limit.
// AB_LOADS names the loads instead (default healthz,save,report), among them paper (each taker's test paper opened in
// turn) and the uncached pages: list (the news list), detail (a news item's page), notices (the notice list), notice (a
// notice's page), home (the home page) and login (the login page), 4 s each. Prints each round's answers a second and server CPU a
// request, and the medians. A failed, refused or timed-out answer is counted and makes the exit code non-zero.
// AB_RENDER_CACHE=1 starts both with the render cache on instead: the page loads are then answered from it (hits).
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { lessonReporters, progressReport, rotatingWrites, saveBody, testTakers } from './learners.mjs';
import { refusalCounter } from './open-loop.mjs';
import { cpuMsTree, freePort, HOST, positive, productionEnv, root, seedDemo, spawnUntilReady, stop } from './processes.mjs';

const [treeA, treeB] = process.argv.slice(2);
if (!treeA || !treeB) {
  console.error('usage: npx node bench/ab.mjs <work tree before> <work tree after>   (each built)');
  process.exit(2);
}
const ROUNDS = positive('AB_ROUNDS', 6);
const WRITERS = positive('AB_WRITERS', 2000);
const CONNECTIONS = 50;
const ALL_SECONDS = { healthz: 3, save: 4, report: 4, paper: 4, list: 4, detail: 4, notices: 4, notice: 4, home: 4, login: 4 };
const NAMED = (process.env.AB_LOADS ?? 'healthz,save,report').split(',').map((kind) => kind.trim());
for (const kind of NAMED) {
  if (!(kind in ALL_SECONDS)) {
    console.error(`AB_LOADS: no load "${kind}" (${Object.keys(ALL_SECONDS).join(', ')})`);
    process.exit(2);
  }
}
const SECONDS = Object.fromEntries(NAMED.map((kind) => [kind, ALL_SECONDS[kind]]));
const WARMUP_SECONDS = 2;

async function startTree(label, tree) {
  const name = `ab-${label}`;
  const file = join(root, `data/${name}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const databaseUrl = `file:${file}`;
  // Migrated and seeded by the tree's own scripts: a change that adds a migration leaves the tree before it able to start.
  seedDemo(databaseUrl, resolve(tree));
  const port = await freePort();
  // The render cache off: a page load is each page rendered (the API never meets that cache); on, each is a hit.
  const cacheEntries = process.env.AB_RENDER_CACHE === '1' ? '2000' : '0';
  const env = productionEnv({ port, databaseUrl, RENDER_CACHE_ENTRIES: cacheEntries });
  const child = await spawnUntilReady([join(resolve(tree), 'scripts/start.mjs'), '--no-build'], env, /"msg":"portal ready"/, label);
  const base = `http://${HOST}:${port}`;
  const refusals = refusalCounter();

  const loads = {
    healthz: { url: `${base}/healthz` },
    list: { url: `${base}/news-information/list` },
    notices: { url: `${base}/notice/list` },
    home: { url: `${base}/` },
    login: { url: `${base}/login` },
  };
  if ('detail' in SECONDS) {
    // The school's latest news item, as its list shows it.
    const answer = await fetch(`${base}/api/universityAdvertise/anyUser/newInformation/newInformationPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"current":1,"size":1}',
    });
    loads.detail = { url: `${base}/news-information/detail?id=${(await answer.json()).data.records[0].id}` };
  }
  if ('notice' in SECONDS) {
    // The school's latest notice, as its list links it.
    const id = /\/notice\/detail\?id=([^"&]+)/.exec(await (await fetch(`${base}/notice/list`)).text())?.[1];
    if (!id) throw new Error("no notice on the seeded school's notice list");
    loads.notice = { url: `${base}/notice/detail?id=${id}` };
  }
  if ('save' in SECONDS || 'paper' in SECONDS) {
    const { work, takers, questions } = await testTakers(base, file, WRITERS);
    loads.save = rotatingWrites(base, '/api/teaching/anyone/work/answer', takers, (t) => saveBody(work, questions, t), refusals.onResponse);
    // Each taker opening the test's paper in turn, as every taker's answering page does when it opens.
    loads.paper = rotatingWrites(base, '/api/library/anyone/work/paper', takers, (t) => ({ ...t.ref, workId: work.id }), refusals.onResponse);
  }
  if ('report' in SECONDS) {
    const { lesson, reporters } = await lessonReporters(base, file, WRITERS, WRITERS);
    loads.report = rotatingWrites(
      base,
      '/api/teaching/anyone/classroom/online/progress',
      reporters,
      (o) => progressReport(o.st, lesson, ++o.seq),
      refusals.onResponse,
    );
  }
  return { label, child, loads, refusals };
}

async function measure(server, kind, seconds) {
  const cpu0 = cpuMsTree(server.child.pid);
  const r = await autocannon({ ...server.loads[kind], connections: CONNECTIONS, duration: seconds });
  const cpu1 = cpuMsTree(server.child.pid);
  return { perSecond: Math.round(r.requests.average), cpu: Math.round(((cpu1 - cpu0) * 1000) / r.requests.total), failed: r.non2xx + r.errors + r.timeouts };
}

const servers = [await startTree('before', treeA), await startTree('after', treeB)];
for (const server of servers)
  for (const kind of Object.keys(SECONDS)) await autocannon({ ...server.loads[kind], connections: CONNECTIONS, duration: WARMUP_SECONDS });

const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const server of round % 2 ? servers : [...servers].reverse()) {
    const row = { round, label: server.label };
    for (const [kind, seconds] of Object.entries(SECONDS)) row[kind] = await measure(server, kind, seconds);
    rows.push(row);
    const figures = Object.keys(SECONDS).map((kind) => `${kind} ${row[kind].perSecond}/s ${row[kind].cpu} µs`);
    console.log(`round ${round} ${server.label.padEnd(6)}: ${figures.join(' | ')}`);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
let bad = 0;
for (const server of servers) {
  const own = rows.filter((r) => r.label === server.label);
  const medians = Object.keys(SECONDS).map((kind) => `${kind} ${median(own.map((r) => r[kind].cpu))} µs`);
  const failed = own.reduce((sum, r) => sum + Object.keys(SECONDS).reduce((s, kind) => s + r[kind].failed, 0), 0);
  bad += failed + server.refusals.count();
  console.log(`${server.label}: median server CPU a request: ${medians.join(', ')}; failed ${failed}, refused ${server.refusals.count()}`);
}
for (const server of servers) await stop(server.child);
process.exit(bad ? 1 : 0);
