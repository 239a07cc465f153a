import { beforeEach, describe, expect, test } from 'vitest';
import * as admin from '~/lib/api/contracts/admin-content';
import * as adminContentContract from '~/lib/api/contracts/admin-content';
import { AUDIT_ACTION, STAFF_ROLE, type AuditAction } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';
import { DEMO, HOUR, type Answer, useTestServer } from '../setup/server';
import { asStaff, auditOf, freshRequestId, makeStaff, sessionOf, type TestStaff, type TestStaffSession } from '../setup/staff';
import { callsOf } from '~/lib/api/contract';

const ADMIN_CONTENT_CALLS = callsOf(adminContentContract);

/**
 * The audit entries of every content write call (the other staff calls' are in
 * tests/api/staff-audit.test.ts): who, what, which item, the changed fields before and after, in
 * the same transaction as the change. A long body is recorded by its length and a checksum only.
 */

const server = useTestServer();
/** Each test's own request id: the audit entries it caused are the ones carrying it. */
let requestId = '';
beforeEach(() => {
  requestId = freshRequestId('content-audit');
});

/** The content calls that change something (the reads are GET; the first test checks the two lists agree). */
type WriteCall = Exclude<keyof typeof ADMIN_CONTENT_CALLS, 'adminNewsPage' | 'adminNewsGet' | 'adminNoticePage' | 'adminNoticeGet' | 'adminCategories'>;

interface Outcome {
  answer: Answer;
  action: AuditAction;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

let account: TestStaff;
let session: TestStaffSession;
const as = (params?: Record<string, string>, headers: Record<string, string> = {}) => ({
  ...asStaff(session, DEMO.id, headers),
  ...(params ? { params } : {}),
});
const measured = (params?: Record<string, string>) => {
  server().clock.advance(1000);
  return as(params, { 'X-Request-Id': requestId });
};
const ok = (a: Answer) => {
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data;
};

const newsInput = (over: Partial<admin.NewsInput> = {}): admin.NewsInput => ({
  title: '审计新闻',
  categorizeIds: [],
  contentType: 'ARTICLE',
  content: '<p>x</p>',
  ...over,
});
const draft = async () => ok(await server().call(admin.adminNewsSave, newsInput(), as())) as admin.AdminNews;
const notice = async () => ok(await server().call(admin.adminNoticeSave, { title: '审计公告', content: '<p>x</p>' }, as())) as admin.AdminNotice;
const later = () => Math.floor((server().clock.value + HOUR) / 60_000) * 60_000;

const SCENARIOS: Record<WriteCall, () => Promise<Outcome>> = {
  async adminNewsSave() {
    const item = await draft();
    const answer = await server().call(admin.adminNewsSave, newsInput({ id: item.id, title: '审计新闻（改）' }), measured());
    return {
      answer,
      action: AUDIT_ACTION.newsUpdate,
      targetType: 'news',
      targetId: item.id,
      before: { title: '审计新闻' },
      after: { title: '审计新闻（改）' },
    };
  },
  async adminNewsPublish() {
    const item = await draft();
    const answer = await server().call(admin.adminNewsPublish, {}, measured({ id: item.id }));
    return {
      answer,
      action: AUDIT_ACTION.newsPublish,
      targetType: 'news',
      targetId: item.id,
      before: { state: 'draft' },
      after: { state: 'published', publishAt: server().clock.value },
    };
  },
  async adminNewsSchedule() {
    const item = await draft();
    const at = later();
    const answer = await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(at) }, measured({ id: item.id }));
    return {
      answer,
      action: AUDIT_ACTION.newsSchedule,
      targetType: 'news',
      targetId: item.id,
      before: { state: 'draft' },
      after: { state: 'scheduled', publishAt: at },
    };
  },
  async adminNewsUnpublish() {
    const item = await draft();
    ok(await server().call(admin.adminNewsPublish, {}, as({ id: item.id })));
    const answer = await server().call(admin.adminNewsUnpublish, {}, measured({ id: item.id }));
    return { answer, action: AUDIT_ACTION.newsUnpublish, targetType: 'news', targetId: item.id, before: { state: 'published' }, after: { state: 'withdrawn' } };
  },
  async adminNewsDelete() {
    const item = await draft();
    const answer = await server().call(admin.adminNewsDelete, {}, measured({ id: item.id }));
    return { answer, action: AUDIT_ACTION.newsDelete, targetType: 'news', targetId: item.id, before: { title: '审计新闻', state: 'draft' }, after: null };
  },
  async adminNewsPreview() {
    const item = await draft();
    const answer = await server().call(admin.adminNewsPreview, {}, measured({ id: item.id }));
    return { answer, action: AUDIT_ACTION.newsPreview, targetType: 'news', targetId: item.id, before: null, after: { expiresAt: answer.body.data?.expiresAt } };
  },
  async adminNoticePreview() {
    const item = await notice();
    const answer = await server().call(admin.adminNoticePreview, {}, measured({ id: item.id }));
    return {
      answer,
      action: AUDIT_ACTION.noticePreview,
      targetType: 'notice',
      targetId: item.id,
      before: null,
      after: { expiresAt: answer.body.data?.expiresAt },
    };
  },
  async adminNoticeSave() {
    const answer = await server().call(admin.adminNoticeSave, { title: '新公告', content: '<p>x</p>' }, measured());
    return { answer, action: AUDIT_ACTION.noticeCreate, targetType: 'notice', targetId: answer.body.data?.id, before: null, after: { title: '新公告' } };
  },
  async adminNoticePublish() {
    const item = await notice();
    const answer = await server().call(admin.adminNoticePublish, {}, measured({ id: item.id }));
    return { answer, action: AUDIT_ACTION.noticePublish, targetType: 'notice', targetId: item.id, before: { state: 'draft' }, after: { state: 'published' } };
  },
  async adminNoticeSchedule() {
    const item = await notice();
    const at = later();
    const answer = await server().call(admin.adminNoticeSchedule, { publishAt: formatDateTime(at) }, measured({ id: item.id }));
    return {
      answer,
      action: AUDIT_ACTION.noticeSchedule,
      targetType: 'notice',
      targetId: item.id,
      before: { state: 'draft' },
      after: { state: 'scheduled', publishAt: at },
    };
  },
  async adminNoticeUnpublish() {
    const item = await notice();
    ok(await server().call(admin.adminNoticeSchedule, { publishAt: formatDateTime(later()) }, as({ id: item.id })));
    const answer = await server().call(admin.adminNoticeUnpublish, {}, measured({ id: item.id }));
    return { answer, action: AUDIT_ACTION.noticeUnpublish, targetType: 'notice', targetId: item.id, before: { state: 'scheduled' }, after: { state: 'draft' } };
  },
  async adminNoticeDelete() {
    const item = await notice();
    const answer = await server().call(admin.adminNoticeDelete, {}, measured({ id: item.id }));
    return { answer, action: AUDIT_ACTION.noticeDelete, targetType: 'notice', targetId: item.id, before: { title: '审计公告' }, after: null };
  },
  async adminCategorySave() {
    const cat = ok(await server().call(admin.adminCategorySave, { name: `审计分类${server().clock.value % 100000}` }, as()));
    const answer = await server().call(admin.adminCategorySave, { id: cat.id, name: `改名${server().clock.value % 100000}` }, measured());
    return {
      answer,
      action: AUDIT_ACTION.categoryRename,
      targetType: 'newsCategory',
      targetId: cat.id,
      before: { name: cat.name },
      after: { name: answer.body.data?.name },
    };
  },
  async adminCategoryOrder() {
    ok(await server().call(admin.adminCategorySave, { name: `排序分类${server().clock.value % 100000}` }, as()));
    const ids = (ok(await server().call(admin.adminCategories, {}, as())) as admin.AdminCategory[]).map((c) => c.id).reverse();
    const answer = await server().call(admin.adminCategoryOrder, { ids }, measured());
    return {
      answer,
      action: AUDIT_ACTION.categoryOrder,
      targetType: 'newsCategory',
      targetId: DEMO.id,
      before: { order: [...ids].reverse() },
      after: { order: ids },
    };
  },
  async adminCategoryDelete() {
    const cat = ok(await server().call(admin.adminCategorySave, { name: `删除分类${server().clock.value % 100000}` }, as()));
    const answer = await server().call(admin.adminCategoryDelete, {}, measured({ id: cat.id }));
    return { answer, action: AUDIT_ACTION.categoryDelete, targetType: 'newsCategory', targetId: cat.id, before: { name: cat.name }, after: null };
  },
};

describe('every content write writes its audit entry', () => {
  test('every content write call has a scenario here', () => {
    const writes = (Object.keys(ADMIN_CONTENT_CALLS) as (keyof typeof ADMIN_CONTENT_CALLS)[]).filter((n) => ADMIN_CONTENT_CALLS[n].method !== 'GET').sort();
    expect(Object.keys(SCENARIOS).sort()).toEqual(writes);
  });

  test.each(Object.keys(SCENARIOS) as WriteCall[])('%s', async (name) => {
    server().clock.advance(60_000);
    account = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    session = await sessionOf(server(), account);
    const o = await SCENARIOS[name]();
    expect(o.answer.body.code, JSON.stringify(o.answer.body)).toBe(0);
    const rows = (await auditOf(server(), DEMO.id, { requestId })).filter((r) => r.createdAt === server().clock.value);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ action: o.action, actorId: account.id, actorName: account.name, targetType: o.targetType, targetId: o.targetId });
    if (o.before === null) expect(row.beforeJson).toBeNull();
    else expect(JSON.parse(row.beforeJson!)).toMatchObject(o.before);
    if (o.after === null) expect(row.afterJson).toBeNull();
    else expect(JSON.parse(row.afterJson!)).toMatchObject(o.after);
  });

  test('a new item is audited as created; a long body is recorded by length and checksum, never copied', async () => {
    account = await makeStaff(server(), DEMO.id, STAFF_ROLE.admin);
    session = await sessionOf(server(), account);
    const item = await draft();
    const body = `<p>${'长正文'.repeat(500)}</p>`;
    ok(await server().call(admin.adminNewsSave, newsInput({ id: item.id, content: body }), measured()));
    const rows = await auditOf(server(), DEMO.id, { targetId: item.id });
    expect(rows.map((r) => r.action)).toEqual([AUDIT_ACTION.newsCreate, AUDIT_ACTION.newsUpdate]);
    expect(rows[1]!.afterJson).not.toContain('长正文');
    expect(JSON.parse(rows[1]!.afterJson!).content).toMatch(/^\d+ chars #[0-9a-f]+$/);
  });
});
