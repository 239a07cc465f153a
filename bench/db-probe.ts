// The news list page's database work in isolation: the same service calls the page makes, timed
// with and without a prepared-statement cache in front of better-sqlite3.
//   npx tsx bench/db-probe.ts [file.sqlite]   (default data/bench.sqlite, left by npm run bench)
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { getBusinessSchool } from '../src/server/school/school.service';
import { pageCategories, pageHotMajors, pageNews, pageNotices } from '../src/server/content/content.service';
import type { Database } from '../src/server/db/schema';
import { probeScopes } from './probe-scope';

const raw = new SQLite(process.argv[2] ?? 'data/bench.sqlite', { readonly: true, fileMustExist: true });
const statements = new Map<string, SQLite.Statement>();
let cacheStatements = false;
let queries = 0;
let prepareMs = 0;
const database = {
  close: () => raw.close(),
  prepare(sql: string) {
    queries++;
    const t0 = performance.now();
    let stmt = cacheStatements ? statements.get(sql) : undefined;
    if (!stmt) {
      stmt = raw.prepare(sql);
      if (cacheStatements) statements.set(sql, stmt);
    }
    prepareMs += performance.now() - t0;
    return stmt;
  },
};
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins: [new CamelCasePlugin()] });
const newScope = probeScopes(db);

async function listPage() {
  const s = newScope();
  await getBusinessSchool(s);
  await Promise.all([
    pageNews(s, { current: 1, size: 4, order: 'desc' }),
    pageCategories(s, { current: 1, size: 99, order: 'asc' }),
    pageHotMajors(s, { current: 1, size: 5, order: 'asc' }),
    pageNotices(s, { current: 1, size: 5, order: 'desc' }),
  ]);
}

for (const cached of [false, true]) {
  cacheStatements = cached;
  for (let i = 0; i < 500; i++) await listPage();
  queries = 0;
  prepareMs = 0;
  const n = 3000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await listPage();
  const perPage = ((performance.now() - t0) / n) * 1000;
  console.log(
    `statement cache ${cached ? 'on ' : 'off'}: ${queries / n} queries, ${perPage.toFixed(0)} µs of database work per list page ` +
      `(prepare ${((prepareMs / n) * 1000).toFixed(0)} µs)`,
  );
}
