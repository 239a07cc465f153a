import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { t } from '~/server/i18n';

/**
 * The commands the portal tells people to run exist: every `npm run X` in the documentation is a
 * script of package.json; every `node dist/server/X.mjs` is an entry point the build makes; every
 * `db.mjs <command>` is a command the database script knows (its usage, asked from it). The page a
 * portal with no school shows names the production install's command (no npm script: a production
 * install has neither the scripts nor tsx), with flags the command takes;
 * scripts/check-production-install.sh then runs it as shown.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Where commands are named for people: the READMEs, the docs, the deployment files. */
const SOURCES = [
  'README.md',
  'bench/README.md',
  'Dockerfile',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'deploy'), { withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => `deploy/${f.name}`),
];

const SCRIPTS = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
/** The entry points scripts/build-server.mjs writes to dist/server/. */
const BUILT = [...(/entryPoints:\s*\{([^}]*)\}/.exec(read('scripts/build-server.mjs'))?.[1] ?? '').matchAll(/(\w+):/g)].map((m) => `${m[1]}.mjs`);

/** Each command of the database script with the flags its usage names, and those it needs (not in brackets). */
let usage: Map<string, { flags: string[]; required: string[] }>;

beforeAll(async () => {
  // Asked with no command: the script prints its usage and exits 2, touching no database.
  const answer = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/db.ts'], { cwd: ROOT }).catch(
    (error: { code: number; stdout: string }) => error,
  );
  expect(answer).toMatchObject({ code: 2 });
  const text = /usage: db\.mjs (.*)/.exec(answer.stdout)?.[1] ?? '';
  const flagsOf = (part: string) => part.match(/--[a-z-]+/g) ?? [];
  usage = new Map(text.split(' | ').map((part) => [part.split(' ')[0]!, { flags: flagsOf(part), required: flagsOf(part.replace(/\[[^\]]*\]/g, '')) }]));
  expect(usage.has('migrate')).toBe(true);
});

function named(pattern: RegExp): { source: string; name: string }[] {
  return SOURCES.flatMap((source) => [...read(source).matchAll(pattern)].map((m) => ({ source, name: m[1]! })));
}

describe('commands named to people', () => {
  test('every npm script named in the documentation exists', () => {
    // `npm run db:*` names a family: some script must start with it.
    const exists = (name: string) => (name.endsWith('*') ? SCRIPTS.some((s) => s.startsWith(name.slice(0, -1))) : SCRIPTS.includes(name));
    const unknown = named(/npm run ([a-z][\w:-]*[\w*])/g).filter(({ name }) => !exists(name));
    expect(unknown).toEqual([]);
  });

  test('every built entry point named is one the build makes', () => {
    expect(BUILT).toEqual(expect.arrayContaining(['start.mjs', 'db.mjs']));
    const unknown = named(/node dist\/server\/([\w-]+\.mjs)/g).filter(({ name }) => !BUILT.includes(name));
    expect(unknown).toEqual([]);
  });

  test('every database command named is one db.mjs knows', () => {
    const commands = named(/db\.mjs ([a-z][a-z-]*)/g);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.filter(({ name }) => !usage.has(name))).toEqual([]);
  });

  test("the no-school page names the production install's command, with flags it takes", () => {
    const command = t('tenant.noSchoolCommand');
    expect(command).not.toContain('npm run');
    const [node, entry, name, ...rest] = command.split(' ');
    expect([node, entry]).toEqual(['node', 'dist/server/db.mjs']);
    expect(BUILT).toContain('db.mjs');
    expect(name).toBe('create-school');
    const flags = rest.filter((w) => w.startsWith('--'));
    const known = usage.get('create-school')!;
    expect(flags.filter((f) => !known.flags.includes(f))).toEqual([]);
    // Every flag the command needs (its usage brackets the optional ones) is on the page.
    expect(known.required.length).toBeGreaterThan(0);
    expect(flags).toEqual(expect.arrayContaining(known.required));
  });
});
