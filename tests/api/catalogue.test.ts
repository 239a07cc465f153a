import { describe, expect, test } from 'vitest';
import { PATH, allRecords, expectOk, expectPage } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';

const server = useTestServer();

describe('categorize/page', () => {
  test('defaults to 99 per page in ascending sequence', async () => {
    const answer = await server().post(PATH.categoryPage, {});
    const page = expectOk(answer);
    expectPage(page, { current: 1, size: 99, total: DEMO.seed.categories.length });
    expect(page.records.map((c: any) => c.name)).toEqual(DEMO.seed.categories);
    expect(page.records.map((c: any) => c.seq)).toEqual([1, 2, 3, 4, 5]);
    for (const c of page.records) expect(c.id).toMatch(/^\d+$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('descending order reverses it', async () => {
    const page = expectOk(await server().post(PATH.categoryPage, { order: 'descending' }));
    expect(page.records.map((c: any) => c.name)).toEqual([...DEMO.seed.categories].reverse());
  });

  test('small pages split the list', async () => {
    const page = expectOk(await server().post(PATH.categoryPage, { current: 2, size: 2 }));
    expectPage(page, { current: 2, size: 2, total: 5 });
    expect(page.pages).toBe(3);
    expect(page.records.map((c: any) => c.name)).toEqual(DEMO.seed.categories.slice(2, 4));
  });

  test('each tenant has its own categories', async () => {
    const page = expectOk(await server().post(PATH.categoryPage, {}, { tenant: HUAXIA.id }));
    expect(page.records.map((c: any) => c.name)).toEqual(HUAXIA.seed.categories);
  });
});

describe('hotMajor/hotMajorPage', () => {
  test('defaults to 10 per page in ascending sequence', async () => {
    const page = expectOk(await server().post(PATH.hotMajorPage, {}));
    expectPage(page, { current: 1, size: 10, total: 11 });
    expect(page.pages).toBe(2);
    expect(page.records.map((m: any) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page.records.map((m: any) => m.name)).toEqual(DEMO.seed.hotMajors.slice(0, 10).map((m) => m.name));
    expect(page.records[0]).toMatchObject({ name: '人工智能训练师', industrySalary: 12000, pic: expect.stringMatching(/^\/images\//) });
  });

  test('the second page holds the eleventh major', async () => {
    const page = expectOk(await server().post(PATH.hotMajorPage, { current: 2 }));
    expectPage(page, { current: 2, size: 10, total: 11 });
    expect(page.records.map((m: any) => m.name)).toEqual(['碳排放管理员']);
  });

  test('the news page asks for 5', async () => {
    const page = expectOk(await server().post(PATH.hotMajorPage, { size: 5, model: {}, order: 'ascending', sort: 'seq' }));
    expectPage(page, { size: 5, total: 11 });
    expect(page.records).toHaveLength(5);
  });

  test('a missing salary is 0', async () => {
    const records = await allRecords(server(), PATH.hotMajorPage, {});
    const cook = records.find((m) => m.name === '中式烹调师');
    expect(cook?.industrySalary).toBe(0);
    for (const m of records) expect(m.industrySalary).toBeTypeOf('number');
  });

  test('descending order reverses the sequence', async () => {
    const page = expectOk(await server().post(PATH.hotMajorPage, { order: 'desc', size: 3 }));
    expect(page.records.map((m: any) => m.seq)).toEqual([11, 10, 9]);
  });

  test('the name filter matches part of the name', async () => {
    const page = expectOk(await server().post(PATH.hotMajorPage, { model: { name: '管理' } }));
    expect(page.records.map((m: any) => m.name).sort()).toEqual(
      DEMO.seed.hotMajors
        .filter((m) => m.name.includes('管理'))
        .map((m) => m.name)
        .sort(),
    );
  });
});
