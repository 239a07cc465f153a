// The Debian packages the tests need, installed when a program they run is missing (as root; else
// says the command to run). `npm test` calls it before anything runs; `scripts/test-pg.sh` and
// `.ci/run` run the server-side suite, which needs ffmpeg and ffprobe for the media library.
//   node scripts/system-packages.mjs            every package below
//   node scripts/system-packages.mjs ffmpeg     only those named
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Each package and the programs of it the tests run. */
export const SYSTEM_PACKAGES = {
  // Playwright's own browser download does not work here; Debian's build of Chromium's headless
  // shell (the browser Playwright itself runs headless) does. A third less CPU than the whole
  // browser in its new headless mode (docs/decisions/060); E2E_CHROMIUM=/usr/bin/chromium with
  // Debian's chromium for a run with a window (--headed).
  'chromium-headless-shell': ['/usr/bin/chromium-headless-shell'],
  // The rolling-restart test behind a real proxy.
  'nginx-light': ['/usr/sbin/nginx'],
  // The media library's renditions and its tests' small real media.
  ffmpeg: ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'],
  // The three-instance browser test's database (page changes cross instances by NOTIFY) and the
  // PostgreSQL run (scripts/with-pg.sh installs it too). Debian's server depends on this package's script.
  postgresql: ['/usr/bin/pg_ctlcluster'],
};

/** Packages only a benchmark needs (not the tests): Lighthouse drives Debian's whole Chromium (bench/lighthouse.mjs). */
export const BENCH_PACKAGES = {
  chromium: ['/usr/bin/chromium'],
};

/** The tests' packages and the benchmarks' together, by name. */
const KNOWN_PACKAGES = { ...SYSTEM_PACKAGES, ...BENCH_PACKAGES };

/** The programs of these packages (the tests' or the benchmarks') not on this machine. */
export function missingPrograms(names) {
  return names.flatMap((name) => KNOWN_PACKAGES[name].filter((program) => !existsSync(program)));
}

/** Installs the packages whose programs are missing; throws with the command to run when it cannot. */
export function ensureSystemPackages(names = Object.keys(SYSTEM_PACKAGES), say = (m) => process.stdout.write(`[packages] ${m}\n`)) {
  const missing = names.filter((name) => missingPrograms([name]).length > 0);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing ${missing.join(', ')} and this is not root. Install with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
  }
  say(`installing Debian's ${missing.join(', ')} (a minute or so)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  }
  const still = missingPrograms(missing);
  if (still.length) throw new Error(`apt-get finished but ${still.join(', ')} still missing`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const names = process.argv.slice(2);
    for (const name of names) if (!(name in SYSTEM_PACKAGES)) throw new Error(`unknown package ${name}`);
    ensureSystemPackages(names.length ? names : undefined);
  } catch (error) {
    process.stderr.write(`[packages] ${error.message}\n`);
    process.exit(1);
  }
}
