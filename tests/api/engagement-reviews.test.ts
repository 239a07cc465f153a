import { describe, expect, test } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { PATH, DATE_TIME, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DEMO, HOUR, HUAXIA, NOW, useTestServer } from '../setup/server';
import { DEMO_ENGAGEMENT, HUAXIA_ENGAGEMENT } from '~/dev/seed/engagement-data';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/** Reviews (commentScore/page) and review tags (commentScoreTag/list). */
const server = useTestServer();
const published = (seed = DEMO_ENGAGEMENT) => seed.reviews.filter((r) => (r.status ?? 1) === 1);

async function allReviews(tenant = DEMO.id, model: Record<string, unknown> = {}) {
  const records: any[] = [];
  for (let current = 1; current < 50; current++) {
    const page = expectOk(await server().post(PATH.reviewPage, { current, size: 3, model }, { tenant }));
    records.push(...page.records);
    if (current >= page.pages) break;
  }
  return records;
}

describe('commentScore/page', () => {
  test('2 per page by default: the top review first, then the newest', async () => {
    const answer = await server().post(PATH.reviewPage, {});
    const page = expectOk(answer);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expectPage(page, { current: 1, size: 2, total: published().length });
    expect(page.total).toBe(7);
    expect(page.pages).toBe(4);
    const top = published().find((r) => r.top)!;
    const newestOther = published()
      .filter((r) => !r.top)
      .sort((a, b) => a.ageHours - b.ageHours)[0]!;
    expect(page.records.map((r: any) => r.commentAuthorName)).toEqual([top.author, newestOther.author]);
    expect(page.records[0].top).toBe(1);
  });

  test('all pages: top flag then created time descending; the unpublished review never shows', async () => {
    const records = await allReviews();
    const expected = [...published()].sort((a, b) => Number(!!b.top) - Number(!!a.top) || a.ageHours - b.ageHours);
    expect(records.map((r) => r.commentContent)).toEqual(expected.map((r) => r.content));
    expect(records.some((r) => r.commentContent.includes('待审核'))).toBe(false);
    for (let i = 2; i < records.length; i++) expect(records[i - 1].createdTimestamp).toBeGreaterThanOrEqual(records[i].createdTimestamp);
  });

  test('review fields: product, files (mp4 is a video), counts, school reply, score', async () => {
    const records = await allReviews();
    for (const r of records) {
      const seed = published().find((s) => s.content === r.commentContent)!;
      expect(r).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        commentAuthorName: seed.author,
        commentAuthorPic: seed.authorPic,
        product: { varietyName: seed.variety },
        browseCount: seed.browseCount,
        thumbsCount: seed.thumbsBase,
        thumbs: 0,
        schoolComment: seed.schoolComment,
        score: seed.score,
        createdTime: formatDateTime(NOW - seed.ageHours * HOUR),
      });
      expect(r.createdTime).toMatch(DATE_TIME);
      expect(r.fileList).toEqual(seed.files.map((url) => ({ url, type: url.endsWith('.mp4') ? 'video' : 'image' })));
    }
    const withVideo = records.find((r) => r.fileList.some((f: any) => f.type === 'video'));
    expect(withVideo.fileList).toContainEqual({ url: '/media/open-day.mp4', type: 'video' });
    expect(records.filter((r) => r.fileList.some((f: any) => f.type === 'image')).length).toBeGreaterThanOrEqual(3);
    expect(records.filter((r) => [...r.commentContent].length > 133).length).toBeGreaterThanOrEqual(2);
    expect(records.filter((r) => r.schoolComment === null).length).toBeGreaterThan(0);
  });

  test('a tag filters the reviews and matches the tag count', async () => {
    const tags = expectOk<any[]>(await server().post(PATH.reviewTags, {}));
    for (const tag of tags) {
      const records = await allReviews(DEMO.id, { tagId: tag.id });
      const expected = published().filter((r) => r.tags.includes(tag.name));
      expect(records.map((r) => r.commentContent).sort()).toEqual(expected.map((r) => r.content).sort());
      expect(records).toHaveLength(tag.count);
    }
    const noTag = expectOk(await server().post(PATH.reviewPage, { model: { tagId: '' } }));
    expect(noTag.total).toBe(7);
  });

  test("another school's reviews and tags never show", async () => {
    const huaxia = await allReviews(HUAXIA.id);
    expect(huaxia.map((r) => r.commentContent)).toEqual(published(HUAXIA_ENGAGEMENT).map((r) => r.content));
    const demo = await allReviews(DEMO.id);
    expect(demo.some((r) => r.commentContent.includes('华夏'))).toBe(false);
    const huaxiaTags = expectOk<any[]>(await server().post(PATH.reviewTags, {}, { tenant: HUAXIA.id }));
    expect(huaxiaTags).toEqual([{ id: expect.any(String), name: '华夏好评', count: 1 }]);
    const foreign = expectOk(await server().post(PATH.reviewPage, { model: { tagId: huaxiaTags[0].id } }, { tenant: DEMO.id }));
    expect(foreign.total).toBe(0);
    expect(foreign.records).toEqual([]);
  });

  test.each([
    ['size 0', { size: 0 }, invalidField('size', '数值过小：期望 number >=1')],
    ['size 101', { size: 101 }, invalidField('size', '数值过大：期望 number <=100')],
    ['current 0', { current: 0 }, invalidField('current', '数值过小：期望 number >=1')],
    ['a malformed tag id', { model: { tagId: 'x y' } }, invalidField('model.tagId', t('validation.badFormat'))],
    ['model text', { model: 'top' }, invalidField('model', '无效输入：期望 object，实际接收 string')],
    ['an unknown sort', { sort: 'score' }, invalidField('sort', '无效输入：期望 "createdTime"')],
    ['malformed JSON', '{"current":', t('validation.badJson')],
  ])('%s is refused', async (_name, body, message) => {
    expectRefused(await server().post(PATH.reviewPage, body), ErrorCode.BAD_REQUEST, message);
  });
});

describe('commentScoreTag/list', () => {
  test('tags {id, name, count} in order, counting published reviews only', async () => {
    const tags = expectOk<any[]>(await server().post(PATH.reviewTags, {}));
    expect(tags.map((t) => t.name)).toEqual(DEMO_ENGAGEMENT.reviewTags);
    for (const tag of tags) {
      expect(Object.keys(tag).sort()).toEqual(['count', 'id', 'name']);
      expect(tag.count).toBe(published().filter((r) => r.tags.includes(tag.name)).length);
    }
    // The unpublished review carries 课程实用 and is not counted.
    expect(DEMO_ENGAGEMENT.reviews.filter((r) => r.tags.includes('课程实用')).length).toBe(tags.find((t) => t.name === '课程实用').count + 1);
    expect(expectOk(await server().post(PATH.reviewTags))).toEqual(tags);
  });

  test('bad bodies are refused', async () => {
    expectRefused(await server().post(PATH.reviewTags, '{'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
    expectRefused(await server().post(PATH.reviewTags, '[]'), ErrorCode.BAD_REQUEST, '无效输入：期望 object，实际接收 数组');
  });
});
