// `npm run bench`: every part of the benchmark, always. A part that misses a target, sees a time-out or
// fails outright is reported, and the next part still runs; the exit code is non-zero when any part failed.
//   1. bench/run.mjs: pages, the API, the class page, progress reports, the per-request floor;
//   2. bench/exams.mjs on SQLite: answer saves of test-takers;
//   3. bench/exams.mjs on a throw-away PostgreSQL with its durable defaults (scripts/with-pg.sh, port BENCH_PGPORT);
//   4. bench/page-changes.ts on one too: how long a change of public pages takes to reach another instance;
//   5. bench/process-changes.ts: the same between two server processes of one machine on SQLite.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './processes.mjs';

const PG_PORT_DEFAULT = '54361';
const node = process.execPath;
const parts = [
  { name: 'pages, API, class page and progress (bench/run.mjs)', command: node, args: [join(root, 'bench/run.mjs'), ...process.argv.slice(2)], env: {} },
  { name: 'answer saves on SQLite (bench/exams.mjs)', command: node, args: [join(root, 'bench/exams.mjs')], env: {} },
  {
    name: 'answer saves on PostgreSQL (bench/exams.mjs)',
    command: 'bash',
    args: [join(root, 'scripts/with-pg.sh'), node, join(root, 'bench/exams.mjs')],
    env: { PG_DURABLE: '1', PGPORT: process.env.BENCH_PGPORT ?? PG_PORT_DEFAULT },
  },
  {
    name: 'page changes between two instances on PostgreSQL (bench/page-changes.ts)',
    command: 'bash',
    args: [join(root, 'scripts/with-pg.sh'), node, join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'bench/page-changes.ts')],
    env: { PG_DURABLE: '1', PGPORT: process.env.BENCH_PGPORT ?? PG_PORT_DEFAULT },
  },
  {
    name: 'page changes between two server processes on SQLite (bench/process-changes.ts)',
    command: node,
    args: [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'bench/process-changes.ts')],
    env: {},
  },
];
// `npm run bench -- --js` asks for the JavaScript sizes only: the first part alone.
const wanted = process.argv.includes('--js') ? parts.slice(0, 1) : parts;

const results = [];
for (const part of wanted) {
  process.stdout.write(`\n=== ${part.name}\n`);
  const run = spawnSync(part.command, part.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...part.env } });
  results.push({ name: part.name, status: run.status ?? `signal ${run.signal}` });
}
process.stdout.write('\n=== every part\n');
for (const r of results) process.stdout.write(`${r.status === 0 ? 'ok    ' : 'FAILED'}  ${r.name}${r.status === 0 ? '' : ` (exit ${r.status})`}\n`);
if (results.some((r) => r.status !== 0)) process.exitCode = 1;
