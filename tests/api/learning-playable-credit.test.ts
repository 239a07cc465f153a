import { describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/classroom-online';
import { CLASSROOM_TYPE, LIVE_STATUS } from '~/lib/learning/codes';
import { expectOk } from '../setup/api';
import { createLearningClass, type FixtureLesson } from '../setup/learning';
import { DAY, DEMO, HOUR, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

/**
 * Only media that exists and plays earns study credit (issue 27, item 6; decision 051). The attack:
 * a live lesson not yet started (liveStatus 0, no address, scheduled next week) was credited 40 s
 * for four reports 5 s apart, so a script reached the 80 % target in about 24 minutes. Each test
 * makes its own class and student and reads only their own records.
 */

const server = useTestServer();
const SECOND = 1_000;
const REPORT_GAP = 5 * SECOND;

interface Setup {
  user: TestUser;
  ref: { classroomId: string; courseId: string; classId: string; studentId: string };
}

/** A class of its own with one lesson and one student; `live` sets the lesson's live state and times. */
async function lessonFor(lesson: FixtureLesson, live?: { status: number; startAt: number }): Promise<Setup> {
  const s = server();
  const user = await loginAs(s, DEMO.id);
  const fixture = await createLearningClass(s.runtime.db, {
    tenantId: DEMO.id,
    now: s.clock.value,
    name: `可计学时班${Math.random().toString(36).slice(2, 8)}`,
    courseName: '可计学时课',
    lessons: [lesson],
    duties: [
      { dutyType: 'VIDEO_PROGRESS', targetValue: 80 },
      { dutyType: 'EE_LIVE_LECTURES_VIDEO_PROGRESS', targetValue: 80 },
    ],
    userIds: [user.userId],
  });
  const classroomId = fixture.lessons[lesson.name]!;
  if (live)
    await s.runtime.db
      .updateTable('classrooms')
      .set({ liveStatus: live.status, classStartAt: live.startAt, classEndAt: live.startAt + HOUR })
      .where('id', '=', classroomId)
      .execute();
  return { user, ref: { classroomId, courseId: fixture.courseId, classId: fixture.classId, studentId: fixture.studentIds[user.userId]! } };
}

const ask = (x: Setup, c: Call<any, unknown>, body: object) => server().call(c, { ...x.ref, ...body } as never, withToken(x.user.token));

/** Opens the lesson, then sends `count` reports `REPORT_GAP` apart, each claiming the gap as watched; the last answer. */
async function studyBurst(x: Setup, count: number): Promise<api.ProgressReportAnswer> {
  expectOk(await ask(x, api.recordView, {}));
  let answer: api.ProgressReportAnswer | undefined;
  for (let n = 1; n <= count; n++) {
    server().clock.advance(REPORT_GAP);
    answer = expectOk<api.ProgressReportAnswer>(await ask(x, api.reportProgress, { seq: n, positionMs: n * REPORT_GAP, watchedMs: REPORT_GAP, client: 'Web' }));
  }
  return answer!;
}

async function creditedMs(x: Setup): Promise<number> {
  const row = await server()
    .runtime.db.selectFrom('lessonRecords')
    .select('creditedMs')
    .where('classStudentId', '=', x.ref.studentId)
    .where('classroomId', '=', x.ref.classroomId)
    .executeTakeFirstOrThrow();
  return Number(row.creditedMs);
}

const LIVE: FixtureLesson = { name: 'PLC 直播答疑', type: CLASSROOM_TYPE.LIVE, minutes: 60, content: null };

describe('study credit only for media that exists and plays', () => {
  test('the attack: a live lesson not started, without an address, scheduled next week, is credited nothing for four reports 5 s apart', async () => {
    const x = await lessonFor(LIVE, { status: LIVE_STATUS.NOT_STARTED, startAt: server().clock.value + 7 * DAY });
    const last = await studyBurst(x, 4);
    // Answered, not refused: the player keeps its place and goes on; nothing is credited.
    expect(last).toMatchObject({ applied: true, seq: 4, learningDuration: 0, learnProcess: 0, finished: false, lastStudyTime: 4 * REPORT_GAP });
    expect(await creditedMs(x)).toBe(0);
  });

  test('the unspent study clock: after the uncredited live reports, a playable video studied at once is credited in full', async () => {
    const s = server();
    const user = await loginAs(s, DEMO.id);
    const fixture = await createLearningClass(s.runtime.db, {
      tenantId: DEMO.id,
      now: s.clock.value,
      name: `学时时钟班${Math.random().toString(36).slice(2, 8)}`,
      courseName: '学时时钟课',
      lessons: [LIVE, { name: '录播视频', type: CLASSROOM_TYPE.VIDEO, minutes: 10 }],
      duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 80 }],
      userIds: [user.userId],
    });
    await s.runtime.db
      .updateTable('classrooms')
      .set({ liveStatus: LIVE_STATUS.NOT_STARTED, classStartAt: s.clock.value + 7 * DAY })
      .where('id', '=', fixture.lessons[LIVE.name]!)
      .execute();
    const of = (name: string): Setup => ({
      user,
      ref: { classroomId: fixture.lessons[name]!, courseId: fixture.courseId, classId: fixture.classId, studentId: fixture.studentIds[user.userId]! },
    });
    expectOk(await ask(of('录播视频'), api.recordView, {}));
    await studyBurst(of(LIVE.name), 4);
    // The video was open for the same 20 s: its one report of 20 s is within real time, all credited.
    const video = expectOk<api.ProgressReportAnswer>(
      await ask(of('录播视频'), api.reportProgress, { seq: 1, positionMs: 20_000, watchedMs: 20_000, client: 'Web' }),
    );
    expect(video.learningDuration).toBe(20_000);
  });

  test('a live lesson that is live is credited from its start; a replay being made is not; a replay with its address is', async () => {
    const now = server().clock.value;
    const onAir = await lessonFor(LIVE, { status: LIVE_STATUS.LIVE, startAt: now - HOUR / 2 });
    expect((await studyBurst(onAir, 4)).learningDuration).toBe(4 * REPORT_GAP);
    const early = await lessonFor(LIVE, { status: LIVE_STATUS.LIVE, startAt: server().clock.value + HOUR });
    expect((await studyBurst(early, 4)).learningDuration).toBe(0);
    const making = await lessonFor(
      { ...LIVE, content: { pageData: [{ type: 'replay', url: '/files/replay.mp4' }] } },
      { status: LIVE_STATUS.REPLAY_GENERATING, startAt: now - DAY },
    );
    expect((await studyBurst(making, 4)).learningDuration).toBe(0);
    const replay = await lessonFor({ ...LIVE, content: { pageData: [{ type: 'replay', url: '/files/replay.mp4' }] } }, { status: 3, startAt: now - DAY });
    expect((await studyBurst(replay, 4)).learningDuration).toBe(4 * REPORT_GAP);
    const noReplay = await lessonFor(LIVE, { status: 3, startAt: now - DAY });
    expect((await studyBurst(noReplay, 4)).learningDuration).toBe(0);
  });

  test('a video lesson without its media earns nothing; an article with nothing to read is not learned by opening it', async () => {
    const video = await lessonFor({ name: '缺片视频', type: CLASSROOM_TYPE.VIDEO, minutes: 10, content: { pageData: [{ type: 'video' }] } });
    expect((await studyBurst(video, 4)).learningDuration).toBe(0);
    const empty = await lessonFor({ name: '空讲义', type: CLASSROOM_TYPE.ARTICLE, content: null });
    expect(expectOk<api.LessonProgress>(await ask(empty, api.recordView, {})).finished).toBe(false);
    const article = await lessonFor({ name: '讲义', type: CLASSROOM_TYPE.ARTICLE });
    expect(expectOk<api.LessonProgress>(await ask(article, api.recordView, {})).finished).toBe(true);
  });
});
