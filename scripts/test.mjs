// `npm test`: unit and API tests (vitest), then the end-to-end tests (Playwright) against a fresh
// production build and a freshly seeded database. The vitest run is shuffled (files and tests) by a
// printed seed: TEST_SEED=<seed> npm test runs that order again.
//   npm test                       everything
//   npm run test:e2e               only the e2e part (same as: npm test -- --e2e-only)
//   npm test -- --project=mobile   any other argument goes to `playwright test`
// npm runs this on the project's pinned Node 24; every Node child reuses process.execPath.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitBeforeSeeding } from './seed-day.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The demo schools seeded once for the browser tests: every server's database starts as a copy (E2E_SEED_FILE). */
const E2E_SEED_FILE = 'data/e2e-seed.sqlite';

const args = process.argv.slice(2);
const e2eOnly = args.includes('--e2e-only');
const playwrightArgs = args.filter((a) => a !== '--e2e-only');

const started = Date.now();
const say = (msg) => process.stdout.write(`\n[test] ${msg}\n`);

/** Steps running beside another (nodeBeside), stopped if the run fails first. */
const beside = new Set();

function fail(step, detail) {
  for (const child of beside) child.kill();
  process.stderr.write(`\n[test] FAILED at step "${step}"${detail ? `: ${detail}` : ''}\n`);
  process.exit(1);
}

/** How long each step took, printed at the end (and when a step fails). */
const timings = [];
const timingTable = () => timings.map(({ step, seconds }) => `  ${String(seconds).padStart(5)} s  ${step}`).join('\n');

/** Runs a command with inherited output; fails the whole run, naming the step, if it fails. */
function run(step, command, commandArgs, env = {}) {
  say(`${step}: ${[command === process.execPath ? 'node' : command, ...commandArgs].join(' ')}`);
  const began = Date.now();
  const r = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ step, seconds: Math.round((Date.now() - began) / 1000) });
  if (r.error) fail(step, r.error.message);
  if (r.status !== 0) fail(step, `${r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`}\n${timingTable()}`);
}

const node = (step, script, scriptArgs, env) => run(step, process.execPath, [join(root, script), ...scriptArgs], env);

/**
 * Starts a Node script beside the steps that follow: its output goes to a file, printed when it is
 * waited for. Returns the wait, which fails the run, naming the step, if the script failed.
 */
function nodeBeside(step, script, scriptArgs, env = {}) {
  say(`${step}, beside the next step (its output when it ends): node ${script} ${scriptArgs.join(' ')}`);
  const log = join(tmpdir(), `npm-test-${process.pid}-${step.replace(/\W+/g, '-')}.log`);
  const out = openSync(log, 'w');
  const began = Date.now();
  const child = spawn(process.execPath, [join(root, script), ...scriptArgs], { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  closeSync(out);
  beside.add(child);
  const ended = new Promise((resolve) => {
    child.once('error', (error) => resolve({ error }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return async () => {
    const r = await ended;
    beside.delete(child);
    timings.push({ step: `${step} (beside)`, seconds: Math.round((Date.now() - began) / 1000) });
    say(`${step}:`);
    process.stdout.write(readFileSync(log));
    rmSync(log, { force: true });
    if (r.error) fail(step, r.error.message);
    if (r.code !== 0) fail(step, `${r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`}\n${timingTable()}`);
  };
}

/** The largest seed a random run picks (any positive integer given in TEST_SEED is taken). */
const MAX_RANDOM_SEED = 1_000_000;

/**
 * The order of the vitest run: files and the tests within each file shuffled by one seed, TEST_SEED
 * if set, else a random one, printed so that a failing order can be run again.
 */
function vitestSeed() {
  const given = process.env.TEST_SEED;
  if (given !== undefined && given !== '') {
    if (!/^[1-9]\d{0,15}$/.test(given)) fail('vitest seed', `TEST_SEED must be a positive whole number, not "${given}"`);
    return Number(given);
  }
  return 1 + Math.floor(Math.random() * MAX_RANDOM_SEED);
}

function shuffled(seed) {
  say(`vitest seed: ${seed} (rerun: TEST_SEED=${seed} npm test)`);
  return ['--sequence.shuffle.files', '--sequence.shuffle.tests', `--sequence.seed=${seed}`];
}

// 0. The system programs the tests run: Chromium's headless shell, nginx, ffmpeg and ffprobe (Debian's packages,
// installed as root when missing; scripts/system-packages.mjs).
try {
  ensureSystemPackages(undefined, say);
} catch (error) {
  fail('system packages', error.message);
}

// 1. Types (.astro and .ts), then unit and API tests. The e2e specs are Playwright's, never
// vitest's, whatever its config says.
if (!e2eOnly) {
  // One lint and format setup (biome.json): format drift or a lint error fails the run.
  node('lint and format (biome ci)', 'node_modules/@biomejs/biome/bin/biome', ['ci', '.']);
  // An export nothing imports is dead code or a name kept by mistake (knip.json: what it reads).
  node('unused exports (knip)', 'node_modules/knip/bin/knip.js', ['--include', 'exports']);
  // The type check runs beside vitest: vitest leaves part of two cores idle while its tests wait
  // (locks, timers, child processes), and the two together took 318 s where one after the other took 376 s.
  const typeCheck = nodeBeside('type check (astro check)', 'node_modules/astro/bin/astro.mjs', ['check'], { ASTRO_TELEMETRY_DISABLED: '1' });
  if (!existsSync(join(root, 'vitest.config.ts'))) say('note: no vitest.config.ts yet; running vitest with its defaults');
  node('unit and API tests (vitest)', 'node_modules/vitest/vitest.mjs', ['run', '--exclude', 'tests/e2e/**', ...shuffled(vitestSeed())]);
  await typeCheck();
}

// 2. A fresh production build: the e2e server runs with --no-build.
node('build (astro build)', 'node_modules/astro/bin/astro.mjs', ['build'], { ASTRO_TELEMETRY_DISABLED: '1' });
node('build (server entry points)', 'scripts/build-server.mjs', []);
node('build (compressed scripts and styles)', 'scripts/compress-assets.mjs', []);

// 3. The specs that read the seed's "today" stay inside one day of the portal (scripts/seed-day.mjs): they
// run first (TODAY_SPECS in playwright.config.ts) and were done 4 to 5 minutes after the servers seeded on
// 2 cores, so the browser part starts only with E2E_DAY_MARGIN_MINUTES (default 15) of the day left, else
// after the portal's midnight (decision 090).
const DEFAULT_DAY_MARGIN_MINUTES = 15;
const marginText = process.env.E2E_DAY_MARGIN_MINUTES ?? String(DEFAULT_DAY_MARGIN_MINUTES);
if (!/^\d{1,4}$/.test(marginText)) fail('day margin', `E2E_DAY_MARGIN_MINUTES must be a whole number of minutes, not "${marginText}"`);
const waitMs = waitBeforeSeeding(Date.now(), Number(marginText) * 60_000);
if (waitMs > 0) {
  const minutes = Math.ceil(waitMs / 60_000);
  say(`the portal's day (China time) ends in under ${marginText} minutes: waiting ${minutes} min for the next day`);
  say('so that the demo seed\'s "today" holds for the whole run (docs/decisions/083)');
  await new Promise((resolve) => setTimeout(resolve, waitMs));
}

// 4. The demo schools, seeded once: each Playwright server's command copies them before it serves (four seeds
// side by side took a minute of CPU while the servers started; `npx playwright test` alone still seeds per server).
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(join(root, `${E2E_SEED_FILE}${suffix}`), { force: true });
node('seed (the demo schools, once for every server)', 'node_modules/tsx/dist/cli.mjs', ['scripts/seed.ts', '--development'], {
  DATABASE_URL: `file:./${E2E_SEED_FILE}`,
  NODE_ENV: 'development',
  // The day the servers' seeds are laid out on (playwright.config.ts reads the same variable).
  SEED_DAYS_AGO: process.env.E2E_SEED_DAYS_AGO ?? '0',
});

// 5. End-to-end tests (playwright.config.ts starts and stops the server).
node('end-to-end tests (playwright)', 'node_modules/@playwright/test/cli.js', ['test', ...playwrightArgs], { E2E_SEED_FILE });

say(`all steps passed in ${Math.round((Date.now() - started) / 1000)} s:\n${timingTable()}`);
