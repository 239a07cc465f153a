import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import * as cat from '~/lib/api/contracts/admin-catalog';
import * as products from '~/lib/api/contracts/products';
import * as media from '~/lib/api/contracts/media';
import * as leads from '~/lib/api/contracts/leads';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';
import { jobOf } from '~/server/jobs/jobs.service';
import { JOB_STATE } from '~/server/jobs/jobs.rules';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { CATALOG_PUBLISH_JOB } from '~/lib/staff/catalog-schedule';
import { DEMO, HOUR, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaff, type TestStaffSession } from '../setup/staff';
import {
  albumCategoryInput,
  bannerInput,
  categoryInput,
  couponInput,
  firstTabKey,
  hotMajorInput,
  materialInput,
  productInput,
  publishedMajorId,
  questionInput,
} from '../setup/catalog';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Scheduled publishing of every catalogue type with a draft/published state, through the real app
 * and database with a controlled clock (the jobs run by hand, never waited for): a scheduled row
 * is not public one second before its time and is after the jobs run at the time, exactly once
 * with two runners; rescheduling moves the one job; publishing by hand, taking down and deleting
 * cancel it; a time not after now is refused; the list shows and filters 已排期. A property test
 * walks random sequences of decisions on one row.
 */

const server = useTestServer();
const { DRAFT, PUBLISHED, SCHEDULED } = cat.CATALOG_STATE;

let staffAccount: TestStaff | undefined;
/** A session at the clock's time (a session ends after an idle hour, and these tests move the clock by hours). */
async function editor(): Promise<TestStaffSession> {
  staffAccount ??= await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
  return sessionOf(server(), staffAccount);
}
const as = (session: TestStaffSession, params?: Record<string, string>, tenant = DEMO.id) => ({ ...asStaff(session, tenant), ...(params ? { params } : {}) });
function ok<T>(a: Answer): T {
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data as T;
}
const runJobs = (worker?: string) => runDueJobs(jobScope(server().runtime), worker ? { worker } : {});
/** A time `ms` from now, to the minute (the form's precision). */
const fromNow = (ms: number) => Math.floor((server().clock.value + ms) / 60_000) * 60_000;

type Call = Parameters<TestServer['call']>[0];
type TestServer = ReturnType<typeof server>;

interface Row {
  id: string;
  state: cat.CatalogState;
  scheduledAt: number | null;
}

/** One catalogue type: how a draft is made and how the public side is asked whether it shows it. */
interface TypeUnderTest {
  name: string;
  list: Call;
  save: Call;
  state: Call;
  schedule: Call;
  remove: Call;
  /** A new draft; `shown` asks the public calls whether it is there. */
  draft: (s: TestStaffSession) => Promise<{ row: Row; shown: () => Promise<boolean> }>;
}

const names = (records: { name?: string; title?: string }[]) => records.map((r) => r.name ?? r.title);

const TYPES: TypeUnderTest[] = [
  {
    name: 'product',
    list: cat.catalogProducts,
    save: cat.catalogProductSave,
    state: cat.catalogProductState,
    schedule: cat.catalogProductSchedule,
    remove: cat.catalogProductDelete,
    draft: async (s) => {
      const row = ok<cat.AdminProduct>(await server().call(cat.catalogProductSave, productInput({ state: DRAFT }), as(s)));
      const shown = async () =>
        ((await server().call(products.productPage, { current: 1, size: 10, model: { prodIdList: [row.id] } })).body.data.records as unknown[]).length === 1;
      return { row, shown };
    },
  },
  {
    name: 'product category',
    list: cat.catalogCategories,
    save: cat.catalogCategorySave,
    state: cat.catalogCategoryState,
    schedule: cat.catalogCategorySchedule,
    remove: cat.catalogCategoryDelete,
    draft: async (s) => {
      const row = ok<cat.AdminProductCategory>(await server().call(cat.catalogCategorySave, categoryInput({ state: DRAFT }), as(s)));
      const shown = async () => ((await server().call(products.operationCategories, {})).body.data as { id: string }[]).some((c) => c.id === row.id);
      return { row, shown };
    },
  },
  {
    name: 'common question',
    list: cat.catalogQuestions,
    save: cat.catalogQuestionSave,
    state: cat.catalogQuestionState,
    schedule: cat.catalogQuestionSchedule,
    remove: cat.catalogQuestionDelete,
    draft: async (s) => {
      const majorId = await publishedMajorId(server(), DEMO.id);
      const row = ok<cat.AdminQuestion>(await server().call(cat.catalogQuestionSave, questionInput(majorId, { state: DRAFT }), as(s)));
      const shown = async () =>
        ((await server().call(products.commonQuestionPage, { current: 1, size: 100, model: { majorId } })).body.data.records as { id: string }[]).some(
          (q) => q.id === row.id,
        );
      return { row, shown };
    },
  },
  {
    name: 'hot major',
    list: cat.catalogMajorList,
    save: cat.catalogMajorSave,
    state: cat.catalogMajorState,
    schedule: cat.catalogMajorSchedule,
    remove: cat.catalogMajorDelete,
    draft: async (s) => {
      const row = ok<cat.AdminHotMajor>(await server().call(cat.catalogMajorSave, hotMajorInput({ state: DRAFT }), as(s)));
      const shown = async () => (await server().call(products.hotMajorDetail, { id: row.id })).body.code === 0;
      return { row, shown };
    },
  },
  {
    name: 'home banner',
    list: cat.catalogBanners,
    save: cat.catalogBannerSave,
    state: cat.catalogBannerState,
    schedule: cat.catalogBannerSchedule,
    remove: cat.catalogBannerDelete,
    draft: async (s) => {
      const row = ok<cat.AdminBanner>(await server().call(cat.catalogBannerSave, bannerInput({ state: DRAFT }), as(s)));
      const shown = async () => ((await server().call(media.banners, {})).body.data as { id: string }[]).some((b) => b.id === row.id);
      return { row, shown };
    },
  },
  {
    name: 'coupon',
    list: cat.catalogCoupons,
    save: cat.catalogCouponSave,
    state: cat.catalogCouponState,
    schedule: cat.catalogCouponSchedule,
    remove: cat.catalogCouponDelete,
    draft: async (s) => {
      const row = ok<cat.AdminCoupon>(await server().call(cat.catalogCouponSave, couponInput(server().clock.value, { state: DRAFT }), as(s)));
      const shown = async () =>
        names((await server().call(leads.receivableCoupons, { current: 1, size: 100 })).body.data.records as { title: string }[]).includes(
          (row as cat.AdminCoupon).title,
        );
      return { row, shown };
    },
  },
  {
    name: 'album category',
    list: cat.catalogAlbumCategories,
    save: cat.catalogAlbumCategorySave,
    state: cat.catalogAlbumCategoryState,
    schedule: cat.catalogAlbumCategorySchedule,
    remove: cat.catalogAlbumCategoryDelete,
    draft: async (s) => {
      const input = await albumCategoryInput(server(), DEMO.id, { state: DRAFT });
      const row = ok<cat.AdminAlbumCategory>(await server().call(cat.catalogAlbumCategorySave, input, as(s)));
      const tab = await firstTabKey(server(), DEMO.id);
      const shown = async () =>
        ((await server().call(media.albumCategories, { categoryTabKey: tab })).body.data as { id: string }[]).some((c) => c.id === row.id);
      return { row, shown };
    },
  },
  {
    name: 'album material',
    list: cat.catalogMaterials,
    save: cat.catalogMaterialSave,
    state: cat.catalogMaterialState,
    schedule: cat.catalogMaterialSchedule,
    remove: cat.catalogMaterialDelete,
    draft: async (s) => {
      const category = ok<cat.AdminAlbumCategory>(await server().call(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), as(s)));
      const row = ok<cat.AdminMaterial>(await server().call(cat.catalogMaterialSave, materialInput(category.id, { state: DRAFT }), as(s)));
      const shown = async () =>
        ((await server().call(media.albumMaterials, { materialCategoryId: category.id })).body.data as { id: string }[]).some((m) => m.id === row.id);
      return { row, shown };
    },
  },
];

/** The job type of a row, as its key names it. */
const JOB_TYPE: Record<string, string> = {
  product: 'product',
  'product category': 'productCategory',
  'common question': 'question',
  'hot major': 'hotMajor',
  'home banner': 'banner',
  coupon: 'coupon',
  'album category': 'albumCategory',
  'album material': 'material',
};
const jobOfRow = (type: TypeUnderTest, id: string) => jobOf(server().runtime.db, CATALOG_PUBLISH_JOB, `${JOB_TYPE[type.name]}:${id}`);

async function listed(type: TypeUnderTest, s: TestStaffSession, state: cat.CatalogState | ''): Promise<Row[]> {
  return ok<{ records: Row[] }>(await server().call(type.list, { state, size: 100 } as never, as(s))).records;
}

describe.each(TYPES)('$name', (type) => {
  test('not public one second before its time; published by the jobs at the time, exactly once with two runners', async () => {
    let s = await editor();
    const { row, shown } = await type.draft(s);
    const at = fromNow(2 * HOUR);
    const scheduled = ok<Row>(await server().call(type.schedule, { publishAt: formatDateTime(at) } as never, as(s, { id: row.id })));
    expect(scheduled).toMatchObject({ state: DRAFT, scheduledAt: at });
    // The list shows the time and filters on it: scheduled, not a plain draft.
    expect((await listed(type, s, SCHEDULED)).find((r) => r.id === row.id)).toMatchObject({ scheduledAt: at });
    expect((await listed(type, s, DRAFT)).map((r) => r.id)).not.toContain(row.id);
    expect(await shown()).toBe(false);

    server().clock.set(at - 1000);
    await runJobs();
    expect(await shown()).toBe(false);
    expect((await jobOfRow(type, row.id))?.state).toBe(JOB_STATE.queued);

    server().clock.set(at);
    const [a, b] = await Promise.all([runJobs('instance-a'), runJobs('instance-b')]);
    expect(a.done.length + b.done.length).toBe(1);
    expect(await shown()).toBe(true);
    s = await editor();
    expect((await listed(type, s, PUBLISHED)).find((r) => r.id === row.id)).toMatchObject({ state: PUBLISHED, scheduledAt: null });
    expect((await jobOfRow(type, row.id))?.state).toBe(JOB_STATE.done);
    expect((await runJobs()).done).toEqual([]);
  });

  test('rescheduling moves the one job; publishing by hand, taking down and deleting cancel it', async () => {
    let s = await editor();
    const first = await type.draft(s);
    const t1 = fromNow(HOUR);
    const t2 = fromNow(3 * HOUR);
    ok(await server().call(type.schedule, { publishAt: formatDateTime(t1) } as never, as(s, { id: first.row.id })));
    ok(await server().call(type.schedule, { publishAt: formatDateTime(t2) } as never, as(s, { id: first.row.id })));
    const jobs = await server().runtime.db.selectFrom('jobs').selectAll().where('jobKey', '=', `${JOB_TYPE[type.name]}:${first.row.id}`).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAt).toBe(t2);

    const byHand = await type.draft(s);
    const takenDown = await type.draft(s);
    const deleted = await type.draft(s);
    for (const r of [byHand, takenDown, deleted]) ok(await server().call(type.schedule, { publishAt: formatDateTime(t2) } as never, as(s, { id: r.row.id })));
    expect(ok<Row>(await server().call(type.state, { state: PUBLISHED } as never, as(s, { id: byHand.row.id })))).toMatchObject({
      state: PUBLISHED,
      scheduledAt: null,
    });
    expect(ok<Row>(await server().call(type.state, { state: DRAFT } as never, as(s, { id: takenDown.row.id })))).toMatchObject({
      state: DRAFT,
      scheduledAt: null,
    });
    ok(await server().call(type.remove, {} as never, as(s, { id: deleted.row.id })));
    for (const r of [byHand, takenDown, deleted]) expect((await jobOfRow(type, r.row.id))?.state).toBe(JOB_STATE.cancelled);

    // At the old time nothing happens; a job left queued by a lost cancel still finds nothing to publish.
    server().clock.set(t1);
    await runJobs();
    expect(await first.shown()).toBe(false);
    const db = server().runtime.db;
    for (const r of [takenDown, deleted])
      await db.updateTable('jobs').set({ state: JOB_STATE.queued }).where('jobKey', '=', `${JOB_TYPE[type.name]}:${r.row.id}`).execute();
    server().clock.set(t2);
    const run = await runJobs();
    expect(run.failed).toEqual([]);
    expect(await first.shown()).toBe(true);
    expect(await byHand.shown()).toBe(true);
    expect(await takenDown.shown()).toBe(false);
    expect(await deleted.shown()).toBe(false);
    s = await editor();
    expect((await listed(type, s, '')).find((r) => r.id === takenDown.row.id)).toMatchObject({ state: DRAFT, scheduledAt: null });
  });

  test('a time not after now, a malformed or missing time, a published row and another school are refused', async () => {
    const s = await editor();
    const { row } = await type.draft(s);
    const refused = async (input: unknown, code: number, message: string, params = { id: row.id }) => {
      expectRefused(await server().call(type.schedule, input as never, as(s, params)), code, message);
    };
    await refused({ publishAt: formatDateTime(fromNow(-60_000)) }, ErrorCode.CONFLICT, '定时发布时间须晚于当前时间');
    await refused({ publishAt: '明天' }, ErrorCode.BAD_REQUEST, '发布时间格式不正确');
    await refused({ publishAt: '' }, ErrorCode.BAD_REQUEST, '请选择发布时间');
    await refused({}, ErrorCode.BAD_REQUEST, '请选择发布时间');
    expect((await jobOfRow(type, row.id)) ?? null).toBeNull();
    ok(await server().call(type.state, { state: PUBLISHED } as never, as(s, { id: row.id })));
    await refused({ publishAt: formatDateTime(fromNow(HOUR)) }, ErrorCode.CONFLICT, '已发布的内容请先下架，再设置定时发布');
    const foreign = await sessionOf(server(), await makeStaff(server(), HUAXIA.id, STAFF_ROLE.admin));
    const other = await server().call(type.schedule, { publishAt: formatDateTime(fromNow(HOUR)) } as never, as(foreign, { id: row.id }, HUAXIA.id));
    expectRefused(other, ErrorCode.NOT_FOUND, t('catalog.notFound'));
  });
});

describe('saving a scheduled row', () => {
  test('saved as a draft it keeps its time; saved as published it is published now and its job cancelled', async () => {
    const s = await editor();
    const b = ok<cat.AdminBanner>(await server().call(cat.catalogBannerSave, bannerInput({ state: DRAFT }), as(s)));
    const at = fromNow(HOUR);
    ok(await server().call(cat.catalogBannerSchedule, { publishAt: formatDateTime(at) }, as(s, { id: b.id })));
    const { id, scheduledAt: _s, ...fields } = b;
    expect(ok<cat.AdminBanner>(await server().call(cat.catalogBannerSave, { ...fields, id, name: '改名草稿' }, as(s)))).toMatchObject({ scheduledAt: at });
    const published = ok<cat.AdminBanner>(await server().call(cat.catalogBannerSave, { ...fields, id, state: PUBLISHED }, as(s)));
    expect(published).toMatchObject({ state: PUBLISHED, scheduledAt: null });
    expect((await jobOf(server().runtime.db, CATALOG_PUBLISH_JOB, `banner:${b.id}`))?.state).toBe(JOB_STATE.cancelled);
  });
});

/**
 * The model a school expects: the last decision wins. A schedule for a time not after now and
 * anything on a deleted row is refused and changes nothing; at its time a scheduled row becomes
 * published, once.
 */
type Model = { kind: 'draft' } | { kind: 'published' } | { kind: 'scheduled'; at: number } | { kind: 'deleted' };
type Decision = { op: 'schedule'; minutes: number } | { op: 'publish' } | { op: 'takeDown' } | { op: 'delete' } | { op: 'advance'; minutes: number };

const decision: fc.Arbitrary<Decision> = fc.oneof(
  fc.record({ op: fc.constant('schedule' as const), minutes: fc.integer({ min: -30, max: 120 }) }),
  fc.record({ op: fc.constant('publish' as const) }),
  fc.record({ op: fc.constant('takeDown' as const) }),
  fc.record({ op: fc.constant('delete' as const) }),
  fc.record({ op: fc.constant('advance' as const), minutes: fc.integer({ min: 0, max: 150 }) }),
);

describe('property: the row is public exactly when the last decision says so', () => {
  test('random sequences of schedule, reschedule, publish, take down, delete and time passing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(decision, { minLength: 1, maxLength: 10 }), async (decisions) => {
        let s = await editor();
        const b = ok<cat.AdminBanner>(await server().call(cat.catalogBannerSave, bannerInput({ state: DRAFT }), as(s)));
        const shown = async () => ((await server().call(media.banners, {})).body.data as { id: string }[]).some((x) => x.id === b.id);
        let model: Model = { kind: 'draft' };
        let publications = 0;
        for (const d of decisions) {
          const now = server().clock.value;
          if (d.op === 'advance') {
            server().clock.set(now + d.minutes * 60_000);
            s = await editor();
            const [r1, r2] = await Promise.all([runJobs('a'), runJobs('b')]);
            const due = model.kind === 'scheduled' && model.at <= server().clock.value;
            const mine = [...r1.done, ...r2.done].length;
            // Other rows' jobs never exist here (each run's row is new and earlier rows' jobs are over), so every done is this row's.
            expect(mine).toBe(due ? 1 : 0);
            if (due) {
              model = { kind: 'published' };
              publications += 1;
            }
          } else if (d.op === 'schedule') {
            const at = Math.floor((now + d.minutes * 60_000) / 60_000) * 60_000;
            const a = await server().call(cat.catalogBannerSchedule, { publishAt: formatDateTime(at) }, as(s, { id: b.id }));
            const allowed = model.kind === 'draft' || model.kind === 'scheduled' ? at > now : false;
            expect(a.body.code === 0, JSON.stringify({ d, model, body: a.body })).toBe(allowed);
            if (allowed) model = { kind: 'scheduled', at };
          } else if (d.op === 'publish' || d.op === 'takeDown') {
            const a = await server().call(cat.catalogBannerState, { state: d.op === 'publish' ? PUBLISHED : DRAFT }, as(s, { id: b.id }));
            expect(a.body.code === 0).toBe(model.kind !== 'deleted');
            if (model.kind !== 'deleted') model = { kind: d.op === 'publish' ? 'published' : 'draft' };
          } else {
            const a = await server().call(cat.catalogBannerDelete, {}, as(s, { id: b.id }));
            expect(a.body.code === 0).toBe(model.kind !== 'deleted');
            model = { kind: 'deleted' };
          }
          expect(await shown(), JSON.stringify({ d, model })).toBe(model.kind === 'published');
        }
        expect(publications).toBeLessThanOrEqual(1 + decisions.filter((d) => d.op === 'schedule').length);
        // Whatever remains scheduled is left for the next run's clock: end it so no later run meets it.
        if (model.kind === 'scheduled') ok(await server().call(cat.catalogBannerState, { state: DRAFT }, as(s, { id: b.id })));
      }),
      { numRuns: 25 },
    );
  });
});
