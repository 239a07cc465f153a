import type { CountPair, DutyType } from './duties';
import { lessonProgress, type LessonProgress } from './lesson';
import { liveStatus, type LiveStatus } from './labels';
import { CLASSROOM_TYPE, INTERNAL_PLATFORM, LIVE_CLASSROOM_TYPES, THIRD_PLATFORM_TYPES, WORK_CLASSROOM_TYPES } from './codes';
import { courseTargetState, type Duty, type TargetState } from './targets';
import { requirementBars, type RequirementBar, type RequirementKey } from './requirements';

/**
 * The course detail page's rules: which content tab a lesson belongs to, the
 * chapter → section → lesson tree of a tab, how the course is entered (its own lessons, a
 * third-party platform, or not open yet), the requirement bars and state, and what a lesson's
 * line says. Pure and browser-safe; the server groups with the same rules it answers.
 */

/** The content tabs in the order they show, keyed by the lessons' contentType codes. */
export const COURSE_TABS = ['ALL', 'ONLINE_VIDEO_TEACHING', 'ONLINE_HOMEWORK', 'ONLINE_TEST', 'OFFLINE_FACE2FACE_TEACHING', 'E_WORDS_MATERIALS'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];

/** The lesson types each tab but 全部 shows. */
const TAB_TYPES: Record<Exclude<CourseTab, 'ALL'>, readonly number[]> = {
  ONLINE_VIDEO_TEACHING: [CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.AUDIO, CLASSROOM_TYPE.LIVE, CLASSROOM_TYPE.LIVE_LECTURE],
  ONLINE_HOMEWORK: [CLASSROOM_TYPE.HOMEWORK],
  ONLINE_TEST: [CLASSROOM_TYPE.TEST],
  OFFLINE_FACE2FACE_TEACHING: [CLASSROOM_TYPE.FACE_TO_FACE],
  E_WORDS_MATERIALS: [CLASSROOM_TYPE.ARTICLE, CLASSROOM_TYPE.DOCUMENT, CLASSROOM_TYPE.ARCHIVE, CLASSROOM_TYPE.IMAGE],
};
const TAB_OF_TYPE = new Map(Object.entries(TAB_TYPES).flatMap(([tab, types]) => types.map((type) => [type, tab as Exclude<CourseTab, 'ALL'>] as const)));

/**
 * The tab of a lesson type besides 全部: video, audio and live lessons (1, 2, 10, 19) are online
 * teaching; homework 6; test 7; face-to-face 11; article, document, archive and image (3, 4, 5, 8)
 * are learning materials. Other types (20, 90, 91, unknown) show only under 全部.
 */
export function lessonTab(classroomType: number | null | undefined): Exclude<CourseTab, 'ALL'> | null {
  if (typeof classroomType !== 'number') return null;
  return TAB_OF_TYPE.get(classroomType) ?? null;
}

export interface ChapterRow {
  id: string;
  /** null: a chapter; else the chapter a section belongs to. */
  parentId: string | null;
  name: string;
}

export interface TreeSection<L> {
  /** null: lessons placed straight under the chapter. */
  id: string | null;
  name: string | null;
  lessons: L[];
}

export interface TreeChapter<L> {
  /** null: lessons in no known chapter (shown last, without a chapter name). */
  id: string | null;
  name: string | null;
  sections: TreeSection<L>[];
}

/**
 * The chapter → section → lesson tree of the lessons that pass `keep`, in the order given
 * (chapters and sections as listed, lessons as listed). Sections and chapters left without a
 * lesson are dropped, so an empty tab is an empty list. A lesson whose section is a chapter sits
 * in that chapter's unnamed section; a lesson without a known section goes in a last, unnamed
 * chapter.
 */
export function chapterTree<L extends { sectionId: string | null }>(
  chapters: readonly ChapterRow[],
  lessons: readonly L[],
  keep: (lesson: L) => boolean = () => true,
): TreeChapter<L>[] {
  const tops = chapters.filter((c) => c.parentId === null);
  const topIds = new Set(tops.map((c) => c.id));
  const sectionsOf = new Map<string, ChapterRow[]>();
  for (const c of chapters) if (c.parentId !== null && topIds.has(c.parentId)) sectionsOf.set(c.parentId, [...(sectionsOf.get(c.parentId) ?? []), c]);
  const sectionIds = new Set([...sectionsOf.values()].flat().map((c) => c.id));
  const kept = lessons.filter(keep);
  const inSection = (id: string) => kept.filter((l) => l.sectionId === id);

  const tree: TreeChapter<L>[] = [];
  for (const chapter of tops) {
    const sections: TreeSection<L>[] = [];
    const direct = inSection(chapter.id);
    if (direct.length) sections.push({ id: null, name: null, lessons: direct });
    for (const section of sectionsOf.get(chapter.id) ?? []) {
      const own = inSection(section.id);
      if (own.length) sections.push({ id: section.id, name: section.name, lessons: own });
    }
    if (sections.length) tree.push({ id: chapter.id, name: chapter.name, sections });
  }
  const loose = kept.filter((l) => l.sectionId === null || (!sectionIds.has(l.sectionId) && !topIds.has(l.sectionId)));
  if (loose.length) tree.push({ id: null, name: null, sections: [{ id: null, name: null, lessons: loose }] });
  return tree;
}

/** Every tab's tree (全部 holds every lesson); a tab with no lesson has an empty list. */
export function treesByTab<L extends { sectionId: string | null; classroomType: number }>(
  chapters: readonly ChapterRow[],
  lessons: readonly L[],
): Record<CourseTab, TreeChapter<L>[]> {
  const map = {} as Record<CourseTab, TreeChapter<L>[]>;
  for (const tab of COURSE_TABS) map[tab] = chapterTree(chapters, lessons, tab === 'ALL' ? undefined : (l) => lessonTab(l.classroomType) === tab);
  return map;
}

/** The tabs that show: only those with a lesson (an empty tab is hidden), in order. */
export function visibleTabs(map: Partial<Record<CourseTab, readonly unknown[] | null | undefined>>): CourseTab[] {
  return COURSE_TABS.filter((tab) => (map[tab]?.length ?? 0) > 0);
}

/** The lessons of a tree in reading order. */
export function treeLessons<L>(tree: readonly TreeChapter<L>[]): L[] {
  return tree.flatMap((c) => c.sections.flatMap((s) => s.lessons));
}

export interface CourseEntryInput {
  learningUrl: string | null | undefined;
  thirdPlatformType: number | null | undefined;
  learningPlatform: number | null | undefined;
  /** false: this site is not connected to the third-party platform (no address or secret configured). */
  platformReady?: boolean | undefined;
}

/**
 * Third-party platform course: thirdPlatformType 10, 11 or 12 (12 practical training)
 * and learningPlatform other than 0 (0 is internal).
 */
export function isThirdPartyCourse(c: Pick<CourseEntryInput, 'thirdPlatformType' | 'learningPlatform'>): boolean {
  const type = c.thirdPlatformType;
  return typeof type === 'number' && THIRD_PLATFORM_TYPES.includes(type) && typeof c.learningPlatform === 'number' && c.learningPlatform !== INTERNAL_PLATFORM;
}

/**
 * How the student enters the course: 'closed' when it has no learning URL (请联系班主任开通课程;
 * this wins, a third-party course without one is not open either), 'thirdParty' through the
 * platform, or 'thirdPartyUnavailable' when this site is not connected to the platform (the page
 * says so and offers no 进入学习, which could only fail), else 'internal' (its own lessons).
 */
export type CourseEntry = 'closed' | 'thirdParty' | 'thirdPartyUnavailable' | 'internal';

export function courseEntry(c: CourseEntryInput): CourseEntry {
  if (typeof c.learningUrl !== 'string' || c.learningUrl.trim() === '') return 'closed';
  if (!isThirdPartyCourse(c)) return 'internal';
  return c.platformReady === false ? 'thirdPartyUnavailable' : 'thirdParty';
}

export type { RequirementBar } from './requirements';

export interface CourseRequirements {
  bars: RequirementBar[];
  /** The badge, or null when no duty counts (no target is non-zero). */
  state: TargetState | null;
}

/**
 * The state badge of the course requirements (targets.ts) from the requirements the server
 * answered (requirements.ts). The state's four duties are face teaching, study, homework and test;
 * "study" is the video study duties together (video progress, live progress, study minutes), met
 * when each of them that counts is met.
 */
export function requirementsState(input: {
  now: number;
  learnStart: number | null | undefined;
  learnEnd: number | null | undefined;
  bars: readonly RequirementBar[];
}): TargetState | null {
  const { bars } = input;
  const duty = (key: RequirementKey): Duty | undefined => {
    const bar = bars.find((b) => b.key === key);
    return bar ? { target: bar.total, done: bar.done } : undefined;
  };
  const study = bars.filter((b) => b.key === 'videoProgress' || b.key === 'liveProgress' || b.key === 'studyTime');
  return courseTargetState({
    now: input.now,
    learnStart: input.learnStart,
    learnEnd: input.learnEnd,
    duties: {
      faceTeaching: duty('faceTeaching'),
      studyDuration: study.length ? { target: study.length, done: study.filter((b) => b.done >= b.total).length } : undefined,
      homework: duty('homework'),
      test: duty('test'),
    },
  });
}

/** The course requirements of the right column from the duty figures' resultMap: the bars and their state. */
export function courseRequirements(input: {
  now: number;
  learnStart: number | null | undefined;
  learnEnd: number | null | undefined;
  resultMap: Partial<Record<DutyType, CountPair>> | null | undefined;
}): CourseRequirements {
  const bars = requirementBars(input.resultMap);
  return { bars, state: requirementsState({ ...input, bars }) };
}

/** What a lesson line tells the student about their progress. */
export type LessonState =
  | { kind: 'study'; progress: LessonProgress }
  | { kind: 'work'; submitted: boolean }
  | { kind: 'faceToFace'; attended: boolean }
  | { kind: 'live'; status: LiveStatus };

export interface LessonStateInput {
  classroomType: number;
  learnProcess: number | null;
  lastStudyTime: number | null;
  submitted: boolean;
  attended: boolean;
  liveStatus: number | null;
}

/**
 * Homework and tests say whether they were handed in, face-to-face lessons whether the student
 * attended, live lessons their live status; everything else its study progress (lesson.ts).
 */
export function lessonState(l: LessonStateInput): LessonState {
  if (WORK_CLASSROOM_TYPES.includes(l.classroomType)) return { kind: 'work', submitted: l.submitted };
  if (l.classroomType === CLASSROOM_TYPE.FACE_TO_FACE) return { kind: 'faceToFace', attended: l.attended };
  if (LIVE_CLASSROOM_TYPES.includes(l.classroomType)) return { kind: 'live', status: liveStatus(l.liveStatus) };
  return { kind: 'study', progress: lessonProgress({ learnProcess: l.learnProcess, lastStudyTime: l.lastStudyTime }) };
}

/**
 * The lesson the 'last learned' card leads to: the last one studied (继续学习) when it is still
 * in the course, else the course's first lesson (开始学习), else none.
 */
export function nextLesson<L extends { classroomId: string }>(
  lastClassroomId: string | null | undefined,
  lessons: readonly L[],
): { kind: 'continue' | 'start'; lesson: L } | null {
  const last = lastClassroomId ? lessons.find((l) => l.classroomId === lastClassroomId) : undefined;
  if (last) return { kind: 'continue', lesson: last };
  const first = lessons[0];
  return first ? { kind: 'start', lesson: first } : null;
}
