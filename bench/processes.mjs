// Child processes of the benchmarks (bench/run.mjs, bench/exams.mjs): free ports, the portal
// started until it says it is ready, stopping it, and the CPU time it used.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';
export const say = (msg) => process.stderr.write(`[bench] ${msg}\n`);

/** Every child still running: killed when the benchmark exits, however it exits. */
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export function positive(name, fallback) {
  const v = process.env[name] === undefined || process.env[name] === '' ? fallback : Number(process.env[name]);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
}

export function freePort() {
  if (process.env.BENCH_PORT) return Promise.resolve(Number(process.env.BENCH_PORT));
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns Node with `args` and resolves once its output matches `ready`. */
export function spawnUntilReady(args, env, ready, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    let partial = '';
    let done = false;
    const timer = setTimeout(() => fail(new Error(`${label} not ready within 60 s`)), 60_000);
    function fail(error) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n--- ${label} output ---\n${out.slice(-4000)}`));
    }
    const onData = (chunk) => {
      // Once ready, what the portal logs as an error is shown (a failing test then says why).
      if (done) {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (line.includes('"level":"error"')) process.stderr.write(`[${label}] ${line}\n`);
        return;
      }
      out += chunk;
      if (ready.test(out)) {
        done = true;
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (c) => {
      out += c;
      if (done) process.stderr.write(`[${label}] ${c}`);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      fail(new Error(`${label} exited (${signal ?? code}) before it was ready`));
    });
  });
}

export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      children.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A production server never seeds the demo schools itself: the benchmarks ask for them, as an
 * operator would with `npm run db:migrate` (which makes a new database) and `npm run db:seed`,
 * before the server starts.
 */
export function seedDemo(databaseUrl, tree = root) {
  // The seed is a development tool (scripts/seed.ts), not one of the production database commands. A work tree's own
  // (bench/ab.mjs): its database has that tree's migrations, not this one's.
  for (const step of [['scripts/db.ts', 'migrate'], ['scripts/seed.ts']]) {
    const r = spawnSync(process.execPath, [join(tree, 'node_modules/tsx/dist/cli.mjs'), ...step.map((arg, i) => (i === 0 ? join(tree, arg) : arg))], {
      cwd: tree,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`${step.join(' ')} of ${databaseUrl} failed`);
  }
}

/** What a production benchmark server needs besides its database: its own secrets and a real SMS provider (nothing is sent). */
export const BENCH_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdefghijklmnop',
  TOKEN_PARAM_SECRET: 'bench-token-secret-0123456789abcdefghijklmnopqr',
  CERTIFICATE_SECRET: 'bench-certificate-secret-0123456789abcdefghijkl',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'http://127.0.0.1:9/sms/send',
  // Nothing balances across benchmark servers: stop at once.
  SHUTDOWN_DELAY_SECONDS: '0',
};

/**
 * The environment of a production portal that an operations test starts on loopback: `port`, the
 * database, the upload directory (when given), warnings only, then `more` (proxy trust, storage, processes).
 */
/** @param {{ port: number, databaseUrl: string, uploadDir?: string } & Record<string, string | number | undefined>} options */
export function productionEnv({ port, databaseUrl, uploadDir, ...more }) {
  return {
    ...process.env,
    ...BENCH_PRODUCTION_ENV,
    PORT: String(port),
    HOST,
    DATABASE_URL: databaseUrl,
    ...(uploadDir ? { UPLOAD_DIR: uploadDir } : {}),
    LOG_LEVEL: 'warn',
    ...more,
  };
}

/** The portal in production mode on a free port, on `databaseUrl` (seeded with the demo schools); resolves once it is ready. */
export async function startPortal({ databaseUrl, env: extra = {}, args = [], label = 'portal' }) {
  const port = await freePort();
  seedDemo(databaseUrl);
  const env = {
    ...process.env,
    ...BENCH_PRODUCTION_ENV,
    PORT: String(port),
    HOST,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  const child = await spawnUntilReady([...args, join(root, 'scripts/start.mjs'), '--no-build'], env, /"msg":"portal ready"/, label);
  return { child, base: `http://${HOST}:${port}` };
}

/** CPU time (ms) the process has used so far, from /proc (Linux); null elsewhere. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return null;
  }
}

/** CPU ms of every PostgreSQL process of this machine (the server and its backends): what a local database spends. */
export function postgresCpuMs() {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += cpuMs(pid) ?? 0;
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

/** CPU ms of a process and every process it started (a portal with PROCESSES > 1: the primary and its workers). */
export function cpuMsTree(pid) {
  const own = cpuMs(pid);
  if (own === null) return null;
  let children = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    // gone meanwhile: its own figure stands
  }
  return children.reduce((sum, child) => sum + (cpuMsTree(child) ?? 0), own);
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
export const pct = (r) => `${(r * 100).toFixed(0)}%`;

export function table(rows, columns) {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
