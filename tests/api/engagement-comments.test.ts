import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DATE_TIME, PATH, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, NOW, startTestServer, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { DEMO_ENGAGEMENT, type SeedComment } from '~/dev/seed/engagement-data';
import { resetDemo } from '~/dev/seed';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { COMMENT_MAX_LENGTH } from '~/server/engagement/engagement.rules';

/** Comments: list by object, save, reply, remove (own only), getReply, thread replies. */
const server = useTestServer();

/** Album material ids by name, as a visitor finds them. */
async function materialIds(tenant: string): Promise<Map<string, string>> {
  const list = expectOk<any[]>(await server().get(PATH.albumMaterials, { open: 1 }, { tenant }));
  return new Map(list.map((m) => [m.name, m.id]));
}

async function feedIds(type: 'PEOPLE_SAY' | 'MICRO_CLASSROOM', tenant = DEMO.id): Promise<Map<string, string>> {
  const page = expectOk(await server().post(PATH.feedPage, { size: 50, model: { type } }, { tenant }));
  return new Map(page.records.map((r: any) => [r.title, r.id]));
}

const objectPage = (objectId: string, type = 'UNIVERSITY_PIC', extra: Record<string, unknown> = {}, options?: any) =>
  server().post(PATH.commentPage, { model: { commentObjectId: objectId, commentObjectType: type }, ...extra }, options);

const save = (user: TestUser, objectId: string, content: unknown, type = 'UNIVERSITY_PIC', tenant?: string) =>
  server().post(PATH.saveComment, { commentObjectId: objectId, commentObjectType: type, commentContent: content }, { tenant, headers: { Token: user.token } });

const reply = (user: TestUser, parent: string, content: unknown) =>
  server().post(PATH.replyComment, { commentParent: parent, commentContent: content }, withToken(user.token));

const remove = (user: TestUser | null, id: string, tenant?: string) =>
  server().get(PATH.removeComment, { id }, { tenant, headers: user ? { Token: user.token } : {} });

const thread = (topId: string, options?: any, extra: Record<string, unknown> = {}) =>
  server().post(PATH.threadPage, { model: { commentTopId: topId, ...extra } }, options);

async function rowExists(id: string) {
  return !!(await server().runtime.db.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst());
}

let materials: Map<string, string>;
let huaxiaMaterials: Map<string, string>;
let alice: TestUser;
let bob: TestUser;
let huaxiaUser: TestUser;

beforeAll(async () => {
  materials = await materialIds(DEMO.id);
  huaxiaMaterials = await materialIds(HUAXIA.id);
});

// Each test's own users: their comment limits' windows start empty (tests/api/engagement-limits.test.ts tests them).
beforeEach(async () => {
  alice = await loginAs(server(), DEMO.id);
  bob = await loginAs(server(), DEMO.id);
  huaxiaUser = await loginAs(server(), HUAXIA.id);
});

describe('appPageByObjectId (seeded comments)', () => {
  test('top comments of a material, newest first, with childrenCount, VEST role and all fields', async () => {
    const answer = await objectPage(materials.get('图书馆阅览室')!);
    const page = expectOk(answer);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expectPage(page, { current: 1, size: 10, total: 2 });
    expect(page.records.map((c: any) => c.commentContent)).toEqual(['有没有一起备考人工智能训练师的同学？', '图书馆很安静，周末来复习效率很高。']);
    const [vest, user] = page.records;
    expect(vest).toMatchObject({ commentAuthorRole: 'VEST', commentAuthor: null, commentAuthorName: '备考中的小王', childrenCount: 0, mine: false });
    expect(user).toMatchObject({
      commentAuthorRole: 'USER',
      commentAuthor: expect.stringMatching(/^\d+$/),
      commentAuthorName: '晓雯同学',
      commentObjectId: materials.get('图书馆阅览室'),
      commentObjectType: 'UNIVERSITY_PIC',
      commentParent: null,
      commentParentAuthorName: null,
      commentReply: null,
      commentTopId: null,
      childrenCount: 4,
      mine: false,
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        'childrenCount',
        'commentAuthor',
        'commentAuthorName',
        'commentAuthorPic',
        'commentAuthorRole',
        'commentContent',
        'commentObjectId',
        'commentObjectType',
        'commentParent',
        'commentParentAuthorName',
        'commentReply',
        'commentTopId',
        'createdTime',
        'createdTimestamp',
        'id',
        'mine',
      ].sort(),
    );
    for (const c of page.records) expect(c.createdTime).toMatch(DATE_TIME);
    expect(vest.commentAuthorPic).toMatch(/^\/images\/engagement\/avatar-\d\.svg$/);
  });

  test('a material with only VEST comments', async () => {
    const page = expectOk(await objectPage(materials.get('学院正门')!));
    expect(page.total).toBe(2);
    expect(page.records.every((c: any) => c.commentAuthorRole === 'VEST')).toBe(true);
  });

  test('ascending order and paging work; album size 9999 is allowed, 10000 is not', async () => {
    const asc = expectOk(await objectPage(materials.get('图书馆阅览室')!, 'UNIVERSITY_PIC', { order: 'ascending' }));
    expect(asc.records[0].commentContent).toBe('图书馆很安静，周末来复习效率很高。');
    const second = expectOk(await objectPage(materials.get('图书馆阅览室')!, 'UNIVERSITY_PIC', { current: 2, size: 1 }));
    expectPage(second, { current: 2, size: 1, total: 2 });
    expect(second.records[0].commentContent).toBe('图书馆很安静，周末来复习效率很高。');
    expectPage(expectOk(await objectPage(materials.get('图书馆阅览室')!, 'UNIVERSITY_PIC', { size: 9999 })), { size: 9999, total: 2 });
    expectRefused(
      await objectPage(materials.get('图书馆阅览室')!, 'UNIVERSITY_PIC', { size: 10000 }),
      ErrorCode.BAD_REQUEST,
      invalidField('size', '数值过大：期望 number <=9999'),
    );
  });

  test('the seeded user sees `mine` on their own comments only', async () => {
    const seededB = await loginAs(server(), DEMO.id, '13770010002');
    const page = expectOk(await thread((await topOfLibrary()).id, withToken(seededB.token)));
    const mine = page.records.filter((c: any) => c.mine);
    expect(mine.map((c: any) => c.commentContent).sort()).toEqual(['同感，二楼靠窗的位置最好。', '请问进馆需要带学员证吗？'].sort());
    for (const c of mine) expect(c.commentAuthor).toBe(seededB.userId);
  });

  test('comments of a feed item are listed by its type', async () => {
    const feeds = await feedIds('PEOPLE_SAY');
    const page = expectOk(await objectPage(feeds.get('宝妈转型保育师，我用了三个月')!, 'PEOPLE_SAY'));
    expect(page.records.map((c: any) => c.commentContent)).toEqual(['太励志了，我也准备报名保育师。']);
  });

  test('unknown objects, objects of another type or school, and ORDER are refused', async () => {
    expectRefused(await objectPage('1234567890'), ErrorCode.NOT_FOUND, t('engagement.objectNotFound'));
    const feeds = await feedIds('PEOPLE_SAY');
    expectRefused(await objectPage(feeds.get('宝妈转型保育师，我用了三个月')!, 'MICRO_CLASSROOM'), ErrorCode.NOT_FOUND, t('engagement.objectNotFound'));
    expectRefused(await objectPage(feeds.get('宝妈转型保育师，我用了三个月')!, 'UNIVERSITY_PIC'), ErrorCode.NOT_FOUND, t('engagement.objectNotFound'));
    expectRefused(await objectPage(materials.get('学院正门')!, 'ORDER'), ErrorCode.NOT_FOUND, t('engagement.objectNotFound'));
    const foreign = await objectPage(huaxiaMaterials.get('华夏基地全景')!, 'UNIVERSITY_PIC', {}, { tenant: DEMO.id });
    expectRefused(foreign, ErrorCode.NOT_FOUND, t('engagement.objectNotFound'));
    expect(foreign.text).not.toContain('华夏');
    const own = expectOk(await objectPage(huaxiaMaterials.get('华夏基地全景')!, 'UNIVERSITY_PIC', {}, { tenant: HUAXIA.id }));
    expect(own.records.map((c: any) => c.commentContent)).toEqual(['华夏基地的场地真开阔。']);
  });

  test.each([
    ['no model', {}, invalidField('model.commentObjectId', '无效输入：期望 string，实际接收 undefined')],
    ['no object id', { model: { commentObjectType: 'UNIVERSITY_PIC' } }, invalidField('model.commentObjectId', '无效输入：期望 string，实际接收 undefined')],
    ['no object type', { model: { commentObjectId: '123' } }, invalidField('model.commentObjectType', t('engagement.badType'))],
    [
      'an unknown object type',
      { model: { commentObjectId: '123', commentObjectType: 'PRODUCT' } },
      invalidField('model.commentObjectType', t('engagement.badType')),
    ],
    [
      'a malformed object id',
      { model: { commentObjectId: "1' or 1=1", commentObjectType: 'UNIVERSITY_PIC' } },
      invalidField('model.commentObjectId', t('validation.badFormat')),
    ],
    ['size 0', { size: 0, model: { commentObjectId: '123', commentObjectType: 'UNIVERSITY_PIC' } }, invalidField('size', '数值过小：期望 number >=1')],
    [
      'an unknown sort',
      { sort: 'likes', model: { commentObjectId: '123', commentObjectType: 'UNIVERSITY_PIC' } },
      invalidField('sort', '无效输入：期望 "createdTime"'),
    ],
    ['malformed JSON', '{"model"', t('validation.badJson')],
  ])('%s is refused', async (_name, body, message) => {
    expectRefused(await server().post(PATH.commentPage, body), ErrorCode.BAD_REQUEST, message);
  });
});

async function topOfLibrary() {
  const page = expectOk(await objectPage(materials.get('图书馆阅览室')!));
  return page.records.find((c: any) => c.commentContent === '图书馆很安静，周末来复习效率很高。');
}

describe('userCommentsPage (replies of a thread)', () => {
  test('the replies of a seeded thread, oldest first, size 999 by default', async () => {
    const top = await topOfLibrary();
    const page = expectOk(await thread(top.id, undefined, { commentObjectId: top.commentObjectId }));
    expectPage(page, { current: 1, size: 999, total: 4 });
    expect(page.records.map((c: any) => c.commentContent)).toEqual([
      '感谢认可！图书馆周末开放时间为 8:30—21:00。',
      '同感，二楼靠窗的位置最好。',
      '请问进馆需要带学员证吗？',
      '需要刷学员证或出示学习平台里的电子学员码哦。',
    ]);
    for (const r of page.records) expect(r.commentTopId).toBe(top.id);
    const [assistant, same, question, answer] = page.records;
    expect(assistant).toMatchObject({
      commentParent: top.id,
      commentParentAuthorName: '晓雯同学',
      commentReply: top.commentContent,
      commentAuthorRole: 'VEST',
      childrenCount: 1,
    });
    expect(question).toMatchObject({
      commentParent: assistant.id,
      commentParentAuthorName: '学院小助手',
      commentReply: assistant.commentContent,
      childrenCount: 1,
    });
    expect(answer).toMatchObject({ commentParent: question.id, commentParentAuthorName: '南京小陈', childrenCount: 0 });
    expect(same).toMatchObject({ commentParent: top.id, childrenCount: 0 });
  });

  test('size up to 9999 is allowed; descending order too', async () => {
    const top = await topOfLibrary();
    expectPage(expectOk(await server().post(PATH.threadPage, { size: 9999, model: { commentTopId: top.id } })), { size: 9999 });
    expectRefused(
      await server().post(PATH.threadPage, { size: 10000, model: { commentTopId: top.id } }),
      ErrorCode.BAD_REQUEST,
      invalidField('size', '数值过大：期望 number <=9999'),
    );
    const desc = expectOk(await server().post(PATH.threadPage, { order: 'descending', model: { commentTopId: top.id } }));
    expect(desc.records[0].commentContent).toBe('需要刷学员证或出示学习平台里的电子学员码哦。');
  });

  test('a reply id, an object that is not the thread’s, an unknown or another school’s id are refused', async () => {
    const top = await topOfLibrary();
    const replies = expectOk(await thread(top.id)).records;
    expectRefused(await thread(replies[0].id), ErrorCode.BAD_REQUEST, t('engagement.threadMismatch'));
    expectRefused(await thread(top.id, undefined, { commentObjectId: materials.get('学院正门') }), ErrorCode.BAD_REQUEST, t('engagement.threadMismatch'));
    expectRefused(await thread('1234567890'), ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
    const huaxiaTop = expectOk(await objectPage(huaxiaMaterials.get('华夏基地全景')!, 'UNIVERSITY_PIC', {}, { tenant: HUAXIA.id })).records[0];
    const foreign = await thread(huaxiaTop.id, { tenant: DEMO.id });
    expectRefused(foreign, ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
    expect(foreign.text).not.toContain('华夏');
  });

  test('bad bodies are refused', async () => {
    expectRefused(
      await server().post(PATH.threadPage, {}),
      ErrorCode.BAD_REQUEST,
      invalidField('model.commentTopId', '无效输入：期望 string，实际接收 undefined'),
    );
    expectRefused(
      await server().post(PATH.threadPage, { model: { commentTopId: '' } }),
      ErrorCode.BAD_REQUEST,
      invalidField('model.commentTopId', t('validation.badFormat')),
    );
    expectRefused(
      await server().post(PATH.threadPage, { model: { commentTopId: 'a b' } }),
      ErrorCode.BAD_REQUEST,
      invalidField('model.commentTopId', t('validation.badFormat')),
    );
    expectRefused(await server().post(PATH.threadPage, 'null'), ErrorCode.BAD_REQUEST, '无效输入：期望 object，实际接收 空值(null)');
  });
});

describe('saveComment', () => {
  test('not logged in (or a bad token) is 40001, and nothing is stored', async () => {
    const id = materials.get('校园林荫道')!;
    const body = { commentObjectId: id, commentObjectType: 'UNIVERSITY_PIC', commentContent: '游客想评论' };
    expectRefused(await server().post(PATH.saveComment, body), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expectRefused(await server().post(PATH.saveComment, body, withToken('not-a-token')), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expect(expectOk(await objectPage(id)).total).toBe(0);
  });

  test('a token of another school is 40009', async () => {
    const id = materials.get('校园林荫道')!;
    expectRefused(await save(huaxiaUser, id, '串校评论'), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
  });

  test('a logged-in user comments: role USER, own name, mine, listed first', async () => {
    const id = materials.get('计算机机房')!;
    const answer = await save(alice, id, '  机房设备很新，考试很顺利。  ');
    const saved = expectOk(answer);
    expect(answer.body.message).toBe('操作成功');
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      commentAuthor: alice.userId,
      commentAuthorName: `学员${alice.mobile.slice(-4)}`,
      commentAuthorRole: 'USER',
      commentContent: '机房设备很新，考试很顺利。',
      commentObjectId: id,
      commentObjectType: 'UNIVERSITY_PIC',
      commentParent: null,
      commentTopId: null,
      childrenCount: 0,
      mine: true,
    });
    expect(saved.createdTime).toMatch(DATE_TIME);
    server().clock.advance(1000);
    const page = expectOk(await objectPage(id, 'UNIVERSITY_PIC', {}, withToken(alice.token)));
    expect(page.records[0]).toMatchObject({ id: saved.id, mine: true });
    const asBob = expectOk(await objectPage(id, 'UNIVERSITY_PIC', {}, withToken(bob.token)));
    expect(asBob.records[0]).toMatchObject({ id: saved.id, mine: false });
    const asVisitor = expectOk(await objectPage(id));
    expect(asVisitor.records[0]).toMatchObject({ id: saved.id, mine: false });
  });

  test('text is stored as plain text, exactly as written (the UI escapes it)', async () => {
    const id = materials.get('健康管理实训室')!;
    const text = '<b>加粗</b><script>alert(1)</script> & "引号"\n第二行';
    const saved = expectOk(await save(alice, id, text));
    expect(saved.commentContent).toBe(text);
    const page = expectOk(await objectPage(id));
    expect(page.records.find((c: any) => c.id === saved.id).commentContent).toBe(text);
  });

  test.each([
    ['empty', ''],
    ['blank', '   \n\t  '],
    ['missing', undefined],
    ['null', null],
    ['only control characters', '\u0000\u0007'],
  ])('%s content is refused with 请输入内容', async (_name, content) => {
    const answer = await save(alice, materials.get('计算机机房')!, content);
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('engagement.contentRequired'));
  });

  test('500 characters are accepted, 501 are refused', async () => {
    const id = materials.get('健康管理实训室')!;
    expectOk(await save(alice, id, '好'.repeat(500)));
    const answer = await save(alice, id, '好'.repeat(501));
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('engagement.contentTooLong', { max: COMMENT_MAX_LENGTH }));
    expectRefused(await save(alice, id, 'x'.repeat(30_000)), ErrorCode.BAD_REQUEST, invalidField('commentContent', '数值过大：期望 string <=20000 字符'));
  });

  test('NUL and other control characters are removed (PostgreSQL text refuses NUL)', async () => {
    const saved = expectOk(await save(alice, materials.get('健康管理实训室')!, '前\u0000后\u0007'));
    expect(saved.commentContent).toBe('前后');
  });

  test('comments on a feed item and on a published news item', async () => {
    const feeds = await feedIds('MICRO_CLASSROOM');
    const feedId = feeds.get('清晨的图书馆')!;
    expectOk(await save(alice, feedId, '好有氛围', 'MICRO_CLASSROOM'));
    expect(expectOk(await objectPage(feedId, 'MICRO_CLASSROOM')).total).toBe(1);
    const news = expectOk(await server().post(PATH.newsPage, { size: 1 })).records[0];
    expectOk(await save(alice, news.id, '收到，谢谢学院', 'NEW_INFORMATION'));
    expect(expectOk(await objectPage(news.id, 'NEW_INFORMATION')).records[0].commentContent).toBe('收到，谢谢学院');
  });

  test('objects that do not exist here are refused: unknown, hidden, draft news, wrong type, other school, ORDER', async () => {
    const db = server().runtime.db;
    const hiddenMaterial = await db.selectFrom('materials').select('id').where('tenantId', '=', DEMO.id).where('open', '=', 0).executeTakeFirstOrThrow();
    const hiddenFeed = await db
      .selectFrom('contentOperations')
      .select(['id', 'type'])
      .where('tenantId', '=', DEMO.id)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    const draftNews = await db.selectFrom('news').select('id').where('tenantId', '=', DEMO.id).where('status', '!=', 1).executeTakeFirstOrThrow();
    const feeds = await feedIds('PEOPLE_SAY');
    const cases: [string, string][] = [
      ['1234567890', 'UNIVERSITY_PIC'],
      [hiddenMaterial.id, 'UNIVERSITY_PIC'],
      [hiddenFeed.id, hiddenFeed.type],
      [draftNews.id, 'NEW_INFORMATION'],
      [feeds.get('宝妈转型保育师，我用了三个月')!, 'MICRO_CLASSROOM'],
      [materials.get('学院正门')!, 'ORDER'],
      [huaxiaMaterials.get('华夏基地全景')!, 'UNIVERSITY_PIC'],
    ];
    for (const [id, type] of cases) {
      const answer = await save(alice, id, '评论', type);
      expectRefused(answer, ErrorCode.NOT_FOUND, t('engagement.objectNotFound'));
    }
    const stored = await db.selectFrom('comments').select('id').where('authorId', '=', alice.userId).where('content', '=', '评论').execute();
    expect(stored).toEqual([]);
  });

  test.each([
    [
      'an unknown object type',
      { commentObjectId: '1', commentObjectType: 'PRODUCT', commentContent: '好' },
      invalidField('commentObjectType', t('engagement.badType')),
    ],
    [
      'a malformed object id',
      { commentObjectId: '../1', commentObjectType: 'UNIVERSITY_PIC', commentContent: '好' },
      invalidField('commentObjectId', t('validation.badFormat')),
    ],
    [
      'content that is not text',
      { commentObjectId: '1', commentObjectType: 'UNIVERSITY_PIC', commentContent: { html: 1 } },
      invalidField('commentContent', '无效输入：期望 string，实际接收 object'),
    ],
    ['malformed JSON', '{"commentContent":', t('validation.badJson')],
  ])('%s is refused', async (_name, body, message) => {
    expectRefused(await server().post(PATH.saveComment, body, withToken(alice.token)), ErrorCode.BAD_REQUEST, message);
  });
});

describe('reply', () => {
  test('a reply to a top comment and a reply to that reply stay in one thread', async () => {
    const id = materials.get('茶艺师实操课')!;
    const top = expectOk(await save(alice, id, '茶艺课什么时候开新班？'));
    server().clock.advance(1000);
    const first = expectOk(await reply(bob, top.id, '听说下个月。'));
    expect(first).toMatchObject({
      commentParent: top.id,
      commentParentAuthorName: top.commentAuthorName,
      commentTopId: top.id,
      commentReply: '茶艺课什么时候开新班？',
      commentObjectId: id,
      commentObjectType: 'UNIVERSITY_PIC',
      commentAuthorRole: 'USER',
      commentAuthor: bob.userId,
      mine: true,
    });
    server().clock.advance(1000);
    const second = expectOk(await reply(alice, first.id, '谢谢！'));
    expect(second).toMatchObject({ commentParent: first.id, commentParentAuthorName: first.commentAuthorName, commentTopId: top.id });
    // The object lists top comments only, with the thread's reply count.
    const page = expectOk(await objectPage(id));
    expect(page.records.map((c: any) => c.id)).toEqual([top.id]);
    expect(page.records[0].childrenCount).toBe(2);
    const replies = expectOk(await thread(top.id)).records;
    expect(replies.map((c: any) => c.id)).toEqual([first.id, second.id]);
  });

  test('not logged in is 40001; blank text is 请输入内容; unknown or foreign parents are refused', async () => {
    const top = await topOfLibrary();
    expectRefused(
      await server().post(PATH.replyComment, { commentParent: top.id, commentContent: '游客回复' }),
      ErrorCode.TOKEN_INVALID,
      t('identity.tokenInvalid'),
    );
    const blank = await reply(alice, top.id, '  ');
    expectRefused(blank, ErrorCode.BAD_REQUEST, t('engagement.contentRequired'));
    expectRefused(await reply(alice, '1234567890', '回复'), ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
    const huaxiaTop = expectOk(await objectPage(huaxiaMaterials.get('华夏基地全景')!, 'UNIVERSITY_PIC', {}, { tenant: HUAXIA.id })).records[0];
    const foreign = await reply(alice, huaxiaTop.id, '串校回复');
    expectRefused(foreign, ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
    expect(foreign.text).not.toContain('华夏');
    expectRefused(
      await server().post(PATH.replyComment, { commentContent: '无父评论' }, withToken(alice.token)),
      ErrorCode.BAD_REQUEST,
      invalidField('commentParent', '无效输入：期望 string，实际接收 undefined'),
    );
    expectRefused(
      await server().post(PATH.replyComment, { commentParent: 'x y', commentContent: '回复' }, withToken(alice.token)),
      ErrorCode.BAD_REQUEST,
      invalidField('commentParent', t('validation.badFormat')),
    );
  });
});

describe('getReply', () => {
  test('a top comment with its whole thread; a reply with its direct replies', async () => {
    const top = await topOfLibrary();
    const answer = await server().get(PATH.commentWithReplies, { id: top.id }, withToken(alice.token));
    const got = expectOk(answer);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(got).toMatchObject({ id: top.id, commentContent: top.commentContent, childrenCount: 4, mine: false });
    expect(got.children).toHaveLength(4);
    const assistant = got.children[0];
    const sub = expectOk(await server().get(PATH.commentWithReplies, { id: assistant.id }, withToken(alice.token)));
    expect(sub.children.map((c: any) => c.commentContent)).toEqual(['请问进馆需要带学员证吗？']);
  });

  test('not logged in is 40001; unknown, malformed and foreign ids are refused', async () => {
    const top = await topOfLibrary();
    expectRefused(await server().get(PATH.commentWithReplies, { id: top.id }), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expectRefused(
      await server().get(PATH.commentWithReplies, { id: '1234567890' }, withToken(alice.token)),
      ErrorCode.NOT_FOUND,
      t('engagement.commentNotFound'),
    );
    expectRefused(
      await server().get(PATH.commentWithReplies, {}, withToken(alice.token)),
      ErrorCode.BAD_REQUEST,
      invalidField('id', '无效输入：期望 string，实际接收 undefined'),
    );
    expectRefused(
      await server().get(PATH.commentWithReplies, { id: '<x>' }, withToken(alice.token)),
      ErrorCode.BAD_REQUEST,
      invalidField('id', t('validation.badFormat')),
    );
    expectRefused(
      await server().get(PATH.commentWithReplies, { id: top.id }, { tenant: HUAXIA.id, headers: { Token: huaxiaUser.token } }),
      ErrorCode.NOT_FOUND,
      t('engagement.commentNotFound'),
    );
  });
});

describe('removeById', () => {
  test("user B cannot delete user A's comment, nor can anyone through another school; it stays", async () => {
    const id = materials.get('教学楼夜景')!;
    const mine = expectOk(await save(alice, id, '夜景真美'));
    const refused = await remove(bob, mine.id);
    expectRefused(refused, ErrorCode.FORBIDDEN, t('engagement.notCommentAuthor'));
    // A user of another school asking there: not found, and no hint of the comment.
    const foreign = await remove(huaxiaUser, mine.id, HUAXIA.id);
    expectRefused(foreign, ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
    expect(foreign.text).not.toContain('夜景真美');
    // Alice's own token sent to another school: token of another school.
    expectRefused(await remove(alice, mine.id, HUAXIA.id), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
    expectRefused(await remove(null, mine.id), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expect(await rowExists(mine.id)).toBe(true);
    expect(expectOk(await objectPage(id)).records.map((c: any) => c.id)).toContain(mine.id);
  });

  test('the author deletes: 操作成功, gone from lists; deleting again is refused', async () => {
    const id = materials.get('教学楼夜景')!;
    const mine = expectOk(await save(alice, id, '马上删除'));
    const answer = await remove(alice, mine.id);
    expectOk(answer);
    expect(answer.body.message).toBe('操作成功');
    expect(await rowExists(mine.id)).toBe(false);
    expect(expectOk(await objectPage(id)).records.map((c: any) => c.id)).not.toContain(mine.id);
    const again = await remove(alice, mine.id);
    expectRefused(again, ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
  });

  test("deleting a top comment deletes its thread, including other users' replies", async () => {
    const id = materials.get('优秀学员颁奖')!;
    const top = expectOk(await save(alice, id, '恭喜各位！'));
    const r1 = expectOk(await reply(bob, top.id, '同喜同喜'));
    const r2 = expectOk(await reply(alice, r1.id, '一起加油'));
    expectOk(await remove(alice, top.id));
    for (const c of [top, r1, r2]) expect(await rowExists(c.id)).toBe(false);
    expectRefused(await thread(top.id), ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
    expect(expectOk(await objectPage(id)).total).toBe(0);
  });

  test('deleting a reply deletes the replies below it, not its siblings or the top comment', async () => {
    const id = materials.get('省赛获奖合影')!;
    const top = expectOk(await save(alice, id, '太厉害了'));
    server().clock.advance(1000);
    const bobs = expectOk(await reply(bob, top.id, '我是参赛选手之一'));
    server().clock.advance(1000);
    const under = expectOk(await reply(alice, bobs.id, '求经验分享'));
    server().clock.advance(1000);
    const sibling = expectOk(await reply(alice, top.id, '明年我也要参加'));
    // Alice cannot delete Bob's reply, even in her own thread.
    expectRefused(await remove(alice, bobs.id), ErrorCode.FORBIDDEN, t('engagement.notCommentAuthor'));
    expectOk(await remove(bob, bobs.id));
    expect(await rowExists(bobs.id)).toBe(false);
    expect(await rowExists(under.id)).toBe(false);
    expect(await rowExists(sibling.id)).toBe(true);
    expect(await rowExists(top.id)).toBe(true);
    const replies = expectOk(await thread(top.id)).records;
    expect(replies.map((c: any) => c.id)).toEqual([sibling.id]);
    expect(expectOk(await objectPage(id)).records[0].childrenCount).toBe(1);
  });

  test('VEST comments belong to no user: nobody can delete them', async () => {
    const vest = expectOk(await objectPage(materials.get('学院正门')!)).records[0];
    expect(vest.commentAuthorRole).toBe('VEST');
    expectRefused(await remove(alice, vest.id), ErrorCode.FORBIDDEN, t('engagement.notCommentAuthor'));
    expect(await rowExists(vest.id)).toBe(true);
  });

  test('bad ids are refused', async () => {
    expectRefused(await remove(alice, ''), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat')));
    expectRefused(await remove(alice, "1' or '1'='1"), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat')));
    expectRefused(await remove(alice, '1234567890'), ErrorCode.NOT_FOUND, t('engagement.commentNotFound'));
  });
});

describe('demo reset', () => {
  const count = (list: SeedComment[]): number => list.reduce((n, c) => n + 1 + count(c.replies ?? []), 0);

  test('resetting the demo tenants deletes every thread and like and seeds the comments again', async () => {
    // The reset wipes the whole demo: it runs on a server of its own, so the other tests of this file
    // keep their data whatever the order.
    const own = await startTestServer();
    try {
      const db = own.runtime.db;
      const seeded = count(DEMO_ENGAGEMENT.comments.flatMap((g) => g.comments));
      const visitor = await loginAs(own, DEMO.id);
      const gate = expectOk<any[]>(await own.get(PATH.albumMaterials, { open: 1 })).find((m) => m.name === '学院正门').id;
      // A comment and a like of the visitor's own, made before the reset.
      const comment = { commentObjectId: gate, commentObjectType: 'UNIVERSITY_PIC', commentContent: '重置前的留言' };
      expectOk(await own.post(PATH.saveComment, comment, withToken(visitor.token)));
      expect(await db.selectFrom('comments').select('id').where('tenantId', '=', DEMO.id).execute()).toHaveLength(seeded + 1);
      expectOk(await own.post(PATH.like, { objectId: gate, objectType: 'UNIVERSITY_PIC' }, withToken(visitor.token)));
      expect(await db.selectFrom('thumbsRecords').select('id').where('tenantId', '=', DEMO.id).execute()).toHaveLength(1);
      await resetDemo(db, NOW);
      const after = await db.selectFrom('comments').select(['id', 'authorId']).where('tenantId', '=', DEMO.id).execute();
      expect(after).toHaveLength(seeded);
      expect(after.some((c) => c.authorId === visitor.userId)).toBe(false);
      expect(await db.selectFrom('thumbsRecords').select('id').where('tenantId', '=', DEMO.id).execute()).toEqual([]);
      const library = expectOk<any[]>(await own.get(PATH.albumMaterials, { open: 1 })).find((m) => m.name === '图书馆阅览室');
      const page = expectOk(await own.post(PATH.commentPage, { model: { commentObjectId: library.id, commentObjectType: 'UNIVERSITY_PIC' } }));
      expect(page.records.map((c: any) => c.childrenCount).sort()).toEqual([0, 4]);
    } finally {
      await own.close();
    }
  });
});
