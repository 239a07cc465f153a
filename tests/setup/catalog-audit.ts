import * as cat from '~/lib/api/contracts/admin-catalog';
import { AUDIT_ACTION, AUDIT_TARGET, type AuditAction } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';
import type { Answer, RequestOptions, TestServer } from './server';
import { DEMO } from './server';
import type { TestStaff, TestStaffSession } from './staff';
import {
  albumCategoryInput,
  bannerInput,
  categoryInput,
  couponInput,
  hotMajorInput,
  materialInput,
  productInput,
  publishedMajorId,
  questionInput,
} from './catalog';

/**
 * The audit scenarios of the staff catalogue's writes, for tests/api/staff-audit.test.ts: one
 * successful call of each and the entry it must write (the changed fields before and after).
 */

interface Expected {
  action: AuditAction;
  actorId: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface Outcome {
  answer: Answer;
  expected: Expected[];
  secrets: string[];
}

interface Helpers {
  server: () => TestServer;
  as: (session: TestStaffSession | null, params?: Record<string, string>) => RequestOptions & { params?: Record<string, string> | undefined };
  step: () => void;
  member: () => Promise<{ account: TestStaff; session: TestStaffSession }>;
}

type CatalogWrite = Exclude<
  keyof typeof cat.CATALOG_CALLS,
  | 'catalogProducts'
  | 'catalogCategories'
  | 'catalogQuestions'
  | 'catalogMajors'
  | 'catalogBanners'
  | 'catalogCoupons'
  | 'catalogMajorList'
  | 'catalogAlbumTabs'
  | 'catalogAlbumCategories'
  | 'catalogMaterials'
>;

const { DRAFT, PUBLISHED } = cat.CATALOG_STATE;
/** Tab names are unique per school: each scenario's tab its own. */
let tabCounter = 0;

export function catalogAuditScenarios({ server, as, step, member }: Helpers): Record<CatalogWrite, () => Promise<Outcome>> {
  const made = async <T>(call: Parameters<TestServer['call']>[0], input: unknown, session: TestStaffSession): Promise<T> =>
    (await server().call(call, input as never, as(session))).body.data as T;
  const entry = (account: TestStaff, action: AuditAction, targetType: string, targetId: string, before: Expected['before'], after: Expected['after']) => ({
    action,
    actorId: account.id,
    targetType,
    targetId,
    before,
    after,
  });
  // A row with no publication time: the audit log of a save or delete does not name the time.
  const productFields = (p: cat.AdminProduct) => {
    const { id: _id, updatedAt: _u, scheduledAt: _t, ...rest } = p;
    return rest;
  };

  /** A draft made by `make`, then scheduled an hour (to the minute) from now: the entry names the new time. */
  const scheduled = async <T extends { id: string }>(
    make: (session: TestStaffSession) => Promise<T>,
    call: Parameters<TestServer['call']>[0],
    target: string,
  ): Promise<Outcome> => {
    const { account, session } = await member();
    const row = await make(session);
    step();
    const at = Math.floor((server().clock.value + 3_600_000) / 60_000) * 60_000;
    const answer = await server().call(call, { publishAt: formatDateTime(at) } as never, as(session, { id: row.id }));
    return {
      answer,
      expected: [entry(account, AUDIT_ACTION.catalogSchedule, target, row.id, { scheduledAt: null }, { scheduledAt: at })],
      secrets: [session.token, session.csrf],
    };
  };

  return {
    catalogProductSchedule: () =>
      scheduled((s) => made<{ id: string }>(cat.catalogProductSave, productInput({ state: DRAFT }), s), cat.catalogProductSchedule, AUDIT_TARGET.product),
    catalogCategorySchedule: () =>
      scheduled(
        (s) => made<{ id: string }>(cat.catalogCategorySave, categoryInput({ state: DRAFT }), s),
        cat.catalogCategorySchedule,
        AUDIT_TARGET.productCategory,
      ),
    catalogQuestionSchedule: () =>
      scheduled(
        async (s) => made<{ id: string }>(cat.catalogQuestionSave, questionInput(await publishedMajorId(server(), DEMO.id), { state: DRAFT }), s),
        cat.catalogQuestionSchedule,
        AUDIT_TARGET.question,
      ),
    catalogMajorSchedule: () =>
      scheduled((s) => made<{ id: string }>(cat.catalogMajorSave, hotMajorInput({ state: DRAFT }), s), cat.catalogMajorSchedule, AUDIT_TARGET.hotMajor),
    catalogBannerSchedule: () =>
      scheduled((s) => made<{ id: string }>(cat.catalogBannerSave, bannerInput({ state: DRAFT }), s), cat.catalogBannerSchedule, AUDIT_TARGET.banner),
    catalogCouponSchedule: () =>
      scheduled(
        (s) => made<{ id: string }>(cat.catalogCouponSave, couponInput(server().clock.value, { state: DRAFT }), s),
        cat.catalogCouponSchedule,
        AUDIT_TARGET.coupon,
      ),
    catalogAlbumCategorySchedule: () =>
      scheduled(
        async (s) => made<{ id: string }>(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id, { state: DRAFT }), s),
        cat.catalogAlbumCategorySchedule,
        AUDIT_TARGET.albumCategory,
      ),
    catalogMaterialSchedule: () =>
      scheduled(
        async (s) => {
          const c = await made<cat.AdminAlbumCategory>(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), s);
          return made<{ id: string }>(cat.catalogMaterialSave, materialInput(c.id, { state: DRAFT }), s);
        },
        cat.catalogMaterialSchedule,
        AUDIT_TARGET.material,
      ),
    async catalogProductSave() {
      const { account, session } = await member();
      const p = await made<cat.AdminProduct>(cat.catalogProductSave, productInput({ name: '审计项目', seq: 3 }), session);
      step();
      const answer = await server().call(cat.catalogProductSave, { ...productInput({ name: '审计项目改', seq: 3 }), id: p.id }, as(session));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogUpdate, AUDIT_TARGET.product, p.id, { name: '审计项目' }, { name: '审计项目改' })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogProductState() {
      const { account, session } = await member();
      const p = await made<cat.AdminProduct>(cat.catalogProductSave, productInput(), session);
      step();
      const answer = await server().call(cat.catalogProductState, { state: PUBLISHED }, as(session, { id: p.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogPublish, AUDIT_TARGET.product, p.id, { state: DRAFT }, { state: PUBLISHED })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogProductDelete() {
      const { account, session } = await member();
      const p = await made<cat.AdminProduct>(cat.catalogProductSave, productInput(), session);
      step();
      const answer = await server().call(cat.catalogProductDelete, {}, as(session, { id: p.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.product, p.id, productFields(p), null)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogCategorySave() {
      const { account, session } = await member();
      step();
      const answer = await server().call(cat.catalogCategorySave, categoryInput({ name: '审计分类', seq: 7 }), as(session));
      return {
        answer,
        expected: [
          entry(account, AUDIT_ACTION.catalogCreate, AUDIT_TARGET.productCategory, answer.body.data.id, null, { name: '审计分类', seq: 7, state: PUBLISHED }),
        ],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogCategoryState() {
      const { account, session } = await member();
      const c = await made<cat.AdminProductCategory>(cat.catalogCategorySave, categoryInput(), session);
      step();
      const answer = await server().call(cat.catalogCategoryState, { state: DRAFT }, as(session, { id: c.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogUnpublish, AUDIT_TARGET.productCategory, c.id, { state: PUBLISHED }, { state: DRAFT })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogCategoryDelete() {
      const { account, session } = await member();
      const c = await made<cat.AdminProductCategory>(cat.catalogCategorySave, categoryInput({ name: '待删分类', seq: 9 }), session);
      step();
      const answer = await server().call(cat.catalogCategoryDelete, {}, as(session, { id: c.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.productCategory, c.id, { name: '待删分类', seq: 9, state: PUBLISHED }, null)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogQuestionSave() {
      const { account, session } = await member();
      const majorId = await publishedMajorId(server(), DEMO.id);
      step();
      const answer = await server().call(
        cat.catalogQuestionSave,
        questionInput(majorId, { name: '审计问题', answer: '<b>答</b><img src=x onerror=alert(1)>', seq: 2 }),
        as(session),
      );
      return {
        answer,
        expected: [
          entry(account, AUDIT_ACTION.catalogCreate, AUDIT_TARGET.question, answer.body.data.id, null, {
            majorId,
            name: '审计问题',
            answer: '<strong>答</strong>',
            seq: 2,
            state: DRAFT,
          }),
        ],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogQuestionState() {
      const { account, session } = await member();
      const q = await made<cat.AdminQuestion>(cat.catalogQuestionSave, questionInput(await publishedMajorId(server(), DEMO.id)), session);
      step();
      const answer = await server().call(cat.catalogQuestionState, { state: PUBLISHED }, as(session, { id: q.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogPublish, AUDIT_TARGET.question, q.id, { state: DRAFT }, { state: PUBLISHED })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogQuestionDelete() {
      const { account, session } = await member();
      const majorId = await publishedMajorId(server(), DEMO.id);
      const q = await made<cat.AdminQuestion>(cat.catalogQuestionSave, questionInput(majorId, { name: '待删问题', answer: '<p>答</p>', seq: null }), session);
      step();
      const answer = await server().call(cat.catalogQuestionDelete, {}, as(session, { id: q.id }));
      return {
        answer,
        expected: [
          entry(
            account,
            AUDIT_ACTION.catalogDelete,
            AUDIT_TARGET.question,
            q.id,
            { majorId, name: '待删问题', answer: '<p>答</p>', seq: null, state: DRAFT },
            null,
          ),
        ],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogBannerSave() {
      const { account, session } = await member();
      step();
      const input = bannerInput({ name: '审计横幅', seq: 4 });
      const answer = await server().call(cat.catalogBannerSave, input, as(session));
      const { id: _id, ...fields } = input;
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogCreate, AUDIT_TARGET.banner, answer.body.data.id, null, fields)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogBannerState() {
      const { account, session } = await member();
      const b = await made<cat.AdminBanner>(cat.catalogBannerSave, bannerInput(), session);
      step();
      const answer = await server().call(cat.catalogBannerState, { state: PUBLISHED }, as(session, { id: b.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogPublish, AUDIT_TARGET.banner, b.id, { state: DRAFT }, { state: PUBLISHED })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogBannerDelete() {
      const { account, session } = await member();
      const b = await made<cat.AdminBanner>(cat.catalogBannerSave, bannerInput(), session);
      step();
      const answer = await server().call(cat.catalogBannerDelete, {}, as(session, { id: b.id }));
      const { id: _id, scheduledAt: _t, ...fields } = b;
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.banner, b.id, fields, null)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogCouponSave() {
      const { account, session } = await member();
      const c = await made<cat.AdminCoupon>(cat.catalogCouponSave, couponInput(server().clock.value, { title: '审计券', amount: 20 }), session);
      step();
      const answer = await server().call(
        cat.catalogCouponSave,
        { ...couponInput(server().clock.value, { title: '审计券', amount: 30 }), id: c.id },
        as(session),
      );
      const moved = answer.body.data as cat.AdminCoupon;
      return {
        answer,
        expected: [
          entry(
            account,
            AUDIT_ACTION.catalogUpdate,
            AUDIT_TARGET.coupon,
            c.id,
            { amount: 20, useStartTime: c.useStartTime, useEndTime: c.useEndTime },
            { amount: 30, useStartTime: moved.useStartTime, useEndTime: moved.useEndTime },
          ),
        ],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogCouponState() {
      const { account, session } = await member();
      const c = await made<cat.AdminCoupon>(cat.catalogCouponSave, couponInput(server().clock.value), session);
      step();
      const answer = await server().call(cat.catalogCouponState, { state: PUBLISHED }, as(session, { id: c.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogPublish, AUDIT_TARGET.coupon, c.id, { state: DRAFT }, { state: PUBLISHED })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogCouponDelete() {
      const { account, session } = await member();
      const c = await made<cat.AdminCoupon>(cat.catalogCouponSave, couponInput(server().clock.value), session);
      step();
      const answer = await server().call(cat.catalogCouponDelete, {}, as(session, { id: c.id }));
      const { id: _id, ended: _e, scheduledAt: _t, ...fields } = c;
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.coupon, c.id, fields, null)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogMajorSave() {
      const { account, session } = await member();
      const m = await made<cat.AdminHotMajor>(cat.catalogMajorSave, hotMajorInput({ name: '审计专业', industrySalary: 5000 }), session);
      step();
      const answer = await server().call(cat.catalogMajorSave, { ...hotMajorInput({ name: '审计专业', industrySalary: 8000 }), id: m.id }, as(session));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogUpdate, AUDIT_TARGET.hotMajor, m.id, { industrySalary: 5000 }, { industrySalary: 8000 })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogMajorState() {
      const { account, session } = await member();
      const m = await made<cat.AdminHotMajor>(cat.catalogMajorSave, hotMajorInput(), session);
      step();
      const answer = await server().call(cat.catalogMajorState, { state: PUBLISHED }, as(session, { id: m.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogPublish, AUDIT_TARGET.hotMajor, m.id, { state: DRAFT }, { state: PUBLISHED })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogMajorDelete() {
      const { account, session } = await member();
      const m = await made<cat.AdminHotMajor>(cat.catalogMajorSave, hotMajorInput(), session);
      step();
      const answer = await server().call(cat.catalogMajorDelete, {}, as(session, { id: m.id }));
      const { id: _id, questionCount: _q, scheduledAt: _t, ...fields } = m;
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.hotMajor, m.id, fields, null)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogAlbumCategorySave() {
      const { account, session } = await member();
      const input = await albumCategoryInput(server(), DEMO.id, { categoryName: '审计相册', seq: 3 });
      step();
      const answer = await server().call(cat.catalogAlbumCategorySave, input, as(session));
      return {
        answer,
        expected: [
          entry(account, AUDIT_ACTION.catalogCreate, AUDIT_TARGET.albumCategory, answer.body.data.id, null, input as unknown as Record<string, unknown>),
        ],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogAlbumCategoryState() {
      const { account, session } = await member();
      const c = await made<cat.AdminAlbumCategory>(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), session);
      step();
      const answer = await server().call(cat.catalogAlbumCategoryState, { state: DRAFT }, as(session, { id: c.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogUnpublish, AUDIT_TARGET.albumCategory, c.id, { state: PUBLISHED }, { state: DRAFT })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogAlbumCategoryDelete() {
      const { account, session } = await member();
      const c = await made<cat.AdminAlbumCategory>(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), session);
      step();
      const answer = await server().call(cat.catalogAlbumCategoryDelete, {}, as(session, { id: c.id }));
      const { id: _id, materialCount: _m, scheduledAt: _t, ...fields } = c;
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.albumCategory, c.id, fields, null)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogAlbumTabSave() {
      const { account, session } = await member();
      tabCounter += 1;
      const tab = await made<cat.AdminAlbumTab>(cat.catalogAlbumTabSave, { name: `审计栏目${tabCounter}` }, session);
      step();
      const answer = await server().call(cat.catalogAlbumTabSave, { id: tab.id, name: `${tab.name}改` }, as(session));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.albumTabRename, AUDIT_TARGET.albumTab, tab.id, { name: tab.name }, { name: `${tab.name}改` })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogAlbumTabOrder() {
      const { account, session } = await member();
      const tabs = (await server().call(cat.catalogAlbumTabs, {}, as(session))).body.data as cat.AdminAlbumTab[];
      const before = tabs.map((x) => x.id);
      const after = [...before].reverse();
      step();
      const answer = await server().call(cat.catalogAlbumTabOrder, { ids: after }, as(session));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.albumTabOrder, AUDIT_TARGET.albumTab, DEMO.id, { order: before }, { order: after })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogAlbumTabDelete() {
      const { account, session } = await member();
      tabCounter += 1;
      const tab = await made<cat.AdminAlbumTab>(cat.catalogAlbumTabSave, { name: `待删栏目${tabCounter}` }, session);
      step();
      const answer = await server().call(cat.catalogAlbumTabDelete, {}, as(session, { id: tab.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.albumTabDelete, AUDIT_TARGET.albumTab, tab.id, { key: tab.key, name: tab.name }, null)],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogMaterialSave() {
      const { account, session } = await member();
      const c = await made<cat.AdminAlbumCategory>(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), session);
      const m = await made<cat.AdminMaterial>(cat.catalogMaterialSave, materialInput(c.id, { name: '审计素材' }), session);
      step();
      const answer = await server().call(cat.catalogMaterialSave, { ...materialInput(c.id, { name: '审计素材改' }), id: m.id }, as(session));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogUpdate, AUDIT_TARGET.material, m.id, { name: '审计素材' }, { name: '审计素材改' })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogMaterialState() {
      const { account, session } = await member();
      const c = await made<cat.AdminAlbumCategory>(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), session);
      const m = await made<cat.AdminMaterial>(cat.catalogMaterialSave, materialInput(c.id), session);
      step();
      const answer = await server().call(cat.catalogMaterialState, { state: PUBLISHED }, as(session, { id: m.id }));
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogPublish, AUDIT_TARGET.material, m.id, { state: DRAFT }, { state: PUBLISHED })],
        secrets: [session.token, session.csrf],
      };
    },
    async catalogMaterialDelete() {
      const { account, session } = await member();
      const c = await made<cat.AdminAlbumCategory>(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), session);
      const m = await made<cat.AdminMaterial>(cat.catalogMaterialSave, materialInput(c.id), session);
      step();
      const answer = await server().call(cat.catalogMaterialDelete, {}, as(session, { id: m.id }));
      const { id: _id, scheduledAt: _t, ...fields } = m;
      return {
        answer,
        expected: [entry(account, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.material, m.id, fields, null)],
        secrets: [session.token, session.csrf],
      };
    },
  };
}
