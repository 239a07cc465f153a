// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { urlOf, type Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/classroom-interaction';

const { default: InteractionPanel } = await import('~/islands/learner/interaction/InteractionPanel');
const { setToken, setUser } = await import('~/lib/stores/session');

/**
 * The classroom interaction panel on its own against a fake API that keeps state as the server
 * does: counts on the tabs, the question drawer with its kept draft, notes (filter, write, edit with
 * the share box disabled, delete after asking, edit and delete only on my own), comments and
 * replies, the like, and the 100-character counters and required messages.
 */

const API = 'http://api.test';
const server = setupServer();
const bodies: Record<string, unknown[]> = {};
const PROPS = { classId: 'c1', courseId: 'k1', classroomId: 'r1', classroomName: '电路的基本概念', studentId: 's1', userId: 'u1', showLike: true };

interface State {
  questions: api.Question[];
  draft: string | null;
  notes: api.Note[];
  comments: api.Comment[];
  like: api.LikeState;
}
let state: State;
let seq = 0;
const nextSeq = () => {
  seq += 1;
  return seq;
};

const note = (over: Partial<api.Note>): api.Note => ({
  id: `n${nextSeq()}`,
  title: '笔记',
  notes: '',
  isShared: 1,
  studentId: 's2',
  createdName: '李雨桐',
  createdTime: '2026-11-20 10:00:00',
  mine: false,
  teacher: false,
  ...over,
});

function fresh(): State {
  return {
    questions: [
      {
        id: 'q1',
        title: '电动势和电压有什么区别？',
        studentId: 's2',
        studentName: '李雨桐',
        studentAvatar: null,
        createdTime: '2026-11-20 09:00:00',
        answerList: [{ answer: '电动势是电源内部的能力。', teacherName: '王建国', createdTime: '2026-11-20 10:00:00' }],
      },
    ],
    draft: '上次没写完的问题',
    notes: [
      note({ title: '我的私人笔记', isShared: 0, studentId: 's1', createdName: '张晓明', mine: true }),
      note({ title: '欧姆定律要点' }),
      note({ title: '本节重点', studentId: null, createdName: '王建国', teacher: true }),
    ],
    comments: [
      {
        id: 'm1',
        commentContent: '讲得很清楚',
        commentParent: null,
        commentAuthorName: '李雨桐',
        commentAuthorAvatar: null,
        commentParentAuthorName: null,
        createdTime: '2026-11-20 11:00:00',
        mine: false,
      },
    ],
    like: { isLike: false, likeTotal: 2 },
  };
}

const ok = (data: unknown, message = 'success') => HttpResponse.json({ code: 0, data, message });
const page = <T>(records: T[]) => ({ records, current: 1, size: 999, total: records.length, pages: 1 });

/**
 * Each test signs in with a token of its own: a request of a component an earlier test unmounted
 * may still be on its way, and is answered without being counted or changing this test's data.
 */
let testToken = '';
let tokens = 0;

function on<Req>(call: Call<Req, unknown>, answer: (body: Req) => unknown) {
  const method = call.method.toLowerCase() as 'post' | 'put' | 'delete';
  return http[method](`${API}${urlOf(call)}`, async ({ request }) => {
    if (request.headers.get('Token') !== testToken) return ok(null);
    const body = (await request.json()) as Req;
    const list = bodies[`${call.method} ${call.path}`] ?? [];
    bodies[`${call.method} ${call.path}`] = list;
    list.push(body);
    return ok(answer(body));
  });
}

function fakeApi() {
  return [
    on(api.questionCount, () => ({ questionTotal: state.questions.length })),
    on(api.questionPage, () => page(state.questions)),
    on(api.questionDraft, () => (state.draft ? { id: 'd1', title: state.draft } : null)),
    on(api.questionSubmit, (b) => {
      if (b.isDraft) state.draft = b.title || null;
      else {
        state.draft = null;
        state.questions.unshift({
          id: `q${nextSeq()}`,
          title: b.title,
          studentId: 's1',
          studentName: '张晓明',
          studentAvatar: null,
          createdTime: '2026-11-23 09:00:00',
          answerList: [],
        });
      }
      return { id: 'x' };
    }),
    on(api.noteCount, () => ({ total: state.notes.length })),
    on(api.noteList, (b) => state.notes.filter((n) => (b.dataType === 1 ? n.mine : b.dataType === 3 ? n.teacher : true))),
    on(api.noteCreate, (b) => {
      state.notes.unshift(note({ title: b.title, notes: b.notes ?? '', isShared: b.isShared, studentId: 's1', createdName: '张晓明', mine: true }));
      return { id: 'x' };
    }),
    on(api.noteUpdate, (b) => {
      const n = state.notes.find((x) => x.id === b.id)!;
      Object.assign(n, { title: b.title, notes: b.notes ?? '' });
      return { id: b.id };
    }),
    on(api.noteDelete, (b) => {
      state.notes = state.notes.filter((n) => !b.ids.includes(n.id));
      return { deleted: b.ids.length };
    }),
    on(api.commentPage, () => page(state.comments)),
    on(api.commentSubmit, (b) => {
      const parent = state.comments.find((c) => c.id === b.commentParent);
      state.comments.push({
        id: `m${nextSeq()}`,
        commentContent: b.commentContent,
        commentParent: b.commentParent ?? null,
        commentAuthorName: '张晓明',
        commentAuthorAvatar: null,
        commentParentAuthorName: parent?.commentAuthorName ?? null,
        createdTime: '2026-11-23 09:00:00',
        mine: true,
      });
      return { id: 'x' };
    }),
    on(api.likeState, () => state.like),
    on(api.likeToggle, (b) => {
      const want = b.isThumb === true || b.isThumb === 1;
      if (want !== state.like.isLike) state.like = { isLike: want, likeTotal: state.like.likeTotal + (want ? 1 : -1) };
      return state.like;
    }),
  ];
}

const mount = (props = PROPS) => render(createElement(InteractionPanel, props));
const tab = (name: RegExp) => screen.findByRole('tab', { name });
const dialog = (name: string) => screen.findByRole('dialog', { name });

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
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
  state = fresh();
  const portalConfig = { apiBase: API, tenantId: 't-1', partner: false, partnerSlug: 'kingdee', loginPath: '/login' };
  document.head.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify(portalConfig)}</script>`;
  testToken = `tok-${++tokens}`;
  setToken(testToken, Date.now() + 3_600_000);
  setUser({ id: 'u1', userId: 'u1', realName: null, nickName: '小明' });
  server.use(...fakeApi());
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  document.body.innerHTML = '';
});

describe('tabs and counts', () => {
  it('shows 问答 1 / 笔记 3 / 评论 1 with the questions and the teachers’ answers first; arrows move between tabs', async () => {
    mount();
    expect(await tab(/^问答 1$/)).toBeTruthy();
    expect(await tab(/^笔记 3$/)).toBeTruthy();
    expect(await tab(/^评论 1$/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '问答 1' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('电动势和电压有什么区别？')).toBeTruthy();
    expect(screen.getByText('电动势是电源内部的能力。')).toBeTruthy();
    expect(screen.getByText(/王建国 老师回复/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: '问答 1' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '笔记 3' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: '笔记 3' })).toBeTruthy();
  });
});

describe('questions', () => {
  it('提问 pre-fills the kept draft; empty is refused with 请填写问题内容; sending asks and the count moves', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: '提问' }));
    const drawer = await dialog('向老师提问');
    const box = within(drawer).getByRole('textbox', { name: '问题内容' }) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('上次没写完的问题'));
    expect(within(drawer).getByText('8/100')).toBeTruthy();
    expect(box.maxLength).toBe(100);
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '发送' }));
    expect(within(drawer).getByRole('alert').textContent).toBe('请填写问题内容');
    expect(bodies['POST /teaching/anyone/classroomQuestion/submit']).toBeUndefined();
    fireEvent.change(box, { target: { value: '三相电怎么测？' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '发送' }));
    expect(await tab(/^问答 2$/)).toBeTruthy();
    expect(await screen.findByText('三相电怎么测？')).toBeTruthy();
    expect(bodies['POST /teaching/anyone/classroomQuestion/submit']).toEqual([
      { classId: 'c1', classroomId: 'r1', studentId: 's1', courseId: 'k1', classroomName: '电路的基本概念', title: '三相电怎么测？', isDraft: false },
    ]);
    expect(screen.queryByRole('dialog', { name: '向老师提问' })).toBeNull();
  });

  it('closing with text asks 是否保留本次编辑？: 保留 keeps a draft that pre-fills next time; 不保留 drops it', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: '提问' }));
    let drawer = await dialog('向老师提问');
    const box = within(drawer).getByRole('textbox', { name: '问题内容' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).not.toBe(''));
    fireEvent.change(box, { target: { value: '新写的草稿' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('是否保留本次编辑？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保留' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '向老师提问' })).toBeNull());
    expect(state.draft).toBe('新写的草稿');

    fireEvent.click(screen.getByRole('button', { name: '提问' }));
    drawer = await dialog('向老师提问');
    await waitFor(() => expect((within(drawer).getByRole('textbox', { name: '问题内容' }) as HTMLTextAreaElement).value).toBe('新写的草稿'));
    fireEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    fireEvent.click(await screen.findByRole('button', { name: '不保留' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '向老师提问' })).toBeNull());
    expect(state.draft).toBeNull();

    // Empty: it closes without asking.
    fireEvent.click(screen.getByRole('button', { name: '提问' }));
    drawer = await dialog('向老师提问');
    fireEvent.click(within(drawer).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '向老师提问' })).toBeNull());
    expect(screen.queryByText('是否保留本次编辑？')).toBeNull();
  });
});

describe('notes', () => {
  it('全部 / 我的 / 老师 filter; edit and delete only on my own notes', async () => {
    mount();
    fireEvent.click(await tab(/^笔记/));
    expect(await screen.findByText('欧姆定律要点')).toBeTruthy();
    expect(screen.getByRole('button', { name: '编辑笔记“我的私人笔记”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '编辑笔记“欧姆定律要点”' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除笔记“本节重点”' })).toBeNull();
    expect(screen.getByText('老师笔记')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '老师' }));
    expect(await screen.findByText('本节重点')).toBeTruthy();
    expect(screen.queryByText('欧姆定律要点')).toBeNull();
    expect(screen.getByRole('button', { name: '老师' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '我的' }));
    expect(await screen.findByText('我的私人笔记')).toBeTruthy();
    expect(screen.queryByText('本节重点')).toBeNull();
    expect(bodies['POST /teaching/anyone/notes/list']!.map((b) => (b as { dataType: number }).dataType)).toEqual([0, 3, 1]);
  });

  it('writes (title required: 请先填写笔记名称), edits with the share box disabled, deletes after asking', async () => {
    mount();
    fireEvent.click(await tab(/^笔记/));
    fireEvent.click(await screen.findByRole('button', { name: '写笔记' }));
    let form = await dialog('新建笔记');
    expect((within(form).getByRole('checkbox', { name: '共享给同班同学' }) as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('请先填写笔记名称');
    fireEvent.change(within(form).getByRole('textbox', { name: '笔记名称' }), { target: { value: '新笔记' } });
    fireEvent.change(within(form).getByRole('textbox', { name: '笔记内容' }), { target: { value: '内容'.repeat(50) } });
    expect(within(form).getByText('100/100')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: '共享给同班同学' }));
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await tab(/^笔记 4$/)).toBeTruthy();
    expect(bodies['POST /teaching/anyone/notes/studentNotes']).toEqual([
      expect.objectContaining({ title: '新笔记', notes: '内容'.repeat(50), isShared: 0, courseId: 'k1' }),
    ]);

    fireEvent.click(await screen.findByRole('button', { name: '编辑笔记“新笔记”' }));
    form = await dialog('编辑笔记');
    expect((within(form).getByRole('checkbox', { name: '共享给同班同学' }) as HTMLInputElement).disabled).toBe(true);
    const title = within(form).getByRole('textbox', { name: '笔记名称' }) as HTMLInputElement;
    expect(title.value).toBe('新笔记');
    fireEvent.change(title, { target: { value: '改过的笔记' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('改过的笔记')).toBeTruthy();
    expect(bodies['PUT /teaching/anyone/notes/studentNotes']).toEqual([expect.objectContaining({ title: '改过的笔记', isShared: 0 })]);

    fireEvent.click(screen.getByRole('button', { name: '删除笔记“改过的笔记”' }));
    const ask = await dialog('删除笔记');
    expect(within(ask).getByText(/确定删除笔记“改过的笔记”吗/)).toBeTruthy();
    expect(bodies['DELETE /teaching/anyone/notes/studentNotes']).toBeUndefined();
    fireEvent.click(within(ask).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByText('改过的笔记')).toBeNull());
    expect(await tab(/^笔记 3$/)).toBeTruthy();
    expect(bodies['DELETE /teaching/anyone/notes/studentNotes']).toHaveLength(1);
  });
});

describe('comments', () => {
  it('comments (请填写评论内容 when empty) and replies naming whom they answer', async () => {
    mount();
    fireEvent.click(await tab(/^评论/));
    const box = await screen.findByRole('textbox', { name: '发表评论' });
    fireEvent.click(screen.getByRole('button', { name: '发表' }));
    expect(screen.getByRole('alert').textContent).toBe('请填写评论内容');
    fireEvent.change(box, { target: { value: '我也觉得' } });
    expect(screen.getByText('4/100')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '发表' }));
    expect(await tab(/^评论 2$/)).toBeTruthy();
    expect(await screen.findByText('我也觉得')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: '回复 李雨桐' }));
    const reply = screen.getByRole('textbox', { name: '回复 李雨桐' });
    fireEvent.change(reply, { target: { value: '同意' } });
    fireEvent.click(screen.getByRole('button', { name: '发送回复' }));
    expect(await tab(/^评论 3$/)).toBeTruthy();
    expect(await screen.findByText('回复 李雨桐：')).toBeTruthy();
    expect(bodies['POST /teaching/anyone/classroomComment/submit']!.at(-1)).toEqual({ classId: 'c1', id: 'r1', commentContent: '同意', commentParent: 'm1' });
  });
});

describe('like', () => {
  it('shows the state and total and toggles; hidden when showLike is false', async () => {
    mount();
    const like = await screen.findByRole('button', { name: '点赞 2' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    const liked = await screen.findByRole('button', { name: '已点赞 3' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect((liked as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(liked);
    expect(await screen.findByRole('button', { name: '点赞 2' })).toBeTruthy();
    expect(bodies['POST /teaching/anyone/classroomLike/toggle']).toEqual([
      { bizType: 1, likeObjectId: 'r1', isThumb: true, userId: 'u1', classId: 'c1' },
      { bizType: 1, likeObjectId: 'r1', isThumb: false, userId: 'u1', classId: 'c1' },
    ]);
    cleanup();
    mount({ ...PROPS, showLike: false });
    await tab(/^问答 1$/);
    expect(screen.queryByRole('button', { name: /点赞/ })).toBeNull();
  });
});

describe('accessibility', () => {
  it('axe finds no serious or critical violations in each tab and the open dialogs (jsdom: structure, names, roles)', async () => {
    const { default: axe } = await import('axe-core');
    // jsdom has no canvas (axe measures icon glyphs with one); without it axe skips that check.
    HTMLCanvasElement.prototype.getContext = (() => null) as never;
    const serious = async () => {
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    };
    mount();
    await screen.findByText('电动势和电压有什么区别？');
    expect(await serious()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '提问' }));
    await dialog('向老师提问');
    expect(await serious()).toEqual([]);
    fireEvent.click(within(await dialog('向老师提问')).getByRole('button', { name: '关闭' }));
    fireEvent.click(await screen.findByRole('button', { name: '不保留' }));
    fireEvent.click(await tab(/^笔记/));
    await screen.findByText('欧姆定律要点');
    expect(await serious()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '编辑笔记“我的私人笔记”' }));
    await dialog('编辑笔记');
    expect(await serious()).toEqual([]);
    fireEvent.click(within(await dialog('编辑笔记')).getByRole('button', { name: '取消' }));
    fireEvent.click(await tab(/^评论/));
    await screen.findByText('讲得很清楚');
    fireEvent.click(screen.getByRole('button', { name: '回复 李雨桐' }));
    expect(await serious()).toEqual([]);
  });
});
