// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { urlOf } from '~/lib/api/contract';
import { classFirstView } from '~/lib/api/contracts/learning-class';
import { EARLY_FIRST_VIEW_SLOT } from '~/islands/learner/class/early-slot';

/**
 * The class page's first view asked by the page's inline script while the island loads
 * (early-first-view.ts): the island takes that answer instead of asking again (first-view.ts), so a
 * visit is counted once; it asks itself when nothing was asked early, or something else was. The
 * two are bundled apart and meet on the window: each test loads them afresh on a fresh window slot.
 */

const API = 'http://api.test';
const server = setupServer();
let asked: unknown[] = [];
/** The headers of each call, in order. */
let headersSeen: Record<string, string>[] = [];

async function freshPage(search: string, user: { id: string } | null = { id: 'u1' }) {
  vi.resetModules();
  window.history.replaceState(null, '', `/study/training-class${search}`);
  const session = await import('~/lib/stores/session');
  if (user) {
    session.setToken('tok', Date.now() + 3_600_000);
    session.setUser({ id: user.id, userId: user.id, realName: null, nickName: '小明' });
  }
  delete (window as unknown as Record<string, unknown>)[EARLY_FIRST_VIEW_SLOT];
  return { ...(await import('~/islands/learner/class/early-first-view')), ...(await import('~/islands/learner/class/first-view')) };
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  asked = [];
  headersSeen = [];
  localStorage.clear();
  const portalConfig = { apiBase: API, tenantId: 't-1', partner: false, partnerSlug: 'kingdee', loginPath: '/login' };
  document.head.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify(portalConfig)}</script>`;
  server.use(
    http.post(`${API}${urlOf(classFirstView)}`, async ({ request }) => {
      const body = (await request.json()) as { classId: string };
      asked.push(body);
      headersSeen.push(Object.fromEntries(request.headers));
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

  it('a refusal asked early is asked again by the island, which shows it the way every call does', async () => {
    server.use(
      http.post(`${API}${urlOf(classFirstView)}`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ code: 500, data: null, message: '班级不存在' });
      }),
    );
    const page = await freshPage('?classId=c1');
    await expect(page.askFirstViewEarly()).rejects.toThrow();
    await expect(page.firstView({ classId: 'c1', userId: 'u1', schoolId: undefined })).rejects.toThrow('班级不存在');
    expect(asked).toHaveLength(2);
  });

  it('no answer to the early call: the island asks again and takes that one', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}${urlOf(classFirstView)}`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ code: 0, data: { detail: { classId: 'c1' }, n: calls }, message: 'ok' });
      }),
    );
    const page = await freshPage('?classId=c1');
    await expect(page.askFirstViewEarly()).rejects.toThrow();
    await expect(page.firstView({ classId: 'c1', userId: 'u1', schoolId: undefined })).resolves.toMatchObject({ n: 2 });
  });

  it('the early call carries what the API client’s calls carry: the same headers and body', async () => {
    const page = await freshPage('?classId=c1&schoolId=s9');
    await page.askFirstViewEarly();
    // The island takes the early answer, then a retry of its own goes through the API client.
    await page.firstView({ classId: 'c1', userId: 'u1', schoolId: 's9' });
    await page.firstView({ classId: 'c1', userId: 'u1', schoolId: 's9' });
    expect(asked[0]).toEqual(asked[1]);
    const [early, client] = headersSeen;
    expect(early).toMatchObject({ token: 'tok', tenantid: 't-1', schoolid: 't-1', platformtype: 'PC' });
    expect(early).toEqual(client);
  });

  it('reads the page’s query: the class, its school, and experience', async () => {
    const { readClassQuery } = await freshPage('');
    expect(readClassQuery('?classId=c1&schoolId=s1&experience=1')).toEqual({ classId: 'c1', schoolId: 's1', experience: true });
    expect(readClassQuery('?classId=c1&schoolId=&experience=false')).toEqual({ classId: 'c1', schoolId: undefined, experience: false });
    expect(readClassQuery('')).toEqual({ classId: '', schoolId: undefined, experience: false });
  });
});

describe('client:after-first-view: the island loads once the early first view has answered', () => {
  async function directive() {
    vi.resetModules();
    return (await import('~/lib/directives/after-first-view')).default;
  }
  /** Runs the directive on the page as it is; answers how many times the island was loaded. */
  async function loads(askedEarly: boolean) {
    const run = await directive();
    let loaded = 0;
    const load = () =>
      Promise.resolve(async () => {
        loaded += 1;
      });
    let resolve = () => {};
    let reject = () => {};
    if (askedEarly) {
      const answer = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      answer.catch(() => undefined);
      (window as unknown as Record<string, unknown>)[EARLY_FIRST_VIEW_SLOT] = { ask: null, answer, taken: false };
    }
    run(load, { name: 'TrainingClassIsland', value: '' }, document.body);
    const count = async () => {
      await vi.advanceTimersByTimeAsync(0);
      return loaded;
    };
    return { count, answer: { resolve, reject } };
  }

  beforeEach(() => {
    vi.useFakeTimers();
    delete (window as unknown as Record<string, unknown>)[EARLY_FIRST_VIEW_SLOT];
  });
  afterEach(() => vi.useRealTimers());

  it('at once when nothing was asked early', async () => {
    const page = await loads(false);
    expect(await page.count()).toBe(1);
  });

  it.each(['resolve', 'reject'] as const)('when the early answer comes (%s), once', async (how) => {
    const page = await loads(true);
    expect(await page.count()).toBe(0);
    page.answer[how]();
    expect(await page.count()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await page.count()).toBe(1);
  });

  it('an answer that does not come holds the island back 3 s at most', async () => {
    const page = await loads(true);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await page.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await page.count()).toBe(1);
    page.answer.resolve();
    expect(await page.count()).toBe(1);
  });
});
