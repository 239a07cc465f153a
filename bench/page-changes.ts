// How long a change of public pages takes to reach another instance on one PostgreSQL (the page change bus:
// NOTIFY through A's pool, heard on B's listening connection). tests/api/page-purge-instances.test.ts checks that B's
// next answer after hearing a change is the new one; this measures the hearing.
//
//   bash scripts/with-pg.sh npx tsx bench/page-changes.ts      (npm run bench runs it in its PostgreSQL part)
//
// Two instances' buses on their own pools, as two servers have. A publishes changes one after the other (each sent
// once the one before was heard), then a burst of changes at once; latency runs from A's publish to B's delivery.
// Goal: every change heard within a second (what "a change is seen everywhere at once" means for a visitor).
import { openDatabase } from '../src/server/db/database';
import { createPgPageChangeBus } from '../src/server/events/page-change-bus';
import type { PageChange } from '../src/server/events/page-changes';
import { createLogger } from '../src/server/logger';
import { changeTimings, runChangeSeries } from './change-latency';

const CONNECT_TIMEOUT_MS = 5_000;

const url = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write('bench/page-changes.ts needs DATABASE_URL=postgres://… (run it through scripts/with-pg.sh)\n');
  process.exit(2);
}

const logger = createLogger('warn');
const [a, b] = await Promise.all([openDatabase({ url, poolSize: 4 }), openDatabase({ url, poolSize: 4 })]);
const busA = createPgPageChangeBus({ url, db: a.db, logger: () => logger, connectTimeoutMs: CONNECT_TIMEOUT_MS, instanceId: 'bench-a' });
const busB = createPgPageChangeBus({ url, db: b.db, logger: () => logger, connectTimeoutMs: CONNECT_TIMEOUT_MS, instanceId: 'bench-b' });
await Promise.all([busA.ready, busB.ready]);

const timings = changeTimings();
busB.subscribe((change: PageChange) => timings.heard(change.schoolId ?? '', performance.now()));

function send(id: string): Promise<void> {
  const heard = timings.heardOf(id);
  timings.sent(id, performance.now());
  void busA.publish({ schoolId: id, kinds: ['news'] });
  return heard;
}

const met = await runChangeSeries('Page changes from instance A to instance B on one PostgreSQL', send, timings);

await Promise.all([busA.close(), busB.close()]);
await Promise.all([a.db.destroy(), b.db.destroy()]);
if (!met) process.exitCode = 1;
