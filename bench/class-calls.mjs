// Server CPU per call of the class page (npm run bench -- no; run: npx node bench/class-calls.mjs).
// Starts the built portal (production mode, fresh bench database), adds one student to class A and
// times each of the class page's calls alone, one request at a time, reporting the mean wall time
// and the server CPU per request from /proc. Finds which call dominates bench/run.mjs's class page run.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addClassStudents, classScreenCalls } from './learners.mjs';
import { BENCH_PRODUCTION_ENV, seedDemo } from './processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dbFile = join(root, 'data/bench-calls.sqlite');
const N = Number(process.env.CALLS ?? 300);
for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true });
const port = 4490 + Math.floor(Math.random() * 9);
seedDemo('file:./data/bench-calls.sqlite');
const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--no-build'], {
  env: {
    ...process.env,
    ...BENCH_PRODUCTION_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: 'file:./data/bench-calls.sqlite',
    LOG_LEVEL: 'warn',
    RENDER_CACHE_ENTRIES: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => child.stdout.on('data', (d) => String(d).includes('portal ready') && resolve()));
const cpu = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
try {
  const [st] = await addClassStudents(dbFile, 1);
  // For scale: the public news list call (no token) and the same call with the student's token.
  const reference = [['/api/universityAdvertise/anyUser/newInformation/newInformationPage', { current: 1, size: 4 }]];
  for (const [path, body] of [...reference, ...classScreenCalls(st)]) {
    const init = { method: 'POST', headers: { 'content-type': 'application/json', token: st.token }, body: JSON.stringify(body) };
    for (let i = 0; i < 20; i++) await (await fetch(`http://127.0.0.1:${port}${path}`, init)).arrayBuffer();
    const c0 = cpu();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await (await fetch(`http://127.0.0.1:${port}${path}`, init)).arrayBuffer();
    const ms = (performance.now() - t0) / N;
    console.log(`${path.padEnd(60)} ${ms.toFixed(2)} ms/req wall, ${(((cpu() - c0) * 1000) / N).toFixed(0)} µs/req server CPU`);
  }
} finally {
  child.kill();
}
