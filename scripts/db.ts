// Database commands:
//   npm run db:migrate                      migrate the database of DATABASE_URL
//   npm run db:seed                         seed the demo tenants into an empty database (asked for
//                                           explicitly: a production server never seeds them)
//   npm run db:seed -- --reset              delete the demo tenants and seed them again
//   npm run school:create -- --predomain jiangnan --name 江南职业技能培训学院 [--domain www.jn.edu.cn …]
//                                           open a new school and print where it answers
//   npm run db:backup -- backups/portal-2026-11-25.sqlite
//                                           a consistent copy of the live SQLite database (online
//                                           backup; the portal keeps running)
//   npm run db:restore -- backups/portal-2026-11-25.sqlite
//                                           check a backup and put it in place (portal stopped)
//   npm run school:export -- --school jiangnan --file jiangnan.jsonl
//                                           one school's data (by pre-domain or id) as JSON lines
//   npm run school:import -- --file jiangnan.jsonl
//                                           that school into the database of DATABASE_URL (any engine)
import { ConfigError, parseConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { resetDemo, seedIfEmpty } from '../src/server/db/seed';
import { createSchool } from '../src/server/tenant/tenant.service';
import { backupSqlite, restoreSqlite, sqliteFileOf } from '../src/server/db/backup';
import { exportTenant, importTenant } from '../src/server/db/tenant-transfer';
import { getTenantIdByPreDomainOrId } from '../src/server/tenant/tenant.service';

const [command, ...flags] = process.argv.slice(2);

/** Every value of a repeated `--name value` flag. */
function values(name: string): string[] {
  const found: string[] = [];
  flags.forEach((f, i) => {
    if (f === `--${name}` && flags[i + 1] !== undefined) found.push(flags[i + 1]!);
    else if (f.startsWith(`--${name}=`)) found.push(f.slice(name.length + 3));
  });
  return found;
}

async function main() {
  // Only the database settings are used: no secrets are asked for.
  const config = parseConfig({ NODE_ENV: 'development', ...process.env });
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
    } else if (command === 'seed') {
      if (flags.includes('--reset')) {
        await resetDemo(db);
        console.log(`demo tenants recreated (${kind})`);
      } else {
        console.log((await seedIfEmpty(db)) ? `demo tenants seeded (${kind})` : 'database already has tenants; use --reset to recreate the demo tenants');
      }
    } else if (command === 'create-school') {
      const result = await createSchool(db, { preDomain: values('predomain')[0], name: values('name')[0], domains: values('domain') }, Date.now());
      if (!result.ok) {
        console.error(`school not created:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
        process.exitCode = 2;
        return;
      }
      const { tenant } = result;
      const bases = config.TENANT_BASE_DOMAINS.map((b) => `${tenant.preDomain}.${b}`);
      console.log(`school created (${kind}): ${tenant.name}, id ${tenant.id}`);
      console.log(`it answers at: ${[...bases, ...values('domain').map((d) => d.trim().toLowerCase())].join(', ')}`);
      console.log('point those host names at the portal (DNS or the proxy); its pages show the school at once.');
    } else if (command === 'export-school') {
      const [school] = values('school');
      const [file] = values('file');
      const tenantId = school ? await getTenantIdByPreDomainOrId(db, school) : null;
      if (!tenantId || !file) {
        console.error(tenantId === null && school ? `no school ${school}` : 'usage: db.ts export-school --school <pre-domain or id> --file <file>');
        process.exitCode = 2;
        return;
      }
      const counts = await exportTenant(db, kind, tenantId, file);
      console.log(`exported school ${school} (${kind}) to ${file}: ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`);
    } else if (command === 'import-school') {
      const [file] = values('file');
      if (!file) {
        console.error('usage: db.ts import-school --file <file>');
        process.exitCode = 2;
        return;
      }
      const counts = await importTenant(db, file);
      console.log(`imported ${file} into ${kind}: ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`);
    } else {
      console.log(
        'usage: db.ts migrate | seed [--reset] | create-school --predomain P --name N [--domain D …] | backup F | restore F | export-school --school S --file F | import-school --file F',
      );
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error));
  process.exitCode = 1;
});
