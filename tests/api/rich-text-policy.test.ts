import { beforeAll, describe, expect, test } from 'vitest';
import * as adminContent from '~/lib/api/contracts/admin-content';
import * as adminCatalog from '~/lib/api/contracts/admin-catalog';
import * as adminSchool from '~/lib/api/contracts/admin-school';
import * as bank from '~/lib/api/contracts/admin-bank';
import * as content from '~/lib/api/contracts/content';
import * as products from '~/lib/api/contracts/products';
import * as school from '~/lib/api/contracts/school';
import * as media from '~/lib/api/contracts/media';
import { upload, type UploadedFile } from '~/lib/api/contracts/staff';
import { STAFF_ROLE, type StaffRole } from '~/lib/staff/roles';
import { findNews } from '~/server/content/content.service';
import { findProductDetailHtml } from '~/server/products/products.service';
import { getAgreementHtml } from '~/server/tenant/tenant.service';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { PNG_1PX, uploadForm } from '../setup/files';
import { testScope } from '../setup/scope';

/**
 * Rich text keeps only what the staff editor writes (decision 049), whoever stored it and when:
 * an item saved through the staff API with a link made to cover the page, styles, classes, pictures
 * from elsewhere and data: pictures is read back from the public calls (and the function the public
 * page renders from) and the staff calls as plain editor HTML, the school's uploaded picture kept;
 * rows stored before today's rules (written straight into the database) read back the same way.
 */

const server = useTestServer();
const sessions = {} as Record<'editor' | 'admin' | 'teacher', TestStaffSession>;
let picture: string;

beforeAll(async () => {
  for (const [name, role] of [
    ['editor', STAFF_ROLE.editor],
    ['admin', STAFF_ROLE.admin],
    ['teacher', STAFF_ROLE.teacher],
  ] as [keyof typeof sessions, StaffRole][]) {
    sessions[name] = await sessionOf(server(), await makeStaff(server(), DEMO.id, role));
  }
  const uploaded = await server().call(upload, uploadForm(PNG_1PX), asStaff(sessions.editor, DEMO.id));
  picture = ok<UploadedFile>(uploaded).url;
  expect(picture).toMatch(new RegExp(`^/files/${DEMO.id}/\\d{6}/[\\w-]+\\.png$`));
});

function ok<T = any>(a: Answer): T {
  expect(a.body?.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data as T;
}
const as = (who: keyof typeof sessions, params?: Record<string, string>) => ({ ...asStaff(sessions[who], DEMO.id), ...(params ? { params } : {}) });

const pageScope = () => testScope(server().runtime, 'rich-text-test', DEMO.id);

/** What an editor (or a teacher) might save: every way to cover the page or load from elsewhere, and the school's own picture. */
const hostile = () =>
  '<h2 style="text-align:center" class="sr-only">标题</h2>' +
  '<p class="fixed inset-0 z-50" style="position:fixed;inset:0;z-index:50;background:url(https://evil.example/bg.png)">' +
  '正文<strong style="color:red">加粗</strong></p>' +
  '<p><a href="https://evil.example/login" class="fixed inset-0 z-50 block" style="position:fixed;top:0;left:0;width:100vw;height:100vh">点击领取</a></p>' +
  '<img src="https://evil.example/track.png" alt="外部"><img src="http://evil.example/t.gif" alt="外部2"><img src="//evil.example/t.gif" alt="协议相对">' +
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="内嵌"><img src="/files/' +
  HUAXIA.id +
  '/202611/1.png" alt="他校">' +
  `<img src="${picture}" alt="本校" class="fixed inset-0 w-screen h-screen" style="position:fixed;inset:0">` +
  '<p><a href="javascript:alert(1)">坏链接</a></p><div style="position:absolute;top:0" id="portal-config">块</div>';

/** The HTML as the editor would write it: the covering link a plain link, only the school's picture, no class or style. */
function expectSafe(html: string): void {
  expect(html).not.toMatch(/\sclass=|\sstyle=|\sid=/i);
  expect(html).not.toMatch(/evil\.example\/(?:track|t\.gif|bg)|data:|javascript:/i);
  expect(html).not.toContain(`/files/${HUAXIA.id}/`);
  expect(html).toContain('<h2>标题</h2>');
  expect(html).toContain('<p>正文<strong>加粗</strong></p>');
  expect(html).toContain('<a href="https://evil.example/login">点击领取</a>');
  expect(html).toContain(`<img src="${picture}" alt="本校" loading="lazy" />`);
  expect(html.match(/<img /g)).toHaveLength(1);
  expect(html).toContain('<p>块</p>');
}

describe('saved through the staff editor’s call', () => {
  test('a news item, stored, published, read back by the public page, the public call and the staff screen: no class, style or outside picture', async () => {
    const saved = ok<adminContent.AdminNews>(
      await server().call(adminContent.adminNewsSave, { title: '富文本安全', categorizeIds: [], contentType: 'ARTICLE', content: hostile() }, as('editor')),
    );
    expectSafe(saved.content);
    const row = await server().runtime.db.selectFrom('news').select('content').where('id', '=', saved.id).executeTakeFirstOrThrow();
    expectSafe(row.content);
    ok(await server().call(adminContent.adminNewsPublish, {}, as('editor', { id: saved.id })));
    expectSafe(ok(await server().call(content.newsDetail, { id: saved.id }, { tenant: DEMO.id })).content);
    // What /news-information/detail renders (and its preview, which renders the same detail).
    expectSafe((await findNews(pageScope(), saved.id))!.content);
    expectSafe(ok<adminContent.AdminNews>(await server().call(adminContent.adminNewsGet, {}, as('editor', { id: saved.id }))).content);
  });

  test('a notice and a bank question’s explanation: the same', async () => {
    const notice = ok<adminContent.AdminNotice>(await server().call(adminContent.adminNoticeSave, { title: '富文本公告', content: hostile() }, as('editor')));
    expectSafe(notice.content);
    const question = ok<bank.AdminQuestion>(
      await server().call(
        bank.bankQuestionSave,
        { questionType: 6, trunk: '<p>简述安全用电的原则。</p>', explanation: hostile(), reference: '参考', examPoint: 5 } as bank.QuestionInput,
        as('teacher'),
      ),
    );
    expectSafe(question.explanation!);
  });
});

describe('stored before these rules (written straight into the database)', () => {
  test('news and notices: the public calls, the public page and the staff screens show them clean', async () => {
    const db = server().runtime.db;
    const news = ok(await server().call(content.newsPage, { size: 1 } as never, { tenant: DEMO.id })).records[0];
    await db.updateTable('news').set({ content: hostile() }).where('id', '=', news.id).execute();
    expectSafe(ok(await server().call(content.newsDetail, { id: news.id }, { tenant: DEMO.id })).content);
    expectSafe((await findNews(pageScope(), news.id))!.content);
    expectSafe(ok<adminContent.AdminNews>(await server().call(adminContent.adminNewsGet, {}, as('editor', { id: news.id }))).content);

    const notice = ok(await server().call(content.noticePage, { size: 1 } as never, { tenant: DEMO.id })).records[0];
    await db.updateTable('notices').set({ content: hostile() }).where('id', '=', notice.id).execute();
    expectSafe(ok(await server().call(content.noticeDetail, {} as never, { tenant: DEMO.id, params: { id: notice.id } })).content);
    expectSafe(ok<adminContent.AdminNotice>(await server().call(adminContent.adminNoticeGet, {}, as('editor', { id: notice.id }))).content);
  });

  test('/school-info blocks and the agreements: public and staff', async () => {
    const db = server().runtime.db;
    const blocks = ok<{ id: string; content: string }[]>(await server().call(school.informationQuery, { informationType: 0 }, { tenant: DEMO.id }));
    expect(blocks.length).toBeGreaterThan(0);
    await db.updateTable('universityInformation').set({ content: hostile() }).where('id', '=', blocks[0]!.id).execute();
    const shown = ok<{ id: string; content: string }[]>(await server().call(school.informationQuery, { informationType: 0 }, { tenant: DEMO.id }));
    expectSafe(shown.find((b) => b.id === blocks[0]!.id)!.content);
    const staffBlock = ok<adminSchool.ProjectBlockAdmin[]>(await server().call(adminSchool.adminProjectBlocks, {}, as('admin'))).find(
      (b) => b.id === blocks[0]!.id,
    );
    expect(staffBlock).toBeDefined();
    expectSafe(staffBlock!.content);

    await db.updateTable('schools').set({ privacyAgreement: hostile() }).where('tenantId', '=', DEMO.id).execute();
    expectSafe((await getAgreementHtml(pageScope(), 'privacy'))!);
    const agreements = ok<adminSchool.AgreementText[]>(await server().call(adminSchool.agreements, {}, as('admin')));
    expectSafe(agreements.find((a) => a.kind === 'privacy')!.html!);
  });

  test('a product’s detail, a common question’s answer and a feed item: public and staff', async () => {
    const db = server().runtime.db;
    const product = ok(await server().call(products.productPage, { size: 1 } as never, { tenant: DEMO.id })).records[0];
    await db.updateTable('products').set({ detail: hostile() }).where('id', '=', product.id).execute();
    expectSafe(await findProductDetailHtml(pageScope(), product.id));
    const staffProducts = ok(await server().call(adminCatalog.catalogProducts, { size: 100 } as never, as('admin'))).records as adminCatalog.AdminProduct[];
    expectSafe(staffProducts.find((p) => p.id === product.id)!.detail);

    const question = ok(await server().call(products.commonQuestionPage, { size: 1 } as never, { tenant: DEMO.id })).records[0];
    await db.updateTable('commonQuestions').set({ answer: hostile() }).where('id', '=', question.id).execute();
    const shown = ok(await server().call(products.commonQuestionPage, { size: 100 } as never, { tenant: DEMO.id })).records as { id: string; answer: string }[];
    expectSafe(shown.find((q) => q.id === question.id)!.answer);
    const staffQuestions = ok(await server().call(adminCatalog.catalogQuestions, { size: 100 } as never, as('admin'))).records as adminCatalog.AdminQuestion[];
    expectSafe(staffQuestions.find((q) => q.id === question.id)!.answer);

    const item = ok(await server().call(media.feedPage, { size: 1, model: { type: 'PEOPLE_SAY' } } as never, { tenant: DEMO.id })).records[0];
    await db.updateTable('contentOperations').set({ content: hostile() }).where('id', '=', item.id).execute();
    expectSafe(ok(await server().call(media.feedItem, {} as never, { tenant: DEMO.id, params: { id: item.id } })).content);
  });

  test('a bank question: the staff screen reads it clean', async () => {
    const db = server().runtime.db;
    const saved = ok<bank.AdminQuestion>(
      await server().call(
        bank.bankQuestionSave,
        { questionType: 6, trunk: '<p>旧题</p>', explanation: '<p>旧解析</p>', reference: '参考', examPoint: 5 } as bank.QuestionInput,
        as('teacher'),
      ),
    );
    await db.updateTable('bankQuestions').set({ trunk: hostile(), explanation: hostile() }).where('id', '=', saved.id).execute();
    const read = ok<bank.AdminQuestion>(await server().call(bank.bankQuestionGet, {}, as('teacher', { id: saved.id })));
    expectSafe(read.trunk);
    expectSafe(read.explanation!);
  });
});
