import { beforeAll, describe, expect, test } from 'vitest';
import { PATH, expectOk, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { DEMO_ENGAGEMENT } from '~/dev/seed/engagement-data';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/** Likes (thumbs): idempotent per user and object, counted on the server, tenant-scoped. */
const server = useTestServer();

const like = (user: TestUser | null, objectId: string, objectType: string, tenant?: string) =>
  server().post(PATH.like, { objectId, objectType }, { tenant, headers: user ? { Token: user.token } : {} });
const unlike = (user: TestUser | null, objectId: string, objectType: string, tenant?: string) =>
  server().post(PATH.unlike, { objectId, objectType }, { tenant, headers: user ? { Token: user.token } : {} });

async function feed(type: 'PEOPLE_SAY' | 'MICRO_CLASSROOM', tenant = DEMO.id, user?: TestUser) {
  const page = expectOk(await server().post(PATH.feedPage, { size: 50, model: { type } }, { tenant, headers: user ? { Token: user.token } : {} }));
  return page.records as any[];
}

/** The likes on an object by the given users: a test counts only what its own users did. */
async function thumbRows(objectId: string, users: TestUser[]) {
  const ids = users.map((u) => u.userId);
  return server().runtime.db.selectFrom('thumbsRecords').selectAll().where('objectId', '=', objectId).where('userId', 'in', ids).execute();
}

let alice: TestUser;
let bob: TestUser;
let huaxiaUser: TestUser;

beforeAll(async () => {
  alice = await loginAs(server(), DEMO.id);
  bob = await loginAs(server(), DEMO.id);
  huaxiaUser = await loginAs(server(), HUAXIA.id);
});

describe('thumbs and deleted', () => {
  test('not logged in is 40001 for both, and nothing is counted', async () => {
    const item = (await feed('PEOPLE_SAY'))[0];
    expectRefused(await like(null, item.id, 'PEOPLE_SAY'), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expectRefused(await unlike(null, item.id, 'PEOPLE_SAY'), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expectRefused(
      await server().post(PATH.like, { objectId: item.id, objectType: 'PEOPLE_SAY' }, withToken('expired-or-unknown')),
      ErrorCode.TOKEN_INVALID,
      t('identity.tokenInvalid'),
    );
    expect(await thumbRows(item.id, [alice, bob, huaxiaUser])).toEqual([]);
  });

  test('liking twice counts once; a second user counts; unliking twice is fine', async () => {
    const item = (await feed('PEOPLE_SAY')).find((r) => r.title === '从流水线到机器人运维员');
    const base = DEMO_ENGAGEMENT.feeds.find((f) => f.title === item.title)!.likeBase;
    expect(item.likeNum).toBe(base);
    expect(expectOk(await like(alice, item.id, 'PEOPLE_SAY'))).toEqual({ thumbs: 1, thumbsCount: base + 1 });
    expect(expectOk(await like(alice, item.id, 'PEOPLE_SAY'))).toEqual({ thumbs: 1, thumbsCount: base + 1 });
    expect(expectOk(await like(bob, item.id, 'PEOPLE_SAY'))).toEqual({ thumbs: 1, thumbsCount: base + 2 });
    expect(await thumbRows(item.id, [alice, bob])).toHaveLength(2);
    expect(expectOk(await unlike(alice, item.id, 'PEOPLE_SAY'))).toEqual({ thumbs: 0, thumbsCount: base + 1 });
    expect(expectOk(await unlike(alice, item.id, 'PEOPLE_SAY'))).toEqual({ thumbs: 0, thumbsCount: base + 1 });
    // The feed shows each viewer their own state and everyone the same count.
    expect((await feed('PEOPLE_SAY', DEMO.id, bob)).find((r) => r.id === item.id)).toMatchObject({ likeStatus: 1, likeNum: base + 1 });
    expect((await feed('PEOPLE_SAY', DEMO.id, alice)).find((r) => r.id === item.id)).toMatchObject({ likeStatus: 0, likeNum: base + 1 });
    expect((await feed('PEOPLE_SAY')).find((r) => r.id === item.id)).toMatchObject({ likeStatus: 0, likeNum: base + 1 });
    expect(expectOk(await unlike(bob, item.id, 'PEOPLE_SAY'))).toEqual({ thumbs: 0, thumbsCount: base });
  });

  test('unliking something never liked is fine and changes nothing', async () => {
    const item = (await feed('MICRO_CLASSROOM'))[0];
    expect(expectOk(await unlike(alice, item.id, 'MICRO_CLASSROOM'))).toEqual({ thumbs: 0, thumbsCount: item.likeNum });
  });

  test('concurrent likes by one user count once (unique on tenant, user, object)', async () => {
    const item = (await feed('MICRO_CLASSROOM')).find((r) => r.title === '机考系统操作演示');
    const answers = await Promise.all(Array.from({ length: 20 }, () => like(alice, item.id, 'MICRO_CLASSROOM')));
    for (const a of answers) expect(expectOk(a).thumbs).toBe(1);
    expect(await thumbRows(item.id, [alice])).toHaveLength(1);
    expect((await feed('MICRO_CLASSROOM')).find((r) => r.id === item.id).likeNum).toBe(item.likeNum + 1);
    // Likes and unlikes racing end in a consistent state: 0 or 1 row, and the answer matches it.
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? like(bob, item.id, 'MICRO_CLASSROOM') : unlike(bob, item.id, 'MICRO_CLASSROOM'))));
    const rows = await thumbRows(item.id, [bob]);
    expect(rows.length).toBeLessThanOrEqual(1);
    const final = expectOk(await like(bob, item.id, 'MICRO_CLASSROOM'));
    expect(final).toEqual({ thumbs: 1, thumbsCount: item.likeNum + 2 });
  });

  test('reviews and album materials can be liked too', async () => {
    const review = expectOk(await server().post(PATH.reviewPage, { size: 1 })).records[0];
    expect(expectOk(await like(alice, review.id, 'REVIEW'))).toEqual({ thumbs: 1, thumbsCount: review.thumbsCount + 1 });
    const mine = expectOk(await server().post(PATH.reviewPage, { size: 1 }, withToken(alice.token))).records[0];
    expect(mine).toMatchObject({ id: review.id, thumbs: 1, thumbsCount: review.thumbsCount + 1 });
    const visitor = expectOk(await server().post(PATH.reviewPage, { size: 1 })).records[0];
    expect(visitor).toMatchObject({ thumbs: 0, thumbsCount: review.thumbsCount + 1 });

    const material = expectOk<any[]>(await server().get(PATH.albumMaterials, { open: 1 }))[0];
    expect(expectOk(await like(alice, material.id, 'UNIVERSITY_PIC'))).toEqual({ thumbs: 1, thumbsCount: 1 });
    expect(expectOk(await like(bob, material.id, 'UNIVERSITY_PIC'))).toEqual({ thumbs: 1, thumbsCount: 2 });
  });

  test('objects that do not exist here are refused: unknown, wrong type, hidden, other school', async () => {
    const db = server().runtime.db;
    const people = (await feed('PEOPLE_SAY'))[0];
    const hiddenFeed = await db
      .selectFrom('contentOperations')
      .select(['id', 'type'])
      .where('tenantId', '=', DEMO.id)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    const hiddenReview = await db.selectFrom('commentScores').select('id').where('tenantId', '=', DEMO.id).where('status', '=', 0).executeTakeFirstOrThrow();
    const hiddenMaterial = await db.selectFrom('materials').select('id').where('tenantId', '=', DEMO.id).where('open', '=', 0).executeTakeFirstOrThrow();
    const huaxiaItem = (await feed('PEOPLE_SAY', HUAXIA.id))[0];
    const cases: [string, string][] = [
      ['1234567890', 'PEOPLE_SAY'],
      [people.id, 'MICRO_CLASSROOM'],
      [people.id, 'REVIEW'],
      [hiddenFeed.id, hiddenFeed.type],
      [hiddenReview.id, 'REVIEW'],
      [hiddenMaterial.id, 'UNIVERSITY_PIC'],
      [huaxiaItem.id, 'PEOPLE_SAY'],
    ];
    for (const [id, type] of cases) {
      for (const call of [like, unlike]) {
        const answer = await call(alice, id, type);
        expectRefused(answer, ErrorCode.NOT_FOUND, t('engagement.thumbsObjectNotFound'));
      }
    }
    expect(await thumbRows(huaxiaItem.id, [alice])).toEqual([]);
  });

  test("one school's likes never count at another", async () => {
    const item = (await feed('PEOPLE_SAY', HUAXIA.id))[0];
    expect(expectOk(await like(huaxiaUser, item.id, 'PEOPLE_SAY', HUAXIA.id))).toEqual({ thumbs: 1, thumbsCount: item.likeNum + 1 });
    // The demo user's token is refused there; the huaxia user's token is refused at demo.
    expectRefused(await like(alice, item.id, 'PEOPLE_SAY', HUAXIA.id), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
    expectRefused(await like(huaxiaUser, item.id, 'PEOPLE_SAY', DEMO.id), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
    expect((await feed('PEOPLE_SAY', HUAXIA.id)).find((r) => r.id === item.id).likeNum).toBe(item.likeNum + 1);
  });

  test.each([
    ['an unknown object type', { objectId: '1', objectType: 'ORDER' }, invalidField('objectType', t('engagement.badType'))],
    ['no object type', { objectId: '1' }, invalidField('objectType', t('engagement.badType'))],
    ['no object id', { objectType: 'REVIEW' }, invalidField('objectId', '无效输入：期望 string，实际接收 undefined')],
    ['a malformed object id', { objectId: 'a b', objectType: 'REVIEW' }, invalidField('objectId', t('validation.badFormat'))],
    ['an object id too long', { objectId: '1'.repeat(33), objectType: 'REVIEW' }, invalidField('objectId', t('validation.badFormat'))],
    ['malformed JSON', '{"objectId":', t('validation.badJson')],
    ['JSON null', 'null', '无效输入：期望 object，实际接收 空值(null)'],
  ])('%s is refused', async (_name, body, message) => {
    for (const path of [PATH.like, PATH.unlike]) {
      const answer = await server().post(path, body, withToken(alice.token));
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});
