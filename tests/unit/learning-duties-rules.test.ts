import { describe, expect, test } from 'vitest';
import { completedBy, dutyFigures, dutyTarget, recordTargets, sumDutyFigures, type DutyInput, type DutyLesson } from '~/lib/learning/duties';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';

const MIN = 60_000;
const lesson = (id: string, classroomType: number, minutes = 10, mustLearn = 1): DutyLesson => ({ id, classroomType, mustLearn, durationMs: minutes * MIN });
const input = (over: Partial<DutyInput> = {}): DutyInput => ({
  lessons: [
    lesson('v1', 1, 20),
    lesson('a1', 2, 10),
    lesson('doc', 4),
    lesson('hw', 6),
    lesson('t', 7),
    lesson('f2f', 11, 90),
    lesson('live', 10, 60),
    lesson('extra', 1, 30, 0),
  ],
  rules: [],
  records: [],
  attendedLessons: new Set(),
  submittedLessons: new Set(),
  ...over,
});

describe('dutyFigures', () => {
  test('nothing done: the required lessons are counted, electives are not', () => {
    const f = dutyFigures(input());
    expect(f).toMatchObject({
      videoNumber: 2,
      homeworkNumber: 1,
      testNumber: 1,
      faceTeachingNumber: 1,
      needLearnNumber: 7,
      finishNeedLearnNumber: 0,
      studyTime: 30 * MIN,
      finishStudyTime: 0,
    });
    expect(f.resultMap).toEqual({});
  });

  // Rule: a required lesson is counted in its duty's total from the start, and in its finish figure only once done.
  test('nothing done: every finish figure is 0 while the totals count the required lessons', () => {
    const rules = [
      { dutyType: 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES', targetValue: 1 },
      { dutyType: 'VIDEO_PROGRESS', targetValue: 100 },
      { dutyType: 'EE_LIVE_LECTURES_VIDEO_PROGRESS', targetValue: 50 },
      { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 },
      { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 1 },
    ];
    const f = dutyFigures(input({ rules, records: [{ classroomId: 'live', progress: 49.99, creditedMs: 0 }] }));
    expect(f).toMatchObject({ finishFaceTeachingNumber: 0, finishHomeworkNumber: 0, finishTestNumber: 0, finishNeedLearnNumber: 0 });
    expect(f.resultMap).toEqual({
      OFFLINE_FACE2FACE_TEACHING_FIN_TIMES: { totalNum: 1, finishNum: 0 },
      VIDEO_PROGRESS: { totalNum: 2, finishNum: 0 },
      EE_LIVE_LECTURES_VIDEO_PROGRESS: { totalNum: 1, finishNum: 0 },
      ONLINE_HOMEWORK_SUBMIT: { totalNum: 1, finishNum: 0 },
      ONLINE_TEST_SUBMIT: { totalNum: 1, finishNum: 0 },
    });
  });

  test('zero targets are left out of the result map; non-zero ones are in it', () => {
    const f = dutyFigures(
      input({
        rules: [
          { dutyType: 'VIDEO_PROGRESS', targetValue: 0 },
          { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 },
        ],
      }),
    );
    expect(Object.keys(f.resultMap)).toEqual(['ONLINE_HOMEWORK_SUBMIT']);
    expect(f.resultMap.ONLINE_HOMEWORK_SUBMIT).toEqual({ totalNum: 1, finishNum: 0 });
  });

  test('a video counts as learned at the VIDEO_PROGRESS target, not one percent below', () => {
    const rules = [{ dutyType: 'VIDEO_PROGRESS', targetValue: 80 }];
    const at = (progress: number) =>
      dutyFigures(input({ rules, records: [{ classroomId: 'v1', progress, creditedMs: 0 }] })).resultMap.VIDEO_PROGRESS!.finishNum;
    expect(at(79.99)).toBe(0);
    expect(at(80)).toBe(1);
    expect(at(100)).toBe(1);
  });

  test('without a video target a video is learned only at 100 percent', () => {
    const f = (progress: number) => dutyFigures(input({ records: [{ classroomId: 'v1', progress, creditedMs: 0 }] })).finishNeedLearnNumber;
    expect(f(99.9)).toBe(0);
    expect(f(100)).toBe(1);
  });

  test('credited study time counts up to each lesson length; the study-time duty is in whole minutes', () => {
    const rules = [{ dutyType: 'ONLINE_VIDEO_TEACHING_STUDY_TIMES', targetValue: 25 }];
    const f = dutyFigures(
      input({
        rules,
        records: [
          { classroomId: 'v1', progress: 50, creditedMs: 99 * MIN },
          { classroomId: 'a1', progress: 50, creditedMs: 5 * MIN + 59_999 },
          { classroomId: 'extra', progress: 100, creditedMs: 30 * MIN },
        ],
      }),
    );
    expect(f.finishStudyTime).toBe(25 * MIN + 59_999);
    expect(f.resultMap.ONLINE_VIDEO_TEACHING_STUDY_TIMES).toEqual({ totalNum: 25, finishNum: 25 });
  });

  test('face-to-face by attendance, homework and tests by submission, other lessons at 100 percent', () => {
    const f = dutyFigures(
      input({
        rules: [
          { dutyType: 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES', targetValue: 2 },
          { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 1 },
        ],
        attendedLessons: new Set(['f2f']),
        submittedLessons: new Set(['t']),
        records: [{ classroomId: 'doc', progress: 100, creditedMs: 0 }],
      }),
    );
    expect(f.finishFaceTeachingNumber).toBe(1);
    expect(f.resultMap.OFFLINE_FACE2FACE_TEACHING_FIN_TIMES).toEqual({ totalNum: 2, finishNum: 1 });
    expect(f.resultMap.ONLINE_TEST_SUBMIT).toEqual({ totalNum: 1, finishNum: 1 });
    expect(f.finishTestNumber).toBe(1);
    expect(f.finishHomeworkNumber).toBe(0);
    expect(f.finishNeedLearnNumber).toBe(3);
  });

  test('live lessons follow the live target', () => {
    const rules = [{ dutyType: 'EE_LIVE_LECTURES_VIDEO_PROGRESS', targetValue: 50 }];
    expect(dutyFigures(input({ rules, records: [{ classroomId: 'live', progress: 50, creditedMs: 0 }] })).resultMap.EE_LIVE_LECTURES_VIDEO_PROGRESS).toEqual({
      totalNum: 1,
      finishNum: 1,
    });
  });
});

describe('dutyTarget and sumDutyFigures', () => {
  test('a repeated duty takes its largest target; a missing one is 0', () => {
    expect(
      dutyTarget(
        [
          { dutyType: 'VIDEO_PROGRESS', targetValue: 60 },
          { dutyType: 'VIDEO_PROGRESS', targetValue: 80 },
        ],
        'VIDEO_PROGRESS',
      ),
    ).toBe(80);
    expect(dutyTarget([], 'ONLINE_TEST_SUBMIT')).toBe(0);
  });
  test('sums every number and merges the result maps', () => {
    const a = dutyFigures(input({ rules: [{ dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 }], submittedLessons: new Set(['hw']) }));
    const b = dutyFigures(
      input({
        rules: [
          { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 },
          { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 1 },
        ],
      }),
    );
    const sum = sumDutyFigures([a, b]);
    expect(sum.homeworkNumber).toBe(2);
    expect(sum.finishHomeworkNumber).toBe(1);
    expect(sum.resultMap).toEqual({ ONLINE_HOMEWORK_SUBMIT: { totalNum: 2, finishNum: 1 }, ONLINE_TEST_SUBMIT: { totalNum: 1, finishNum: 0 } });
    expect(sumDutyFigures([])).toMatchObject({ needLearnNumber: 0, resultMap: {} });
  });
});

describe('completedBy', () => {
  test('a face-to-face lesson is completed by a sign-in, homework and tests by a hand-in, every other type by its record', () => {
    expect(completedBy(CLASSROOM_TYPE.FACE_TO_FACE)).toBe('signIn');
    expect(completedBy(CLASSROOM_TYPE.HOMEWORK)).toBe('handIn');
    expect(completedBy(CLASSROOM_TYPE.TEST)).toBe('handIn');
    for (const type of [CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.AUDIO, CLASSROOM_TYPE.LIVE, CLASSROOM_TYPE.ARTICLE]) expect(completedBy(type)).toBe('record');
  });
});

describe('recordTargets', () => {
  test("a video or audio record counts at the video duty's target, a live one at the live duty's, any other at 100", () => {
    const of = recordTargets([
      { dutyType: 'VIDEO_PROGRESS', targetValue: 80 },
      { dutyType: 'EE_LIVE_LECTURES_VIDEO_PROGRESS', targetValue: 60 },
    ]);
    expect([CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.AUDIO, CLASSROOM_TYPE.LIVE, CLASSROOM_TYPE.ARTICLE].map(of)).toEqual([80, 80, 60, 100]);
    expect([CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.LIVE].map(recordTargets([]))).toEqual([100, 100]);
  });
});
