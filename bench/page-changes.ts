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

const GOAL_MS = 1_000;
const ONE_BY_ONE = Number(process.env.BENCH_CHANGES ?? 500);
const BURST = Number(process.env.BENCH_CHANGE_BURST ?? 500);
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

/** When each change (by its school id) was sent by A, and the latencies B saw. */
const sentAt = new Map<string, number>();
const waiting = new Map<string, () => void>();
const latencies: number[] = [];
busB.subscribe((change: PageChange) => {
  const id = change.schoolId ?? '';
  const sent = sentAt.get(id);
  if (sent === undefined) return;
  latencies.push(performance.now() - sent);
  sentAt.delete(id);
  waiting.get(id)?.();
  waiting.delete(id);
});

function send(id: string): Promise<void> {
  const heard = new Promise<void>((resolve) => waiting.set(id, resolve));
  sentAt.set(id, performance.now());
  void busA.publish({ schoolId: id, kinds: ['news'] });
  return heard;
}

const quantile = (xs: number[], q: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;
function report(label: string, xs: number[], sent: number): { label: string; ok: boolean } {
  const ok = xs.length === sent && quantile(xs, 1) <= GOAL_MS;
  const f = (ms: number) => ms.toFixed(1).padStart(8);
  const heard = `heard ${String(xs.length).padStart(4)} of ${String(sent).padEnd(4)}`;
  const times = `p50 ${f(quantile(xs, 0.5))} ms  p99 ${f(quantile(xs, 0.99))} ms  max ${f(quantile(xs, 1))} ms`;
  process.stdout.write(`${label.padEnd(34)} ${heard} ${times}  ${ok ? 'met' : 'MISSED'}\n`);
  return { label, ok };
}

const results: { label: string; ok: boolean }[] = [];
process.stdout.write(`\nPage changes from instance A to instance B on one PostgreSQL (goal: every one within ${GOAL_MS} ms)\n\n`);
for (let i = 0; i < ONE_BY_ONE; i++) await send(`one-${i}`);
results.push(report('one after the other', latencies.splice(0), ONE_BY_ONE));
const burst = Array.from({ length: BURST }, (_, i) => send(`burst-${i}`));
await Promise.race([Promise.all(burst), new Promise((resolve) => setTimeout(resolve, GOAL_MS * 10))]);
results.push(report(`${BURST} at once`, latencies.splice(0), BURST));

await Promise.all([busA.close(), busB.close()]);
await Promise.all([a.db.destroy(), b.db.destroy()]);
if (results.some((r) => !r.ok)) process.exitCode = 1;
