import fc from 'fast-check';
import { expect, test } from 'vitest';
import { titlesOf } from '~/server/content/content-admin.repository';
import { deleteComments } from '~/server/engagement/comments.repository';
import { liveTargets } from '~/server/staff/audit/audit-targets.read-model';
import { AUDIT_TARGET } from '~/lib/staff/roles';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';

/**
 * Rows read by their ids compare the school on each row the key finds (decision 135, `idsOfSchool` in db/clauses.ts),
 * as an expression no index serves. Whatever mix of two schools' ids is asked for, one school gets exactly its own, on
 * both engines; a delete by ids or by thread removes none of another school's.
 */
const server = useTestServer();

test("a mix of two schools' ids answers each school exactly its own rows", async () => {
  const db = server().runtime.db;
  const news = await db.selectFrom('news').select(['id', 'tenantId']).where('tenantId', 'in', [DEMO.id, HUAXIA.id]).execute();
  const classes = await db.selectFrom('teachingClasses').select(['id', 'tenantId']).where('tenantId', 'in', [DEMO.id, HUAXIA.id]).execute();
  for (const school of [DEMO.id, HUAXIA.id]) {
    expect(news.some((n) => n.tenantId === school) && classes.some((c) => c.tenantId === school)).toBe(true);
  }
  await fc.assert(
    fc.asyncProperty(
      fc.subarray(news, { minLength: 1 }),
      fc.subarray(classes, { minLength: 1 }),
      fc.constantFrom(DEMO.id, HUAXIA.id),
      async (someNews, someClasses, school) => {
        const own = (rows: { id: string; tenantId: string }[]) =>
          rows
            .filter((r) => r.tenantId === school)
            .map((r) => r.id)
            .sort();
        const titles = await titlesOf(
          db,
          'news',
          school,
          someNews.map((n) => n.id),
        );
        expect(titles.map((t) => t.id).sort()).toEqual(own(someNews));
        const named = await liveTargets(db, school, new Map([[AUDIT_TARGET.teachingClass, new Set(someClasses.map((c) => c.id))]]));
        expect([...named.values()].map((t) => t.id).sort()).toEqual(own(someClasses));
      },
    ),
    { numRuns: 40 },
  );
});

test("deleting comments by ids or by thread removes none of another school's", async () => {
  const db = server().runtime.db;
  const theirs = await db.selectFrom('comments').select(['id', 'topId']).where('tenantId', '=', HUAXIA.id).execute();
  expect(theirs.length).toBeGreaterThan(0);
  const ids = theirs.map((c) => c.id);
  expect(await deleteComments(db, DEMO.id, ids)).toBe(0);
  expect(await deleteComments(db, DEMO.id, ids, theirs[0]!.topId ?? theirs[0]!.id)).toBe(0);
  expect(await db.selectFrom('comments').select('id').where('tenantId', '=', HUAXIA.id).execute()).toHaveLength(theirs.length);
});
