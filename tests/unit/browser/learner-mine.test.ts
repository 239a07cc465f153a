// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { LearnerClass } from '~/lib/api/contracts/learning';

vi.mock('~/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/navigation')>()),
  navigateTo: vi.fn(),
}));

const { default: MineIsland } = await import('~/islands/learner/mine/MineIsland');
const { navigateTo } = await import('~/lib/navigation');
const { $session, setToken, setUser } = await import('~/lib/stores/session');
const { $currentClass } = await import('~/lib/stores/learner');

/** My learning (/study/mine) on its own, against a fake API: every rule of the page and of its card clicks. */

const API = 'http://api.test';
const CLASSES = `${API}/api/teaching/anyone/teachingClass/queryStudentClassAndPeriodList`;
const PERIODS = `${API}/api/search/anyTenant/class/queryTenantClassPeriodPage`;
const ENROL = `${API}/api/product/app/classStudent/updateEnrolState`;
const USER_INFO = `${API}/api/oauth/appUser/getUserInfo`;

const server = setupServer();
const bodies: Record<string, unknown[]> = {};

function klass(n: number, over: Partial<LearnerClass> = {}): LearnerClass {
  return {
    classId: `c${n}`,
    className: `班级${n}`,
    classPeriodName: `第${n}期`,
    productName: `产品${n}`,
    serviceStatus: 2,
    teachingClassStatus: 1,
    teacherName: `老师${n}`,
    tenantId: 't-1',
    trainingStartTime: '2026-11-01 09:00:00',
    trainingEndTime: '2026-12-31 18:30:00',
    periodTrainingStartTime: null,
    periodTrainingEndTime: null,
    teachingPlanCreatedTime: null,
    expectedOpenTime: null,
    signUpTotal: 0,
    classStudentTotal: 30,
    ...over,
  };
}

function answering(url: string, data: unknown) {
  return http.post(url, async ({ request }) => {
    const list = bodies[url] ?? [];
    bodies[url] = list;
    list.push(await request.json());
    return HttpResponse.json({ code: 0, data, message: 'ok' });
  });
}

function periodsPage(total: number) {
  return http.post(PERIODS, async ({ request }) => {
    const body = (await request.json()) as { current: number; size: number };
    const list = bodies[PERIODS] ?? [];
    bodies[PERIODS] = list;
    list.push(body);
    const from = (body.current - 1) * body.size;
    const records = Array.from({ length: Math.max(0, Math.min(body.size, total - from)) }, (_, i) => ({
      id: `p${from + i + 1}`,
      classId: 'c1',
      className: '班级1',
      classPeriodName: `期次${from + i + 1}`,
      classPeriodType: 1,
      periodTrainingStartTime: '2026-11-02 08:00:00',
      periodTrainingEndTime: null,
    }));
    return HttpResponse.json({ code: 0, data: { records, current: body.current, size: body.size, total, pages: Math.ceil(total / body.size) } });
  });
}

function config(partner: boolean) {
  const portalConfig = { apiBase: API, tenantId: 't-1', partner, partnerSlug: 'kingdee', loginPath: '/login' };
  document.head.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify(portalConfig)}</script>`;
}

function logIn() {
  setToken('tok', Date.now() + 3_600_000);
  setUser({ id: 'u1', userId: 'u1', realName: '王小明', nickName: '小明' });
}

function mount(classes: LearnerClass[], { periods = 0 } = {}) {
  server.use(
    answering(CLASSES, classes),
    answering(USER_INFO, { id: 'u1', userId: 'u1', realName: '王小明', nickName: '小明', mobile: '13800138000' }),
    periodsPage(periods),
  );
  return render(createElement(MineIsland));
}

const classList = () => screen.getByRole('tabpanel');
const cards = () =>
  within(classList())
    .queryAllByRole('button')
    .filter((b) => b.textContent?.startsWith('班级'));
const toastText = () => document.getElementById('toast-region')?.textContent ?? '';
const tab = (name: string) => screen.getByRole('tab', { name });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  for (const k of Object.keys(bodies)) delete bodies[k];
  localStorage.clear();
  sessionStorage.clear();
  config(false);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.mocked(navigateTo).mockClear();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('my learning: the session', () => {
  it('a visitor is told to log in and goes to login with this page as redirect', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/study/mine');
    $session.set({ token: null, tokenExpire: null, user: null, visitorId: null });
    render(createElement(MineIsland));
    expect(screen.getByRole('status', { name: '加载中…' })).toBeTruthy();
    expect(toastText()).toContain('请先登录');
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(navigateTo).toHaveBeenCalledWith('/login?redirect=%2Fstudy%2Fmine');
  });

  it('shows the real name with the 学员 tag, else the nickname', async () => {
    logIn();
    mount([]);
    expect(await screen.findByText('欢迎回来，王小明')).toBeTruthy();
    expect(screen.getByText('学员', { exact: true })).toBeTruthy();
    cleanup();
    setUser({ id: 'u1', userId: 'u1', realName: null, nickName: '小明' });
    server.use(answering(USER_INFO, { id: 'u1', userId: 'u1', realName: null, nickName: '小明', mobile: '13800138000' }));
    render(createElement(MineIsland));
    expect(await screen.findByText('欢迎回来，小明')).toBeTruthy();
  });

  it('a login the server no longer accepts goes to login, keeping the page', async () => {
    logIn();
    window.history.replaceState(null, '', '/study/mine');
    server.use(
      http.post(CLASSES, () => HttpResponse.json({ code: 40001, message: '登录已失效，请重新登录' })),
      answering(USER_INFO, { id: 'u1', userId: 'u1', realName: '王小明' }),
      periodsPage(0),
    );
    render(createElement(MineIsland));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/login?redirect=%2Fstudy%2Fmine'));
    expect($session.get().token).toBeNull();
  });
});

describe('my learning: class cards', () => {
  it('asks for the token user’s classes, without isKingDee outside the partner edition', async () => {
    logIn();
    mount([klass(1)]);
    await screen.findByText('班级1');
    expect(bodies[CLASSES]).toEqual([{ userId: 'u1' }]);
  });

  it('the partner edition asks for the ignore-tenant variant (isKingDee)', async () => {
    config(true);
    logIn();
    mount([klass(1)]);
    await screen.findByText('班级1');
    expect(bodies[CLASSES]).toEqual([{ userId: 'u1', isKingDee: true }]);
  });

  it('a card shows class, period, product, teacher, status and training dates cut to 16 characters', async () => {
    logIn();
    mount([klass(1, { teacherName: null })]);
    await screen.findByText('班级1');
    const card = cards()[0]!;
    for (const text of ['第1期', '产品1', '班主任：--', '服务中', '2026-11-01 09:00 ~ 2026-12-31 18:30']) expect(card.textContent).toContain(text);
  });

  it('pages at 4 cards', async () => {
    logIn();
    mount([1, 2, 3, 4, 5, 6].map((n) => klass(n)));
    await screen.findByText('班级1');
    expect(cards().map((c) => c.textContent?.slice(0, 3))).toEqual(['班级1', '班级2', '班级3', '班级4']);
    const pager = screen.getByRole('navigation', { name: '班级分页' });
    expect(pager.textContent).toContain('1 / 2');
    fireEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    expect(cards().map((c) => c.textContent?.slice(0, 3))).toEqual(['班级5', '班级6']);
  });

  it('the tabs filter by serviceStatus, 全部 shows every class, and go back to page 1', async () => {
    logIn();
    const list = [
      klass(1, { serviceStatus: -1 }),
      klass(2, { serviceStatus: 0 }),
      klass(3, { serviceStatus: 1 }),
      klass(4, { serviceStatus: 2 }),
      klass(5, { serviceStatus: 2 }),
    ];
    mount(list);
    await screen.findByText('班级1');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['全部', '待入学', '待开课', '待签到', '服务中', '已完成']);
    expect(tab('全部').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(screen.getByRole('navigation', { name: '班级分页' })).getByRole('button', { name: '下一页' }));
    fireEvent.click(tab('服务中'));
    expect(tab('服务中').getAttribute('aria-selected')).toBe('true');
    expect(cards().map((c) => c.textContent?.slice(0, 3))).toEqual(['班级4', '班级5']);
    fireEvent.click(tab('待入学'));
    expect(cards().map((c) => c.textContent?.slice(0, 3))).toEqual(['班级1']);
    expect(cards()[0]!.textContent).toContain('待入学');
    fireEvent.click(tab('待签到'));
    expect(cards()[0]!.textContent).toContain('去学习');
    fireEvent.click(tab('已完成'));
    expect(cards()).toEqual([]);
    expect(within(classList()).getByText('当前状态下暂无班级')).toBeTruthy();
    fireEvent.click(tab('全部'));
    expect(cards()).toHaveLength(4);
  });

  it('shows the empty text when the student has no class', async () => {
    logIn();
    mount([]);
    expect(await screen.findByText('当前状态下暂无班级')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '班级分页' })).toBeNull();
  });

  it('a network failure says 系统繁忙 and can be tried again', async () => {
    logIn();
    server.use(
      http.post(CLASSES, () => HttpResponse.error()),
      answering(USER_INFO, { id: 'u1', userId: 'u1', realName: '王小明' }),
      periodsPage(0),
    );
    render(createElement(MineIsland));
    const alert = await within(await screen.findByRole('tabpanel')).findByRole('alert');
    expect(alert.textContent).toContain('系统繁忙');
    server.use(answering(CLASSES, [klass(7)]));
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('班级7')).toBeTruthy();
  });
});

describe('my learning: the card click rules', () => {
  async function click(c: LearnerClass) {
    logIn();
    server.use(answering(ENROL, null));
    mount([c]);
    fireEvent.click((await screen.findByText(c.className)).closest('button')!);
  }

  it('pending admission (-1): nothing happens', async () => {
    await click(klass(1, { serviceStatus: -1 }));
    await new Promise((r) => setTimeout(r, 20));
    expect(toastText()).toBe('');
    expect(bodies[ENROL]).toBeUndefined();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('pending start (0): the preparing warning', async () => {
    await click(klass(1, { serviceStatus: 0, teachingClassStatus: 0 }));
    expect(toastText()).toBe('内容正在准备中，请稍候');
    expect(bodies[ENROL]).toBeUndefined();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('not yet opened (teachingClassStatus 0): the expected open date, from the training start', async () => {
    await click(
      klass(1, { serviceStatus: 1, teachingClassStatus: 0, trainingStartTime: '2026-12-01 09:00:00', periodTrainingStartTime: '2026-12-05 09:00:00' }),
    );
    expect(toastText()).toBe('培训预计于2026-12-01开班，请耐心等待');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('not yet opened with only a period start: that date', async () => {
    await click(klass(1, { serviceStatus: 2, teachingClassStatus: 0, trainingStartTime: null, periodTrainingStartTime: '2026-12-05 09:00:00' }));
    expect(toastText()).toBe('培训预计于2026-12-05开班，请耐心等待');
  });

  it('not yet opened without any date: please wait patiently', async () => {
    await click(klass(1, { serviceStatus: 2, teachingClassStatus: 0, trainingStartTime: null, periodTrainingStartTime: null }));
    expect(toastText()).toBe('班级尚未开班，请耐心等待');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it.each([1, 2, 3] as const)('status %i of an opened class: records the enrolment state, then opens the class of its school', async (serviceStatus) => {
    await click(klass(9, { serviceStatus, teachingClassStatus: 1, tenantId: 't-2' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/study/training-class?classId=c9&schoolId=t-2'));
    expect(bodies[ENROL]).toEqual([{ classId: 'c9', userId: 'u1' }]);
    expect($currentClass.get()).toEqual({ classId: 'c9', schoolId: 't-2', className: '班级9', classPeriodName: '第9期' });
  });

  it('when the enrolment state cannot be recorded the student stays and is told why', async () => {
    logIn();
    server.use(http.post(ENROL, () => HttpResponse.error()));
    mount([klass(1)]);
    fireEvent.click((await screen.findByText('班级1')).closest('button')!);
    await waitFor(() => expect(toastText()).toContain('系统繁忙'));
    expect(navigateTo).not.toHaveBeenCalled();
  });
});

describe('my learning: the period list', () => {
  it('asks for 8 periods of type 1 of the student, and pages', async () => {
    logIn();
    mount([], { periods: 10 });
    expect(await screen.findByText('期次1')).toBeTruthy();
    expect(screen.getByText('期次8')).toBeTruthy();
    expect(screen.queryByText('期次9')).toBeNull();
    expect(bodies[PERIODS]![0]).toEqual({ current: 1, size: 8, model: { classPeriodType: 1, userId: 'u1' } });
    fireEvent.click(within(screen.getByRole('navigation', { name: '班期分页' })).getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('期次10')).toBeTruthy();
    expect(bodies[PERIODS]![1]).toEqual({ current: 2, size: 8, model: { classPeriodType: 1, userId: 'u1' } });
  });

  it('says so when there is none', async () => {
    logIn();
    mount([klass(1)]);
    expect(await screen.findByText('暂无班期')).toBeTruthy();
  });
});
