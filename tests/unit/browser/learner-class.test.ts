// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { urlOf } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as api from '~/lib/api/contracts/learning-class';

vi.mock('~/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/navigation')>()),
  navigateTo: vi.fn(),
}));

const { default: TrainingClassIsland } = await import('~/islands/learner/class/TrainingClassIsland');
const { navigateTo } = await import('~/lib/navigation');
const { setToken, setUser } = await import('~/lib/stores/session');

/**
 * The class page (/study/training-class) on its own against a fake API: what the seeded demo
 * cannot show — failures and retry, a rate capped at 100%, no durations, a failed assessment,
 * empty lists, the experience query and reduced motion.
 */

const API = 'http://api.test';
const url = (call: { path: string }) => `${API}${urlOf(call)}`;
const server = setupServer();
const bodies: Record<string, unknown[]> = {};

function detail(over: Partial<learning.StudentClassDetail> = {}): learning.StudentClassDetail {
  return {
    classId: 'c1',
    classStatus: 2,
    teachingClassStatus: 1,
    title: '测试班级',
    classPeriodName: '第1期',
    trainingStartTime: '2026-11-01 00:00:00',
    trainingEndTime: '2026-12-31 23:59:59',
    statusTime: '2026-11-01 00:00:00',
    studentId: 's1',
    learningGoal: null,
    activityTotal: 0,
    classStudentTotal: 1,
    teacherName: null,
    experience: false,
    visitCount: 7,
    personalityDataResultVO: { nickName: '小明', realName: null, avatar: null },
    ...over,
  };
}

const situation = (over: Partial<api.UserStudySituation> = {}): api.UserStudySituation => ({
  finishActivityRate: 100,
  studyDurationStr: null,
  studyDuration: 0,
  answerDurationStr: null,
  answerDuration: 0,
  evaluateStatus: 2,
  ...over,
});

function activity(n: number, over: Partial<api.TodayActivity> = {}): api.TodayActivity {
  return {
    id: `a${n}`,
    activityId: `a${n}`,
    activityName: `活动${n}`,
    isRequired: 1,
    onlineType: 1,
    classActivityStatus: 0,
    startTime: '2026-11-22 09:00:00',
    endTime: '2026-11-22 10:30:00',
    extendId: 'k1',
    courseName: '课程',
    bizType: 'ONLINE_CLASSROOM',
    position: null,
    address: null,
    classroomId: 'r1',
    classroomName: '课堂',
    classroomType: 1,
    finStatus: 0,
    signInTime: null,
    signOutTime: null,
    dynamic: [],
    ...over,
  };
}

const dynamic = (n: number): api.ActivityDynamic => ({
  id: `d${n}`,
  activityId: 'a1',
  avatar: null,
  realName: `同学${n}`,
  content: null,
  type: 0,
  createdTime: `2026-11-22 09:0${n}:00`,
});

function answering(call: { path: string }, data: unknown | (() => Response)) {
  return http.post(url(call), async ({ request }) => {
    const list = bodies[call.path] ?? [];
    bodies[call.path] = list;
    list.push(await request.json());
    return typeof data === 'function' ? (data as () => Response)() : HttpResponse.json({ code: 0, data, message: 'ok' });
  });
}

const page = <T>(records: T[]) => ({ records, current: 1, size: 6, total: records.length, pages: records.length ? 1 : 0 });

interface Fake {
  detail?: learning.StudentClassDetail;
  situation?: api.UserStudySituation;
  today?: api.TodayActivity[] | (() => Response);
  dynamics?: api.ActivityDynamic[];
  courses?: api.ClassStudentCourse[];
  /** The first view's answer instead of the one made of the parts above (a failure). */
  firstView?: () => Response;
}

/** The page's first view made of the fake's parts, as the server makes it of its calls' answers. */
function firstViewOf(f: Fake): api.ClassFirstView {
  const d = f.detail ?? detail();
  const over = d.teachingClassStatus === 2;
  return {
    detail: d,
    visits: d.visitCount + 1,
    situation: f.situation ?? situation(),
    courses: { classStudentCourseResultVOS: f.courses ?? [] },
    today: over ? null : { activities: typeof f.today === 'function' ? [] : (f.today ?? []), dynamics: f.dynamics ?? [] },
    past: over ? { sums: { totalNum: 0, absenceNum: 0, attendanceNum: 0, electiveNum: 0 }, page: page([]) } : null,
  };
}

function mount(f: Fake = {}, search = '?classId=c1') {
  window.history.replaceState(null, '', `/study/training-class${search}`);
  server.use(
    answering(api.classFirstView, f.firstView ?? firstViewOf(f)),
    answering(learning.studentClassDetail, f.detail ?? detail()),
    answering(learning.increaseVisit, (f.detail ?? detail()).visitCount + 1),
    answering(api.userStudySituation, f.situation ?? situation()),
    answering(api.studentCourseStatistic, { classStudentCourseResultVOS: f.courses ?? [] }),
    answering(api.todayActivities, typeof f.today === 'function' ? f.today : { activityResultVOList: f.today ?? [] }),
    answering(api.activityDynamicPage, page(f.dynamics ?? [])),
    answering(api.pastActivitySum, { totalNum: 0, absenceNum: 0, attendanceNum: 0, electiveNum: 0 }),
    answering(api.pastActivityPage, page([])),
  );
  return render(createElement(TrainingClassIsland));
}

const stat = (label: string) => {
  const card = screen.getByRole('region', { name: '学员学习情况' });
  const dt = within(card).getAllByText((_, el) => el?.tagName === 'DT' && el.textContent?.startsWith(label) === true)[0]!;
  return dt.nextElementSibling!.textContent;
};

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterAll(() => server.close());
beforeEach(() => {
  for (const k of Object.keys(bodies)) delete bodies[k];
  localStorage.clear();
  sessionStorage.clear();
  const portalConfig = { apiBase: API, tenantId: 't-1', partner: false, partnerSlug: 'kingdee', loginPath: '/login' };
  document.head.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify(portalConfig)}</script>`;
  setToken('tok', Date.now() + 3_600_000);
  setUser({ id: 'u1', userId: 'u1', realName: null, nickName: '小明' });
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.mocked(navigateTo).mockClear();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the student card', () => {
  it('the new visit count, a rate capped at 100%, -- without durations, 未通过 for a failed assessment', async () => {
    mount();
    await screen.findByRole('heading', { level: 1, name: '测试班级' });
    await waitFor(() => expect(stat('考核结果')).toBe('未通过'));
    expect(stat('学习次数')).toBe('8');
    expect(stat('完成率')).toBe('100%');
    expect(stat('学习时长')).toBe('--');
    expect(stat('答题时长')).toBe('--');
    expect(screen.getByText('小明')).toBeTruthy();
    // The whole first view is one call, which counts the visit: nothing else is asked for.
    expect(bodies[api.classFirstView.path]).toEqual([{ classId: 'c1', userId: 'u1' }]);
    expect(Object.keys(bodies)).toEqual([api.classFirstView.path]);
  });

  it('a rate with decimals and the durations as the server words them', async () => {
    mount({ situation: situation({ finishActivityRate: 33.33, studyDurationStr: '1小时5分钟', answerDurationStr: '不足1分钟', evaluateStatus: 0 }) });
    await waitFor(() => expect(stat('考核结果')).toBe('未考核'));
    expect(stat('完成率')).toBe('33.33%');
    expect(stat('学习时长')).toBe('1小时5分钟');
    expect(stat('答题时长')).toBe('不足1分钟');
  });
});

describe('failures', () => {
  it('a first view that fails to load says why and loads again on retry', async () => {
    let fail = true;
    const loaded = firstViewOf({ today: [activity(1)] });
    mount({
      firstView: () => (fail ? HttpResponse.json({ code: 500, data: null, message: '系统繁忙' }) : HttpResponse.json({ code: 0, data: loaded, message: 'ok' })),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载失败：系统繁忙');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('活动1')).toBeTruthy();
  });

  it('a class the server refuses shows its message and no body', async () => {
    window.history.replaceState(null, '', '/study/training-class?classId=nope');
    server.use(http.post(url(api.classFirstView), () => HttpResponse.json({ code: 404, data: null, message: '未找到该班级，或您不在该班级中' })));
    render(createElement(TrainingClassIsland));
    expect((await screen.findByRole('alert')).textContent).toContain('未找到该班级，或您不在该班级中');
    expect(screen.queryByRole('tablist', { name: '班级课程' })).toBeNull();
  });
});

describe('empty lists', () => {
  it('no courses: 暂无课程; no learning goal: no goal; no offline course: no classroom highlights', async () => {
    mount();
    expect(await screen.findByText('暂无课程')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '学习目标' })).toBeNull();
    expect(screen.queryByRole('button', { name: /课堂花絮/ })).toBeNull();
    expect(screen.getByRole('button', { name: /班级通知/ })).toBeTruthy();
  });

  it('past classes with nothing: 暂无数据', async () => {
    mount();
    fireEvent.click(await screen.findByRole('tab', { name: '往期课程' }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(bodies[api.pastActivityPage.path]).toEqual([{ current: 1, size: 6, order: 'descending', sort: 'id', model: { classId: 'c1', userId: 'u1' } }]);
  });

  it('a class that is over opens on its past from the first view, asking nothing more; coming back to a tab asks its own calls', async () => {
    mount({ detail: detail({ teachingClassStatus: 2 }) });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(Object.keys(bodies)).toEqual([api.classFirstView.path]);
  });

  it('today, then the past, then today again: the first view shows first, then each tab asks its own calls', async () => {
    mount({ today: [activity(1)] });
    expect(await screen.findByText('活动1')).toBeTruthy();
    expect(bodies[api.todayActivities.path]).toBeUndefined();
    fireEvent.click(screen.getByRole('tab', { name: '往期课程' }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '今日课程' }));
    await waitFor(() => expect(bodies[api.todayActivities.path]).toHaveLength(1));
  });

  it('continue learning with no course opens the past classes', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: '继续学习' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: '往期课程' }).getAttribute('aria-selected')).toBe('true'));
    expect(navigateTo).not.toHaveBeenCalled();
  });
});

describe('experience mode', () => {
  it('the experience query alone makes the four choices show a notice', async () => {
    mount({}, '?classId=c1&experience=1');
    fireEvent.click(await screen.findByRole('button', { name: '继续学习' }));
    const dialog = await screen.findByRole('dialog', { name: '体验班级' });
    expect(dialog.textContent).toContain('正式报名后即可使用“继续学习”');
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: '今日课程' }).getAttribute('aria-selected')).toBe('true');
  });

  it('experience=0 is not experience mode', async () => {
    mount({ courses: [] }, '?classId=c1&experience=0');
    fireEvent.click(await screen.findByRole('button', { name: '休息一下' }));
    expect(await screen.findByRole('dialog', { name: '休息一下' })).toBeTruthy();
  });
});

describe("today's dynamics", () => {
  it('scroll one line every 5000 ms, back to the first after the last', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount({ today: [activity(1)], dynamics: [dynamic(1), dynamic(2), dynamic(3)] });
    const region = await screen.findByRole('region', { name: '课堂动态' });
    const current = () => region.querySelector('li[data-current="true"]')?.textContent ?? '';
    await waitFor(() => expect(current()).toContain('同学1'));
    // (the fake clock also moves with real time, a few ms here: half the interval is safely short of it)
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(current()).toContain('同学1');
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(current()).toContain('同学2');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(current()).toContain('同学3');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(current()).toContain('同学1');
    // focus stops it
    fireEvent.focus(within(region).getByRole('group'));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(current()).toContain('同学1');
  });

  it('with prefers-reduced-motion they do not move: every line is listed', async () => {
    reducedMotion(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount({ today: [activity(1)], dynamics: [dynamic(1), dynamic(2)] });
    const region = await screen.findByRole('region', { name: '课堂动态' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));
    expect(region.querySelector('[data-current]')).toBeNull();
    expect(within(region).queryByRole('button', { name: '暂停滚动' })).toBeNull();
  });

  it("only today's activities' dynamics are shown", async () => {
    mount({ today: [activity(1)], dynamics: [dynamic(1), { ...dynamic(2), activityId: 'older' }] });
    const region = await screen.findByRole('region', { name: '课堂动态' });
    expect(region.textContent).toContain('同学1');
    expect(region.textContent).not.toContain('同学2');
  });
});
