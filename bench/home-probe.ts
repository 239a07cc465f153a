// The home page's database calls, each timed alone (npx tsx bench/home-probe.ts [file.sqlite]).
import { openDatabase } from '../src/server/db/database';
import { pageNews, pageRecent } from '../src/server/content/content.service';
import { listBanners } from '../src/server/media/media.service';
import { pageReceivableCoupons } from '../src/server/leads/leads.service';
import { homeTrainingProjects } from '../src/server/products/products.service';
import { getSchoolInfo } from '../src/server/tenant/tenant.service';
import { qrSvg } from '../src/server/qr';
import { countCompiled, printCompiled, probeScopes } from './probe-scope';

const { db } = await openDatabase({ url: `file:${process.argv[2] ?? 'data/bench.sqlite'}` });
const newScope = probeScopes(db);
// COMPILED=1: also the statements each call builds and prints anew (not printed once: src/server/db/prepared.ts).
const compiled = countCompiled(db);
const at = Date.now();
const calls: Record<string, () => Promise<unknown>> = {
  pageRecent: () => pageRecent(newScope(), at - 30 * 86_400_000, at, { current: 1, size: 10, order: 'desc', countTotal: false }),
  pageNews: () => pageNews(newScope(), { current: 1, size: 4, order: 'desc', countTotal: false }),
  listBanners: () => listBanners(newScope()),
  coupons: () => pageReceivableCoupons(newScope(), { current: 1, size: 3, order: 'desc', state: 1, sort: 'createdTime', countTotal: false }),
  projects: () => homeTrainingProjects(newScope(), { current: 1 }),
  school: () => getSchoolInfo(newScope()),
  qr: () => qrSvg('https://school.example.com/app/download?schoolId=1000000000000000001'),
};
for (const [name, run] of Object.entries(calls)) {
  for (let i = 0; i < 50; i++) await run();
  compiled.clear();
  const t0 = performance.now();
  for (let i = 0; i < 500; i++) await run();
  console.log(`${name.padEnd(12)} ${(((performance.now() - t0) / 500) * 1000).toFixed(0)} µs`);
  printCompiled(compiled, 500);
}
await db.destroy();
