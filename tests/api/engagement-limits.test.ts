import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PATH, expectOk, expectRefused } from '../setup/api';
import { DEMO, HOUR, HUAXIA, useTestServer } from '../setup/server';
import { postAs, uniqueIp } from '../setup/login';
import { slotTotal } from '../setup/rate-counts';
import { loginAs, type TestUser } from '../setup/users';
import { COMMENT_LIMITS, LIKE_LIMITS, RATE_KEEP_MS, countedFor, countsUntil, rateSubject } from '~/server/limits/limits.rules';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The abuse limits of comments, replies and likes: per user (any school) and per client address,
 * counted in the database at the request clock. A refused write changes nothing: no comment, no
 * like, no counted action. The clock is moved, never waited for. Counts are kept by slot (decision
 * 097): a write stops counting at countsUntil, between a window and a window and a slot after it.
 */
const server = useTestServer();
const MINUTE = 60_000;

const PER_MINUTE = t('engagement.tooManyCommentsMinute', { max: COMMENT_LIMITS.perUserMinute });
const PER_HOUR = t('engagement.tooManyCommentsHour', { max: COMMENT_LIMITS.perUserHour });
const PER_IP = t('engagement.tooManyCommentsIp');
const LIKES_PER_MINUTE = t('engagement.tooManyLikes', { max: LIKE_LIMITS.perUserMinute });
const LIKES_PER_IP = t('engagement.tooManyLikesIp');

let material: string;
let huaxiaMaterial: string;

async function firstMaterial(tenant: string): Promise<string> {
  const list = expectOk<{ id: string }[]>(await server().get(PATH.albumMaterials, { open: 1 }, { tenant }));
  return list[0]!.id;
}

beforeAll(async () => {
  material = await firstMaterial(DEMO.id);
  huaxiaMaterial = await firstMaterial(HUAXIA.id);
});

// Every test starts with every window empty.
beforeEach(() => server().clock.advance(RATE_KEEP_MS + HOUR));

const comment = (user: TestUser, ip: string, text = '好', tenant = DEMO.id, objectId = material) =>
  postAs(
    server(),
    PATH.saveComment,
    { commentObjectId: objectId, commentObjectType: 'UNIVERSITY_PIC', commentContent: text },
    { token: user.token, ip, tenant },
  );
const reply = (user: TestUser, ip: string, parent: string) =>
  postAs(server(), PATH.replyComment, { commentParent: parent, commentContent: '同意' }, { token: user.token, ip });
const like = (user: TestUser, ip: string, liked = true) =>
  postAs(server(), liked ? PATH.like : PATH.unlike, { objectId: material, objectType: 'UNIVERSITY_PIC' }, { token: user.token, ip });

const db = () => server().runtime.db;
const commentsBy = async (userId: string) => (await db().selectFrom('comments').select('id').where('authorId', '=', userId).execute()).length;
/** The user's comments, replies, likes and unlikes counted by the limits (the minute's counts: every write is in them). */
const actionsBy = async (userId: string) => {
  const rows = await db()
    .selectFrom('rateCount')
    .selectAll()
    .where('subject', '=', rateSubject('user', userId))
    .where('kind', 'in', ['COMMENT', 'LIKE'])
    .where('windowMs', '=', MINUTE)
    .execute();
  return rows.reduce((sum, r) => sum + slotTotal(r), 0);
};
/** Moves the clock to `ms` before a write made `at` stops counting in a window. */
const toExpiry = (windowMs: number, at: number, ms = 0) => server().clock.advance(countsUntil(windowMs, at) - ms - server().clock.value);
const liked = async (userId: string) => (await db().selectFrom('thumbsRecords').select('id').where('userId', '=', userId).execute()).length;

function expectTooMany(answer: Awaited<ReturnType<typeof postAs>>, message: string) {
  expectRefused(answer, ErrorCode.TOO_MANY_REQUESTS, message);
}

describe('comments and replies', () => {
  const perMinute = `${COMMENT_LIMITS.perUserMinute} a minute per user, comments and replies together`;
  test(`${perMinute}; the next is refused and changes nothing until the minute has passed`, async () => {
    const user = await loginAs(server(), DEMO.id);
    const at = server().clock.value;
    const top = expectOk(await comment(user, uniqueIp()));
    for (let i = 1; i < COMMENT_LIMITS.perUserMinute; i++) expectOk(await (i % 2 ? reply(user, uniqueIp(), top.id) : comment(user, uniqueIp())));
    expect(await commentsBy(user.userId)).toBe(COMMENT_LIMITS.perUserMinute);

    expectTooMany(await comment(user, uniqueIp()), PER_MINUTE);
    expectTooMany(await reply(user, uniqueIp(), top.id), PER_MINUTE);
    expect(await commentsBy(user.userId)).toBe(COMMENT_LIMITS.perUserMinute);
    expect(await actionsBy(user.userId)).toBe(COMMENT_LIMITS.perUserMinute);

    server().clock.advance(MINUTE - 1);
    expectTooMany(await comment(user, uniqueIp()), PER_MINUTE);
    toExpiry(MINUTE, at, 1);
    expectTooMany(await comment(user, uniqueIp()), PER_MINUTE);
    server().clock.advance(1);
    expectOk(await reply(user, uniqueIp(), top.id));
    expect(await commentsBy(user.userId)).toBe(COMMENT_LIMITS.perUserMinute + 1);
  });

  test(`${COMMENT_LIMITS.perUserHour} an hour per user; the next is refused until the first have stopped counting`, async () => {
    const user = await loginAs(server(), DEMO.id);
    const batches = COMMENT_LIMITS.perUserHour / COMMENT_LIMITS.perUserMinute;
    const at = server().clock.value;
    for (let b = 0; b < batches; b++) {
      for (let i = 0; i < COMMENT_LIMITS.perUserMinute; i++) expectOk(await comment(user, uniqueIp(), `第${b}批第${i}条`));
      // The next batch once these no longer count in the minute.
      if (b < batches - 1) server().clock.advance(countedFor(MINUTE));
    }
    expect(await commentsBy(user.userId)).toBe(COMMENT_LIMITS.perUserHour);
    server().clock.advance(countedFor(MINUTE));
    // The minute is free again, but the hour is full.
    expectTooMany(await comment(user, uniqueIp()), PER_HOUR);
    expect(await commentsBy(user.userId)).toBe(COMMENT_LIMITS.perUserHour);
    // The first batch counts for the hour, and at most its slot after.
    server().clock.advance(at + HOUR - 1 - server().clock.value);
    expectTooMany(await comment(user, uniqueIp()), PER_HOUR);
    toExpiry(HOUR, at, 1);
    expectTooMany(await comment(user, uniqueIp()), PER_HOUR);
    server().clock.advance(1);
    expectOk(await comment(user, uniqueIp()));
  });

  test('the per-user limit counts every school together', async () => {
    const user = await loginAs(server(), DEMO.id);
    const inHuaxia = await loginAs(server(), HUAXIA.id, user.mobile);
    expect(inHuaxia.userId).toBe(user.userId);
    for (let i = 0; i < COMMENT_LIMITS.perUserMinute - 1; i++) expectOk(await comment(user, uniqueIp()));
    expectOk(await comment(inHuaxia, uniqueIp(), '好', HUAXIA.id, huaxiaMaterial));
    expectTooMany(await comment(inHuaxia, uniqueIp(), '好', HUAXIA.id, huaxiaMaterial), PER_MINUTE);
  });

  test(`${COMMENT_LIMITS.perIpMinute} a minute per address, whoever writes; other addresses go on`, async () => {
    const ip = uniqueIp();
    const users = await Promise.all(
      Array.from({ length: Math.ceil(COMMENT_LIMITS.perIpMinute / COMMENT_LIMITS.perUserMinute) + 1 }, () => loginAs(server(), DEMO.id)),
    );
    const at = server().clock.value;
    let written = 0;
    for (const user of users) {
      for (let i = 0; i < COMMENT_LIMITS.perUserMinute && written < COMMENT_LIMITS.perIpMinute; i++, written++) expectOk(await comment(user, ip));
    }
    const fresh = users.at(-1)!;
    expect(await commentsBy(fresh.userId)).toBe(0);
    expectTooMany(await comment(fresh, ip), PER_IP);
    expect(await commentsBy(fresh.userId)).toBe(0);
    expect(await actionsBy(fresh.userId)).toBe(0);
    expectOk(await comment(fresh, uniqueIp()));

    server().clock.advance(MINUTE - 1);
    expectTooMany(await comment(fresh, ip), PER_IP);
    toExpiry(MINUTE, at, 1);
    expectTooMany(await comment(fresh, ip), PER_IP);
    server().clock.advance(1);
    expectOk(await comment(fresh, ip));
  });

  test('refused input does not count: blank text, unknown objects, no login', async () => {
    const user = await loginAs(server(), DEMO.id);
    for (let i = 0; i < COMMENT_LIMITS.perUserMinute + 2; i++) {
      expectRefused(await comment(user, uniqueIp(), '   '), ErrorCode.BAD_REQUEST, t('engagement.contentRequired'));
      expectRefused(await comment(user, uniqueIp(), '好', DEMO.id, 'no_such_material'), ErrorCode.NOT_FOUND, t('engagement.objectNotFound'));
    }
    expect(await actionsBy(user.userId)).toBe(0);
    for (let i = 0; i < COMMENT_LIMITS.perUserMinute; i++) expectOk(await comment(user, uniqueIp()));
  });

  test('concurrent comments of one user never pass the limit (at worst more are refused)', async () => {
    const user = await loginAs(server(), DEMO.id);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => comment(user, uniqueIp(), `并发${i}`)));
    const accepted = answers.filter((a) => a.body.code === 0).length;
    for (const a of answers.filter((x) => x.body.code !== 0)) expectTooMany(a, PER_MINUTE);
    expect(accepted).toBeLessThanOrEqual(COMMENT_LIMITS.perUserMinute);
    expect(await commentsBy(user.userId)).toBe(accepted);
    expect(await actionsBy(user.userId)).toBe(accepted);
  });

  test('deleting comments gives nothing back: the limit counts writes, not what is left', async () => {
    const user = await loginAs(server(), DEMO.id);
    for (let i = 0; i < COMMENT_LIMITS.perUserMinute; i++) {
      const c = expectOk(await comment(user, uniqueIp()));
      expectOk(await server().get(PATH.removeComment, { id: c.id }, { headers: { Token: user.token } }));
    }
    expect(await commentsBy(user.userId)).toBe(0);
    expectTooMany(await comment(user, uniqueIp()), PER_MINUTE);
  });
});

describe('likes', () => {
  test(`${LIKE_LIMITS.perUserMinute} likes and unlikes a minute per user; the next is refused and the like stays as it was`, async () => {
    const user = await loginAs(server(), DEMO.id);
    const at = server().clock.value;
    for (let i = 0; i < LIKE_LIMITS.perUserMinute; i++) expectOk(await like(user, uniqueIp(), i % 2 === 0));
    // Even count of toggles: liked, then taken back.
    expect(await liked(user.userId)).toBe(0);
    expectTooMany(await like(user, uniqueIp()), LIKES_PER_MINUTE);
    expect(await liked(user.userId)).toBe(0);
    expect(await actionsBy(user.userId)).toBe(LIKE_LIMITS.perUserMinute);
    // Comments have their own budget.
    expectOk(await comment(user, uniqueIp()));

    server().clock.advance(MINUTE - 1);
    expectTooMany(await like(user, uniqueIp()), LIKES_PER_MINUTE);
    toExpiry(MINUTE, at, 1);
    expectTooMany(await like(user, uniqueIp()), LIKES_PER_MINUTE);
    server().clock.advance(1);
    expect(expectOk(await like(user, uniqueIp()))).toMatchObject({ thumbs: 1 });
  });

  test(`${LIKE_LIMITS.perIpMinute} a minute per address`, async () => {
    const ip = uniqueIp();
    const users = await Promise.all(Array.from({ length: LIKE_LIMITS.perIpMinute / LIKE_LIMITS.perUserMinute + 1 }, () => loginAs(server(), DEMO.id)));
    for (const user of users.slice(0, -1)) for (let i = 0; i < LIKE_LIMITS.perUserMinute; i++) expectOk(await like(user, ip, i % 2 === 0));
    const fresh = users.at(-1)!;
    expectTooMany(await like(fresh, ip), LIKES_PER_IP);
    expect(await liked(fresh.userId)).toBe(0);
    expectOk(await like(fresh, uniqueIp()));
    expect(await liked(fresh.userId)).toBe(1);
  });
});
