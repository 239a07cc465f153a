// Database commands:
//   npm run db:migrate                      migrate the database of DATABASE_URL
//   npm run school:create -- --predomain jiangnan --name 江南职业技能培训学院 [--domain www.jn.edu.cn …]
//                            --admin-mobile 13800000000 --admin-name 陈文静 [--origin https://www.jn.edu.cn]
//                                           open a new school, print where it answers and the one-time
//                                           link its first administrator sets a password with
//   npm run school:invite-admin -- --school jiangnan --admin-mobile 13800000000 --admin-name 陈文静 [--origin …]
//                                           a new administrator link (the first one expired, or no
//                                           administrator of the school can sign in any more)
//   npm run db:backup -- backups/portal-2026-11-25.sqlite
//                                           a consistent copy of the live SQLite database (online
//                                           backup; the portal keeps running)
//   npm run db:restore -- backups/portal-2026-11-25.sqlite
//                                           check a backup and put it in place (portal stopped)
//   npm run school:export -- --school jiangnan --file jiangnan.jsonl
//                                           one school's data (by pre-domain or id) and its stored files
//                                           (from the file store of STORAGE_DRIVER) as JSON lines
//   npm run school:import -- --file jiangnan.jsonl
//                                           that school into the database of DATABASE_URL (any engine)
//                                           and its files into this environment's file store
// In a production install (dist/ and the production packages, no sources, no tsx) the same
// commands are `node dist/server/db.mjs <command> …` (this file, built by scripts/build-server.mjs).
// Only migrate (and restore) may create an SQLite file; every other command refuses a DATABASE_URL
// that names no existing file, saying which path it looked for. The demo schools are not seeded
// here: the seed is a development tool outside the production build (`npm run db:seed`, scripts/seed.ts).
import { ConfigError, parseConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { createSchool } from '../src/server/tenant/tenant.service';
import { backupSqlite, restoreSqlite, sqliteFileOf } from '../src/server/db/backup';
import { exportTenant, importTenant, type TransferCounts } from '../src/server/db/tenant-transfer';
import { fileStoreOf } from '../src/server/storage/file-stores';
import { getTenantIdByPreDomainOrId } from '../src/server/tenant/tenant.service';
import { inviteByOperator, invitationUrl } from '../src/server/staff/accounts/invitations.service';
import { staffMobileRule, staffNameRule } from '../src/lib/rules/staff';
import { STAFF_ROLE } from '../src/lib/staff/roles';
import type { Config } from '../src/server/config';
import { notifyInstances } from '../src/server/events/page-change-bus';
import { missingDatabase } from './database-file';

const [command, ...flags] = process.argv.slice(2);

/** Every command; anything else prints the usage and touches nothing. */
const COMMANDS = ['migrate', 'create-school', 'invite-admin', 'backup', 'restore', 'export-school', 'import-school'] as const;
type Command = (typeof COMMANDS)[number];
/**
 * The commands that may bring an SQLite database file into being: migrate makes a new one, restore
 * puts a backup in place. Any other command pointed at a file that is not there was run from the
 * wrong folder (a relative DATABASE_URL) or given a wrong path: it stops instead of filling a new,
 * empty database next to the real one and reporting success.
 */
const MAY_CREATE: ReadonlySet<Command> = new Set(['migrate', 'restore']);

const USAGE =
  'usage: db.mjs migrate | create-school --predomain P --name N [--domain D …] --admin-mobile M --admin-name A [--origin O] | ' +
  'invite-admin --school S --admin-mobile M --admin-name A [--origin O] | backup F | restore F | ' +
  'export-school --school S --file F | import-school --file F';

function isCommand(name: string | undefined): name is Command {
  return (COMMANDS as readonly string[]).includes(name ?? '');
}

/** Every value of a repeated `--name value` flag. */
function values(name: string): string[] {
  const found: string[] = [];
  flags.forEach((f, i) => {
    if (f === `--${name}` && flags[i + 1] !== undefined) found.push(flags[i + 1]!);
    else if (f.startsWith(`--${name}=`)) found.push(f.slice(name.length + 3));
  });
  return found;
}

/** The administrator flags checked by the staff form rules: the values, or what is wrong with them. */
function adminFlags(): { ok: true; mobile: string; name: string } | { ok: false; problems: string[] } {
  const mobile = staffMobileRule(values('admin-mobile')[0]);
  const name = staffNameRule(values('admin-name')[0]);
  const problems = [...(mobile.ok ? [] : [`--admin-mobile: ${mobile.message}`]), ...(name.ok ? [] : [`--admin-name: ${name.message}`])];
  return mobile.ok && name.ok ? { ok: true, mobile: mobile.value, name: name.value } : { ok: false, problems };
}

/**
 * Where the printed link opens: --origin when given, else the school's first host name with the
 * scheme the site is served on (and the port, on a development host under localhost).
 */
function linkOrigin(config: Config, host: string): string {
  const [given] = values('origin');
  if (given) return given.replace(/\/+$/, '');
  const port = host === 'localhost' || host.endsWith('.localhost') ? `:${config.PORT}` : '';
  return `${config.SITE_ON_HTTPS ? 'https' : 'http'}://${host}${port}`;
}

async function printAdminLink(
  db: Parameters<typeof inviteByOperator>[0],
  config: Config,
  tenantId: string,
  host: string,
  admin: { mobile: string; name: string },
) {
  const invited = await inviteByOperator(db, { tenantId, name: admin.name, mobile: admin.mobile, role: STAFF_ROLE.admin, now: Date.now() });
  if (!invited.ok) {
    console.error(`administrator not invited: ${invited.problem}`);
    process.exitCode = 2;
    return;
  }
  console.log(`administrator ${admin.name} (${admin.mobile}): open this link once, before ${new Date(invited.expiresAt).toISOString()}, to set a password:`);
  console.log(`  ${invitationUrl(linkOrigin(config, host), invited.token)}`);
  console.log('the link works on any host name of the school (the part after # never reaches a server or a log); send it to that person only.');
}

const summary = (counts: TransferCounts) => `${Object.values(counts.rows).reduce((a, b) => a + b, 0)} rows, ${counts.files} files`;

async function main() {
  // Only the database settings are used: no secrets are asked for.
  const config = parseConfig({ NODE_ENV: 'development', ...process.env });
  if (command === 'seed') {
    console.error(
      'the demo schools are seeded by a development tool that a production install does not have: run `npm run db:seed` in a checkout of the sources',
    );
    process.exitCode = 2;
    return;
  }
  if (!isCommand(command)) {
    console.log(USAGE);
    process.exitCode = 2;
    return;
  }
  const missing = MAY_CREATE.has(command) ? null : missingDatabase(config);
  if (missing) {
    console.error(missing);
    process.exitCode = 2;
    return;
  }
  if (command === 'backup' || command === 'restore') {
    const file = flags[0];
    if (!file) {
      console.error(`usage: db.ts ${command} <file>`);
      process.exitCode = 2;
      return;
    }
    if (config.databaseKind !== 'sqlite') {
      console.error('DATABASE_URL is PostgreSQL: use pg_dump -Fc and pg_restore (docs/operations.md, "Backups").');
      process.exitCode = 2;
      return;
    }
    const live = sqliteFileOf(config.DATABASE_URL);
    if (command === 'backup') {
      const result = await backupSqlite(live, file);
      console.log(`backed up ${live} to ${result.file} (${result.pages} pages)`);
    } else {
      await restoreSqlite(file, live);
      console.log(`restored ${file} to ${live}; start the portal again`);
    }
    return;
  }
  const { db, kind } = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
  try {
    await migrateToLatest(db);
    if (command === 'migrate') {
      console.log(`migrated (${kind})`);
    } else if (command === 'create-school') {
      // The first administrator is checked before anything is written: a school nobody can run is not opened.
      const admin = adminFlags();
      const result = await (admin.ok
        ? createSchool(db, { preDomain: values('predomain')[0], name: values('name')[0], domains: values('domain') }, Date.now())
        : Promise.resolve({ ok: false as const, problems: [] }));
      if (!admin.ok || !result.ok) {
        const problems = [...(admin.ok ? [] : admin.problems), ...(result.ok ? [] : result.problems)];
        console.error(`school not created:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
        process.exitCode = 2;
        return;
      }
      const { tenant } = result;
      // Running instances answer for the new school at once whatever happens here (no instance
      // remembers "no such school"); on PostgreSQL they are told as well, and drop their look-ups.
      if (kind === 'postgres') await notifyInstances(db, { schoolId: tenant.id, kinds: 'all' }, 'school:create');
      const bases = config.TENANT_BASE_DOMAINS.map((b) => `${tenant.preDomain}.${b}`);
      const hosts = [...bases, ...values('domain').map((d) => d.trim().toLowerCase())];
      console.log(`school created (${kind}): ${tenant.name}, id ${tenant.id}`);
      console.log(`it answers at: ${hosts.join(', ')}`);
      console.log('point those host names at the portal (DNS or the proxy); its pages show the school at once.');
      await printAdminLink(db, config, tenant.id, hosts.at(-1)!, admin);
    } else if (command === 'invite-admin') {
      const [school] = values('school');
      const tenantId = school ? await getTenantIdByPreDomainOrId(db, school) : null;
      const admin = adminFlags();
      if (!tenantId || !admin.ok) {
        const problems = [...(tenantId ? [] : [school ? `--school: no school ${school}` : '--school: required']), ...(admin.ok ? [] : admin.problems)];
        console.error(`no link made:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
        process.exitCode = 2;
        return;
      }
      const preDomain = school && !/^\d+$/.test(school) ? school : tenantId;
      await printAdminLink(db, config, tenantId, `${preDomain}.${config.TENANT_BASE_DOMAINS[0]}`, admin);
    } else if (command === 'export-school') {
      const [school] = values('school');
      const [file] = values('file');
      const tenantId = school ? await getTenantIdByPreDomainOrId(db, school) : null;
      if (!tenantId || !file) {
        console.error(tenantId === null && school ? `no school ${school}` : 'usage: db.ts export-school --school <pre-domain or id> --file <file>');
        process.exitCode = 2;
        return;
      }
      const counts = await exportTenant(db, kind, tenantId, file, fileStoreOf(config));
      console.log(`exported school ${school} (${kind}, ${config.STORAGE_DRIVER} files) to ${file}: ${summary(counts)}`);
      console.log('the export holds password hashes and personal data: keep it as a secret and delete it once imported.');
    } else {
      const [file] = values('file');
      if (!file) {
        console.error('usage: db.ts import-school --file <file>');
        process.exitCode = 2;
        return;
      }
      const counts = await importTenant(db, file, fileStoreOf(config));
      const present = counts.filesPresent ? ` (${counts.filesPresent} more were in the file store already)` : '';
      console.log(`imported ${file} into ${kind} and the ${config.STORAGE_DRIVER} file store: ${summary(counts)}${present}`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error));
  process.exitCode = 1;
});
