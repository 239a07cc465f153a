import { describe, expect, test } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { DATE_TIME, PATH, ageMs, allRecords, expectOk, expectPage, expectRefused, hiddenIds, publishedNews, publishedNotices } from '../setup/api';
import { DAY, DEMO, HOUR, HUAXIA, NOW, useTestServer } from '../setup/server';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const demoNotices = publishedNotices(DEMO.seed);

describe('discoverArticle/page (notices)', () => {
  test('defaults to 6 per page, newest first, numeric paging fields', async () => {
    const page = expectOk(await server().post(PATH.noticePage, {}));
    expectPage(page, { current: 1, size: 6, total: 12 });
    expect(page.pages).toBe(2);
    const newest = [...demoNotices].sort((a, b) => a.ageHours - b.ageHours).slice(0, 6);
    expect(page.records.map((r: any) => r.title)).toEqual(newest.map((n) => n.title));
    const [first] = page.records;
    expect(first).toMatchObject({
      writerName: newest[0]!.writer,
      status: 1,
      publishTimestamp: NOW - ageMs(newest[0]!),
      publishTime: formatDateTime(NOW - ageMs(newest[0]!)),
      commentObjectType: { code: 'NOTICE' },
    });
    expect(first.createdTime).toMatch(DATE_TIME);
  });

  test('every page together lists the 12 published notices once, never the draft', async () => {
    const records = await allRecords(server(), PATH.noticePage, { model: { status: 0 } });
    expect(records.map((r) => r.title).sort()).toEqual(demoNotices.map((n) => n.title).sort());
    expect(new Set(records.map((r) => r.id)).size).toBe(12);
    const [draft] = await hiddenIds(server(), 'notices', DEMO.id);
    expect(records.map((r) => r.id)).not.toContain(draft!.id);
  });

  test('the second page holds the rest', async () => {
    const page = expectOk(await server().post(PATH.noticePage, { current: 2 }));
    expectPage(page, { current: 2, size: 6, total: 12 });
    expect(page.records).toHaveLength(6);
  });

  test('the title filter matches part of the title', async () => {
    const records = await allRecords(server(), PATH.noticePage, { model: { title: '证书' } });
    expect(records.map((r) => r.title).sort()).toEqual(
      demoNotices
        .filter((n) => n.title.includes('证书'))
        .map((n) => n.title)
        .sort(),
    );
  });
});

describe('discoverArticle/getVOById', () => {
  test('gives the notice with sanitised content, publicly cacheable', async () => {
    const listed = expectOk(await server().post(PATH.noticePage, { size: 1 })).records[0];
    const answer = await server().get(PATH.noticeDetail(listed.id));
    const detail = expectOk(answer);
    expect(detail).toMatchObject(listed);
    expect(detail.content).toContain('各位学员');
    expect(detail.content).not.toMatch(/<script/i);
    expect(answer.headers.get('cache-control')).toMatch(/\bpublic\b.*\bs-maxage=\d+/);
  });

  test('the draft and unknown ids are not found', async () => {
    const [draft] = await hiddenIds(server(), 'notices', DEMO.id);
    expectRefused(await server().get(PATH.noticeDetail(draft!.id)), ErrorCode.NOT_FOUND, t('common.noData'));
    expectRefused(await server().get(PATH.noticeDetail('1795312800000000000')), ErrorCode.NOT_FOUND, t('common.noData'));
  });
});

describe('mergeCustomPage (home ticker)', () => {
  const last30Days = { startTime: formatDateTime(NOW - 30 * DAY), endTime: formatDateTime(NOW) };
  const inWindow = (item: { ageHours: number }) => ageMs(item) <= 30 * DAY;

  test('the last 30 days hold both notices and news, newest first, nothing older than startTime', async () => {
    const records = await allRecords(server(), PATH.recent, last30Days);
    const expectedNews = publishedNews(DEMO.seed).filter(inWindow);
    const expectedNotices = demoNotices.filter(inWindow);
    const kinds = new Set(records.map((r) => r.commentObjectType.code));
    expect(kinds).toEqual(new Set(['NOTICE', 'NEW_INFORMATION']));
    expect(
      records
        .filter((r) => r.commentObjectType.code === 'NEW_INFORMATION')
        .map((r) => r.title)
        .sort(),
    ).toEqual(expectedNews.map((n) => n.title).sort());
    expect(
      records
        .filter((r) => r.commentObjectType.code === 'NOTICE')
        .map((r) => r.title)
        .sort(),
    ).toEqual(expectedNotices.map((n) => n.title).sort());
    for (const r of records) {
      expect(r.publishTimestamp).toBeGreaterThanOrEqual(NOW - 30 * DAY);
      expect(r.publishTimestamp).toBeLessThanOrEqual(NOW);
      expect(r.publishTime).toBe(formatDateTime(r.publishTimestamp));
    }
    for (let i = 1; i < records.length; i++) expect(records[i - 1].publishTimestamp).toBeGreaterThanOrEqual(records[i].publishTimestamp);
  });

  test('the seed really has older items, which the window leaves out', async () => {
    const older = [...publishedNews(DEMO.seed), ...demoNotices].filter((n) => !inWindow(n));
    expect(older.length).toBeGreaterThan(0);
    const titles = new Set((await allRecords(server(), PATH.recent, last30Days)).map((r) => r.title));
    for (const n of older) expect(titles.has(n.title), n.title).toBe(false);
  });

  test('defaults to 10 per page with numeric paging fields', async () => {
    const page = expectOk(await server().post(PATH.recent, last30Days));
    const total = publishedNews(DEMO.seed).filter(inWindow).length + demoNotices.filter(inWindow).length;
    expectPage(page, { current: 1, size: 10, total });
    expect(page.records).toHaveLength(10);
  });

  test('both ends of the window are included', async () => {
    const newestNews = [...publishedNews(DEMO.seed)].sort((a, b) => a.ageHours - b.ageHours)[0]!;
    const at = formatDateTime(NOW - ageMs(newestNews));
    const records = await allRecords(server(), PATH.recent, { startTime: at, endTime: at });
    expect(records.map((r) => r.title)).toEqual([newestNews.title]);
  });

  test('a window holding nothing gives an empty page', async () => {
    const page = expectOk(await server().post(PATH.recent, { startTime: formatDateTime(NOW + HOUR), endTime: formatDateTime(NOW + 2 * HOUR) }));
    expectPage(page, { total: 0 });
    expect(page.records).toEqual([]);
  });

  test('drafts and withdrawn items never appear', async () => {
    const records = await allRecords(server(), PATH.recent, last30Days);
    const ids = new Set(records.map((r) => r.id));
    for (const h of [...(await hiddenIds(server(), 'news', DEMO.id)), ...(await hiddenIds(server(), 'notices', DEMO.id))]) {
      expect(ids.has(h.id), h.title).toBe(false);
    }
  });

  test('the second tenant gets only its own items', async () => {
    const records = await allRecords(server(), PATH.recent, last30Days, HUAXIA.id);
    expect(records.map((r) => r.title).sort()).toEqual(
      [...publishedNews(HUAXIA.seed), ...publishedNotices(HUAXIA.seed)]
        .filter(inWindow)
        .map((n) => n.title)
        .sort(),
    );
  });
});
