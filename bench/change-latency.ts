// The series both page-change benchmarks run (bench/page-changes.ts between instances on PostgreSQL,
// bench/process-changes.ts between the processes of one machine): changes one after the other (each sent once the one
// before was heard), then a burst at once, each timed from its publish to its delivery, with the same goal and table.

/** Every change heard within a second: what "a change is seen everywhere at once" means for a visitor. */
export const CHANGE_GOAL_MS = 1_000;
const ONE_BY_ONE = Number(process.env.BENCH_CHANGES ?? 500);
const BURST = Number(process.env.BENCH_CHANGE_BURST ?? 500);
/** A change not heard in this many times the goal ends its series (reported as missed). */
const GIVE_UP_GOALS = 10;

/** When each change (by its id) was sent, the latencies heard so far, and who waits for which change. */
export function changeTimings() {
  const sentAt = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const latencies: number[] = [];
  return {
    /** Resolves when `id` is heard; ask before sending it. */
    heardOf: (id: string) => new Promise<void>((resolve) => waiting.set(id, resolve)),
    sent(id: string, at: number) {
      sentAt.set(id, at);
    },
    heard(id: string, at: number) {
      const sent = sentAt.get(id);
      if (sent === undefined) return;
      latencies.push(at - sent);
      sentAt.delete(id);
      waiting.get(id)?.();
      waiting.delete(id);
    },
    take: () => latencies.splice(0),
  };
}

const quantile = (xs: number[], q: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;

function report(label: string, xs: number[], sent: number): boolean {
  const ok = xs.length === sent && quantile(xs, 1) <= CHANGE_GOAL_MS;
  const f = (ms: number) => ms.toFixed(1).padStart(8);
  const heard = `heard ${String(xs.length).padStart(4)} of ${String(sent).padEnd(4)}`;
  const times = `p50 ${f(quantile(xs, 0.5))} ms  p99 ${f(quantile(xs, 0.99))} ms  max ${f(quantile(xs, 1))} ms`;
  process.stdout.write(`${label.padEnd(34)} ${heard} ${times}  ${ok ? 'met' : 'MISSED'}\n`);
  return ok;
}

/** Runs both series with `send` (resolves when the change is heard) and prints their table; answers whether both met the goal. */
export async function runChangeSeries(title: string, send: (id: string) => Promise<void>, timings: ReturnType<typeof changeTimings>): Promise<boolean> {
  process.stdout.write(`\n${title} (goal: every one within ${CHANGE_GOAL_MS} ms)\n\n`);
  const late = () => new Promise<false>((resolve) => setTimeout(() => resolve(false), CHANGE_GOAL_MS * GIVE_UP_GOALS));
  for (let i = 0; i < ONE_BY_ONE; i++) if (!(await Promise.race([send(`one-${i}`).then(() => true), late()]))) break;
  const oneByOne = report('one after the other', timings.take(), ONE_BY_ONE);
  await Promise.race([Promise.all(Array.from({ length: BURST }, (_, i) => send(`burst-${i}`))), late()]);
  const atOnce = report(`${BURST} at once`, timings.take(), BURST);
  return oneByOne && atOnce;
}
