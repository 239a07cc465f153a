import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { enqueue, jobOf } from '~/server/jobs/jobs.service';
import { sql } from 'kysely';
import { claimNextJob, completeJob, failJob } from '~/server/jobs/jobs.repository';
import { JOB_BASE_BACKOFF_MS, JOB_LEASE_MS, JOB_MAX_ATTEMPTS, JOB_STATE, afterFailure } from '~/server/jobs/jobs.rules';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import type { JobHandlers } from '~/server/jobs/handlers';
import { waitForLockWaiters } from '../setup/pg-locks';
import { useTestServer } from '../setup/server';

/**
 * The database-backed jobs on a real database (SQLite here, PostgreSQL with scripts/with-pg.sh):
 * a due job is claimed by one runner only, however many run at once; a job whose runner died is
 * taken over when its lease runs out; a failing handler is retried with a growing delay, then
 * marked failed with its error. The clock is the test server's; nothing waits for real time.
 */

const server = useTestServer();
const scope = () => jobScope(server().runtime);
let serial = 0;
/** A kind of its own per test, so one test's jobs never meet another's handlers. */
const freshKind = () => `test.kind${++serial}`;

function counting(kind: string) {
  const runs = new Map<string, number>();
  const handlers: JobHandlers = {
    [kind]: async (_s, payload) => {
      // Yield between the claim and the end of the run, as a real handler's I/O would.
      await new Promise((r) => setImmediate(r));
      const key = String(payload['n']);
      runs.set(key, (runs.get(key) ?? 0) + 1);
    },
  };
  return { runs, handlers };
}

async function drainOthers(): Promise<void> {
  // Jobs of earlier tests that are still queued are ended first, so claims here meet only this test's.
  await server().runtime.db.updateTable('jobs').set({ state: JOB_STATE.cancelled }).where('state', 'in', [JOB_STATE.queued, JOB_STATE.running]).execute();
}

describe('jobs', () => {
  test('two runners claiming at the same time run each due job exactly once', async () => {
    await drainOthers();
    const kind = freshKind();
    const { runs, handlers } = counting(kind);
    const now = server().clock.value;
    for (let n = 0; n < 30; n++) await enqueue(server().runtime.db, now, { tenantId: null, kind, key: `k${n}`, payload: { n }, runAt: now - n });
    const [a, b] = await Promise.all([runDueJobs(scope(), { worker: 'a', handlers }), runDueJobs(scope(), { worker: 'b', handlers })]);
    // A runner that lost a race for a row stops its run early; the next tick picks up what is left.
    await runDueJobs(scope(), { worker: 'c', handlers });
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(30);
    expect(new Set([...a.done, ...b.done]).size).toBe(a.done.length + b.done.length);
    for (let n = 0; n < 30; n++) expect((await jobOf(server().runtime.db, kind, `k${n}`))?.state).toBe(JOB_STATE.done);
  });

  test('a job is not run before its time, and enqueueing its key again moves it rather than adding one', async () => {
    await drainOthers();
    const kind = freshKind();
    const { runs, handlers } = counting(kind);
    const now = server().clock.value;
    await enqueue(server().runtime.db, now, { tenantId: null, kind, key: 'one', payload: { n: 1 }, runAt: now + 60_000 });
    await enqueue(server().runtime.db, now, { tenantId: null, kind, key: 'one', payload: { n: 1 }, runAt: now + 120_000 });
    server().clock.advance(119_999);
    await runDueJobs(scope(), { handlers });
    expect(runs.size).toBe(0);
    server().clock.advance(1);
    await runDueJobs(scope(), { handlers });
    expect(runs.get('1')).toBe(1);
    expect(await server().runtime.db.selectFrom('jobs').select('id').where('kind', '=', kind).execute()).toHaveLength(1);
  });

  test("a running job whose lease ran out is taken over by another runner; the dead runner's late result is ignored", async () => {
    await drainOthers();
    const kind = freshKind();
    const { runs, handlers } = counting(kind);
    const db = server().runtime.db;
    const now = server().clock.value;
    await enqueue(db, now, { tenantId: null, kind, key: 'stuck', payload: { n: 7 }, runAt: now });
    const claimed = await claimNextJob(db, 'dead-instance', now, JOB_LEASE_MS);
    expect(claimed?.lockedBy).toBe('dead-instance');
    // While the lease lasts nobody else takes it.
    server().clock.advance(JOB_LEASE_MS);
    expect((await runDueJobs(scope(), { handlers })).done).toEqual([]);
    server().clock.advance(1);
    const r = await runDueJobs(scope(), { worker: 'alive', handlers });
    expect(r.done).toEqual([claimed!.id]);
    expect(runs.get('7')).toBe(1);
    const job = await jobOf(db, kind, 'stuck');
    expect(job).toMatchObject({ state: JOB_STATE.done, attempts: 2, lockedBy: 'alive' });
    expect(await completeJob(db, claimed!.id, 'dead-instance', server().clock.value)).toBe(false);
  });

  test('a failing handler is retried with a growing delay, then marked failed with its error', async () => {
    await drainOthers();
    const kind = freshKind();
    const db = server().runtime.db;
    let calls = 0;
    const handlers: JobHandlers = {
      [kind]: async () => {
        calls += 1;
        throw new Error(`broken ${calls}`);
      },
    };
    const start = server().clock.value;
    await enqueue(db, start, { tenantId: null, kind, key: 'failing', payload: {}, runAt: start, maxAttempts: 3 });
    expect((await runDueJobs(scope(), { handlers })).retried).toHaveLength(1);
    let job = await jobOf(db, kind, 'failing');
    expect(job).toMatchObject({ state: JOB_STATE.queued, attempts: 1, lastError: 'broken 1', runAt: start + JOB_BASE_BACKOFF_MS });
    server().clock.advance(JOB_BASE_BACKOFF_MS - 1);
    await runDueJobs(scope(), { handlers });
    expect(calls).toBe(1);
    server().clock.advance(1);
    await runDueJobs(scope(), { handlers });
    job = await jobOf(db, kind, 'failing');
    expect(job).toMatchObject({ state: JOB_STATE.queued, attempts: 2, lastError: 'broken 2', runAt: server().clock.value + 2 * JOB_BASE_BACKOFF_MS });
    server().clock.advance(2 * JOB_BASE_BACKOFF_MS);
    expect((await runDueJobs(scope(), { handlers })).failed).toHaveLength(1);
    job = await jobOf(db, kind, 'failing');
    expect(job).toMatchObject({ state: JOB_STATE.failed, attempts: 3, lastError: 'broken 3', leaseUntil: null });
    server().clock.advance(24 * 3_600_000);
    await runDueJobs(scope(), { handlers });
    expect(calls).toBe(3);
  });

  test('a job of a kind nobody handles fails with that said, and does not stop the others', async () => {
    await drainOthers();
    const kind = freshKind();
    const { runs, handlers } = counting(kind);
    const now = server().clock.value;
    await enqueue(server().runtime.db, now, { tenantId: null, kind: 'nobody.handles', key: `x${serial}`, payload: {}, runAt: now - 1, maxAttempts: 1 });
    await enqueue(server().runtime.db, now, { tenantId: null, kind, key: 'ok', payload: { n: 1 }, runAt: now });
    const r = await runDueJobs(scope(), { handlers });
    expect(r.failed).toHaveLength(1);
    expect(runs.get('1')).toBe(1);
    expect((await jobOf(server().runtime.db, 'nobody.handles', `x${serial}`))?.lastError).toContain('no handler');
  });

  test('property: however several runners interleave (leases never running out), each job runs once and no two runners hold one job', async () => {
    const db = server().runtime.db;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.record({ worker: fc.integer({ min: 0, max: 2 }), act: fc.constantFrom('claim', 'finish') }), { maxLength: 30 }),
        async (jobCount, steps) => {
          await drainOthers();
          const kind = freshKind();
          const now = server().clock.value;
          for (let n = 0; n < jobCount; n++) await enqueue(db, now, { tenantId: null, kind, key: `p${n}`, payload: { n }, runAt: now });
          const held: (string | null)[] = [null, null, null];
          const runs = new Map<string, number>();
          const act = async (worker: number, what: 'claim' | 'finish') => {
            const name = `w${worker}`;
            if (what === 'claim' && held[worker] === null) {
              const job = await claimNextJob(db, name, server().clock.value, JOB_LEASE_MS);
              if (job) {
                held[worker] = job.id;
                runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
              }
            } else if (what === 'finish' && held[worker] !== null) {
              expect(await completeJob(db, held[worker]!, name, server().clock.value)).toBe(true);
              held[worker] = null;
            }
          };
          const check = async () => {
            const running = await db.selectFrom('jobs').select(['id', 'lockedBy']).where('kind', '=', kind).where('state', '=', JOB_STATE.running).execute();
            expect(running.map((r) => r.lockedBy).sort()).toEqual(held.flatMap((id, i) => (id ? [`w${i}`] : [])).sort());
          };
          // The steps, two runners at a time acting at once (one runner does one thing at a time),
          // then every runner works until nothing is left.
          for (let i = 0; i < steps.length; i += 2) {
            const pair = steps.slice(i, i + 2);
            if (pair.length === 2 && pair[0]!.worker === pair[1]!.worker) {
              for (const st of pair) await act(st.worker, st.act as 'claim' | 'finish');
            } else {
              await Promise.all(pair.map((st) => act(st.worker, st.act as 'claim' | 'finish')));
            }
            await check();
          }
          for (let round = 0; round < jobCount + 1; round++)
            for (let w = 0; w < 3; w++) {
              await act(w, 'finish');
              await act(w, 'claim');
            }
          for (let w = 0; w < 3; w++) await act(w, 'finish');
          expect(runs.size).toBe(jobCount);
          expect([...runs.values()].every((c) => c === 1)).toBe(true);
          const states = await db.selectFrom('jobs').select('state').where('kind', '=', kind).execute();
          expect(states.every((r) => r.state === JOB_STATE.done)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('a claim is its runner’s alone', () => {
  test('a runner that lost its lease ends nothing: its late completion and its late failures change no row while another runner holds the job', async () => {
    await drainOthers();
    const kind = freshKind();
    const db = server().runtime.db;
    const now = server().clock.value;
    await enqueue(db, now, { tenantId: null, kind, key: 'taken-over', payload: {}, runAt: now });
    const lost = await claimNextJob(db, 'slow-instance', now, JOB_LEASE_MS);
    server().clock.advance(JOB_LEASE_MS + 1);
    const taken = await claimNextJob(db, 'alive', server().clock.value, JOB_LEASE_MS);
    expect(taken?.id).toBe(lost!.id);
    const held = await jobOf(db, kind, 'taken-over');
    expect(held).toMatchObject({ state: JOB_STATE.running, lockedBy: 'alive', attempts: 2 });
    // The slow runner comes back with the result of its run, a failure to retry, or a final failure.
    const late = server().clock.value + 1;
    expect(await completeJob(db, lost!.id, 'slow-instance', late)).toBe(false);
    expect(await failJob(db, lost!.id, 'slow-instance', afterFailure(1, JOB_MAX_ATTEMPTS, late), 'late retry', late)).toBe(false);
    expect(await failJob(db, lost!.id, 'slow-instance', afterFailure(1, JOB_MAX_ATTEMPTS, late, true), 'late final', late)).toBe(false);
    expect(await jobOf(db, kind, 'taken-over')).toEqual(held);
    // The runner that holds it ends it.
    expect(await completeJob(db, lost!.id, 'alive', late)).toBe(true);
    expect(await jobOf(db, kind, 'taken-over')).toMatchObject({ state: JOB_STATE.done, lockedBy: 'alive', lastError: null });
  });

  test('two runners that chose the same due job at once: only the first claims it (the claim re-checks that the job is due)', async () => {
    await drainOthers();
    const kind = freshKind();
    const db = server().runtime.db;
    const now = server().clock.value;
    await enqueue(db, now, { tenantId: null, kind, key: 'contested', payload: {}, runAt: now });
    const { id } = (await jobOf(db, kind, 'contested'))!;
    const claim = (worker: string) => claimNextJob(db, worker, now, JOB_LEASE_MS);
    let claims: Awaited<ReturnType<typeof claimNextJob>>[];
    if (server().runtime.dbKind === 'postgres') {
      // The row is held by a third transaction, so both claims pick it (their inner SELECT reads
      // it as due) and then wait for it. When it is let go, the first claims it; PostgreSQL then
      // re-evaluates the second's WHERE on the row the first changed: only the repeated due
      // condition refuses it there (the chosen id alone still matches).
      let pending: Promise<Awaited<ReturnType<typeof claimNextJob>>>[] = [];
      await db.transaction().execute(async (trx) => {
        await sql`select id from jobs where id = ${id} for update`.execute(trx);
        pending = [claim('a'), claim('b')];
        await waitForLockWaiters(db, { count: 2, queryPrefix: 'update "jobs"', message: 'the two claims never waited for the held row' });
      });
      claims = await Promise.all(pending);
    } else {
      // SQLite runs one write at a time, and an UPDATE takes the write lock before it reads: the
      // choice of the row and its change are one step, so the repeated due condition changes no
      // outcome here (the PostgreSQL run of this file is the one that tests it).
      claims = await Promise.all([claim('a'), claim('b')]);
    }
    expect(claims.filter((c) => c !== undefined).map((c) => c!.id)).toEqual([id]);
    expect(await jobOf(db, kind, 'contested')).toMatchObject({ state: JOB_STATE.running, attempts: 1 });
  });
});
