/**
 * A course's duty figures for one student (the course's duty statistics, the timetable's duty
 * count resultMap, the course list's counters), from the course's required
 * lessons, its duty rules and what the server recorded. Pure: the server reads the rows, this
 * decides the numbers, so the class page, the timetable and the course page agree.
 */

import { CLASSROOM_TYPE, MUST_LEARN, WORK_CLASSROOM_TYPES } from './codes';
import { MINUTE } from '../time/cst';

export const DUTY_TYPES = [
  'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES',
  'ONLINE_VIDEO_TEACHING_STUDY_TIMES',
  'VIDEO_PROGRESS',
  'EE_LIVE_LECTURES_VIDEO_PROGRESS',
  'ONLINE_HOMEWORK_SUBMIT',
  'ONLINE_TEST_SUBMIT',
] as const;
export type DutyType = (typeof DUTY_TYPES)[number];

export interface DutyLesson {
  id: string;
  /** 1 video, 2 audio, 3 article, 4 document, 5 archive, 6 homework, 7 test, 8 image, 10 live, 11 face-to-face. */
  classroomType: number;
  /** 1 required, else elective: only required lessons count. */
  mustLearn: number;
  durationMs: number;
}

export interface DutyRecord {
  classroomId: string;
  /** Percent 0..100 credited. */
  progress: number;
  creditedMs: number;
}

export interface DutyInput {
  lessons: readonly DutyLesson[];
  /** The course's duty rules; a zero target does not count. */
  rules: readonly { dutyType: string; targetValue: number }[];
  records: readonly DutyRecord[];
  /** Face-to-face lessons the student signed in to (through one of the class's activities). */
  attendedLessons: ReadonlySet<string>;
  /** Homework and test lessons with a submitted attempt. */
  submittedLessons: ReadonlySet<string>;
}

export interface CountPair {
  totalNum: number;
  finishNum: number;
}

export interface DutyFigures {
  faceTeachingNumber: number;
  finishFaceTeachingNumber: number;
  /** Study time of the required video and audio lessons, and the part credited (ms). */
  studyTime: number;
  finishStudyTime: number;
  homeworkNumber: number;
  finishHomeworkNumber: number;
  testNumber: number;
  finishTestNumber: number;
  videoNumber: number;
  /** Required lessons, and those completed. */
  needLearnNumber: number;
  finishNeedLearnNumber: number;
  /** The duties with a non-zero target: totalNum to reach and finishNum reached. */
  resultMap: Partial<Record<DutyType, CountPair>>;
}

const { VIDEO, AUDIO, LIVE, FACE_TO_FACE, HOMEWORK, TEST } = CLASSROOM_TYPE;
const PLAYED: ReadonlySet<number> = new Set([VIDEO, AUDIO]);
const isRequired = (l: DutyLesson) => l.mustLearn === MUST_LEARN.REQUIRED;

/** The target of a duty type (the largest if a course repeats one), or 0 when it does not count. */
export function dutyTarget(rules: DutyInput['rules'], type: DutyType): number {
  return rules.filter((r) => r.dutyType === type).reduce((max, r) => Math.max(max, Number.isFinite(r.targetValue) ? r.targetValue : 0), 0);
}

/** The percent a video or live lesson must reach to count as learned: the duty's target, else 100. */
export function completionPercent(rules: DutyInput['rules'], type: DutyType): number {
  const target = dutyTarget(rules, type);
  return target > 0 ? Math.min(target, 100) : 100;
}

/** What completes a lesson: a face-to-face lesson a sign-in, a homework or test a hand-in, any other its study record. */
export type CompletedBy = 'signIn' | 'handIn' | 'record';

/** What completes a lesson of a classroom type (dutyFigures asks it of each lesson; a class's finishers read only that). */
export function completedBy(classroomType: number): CompletedBy {
  if (classroomType === FACE_TO_FACE) return 'signIn';
  if (WORK_CLASSROOM_TYPES.includes(classroomType)) return 'handIn';
  return 'record';
}

/**
 * The progress (percent) a study record must reach for its lesson to count as learned, by the lesson's classroom type
 * (for a lesson completed by its record): a video or audio lesson the video duty's, a live one the live duty's, any
 * other 100.
 */
export function recordTargets(rules: DutyInput['rules']): (classroomType: number) => number {
  const video = completionPercent(rules, 'VIDEO_PROGRESS');
  const live = completionPercent(rules, 'EE_LIVE_LECTURES_VIDEO_PROGRESS');
  return (classroomType) => (PLAYED.has(classroomType) ? video : classroomType === LIVE ? live : 100);
}

export function dutyFigures({ lessons, rules, records, attendedLessons, submittedLessons }: DutyInput): DutyFigures {
  const record = new Map(records.map((r) => [r.classroomId, r]));
  const progressOf = (l: DutyLesson) => record.get(l.id)?.progress ?? 0;
  const required = lessons.filter(isRequired);
  const of = (...types: number[]) => required.filter((l) => types.includes(l.classroomType));
  const percentToLearn = recordTargets(rules);

  const videos = of(VIDEO, AUDIO);
  const live = of(LIVE);
  const face = of(FACE_TO_FACE);
  const homework = of(HOMEWORK);
  const tests = of(TEST);
  const learned = (l: DutyLesson): boolean => {
    const by = completedBy(l.classroomType);
    if (by === 'signIn') return attendedLessons.has(l.id);
    if (by === 'handIn') return submittedLessons.has(l.id);
    return progressOf(l) >= percentToLearn(l.classroomType);
  };
  const studyTime = videos.reduce((sum, l) => sum + l.durationMs, 0);
  const finishStudyTime = videos.reduce((sum, l) => sum + Math.min(l.durationMs, record.get(l.id)?.creditedMs ?? 0), 0);
  const finishFace = face.filter((l) => attendedLessons.has(l.id)).length;

  const resultMap: DutyFigures['resultMap'] = {};
  const put = (type: DutyType, pair: CountPair) => {
    if (dutyTarget(rules, type) > 0) resultMap[type] = pair;
  };
  put('OFFLINE_FACE2FACE_TEACHING_FIN_TIMES', { totalNum: dutyTarget(rules, 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES'), finishNum: finishFace });
  put('ONLINE_VIDEO_TEACHING_STUDY_TIMES', {
    totalNum: dutyTarget(rules, 'ONLINE_VIDEO_TEACHING_STUDY_TIMES'),
    finishNum: Math.floor(finishStudyTime / MINUTE),
  });
  put('VIDEO_PROGRESS', { totalNum: videos.length, finishNum: videos.filter(learned).length });
  put('EE_LIVE_LECTURES_VIDEO_PROGRESS', { totalNum: live.length, finishNum: live.filter(learned).length });
  put('ONLINE_HOMEWORK_SUBMIT', { totalNum: homework.length, finishNum: homework.filter(learned).length });
  put('ONLINE_TEST_SUBMIT', { totalNum: tests.length, finishNum: tests.filter(learned).length });

  return {
    faceTeachingNumber: face.length,
    finishFaceTeachingNumber: finishFace,
    studyTime,
    finishStudyTime,
    homeworkNumber: homework.length,
    finishHomeworkNumber: homework.filter(learned).length,
    testNumber: tests.length,
    finishTestNumber: tests.filter(learned).length,
    videoNumber: videos.length,
    needLearnNumber: required.length,
    finishNeedLearnNumber: required.filter(learned).length,
    resultMap,
  };
}

/** Adds up several courses' figures (a class's timetable counts every course of the class). */
export function sumDutyFigures(all: readonly DutyFigures[]): DutyFigures {
  const total: DutyFigures = {
    faceTeachingNumber: 0,
    finishFaceTeachingNumber: 0,
    studyTime: 0,
    finishStudyTime: 0,
    homeworkNumber: 0,
    finishHomeworkNumber: 0,
    testNumber: 0,
    finishTestNumber: 0,
    videoNumber: 0,
    needLearnNumber: 0,
    finishNeedLearnNumber: 0,
    resultMap: {},
  };
  for (const f of all) {
    for (const key of Object.keys(total) as (keyof DutyFigures)[]) if (key !== 'resultMap') (total[key] as number) += f[key] as number;
    for (const [type, pair] of Object.entries(f.resultMap) as [DutyType, CountPair][]) {
      const sum = total.resultMap[type] ?? { totalNum: 0, finishNum: 0 };
      total.resultMap[type] = sum;
      sum.totalNum += pair.totalNum;
      sum.finishNum += pair.finishNum;
    }
  }
  return total;
}
