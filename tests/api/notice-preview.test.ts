import { beforeAll, describe, expect, test } from 'vitest';
import * as admin from '~/lib/api/contracts/admin-content';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { makePreviewTicket, readPreviewTicket } from '~/server/content/preview.rules';
import { signToken } from '~/server/signed-token';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaff } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { testScope } from '../setup/scope';

/**
 * The notice editor's 预览: the staff call mints the school's signed, expiring ticket for a notice
 * in any state, and the public notice preview (the service the page renders) opens exactly that
 * notice of that school: a forged, expired, news or other school's ticket is refused with its reason.
 */

const server = useTestServer();
let editor: TestStaff;
let foreign: TestStaff;

beforeAll(async () => {
  editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
  foreign = await makeStaff(server(), HUAXIA.id, STAFF_ROLE.admin);
});

const ok = (a: Answer) => {
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data;
};
const secret = () => server().runtime.config.PREVIEW_SECRET!;

async function draftNotice(tenant: string = DEMO.id, who: TestStaff = editor): Promise<admin.AdminNotice> {
  const session = await sessionOf(server(), who);
  const input = { title: '预览公告', content: '<p>公告正文<strong>加粗</strong><img src="x" onerror="alert(1)"></p>' };
  return ok(await server().call(admin.adminNoticeSave, input, asStaff(session, tenant)));
}

async function mint(id: string, who: TestStaff = editor, tenant: string = DEMO.id): Promise<Answer> {
  return server().call(admin.adminNoticePreview, {}, { ...asStaff(await sessionOf(server(), who), tenant), params: { id } });
}

/** The public notice preview of a host's school, as /notice/preview renders it. */
async function openPreview(ticket: string | null, tenantId: string = DEMO.id) {
  const { previewNotice } = await import('~/server/content/content.service');
  const scope = testScope(server().runtime, 'notice-preview-test', tenantId);
  return previewNotice(scope, ticket);
}

const ticketOf = (url: string) => decodeURIComponent(url.split('ticket=')[1]!);

describe('the notice preview link', () => {
  test('mints a notice ticket of the school, opened at /notice/preview, showing the draft sanitised', async () => {
    const notice = await draftNotice();
    const link: admin.PreviewLink = ok(await mint(notice.id));
    expect(link.url).toMatch(/^\/notice\/preview\?ticket=/);
    const read = readPreviewTicket(ticketOf(link.url), secret(), Math.floor(server().clock.value / 1000));
    expect(read).toMatchObject({ state: 'valid', payload: { tenantId: DEMO.id, id: notice.id, kind: 'notice' } });
    expect(link.expiresAt).toBe(read.state === 'valid' ? read.payload.exp * 1000 : 0);

    const shown = await openPreview(ticketOf(link.url));
    expect(shown.state).toBe('ok');
    if (shown.state !== 'ok') return;
    expect(shown.notice.title).toBe('预览公告');
    expect(shown.notice.content).toContain('<strong>加粗</strong>');
    expect(shown.notice.content).not.toMatch(/onerror|alert/);
  });

  test("another school's notice is not found, and its staff cannot mint ours", async () => {
    const ours = await draftNotice();
    const answer = await mint(ours.id, foreign, HUAXIA.id);
    expectRefused(answer, ErrorCode.NOT_FOUND, t('adminContent.noticeNotFound'));
    const missing = await mint('0000000000000000');
    expect(missing.body.message).toBe('公告不存在或已被删除');
  });

  test('an expired, forged, news or other school ticket is refused with its reason', async () => {
    const notice = await draftNotice();
    const now = server().clock.value;
    const expired = makePreviewTicket(secret(), { tenantId: DEMO.id, id: notice.id, kind: 'notice', nowMs: now - 20 * 60_000, lifetimeS: 600 });
    expect((await openPreview(expired)).state).toBe('expired');

    const good = makePreviewTicket(secret(), { tenantId: DEMO.id, id: notice.id, kind: 'notice', nowMs: now });
    const iat = Math.floor(now / 1000);
    const claims = Buffer.from(JSON.stringify({ tenantId: DEMO.id, kind: 'notice', id: notice.id, iat, exp: iat + 3000 })).toString('base64url');
    const forged = `${claims}.${good.split('.')[1]}`;
    const otherSecret = signToken({ tenantId: DEMO.id, kind: 'notice', id: notice.id, iat, exp: iat + 60 }, 'not-the-preview-secret-0123456789abcdef');
    // A news ticket naming the notice's id never opens the notice.
    const newsKind = makePreviewTicket(secret(), { tenantId: DEMO.id, id: notice.id, kind: 'news', nowMs: now });
    for (const ticket of [forged, otherSecret, newsKind, 'garbage', null]) expect((await openPreview(ticket)).state).toBe('invalid');

    // Our ticket on the other school's site, and the other school's ticket on ours.
    expect((await openPreview(good, HUAXIA.id)).state).toBe('other-school');
    const theirs = await draftNotice(HUAXIA.id, foreign);
    const theirTicket = ticketOf((ok(await mint(theirs.id, foreign, HUAXIA.id)) as admin.PreviewLink).url);
    expect((await openPreview(theirTicket)).state).toBe('other-school');
    expect((await openPreview(theirTicket, HUAXIA.id)).state).toBe('ok');
  });

  test('a notice ticket never opens a news item with that id', async () => {
    const { previewNews } = await import('~/server/content/content.service');
    const news = ok(
      await server().call(
        admin.adminNewsSave,
        { title: '新闻', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' },
        asStaff(await sessionOf(server(), editor), DEMO.id),
      ),
    ) as admin.AdminNews;
    const scope = testScope(server().runtime, 'notice-preview-test', DEMO.id);
    const noticeKind = makePreviewTicket(secret(), { tenantId: DEMO.id, id: news.id, kind: 'notice', nowMs: server().clock.value });
    expect((await previewNews(scope, noticeKind)).state).toBe('invalid');
    expect((await openPreview(noticeKind)).state).toBe('missing');
  });
});
