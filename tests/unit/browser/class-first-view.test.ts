// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { urlOf } from '~/lib/api/contract';
import { classFirstView } from '~/lib/api/contracts/learning-class';

/**
 * The class page's first view asked by the page's own script while the island loads
 * (first-view.ts): the island takes that answer instead of asking again, so a visit is counted
 * once; it asks itself when nothing was asked early, or something else was. The module keeps one
 * page's state: each test loads it afresh.
 */

const API = 'http://api.test';
const server = setupServer();
let asked: unknown[] = [];

async function freshPage(search: string, user: { id: string } | null = { id: 'u1' }) {
  vi.resetModules();
  window.history.replaceState(null, '', `/study/training-class${search}`);
  const session = await import('~/lib/stores/session');
  if (user) {
    session.setToken('tok', Date.now() + 3_600_000);
    session.setUser({ id: user.id, userId: user.id, realName: null, nickName: '小明' });
  }
  return import('~/islands/learner/class/first-view');
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  asked = [];
  localStorage.clear();
  const portalConfig = { apiBase: API, tenantId: 't-1', partner: false, partnerSlug: 'kingdee', loginPath: '/login' };
  document.head.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify(portalConfig)}</script>`;
  server.use(
    http.post(`${API}${urlOf(classFirstView)}`, async ({ request }) => {
      const body = (await request.json()) as { classId: string };
      asked.push(body);
      return HttpResponse.json({ code: 0, data: { detail: { classId: body.classId }, n: asked.length }, message: 'ok' });
    }),
  );
});
afterEach(() => server.resetHandlers());

describe('the class page’s first view, asked early', () => {
  it('is asked once, with the address’s class and school and the student; the island takes that answer', async () => {
    const page = await freshPage('?classId=c1&schoolId=s9');
    page.askFirstViewEarly();
    page.askFirstViewEarly();
    const answer = await page.firstView({ classId: 'c1', userId: 'u1', schoolId: 's9' });
    expect(asked).toEqual([{ classId: 'c1', userId: 'u1', schoolId: 's9' }]);
    expect(answer).toMatchObject({ n: 1 });
    // A retry asks again.
    await page.firstView({ classId: 'c1', userId: 'u1', schoolId: 's9' });
    expect(asked).toHaveLength(2);
  });

  it('an answer asked for another class is not the island’s: it asks for its own', async () => {
    const page = await freshPage('?classId=c1');
    page.askFirstViewEarly();
    const answer = await page.firstView({ classId: 'c2', userId: 'u1', schoolId: undefined });
    expect(answer).toMatchObject({ detail: { classId: 'c2' } });
    expect(asked).toHaveLength(2);
  });

  it.each([
    ['without a student', '?classId=c1', null],
    ['without a class', '', { id: 'u1' }],
    ['when the address brings a token', '?classId=c1&token=abc', { id: 'u1' }],
  ])('nothing is asked early %s: the island’s own call is the only one', async (_, search, user) => {
    const page = await freshPage(search, user);
    page.askFirstViewEarly();
    // Another class than the address's: an early answer could not stand for it, so an early call would show.
    await page.firstView({ classId: 'c2', userId: 'u1', schoolId: undefined });
    expect(asked).toEqual([{ classId: 'c2', userId: 'u1' }]);
  });

  it('once the island has asked, the page’s script asks nothing more (the visit is counted once)', async () => {
    const page = await freshPage('?classId=c1');
    await page.firstView({ classId: 'c1', userId: 'u1', schoolId: undefined });
    page.askFirstViewEarly();
    await page.firstView({ classId: 'c2', userId: 'u1', schoolId: undefined });
    expect(asked).toEqual([
      { classId: 'c1', userId: 'u1' },
      { classId: 'c2', userId: 'u1' },
    ]);
  });

  it('a failure asked early is the island’s to show, when it takes the answer', async () => {
    server.use(http.post(`${API}${urlOf(classFirstView)}`, () => HttpResponse.json({ code: 500, data: null, message: '班级不存在' })));
    const page = await freshPage('?classId=c1');
    page.askFirstViewEarly();
    await expect(page.firstView({ classId: 'c1', userId: 'u1', schoolId: undefined })).rejects.toThrow('班级不存在');
  });

  it('reads the page’s query: the class, its school, and experience', async () => {
    const { readClassQuery } = await freshPage('');
    expect(readClassQuery('?classId=c1&schoolId=s1&experience=1')).toEqual({ classId: 'c1', schoolId: 's1', experience: true });
    expect(readClassQuery('?classId=c1&schoolId=&experience=false')).toEqual({ classId: 'c1', schoolId: undefined, experience: false });
    expect(readClassQuery('')).toEqual({ classId: '', schoolId: undefined, experience: false });
  });
});
