import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { send } from '~/lib/api/client';
import { autoSignIn } from '~/lib/api/contracts/classroom-offline';
import {
  activityContents,
  classActivities,
  classroomDetail,
  classroomPreview,
  courseOutline,
  recordView,
  type ActivityContents,
  type ClassActivityItem,
  type ClassroomLesson,
  type CourseOutline,
  type LessonContent,
  type LessonRef,
  type OutlineLesson,
} from '~/lib/api/contracts/classroom-online';
import { t } from '~/lib/i18n/messages/classroom';
import { CLASSROOM_TYPE, MUST_LEARN, ONLINE_TYPE, WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import { clockText, cutTime } from '~/lib/learning/display';
import { activityJump, workJump } from '~/lib/learning/jumps';
import { attendanceStatus, classroomType, liveStatus, type ClassroomKind } from '~/lib/learning/labels';
import { hasLikeButton } from '~/lib/learning/interaction';
import { lessonProgress } from '~/lib/learning/lesson';
import { percentText } from '~/lib/learning/progress';
import { stepFrom } from '~/lib/learning/step';
import { SIGN_IN } from '~/lib/learning/sign';
import { navigateTo, sitePath } from '~/lib/navigation';
import { toast } from '~/lib/toast';
import { Empty } from '../shared/Empty';
import { LoadError } from '../shared/LoadError';
import { QueryPage, queryFields, usePageQuery } from '../shared/page';
import { useLoad } from '../shared/use-load';
import { useStudent } from '../shared/use-student';
import { useEvent } from '~/islands/shared/use-event';
import { InteractionSlot } from './InteractionSlot';
import { ProgressReporter, resendPending } from './progress-reporter';

const LessonPlayer = lazy(() => import('./LessonPlayer'));
const PdfViewer = lazy(() => import('./PdfViewer'));

/**
 * The resume notice "it plays on from here" shows this long. The one that asks for a click
 * (autoplay blocked) stays until the student plays: until then it is still true and still needed.
 */
const RESUME_NOTICE_MS = 3_000;

const QUERY = ['classId', 'studentId', 'courseId', 'classroomId', 'activityId', 'userId'] as const;
type Query = Record<(typeof QUERY)[number], string> & { isPreview: boolean };

/** One item of the list the classroom moves through (the course's lessons, or the activity's contents). */
interface Item extends OutlineLesson {
  courseId: string;
}

interface Frame {
  mode: 'course' | 'activity';
  studentId: string;
  items: Item[];
  outline: CourseOutline | null;
  activity: ActivityContents | null;
  initial: Item | null;
  /** The page named a lesson (classroomId) that is not in the list: the student chooses one instead. */
  missing: boolean;
}

const flatten = (o: CourseOutline): Item[] =>
  [...o.chapters.flatMap((c) => [...c.lessons, ...c.sections.flatMap((s) => s.lessons)]), ...o.loose].map((l) => ({ ...l, courseId: o.courseId }));

const isWork = (type: number) => WORK_CLASSROOM_TYPES.includes(type);
/** Lessons that are played (video, audio, live): their line shows how far the student got. */
const PLAYED_TYPES: readonly number[] = [CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.AUDIO, CLASSROOM_TYPE.LIVE];
/** Lessons learned by opening them (article, document, images): their line says 已学完 once they are (no position or percent to show). */
const READ_TYPES: readonly number[] = [CLASSROOM_TYPE.ARTICLE, CLASSROOM_TYPE.DOCUMENT, CLASSROOM_TYPE.IMAGE];

/** Activity mode's first lesson (2.6): the most recently studied video with progress, else the first item. */
function initialOfActivity(items: (Item & { lastStudyAt: string | null })[]): Item | null {
  const studied = items
    .filter((i) => (i.classroomType === CLASSROOM_TYPE.VIDEO || i.classroomType === CLASSROOM_TYPE.AUDIO) && (i.learnProcess ?? 0) > 0 && i.lastStudyAt)
    .sort((a, b) => (b.lastStudyAt ?? '').localeCompare(a.lastStudyAt ?? ''));
  return studied[0] ?? items[0] ?? null;
}

/**
 * The online classroom (/study/classroom/online in course mode, /study/classroom/classroom-detail
 * in activity mode): the header, the collapsible outline (or the activity's
 * contents), the lesson by type, previous/next (the course's lessons in course mode, the class's
 * activities in activity mode), and the study-progress reporting that keeps unsent reports until
 * the server acknowledges them.
 */
export default function OnlineClassroomIsland() {
  const user = useStudent();
  const query = usePageQuery<Query>((q) => ({ ...queryFields(q, QUERY), isPreview: ['1', 'true'].includes(q.get('isPreview') ?? '') }));
  const mode = query?.activityId ? 'activity' : 'course';
  const complete = !!query && !!query.classId && (mode === 'activity' || (!!query.courseId && !!query.studentId));
  const key = user && complete ? `${user.userId}:${JSON.stringify(query)}` : null;
  const [frame, reload] = useLoad<Frame>(key, async () => {
    const q = query!;
    if (mode === 'activity') {
      let a = await send(activityContents, { activityId: q.activityId, classId: q.classId, userId: user!.userId }, { silent: true });
      // An activity with online attendance signs the student in on entry, once (no sign-in time yet); never in preview.
      if (!q.isPreview && a.signIn && a.onlineAttendance && !a.signInTime) {
        const r = await send(
          autoSignIn,
          { activityId: a.activityId, classId: a.classId, courseId: a.courseId ?? undefined, studentId: a.studentId, type: SIGN_IN, userId: user!.userId },
          { silent: true },
        ).catch(() => null);
        if (r?.signed) {
          toast(t('classroom.autoSigned'), 'success');
          a = { ...a, classActivityStatus: 2, signInTime: r.attendance.signInTime };
        }
      }
      const items = a.activityContentResultVOS;
      const chosen = q.classroomId ? items.find((i) => i.classroomId === q.classroomId) : undefined;
      // A lesson named but not among the activity's contents is said so; nothing else is opened for it.
      if (q.classroomId && !chosen) return { mode, studentId: a.studentId, items, outline: null, activity: a, initial: null, missing: true };
      return { mode, studentId: a.studentId, items, outline: null, activity: a, initial: chosen ?? initialOfActivity(items), missing: false };
    }
    const o = await send(courseOutline, { courseId: q.courseId, classId: q.classId, studentId: q.studentId, userId: user!.userId }, { silent: true });
    const items = flatten(o);
    const chosen = items.find((i) => i.classroomId === q.classroomId);
    if (q.classroomId && !chosen) return { mode, studentId: q.studentId, items, outline: o, activity: null, initial: null, missing: true };
    const initial = chosen ?? items.find((i) => !isWork(i.classroomType)) ?? items[0] ?? null;
    return { mode, studentId: q.studentId, items, outline: o, activity: null, initial, missing: false };
  });

  return (
    <QueryPage student={user} query={query} title={t('classroom.title')} complete={complete} missing={t('classroom.noQuery')} load={frame} onRetry={reload}>
      {(data) => (data.items.length ? <Classroom frame={data} query={query!} userId={user!.userId} /> : <Empty text={t('classroom.noLessons')} />)}
    </QueryPage>
  );
}

function workHref(item: { classroomId: string; classroomType: number; courseId: string }, query: Query, studentId: string): string {
  return sitePath(
    workJump({
      kind: item.classroomType === CLASSROOM_TYPE.HOMEWORK ? 'homework' : 'test',
      classId: query.classId,
      classroomId: item.classroomId,
      studentId,
      courseId: item.courseId,
      activityId: query.activityId || undefined,
    }),
  );
}

/**
 * Previous and next: in activity mode the class's activities (read once, on the first move), in
 * course mode the course's lessons (with no lesson open, 下一个 starts at the first).
 */
function useSteps(frame: Frame, items: Item[], index: number, current: Item | null, open: (item: Item) => void, userId: string) {
  const activities = useRef<Promise<ClassActivityItem[]> | null>(null);
  const goActivity = async (a: ActivityContents, step: -1 | 1) => {
    activities.current ??= send(classActivities, { classId: a.classId, studentId: frame.studentId, userId });
    let list: ClassActivityItem[];
    try {
      list = await activities.current;
    } catch {
      // The client has said what went wrong; the next press asks again.
      activities.current = null;
      return;
    }
    const r = stepFrom(
      list,
      list.findIndex((x) => x.activityId === a.activityId),
      step,
    );
    if (r.kind !== 'item') {
      toast(t(r.kind === 'first' ? 'classroom.first' : 'classroom.last'), 'warning');
      return;
    }
    const n = r.item;
    navigateTo(
      activityJump(
        {
          id: n.activityId,
          onlineType: n.onlineType,
          courseId: n.courseId,
          classroomId: n.classroomId,
          bizType: n.bizType,
          isRequired: n.isRequired,
          classroomType: n.classroomType,
        },
        { classId: a.classId, studentId: frame.studentId, userId },
      ),
    );
  };

  return (step: -1 | 1) => {
    if (frame.activity) {
      void goActivity(frame.activity, step);
      return;
    }
    if (!current && step === 1 && items[0]) {
      open(items[0]);
      return;
    }
    const r = stepFrom(items, index, step);
    if (r.kind !== 'item') {
      toast(t(r.kind === 'first' ? 'classroom.first' : 'classroom.last'), 'warning');
      return;
    }
    open(r.item);
  };
}

/**
 * Where each part sits. Wide screens (xl, 1280 px and up): outline | lesson | interaction side by
 * side. lg: the outline beside the lesson with the interaction under the lesson. Phones: lesson,
 * outline, interaction.
 */
const GRID = {
  outlineOpen: {
    box: 'lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_20rem]',
    outline: 'lg:col-start-1 lg:row-span-2 lg:row-start-1 xl:row-span-1',
    lesson: 'lg:col-start-2 lg:row-start-1',
    panel: 'lg:col-start-2 lg:row-start-2 xl:col-start-3 xl:row-start-1',
  },
  outlineClosed: {
    box: 'xl:grid-cols-[minmax(0,1fr)_20rem]',
    outline: 'xl:col-start-1 xl:row-start-2',
    lesson: 'xl:col-start-1 xl:row-start-1',
    panel: 'xl:col-start-2 xl:row-span-2 xl:row-start-1',
  },
} as const;

function Classroom({ frame, query, userId }: { frame: Frame; query: Query; userId: string }) {
  // null: no lesson open (the page named one that does not exist; the student picks one in the outline).
  const [currentId, setCurrentId] = useState<string | null>(frame.initial?.classroomId ?? null);
  const [items, setItems] = useState(frame.items);
  const index = items.findIndex((i) => i.classroomId === currentId);
  const current = index >= 0 ? items[index]! : frame.initial;
  const [outlineOpen, setOutlineOpen] = useState(true);

  // Activity mode opening on a homework or test goes to its page (the test view): once, on entry,
  // not again when the student later moves to another item.
  const leaveForWork = useEvent(() => {
    const first = current;
    if (frame.mode === 'activity' && first && isWork(first.classroomType) && first === frame.initial) navigateTo(workHref(first, query, frame.studentId));
  });
  useEffect(() => {
    leaveForWork();
  }, [leaveForWork]);

  const open = (item: Item) => {
    if (isWork(item.classroomType)) navigateTo(workHref(item, query, frame.studentId));
    else setCurrentId(item.classroomId);
  };
  const go = useSteps(frame, items, index, current, open, userId);

  const onProgress = (classroomId: string, learnProcess: number, lastStudyTime: number, finished: boolean) =>
    setItems((list) => list.map((i) => (i.classroomId === classroomId ? { ...i, learnProcess, lastStudyTime, finished } : i)));

  const grid = outlineOpen ? GRID.outlineOpen : GRID.outlineClosed;
  return (
    <div className="min-w-0 space-y-4">
      <ClassroomHeader frame={frame} current={current} onStep={go} />
      {query.isPreview && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{t('classroom.preview')}</p>}
      <div className={`grid min-w-0 items-start gap-4 ${grid.box}`} data-testid="classroom-layout">
        <aside className={`min-w-0 rounded-xl border border-slate-200 bg-white p-3 ${grid.outline}`}>
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold">{t(frame.mode === 'course' ? 'classroom.outline' : 'classroom.contents')}</h2>
            <button
              type="button"
              aria-expanded={outlineOpen}
              aria-controls="classroom-outline"
              onClick={() => setOutlineOpen((o) => !o)}
              className="text-sm text-brand"
            >
              {t(outlineOpen ? 'classroom.hideOutline' : 'classroom.showOutline')}
            </button>
          </div>
          {outlineOpen && (
            <div id="classroom-outline" className="mt-2">
              <Outline frame={frame} items={items} currentId={current?.classroomId ?? null} query={query} onOpen={setCurrentId} />
            </div>
          )}
        </aside>
        {current ? (
          <>
            <section className={`order-first min-w-0 space-y-4 lg:order-none ${grid.lesson}`} aria-label={current.name}>
              <Lesson key={current.classroomId} item={current} frame={frame} query={query} userId={userId} onProgress={onProgress} />
            </section>
            {!query.isPreview && (
              <InteractionSlot
                key={`panel-${current.classroomId}`}
                className={grid.panel}
                classId={query.classId}
                classroomId={current.classroomId}
                courseId={current.courseId}
                studentId={frame.studentId}
                classroomName={current.name}
                userId={userId}
                showLike={hasLikeButton(current.classroomType)}
              />
            )}
          </>
        ) : (
          <section className={`order-first min-w-0 lg:order-none ${grid.lesson}`} aria-label={t('classroom.chooseLesson')}>
            <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-800">
              <p className="font-medium">{t('classroom.lessonMissing')}</p>
              <p className="mt-1">{t('classroom.chooseFromOutline')}</p>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}

const STEP_BUTTON = 'rounded-lg border border-slate-300 px-3 py-1 text-sm hover:border-brand hover:text-brand';

/** The classroom's header: required or elective, online or face to face, the title, attendance, class time, previous and next. */
function ClassroomHeader({ frame, current, onStep }: { frame: Frame; current: Item | null; onStep: (step: -1 | 1) => void }) {
  const a = frame.activity;
  const required = (a ? a.isRequired : current?.mustLearn) === MUST_LEARN.REQUIRED;
  const attendance = a?.signIn ? attendanceStatus(a.classActivityStatus) : null;
  const title = a ? a.activityName : (current?.name ?? frame.outline?.courseName ?? t('classroom.title'));
  return (
    <header className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs ${required ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-700'}`}>
          {t(required ? 'classroom.required' : 'classroom.elective')}
        </span>
        <span className="rounded bg-blue-50 px-2 py-0.5 text-xs text-blue-800">
          {t(a && a.onlineType === ONLINE_TYPE.OFFLINE ? 'classroom.faceToFace' : 'classroom.online')}
        </span>
        <h1 className="min-w-0 break-words text-lg font-semibold text-ink">{title}</h1>
        {attendance && (
          <span className="rounded bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">
            {t(`classroom.attendance.${attendance}`)}
            {a?.signInTime ? ` ${cutTime(a.signInTime).slice(11)}` : ''}
          </span>
        )}
      </div>
      {a && <p className="mt-1 text-sm text-slate-600">{t('classroom.classTime', { start: cutTime(a.classStartTime), end: cutTime(a.classEndTime) })}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={() => onStep(-1)} className={STEP_BUTTON}>
          {t('classroom.previous')}
        </button>
        <button type="button" onClick={() => onStep(1)} className={STEP_BUTTON}>
          {t('classroom.next')}
        </button>
      </div>
    </header>
  );
}

function ProgressText({ item }: { item: OutlineLesson }) {
  const p = lessonProgress({ learnProcess: item.learnProcess, lastStudyTime: item.lastStudyTime });
  const text =
    p.kind === 'notStarted'
      ? t('classroom.progress.notStarted')
      : p.kind === 'finished'
        ? t('classroom.progress.finished')
        : t('classroom.progress.inProgress', { time: clockText(p.positionMs), percent: percentText(p.percent) });
  return <span className="block text-xs text-slate-600">{text}</span>;
}

/** The labelled classroom kinds (20, 90 and 91 have an icon but no label: classroomType gives them none). */
type LabelledKind = Exclude<ClassroomKind, 'type20' | 'type90' | 'type91'>;

/** The type's label, or null for the icon-only types 20, 90 and 91 (an unknown type is a plain 课堂). */
function typeName(type: number): string | null {
  const kind = classroomType(type);
  if (!kind) return t('classroom.typeUnknown');
  return kind.label ? t(`classroom.type.${kind.label as LabelledKind}`) : null;
}

/** One icon per classroom type, drawn in the page: no icon font or emoji font needed. */
const ICONS: Record<ClassroomKind, string> = {
  video: 'M3 5h18v14H3zm7 3.5v7l6-3.5z',
  audio: 'M12 3v10.55A4 4 0 1 0 14 17V7h4V3z',
  article: 'M5 3h14v18H5zm3 4v2h8V7zm0 4v2h8v-2zm0 4v2h5v-2z',
  document: 'M6 2h8l5 5v15H6zm7 1.5V8h4.5z',
  archive: 'M3 4h18v4H3zm1 5h16v11H4zm5 2v2h6v-2z',
  homework: 'M3 17.25V21h3.75L17.8 9.94l-3.75-3.75zM20.7 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
  test: 'M4 3h16v18H4zm3 4v2h2V7zm4 0v2h6V7zm-4 4v2h2v-2zm4 0v2h6v-2zm-4 4v2h2v-2zm4 0v2h6v-2z',
  image: 'M3 5h18v14H3zm2 12h14l-4.5-6-3.5 4.5-2.5-3zm3-9a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  live: 'M12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM6.3 6.3l1.4 1.4a6 6 0 0 0 0 8.6l-1.4 1.4a8 8 0 0 1 0-11.4zm11.4 0a8 8 0 0 1 0 11.4l-1.4-1.4a6 6 0 0 0 0-8.6z',
  faceToFace:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7 0a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM3 19c0-3 3-5 6-5s6 2 6 5zm13-4.5c2.5 0 5 1.5 5 4.5h-4.5c0-1.7-.6-3.3-1.8-4.4z',
  type20: 'M10 3a2 2 0 0 1 4 0v2h5v5h-2a2 2 0 0 0 0 4h2v5h-5v-2a2 2 0 0 0-4 0v2H5v-5h2a2 2 0 0 0 0-4H5V5h5z',
  type90: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm3.5 6.5-2 5-5 2 2-5z',
  type91: 'M16.5 6.5v9a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v9.5a1.5 1.5 0 0 1-3 0V6.5H9v8a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v10.5a6 6 0 0 0 12 0v-9z',
};

/**
 * The type's icon: decorative in the outline (the lesson's name and label follow it); in the
 * lesson's place an image named by the type's label, or 课堂 for the types without one.
 */
function TypeIcon({ type, large = false }: { type: number; large?: boolean }) {
  const kind = classroomType(type)?.icon ?? 'archive';
  const svg = (size: string) => (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`${size} fill-current`}>
      <path fillRule="evenodd" d={ICONS[kind]} />
    </svg>
  );
  if (!large)
    return (
      <span className="mr-1 inline-block align-[-2px] text-slate-500" data-icon={kind}>
        {svg('h-4 w-4')}
      </span>
    );
  return (
    <span
      role="img"
      aria-label={typeName(type) ?? t('classroom.typeUnknown')}
      data-icon={kind}
      className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-slate-600"
    >
      {svg('h-7 w-7')}
    </span>
  );
}

interface OutlineProps {
  frame: Frame;
  items: Item[];
  currentId: string | null;
  query: Query;
  onOpen: (id: string) => void;
}

function Outline({ frame, items, currentId, query, onOpen }: OutlineProps) {
  const byId = new Map(items.map((i) => [i.classroomId, i]));
  const row = (l: OutlineLesson) => {
    const item = byId.get(l.classroomId) ?? { ...l, courseId: query.courseId };
    const active = item.classroomId === currentId;
    const cls = `block w-full rounded-lg px-2 py-1.5 text-left text-sm ${active ? 'bg-brand/10 text-brand' : 'hover:bg-slate-50'}`;
    const label = (
      <>
        <TypeIcon type={item.classroomType} />
        {typeName(item.classroomType) && <span className="mr-1 text-xs text-slate-600">[{typeName(item.classroomType)}]</span>}
        <span className="break-words">{item.name}</span>
        {PLAYED_TYPES.includes(item.classroomType) && <ProgressText item={item} />}
        {READ_TYPES.includes(item.classroomType) && item.finished && <span className="block text-xs text-slate-600">{t('classroom.progress.read')}</span>}
      </>
    );
    return (
      <li key={item.classroomId}>
        {isWork(item.classroomType) ? (
          <a href={workHref(item, query, frame.studentId)} className={cls}>
            {label}
          </a>
        ) : (
          <button type="button" aria-current={active ? 'true' : undefined} onClick={() => onOpen(item.classroomId)} className={cls}>
            {label}
          </button>
        )}
      </li>
    );
  };
  if (!frame.outline) return <ul className="space-y-1">{items.map(row)}</ul>;
  const o = frame.outline;
  return (
    <div className="space-y-3">
      {o.chapters.map((c) => (
        <div key={c.chapterId}>
          <h3 className="text-sm font-semibold text-ink">{c.name}</h3>
          {c.lessons.length > 0 && <ul className="mt-1 space-y-1">{c.lessons.map(row)}</ul>}
          {c.sections.map((s) => (
            <div key={s.sectionId} className="mt-1 pl-2">
              <h4 className="text-sm text-slate-700">{s.name}</h4>
              <ul className="mt-1 space-y-1">{s.lessons.map(row)}</ul>
            </div>
          ))}
        </div>
      ))}
      {o.loose.length > 0 && <ul className="space-y-1">{o.loose.map(row)}</ul>}
    </div>
  );
}

function Lesson({
  item,
  frame,
  query,
  userId,
  onProgress,
}: {
  item: Item;
  frame: Frame;
  query: Query;
  userId: string;
  onProgress: (id: string, learnProcess: number, lastStudyTime: number, finished: boolean) => void;
}) {
  const ref: LessonRef = useMemo(
    () => ({ classroomId: item.classroomId, courseId: item.courseId, classId: query.classId, studentId: frame.studentId, userId }),
    [item.classroomId, item.courseId, query.classId, frame.studentId, userId],
  );
  const [load, reload] = useLoad<ClassroomLesson>(`${item.classroomId}:${query.isPreview}`, async () => {
    if (query.isPreview) return send(classroomPreview, ref, { silent: true });
    // Reports left from an earlier visit go first: they are credited against the time since the last report.
    await resendPending(frame.studentId);
    // The lesson and the student's record of it, asked together (one round trip).
    const [lesson, record] = await Promise.all([
      send(classroomDetail, ref, { silent: true }),
      send(recordView, { ...ref, activityId: query.activityId || undefined }, { silent: true }),
    ]);
    onProgress(item.classroomId, record.learnProcess, record.lastStudyTime, record.finished);
    return { ...lesson, record };
  });
  if (load.state === 'loading') return <LessonSkeleton classroomType={item.classroomType} />;
  if (load.state === 'error') return <LoadError message={load.message} onRetry={reload} />;
  const lesson = load.data;
  return (
    <>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="break-words text-base font-semibold text-ink">{lesson.name}</h2>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {typeName(lesson.classroomType) && <li>{t('classroom.info.type', { type: typeName(lesson.classroomType)! })}</li>}
          <li>{t('classroom.info.course', { name: lesson.courseName })}</li>
          {lesson.chapterName && <li>{t('classroom.info.chapter', { name: lesson.chapterName })}</li>}
          {lesson.nodeName && <li>{t('classroom.info.node', { name: lesson.nodeName })}</li>}
          {lesson.classroomDuration > 0 && <li>{t('classroom.info.duration', { time: clockText(lesson.classroomDuration) })}</li>}
        </ul>
      </div>
      <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
        <Content lesson={lesson} lessonRef={ref} item={item} frame={frame} query={query} onProgress={onProgress} />
      </div>
    </>
  );
}

/** The player's place while it loads: a video's 16:9 picture over its control bar, or an audio control bar. */
function PlayerBox({ audio, children }: { audio: boolean; children?: ReactNode }) {
  return (
    <div className="flex w-full flex-col overflow-hidden rounded-lg bg-slate-900 text-sm text-white">
      {!audio && <div className="flex aspect-video w-full items-center justify-center">{children}</div>}
      <div className="flex h-14 items-center justify-center">{audio && children}</div>
    </div>
  );
}

/**
 * A lesson while it loads, in the shape of what comes (the lesson's line, then its player or its
 * content), so the outline and the interaction panel under it on a phone stay where they are.
 */
function LessonSkeleton({ classroomType }: { classroomType: number }) {
  const media = classroomType === CLASSROOM_TYPE.VIDEO || classroomType === CLASSROOM_TYPE.AUDIO;
  return (
    <div role="status" aria-busy="true" aria-label={t('classroom.loadingLesson')} className="animate-pulse space-y-4">
      <div className="h-20 rounded-xl bg-slate-100" />
      <div className="rounded-xl border border-slate-200 p-4">
        {media ? <PlayerBox audio={classroomType === CLASSROOM_TYPE.AUDIO} /> : <div className="h-64 rounded-lg bg-slate-100" />}
      </div>
    </div>
  );
}

function Content({
  lesson,
  lessonRef,
  item,
  frame,
  query,
  onProgress,
}: {
  lesson: ClassroomLesson;
  lessonRef: LessonRef;
  item: Item;
  frame: Frame;
  query: Query;
  onProgress: (id: string, learnProcess: number, lastStudyTime: number, finished: boolean) => void;
}) {
  const c: LessonContent = lesson.content;
  switch (c.kind) {
    case 'media':
      return c.url ? <Media lesson={lesson} content={c} url={c.url} lessonRef={lessonRef} onProgress={onProgress} /> : <Empty text={t('classroom.noMedia')} />;
    case 'article':
      return c.html ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server with the site's allow-list (src/server/sanitize.ts)
        <div className="rich-text max-w-none break-words [&_img]:h-auto [&_img]:max-w-full" dangerouslySetInnerHTML={{ __html: c.html }} />
      ) : (
        <Empty text={t('classroom.noArticle')} />
      );
    case 'document': {
      if (!c.url) return <Empty text={t('classroom.noDocument')} />;
      const name = c.fileName ?? lesson.name;
      return (
        <div className="space-y-3">
          {c.viewerUrl ? (
            // The school's configured viewer shows every kind of document, so pdf.js is not loaded.
            <>
              <iframe
                src={c.viewerUrl}
                title={t('classroom.documentViewer', { name })}
                className="h-[75vh] w-full rounded-lg border border-slate-200"
                allowFullScreen
                referrerPolicy="no-referrer"
              />
              <a href={c.viewerUrl} target="_blank" rel="noopener noreferrer" className="mr-4 inline-block text-sm text-brand underline">
                {t('classroom.openDocument')}
              </a>
            </>
          ) : (
            c.pdf && (
              <Suspense fallback={<p className="py-8 text-center text-sm text-slate-600">{t('classroom.pdfLoading')}</p>}>
                <PdfViewer url={c.url} name={name} />
              </Suspense>
            )
          )}
          <a href={c.url} download={c.fileName ?? true} className="inline-block text-sm text-brand underline">
            {t('classroom.download', { name })}
          </a>
        </div>
      );
    }
    case 'images':
      return (
        <div className="space-y-4">
          {c.images.length ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {c.images.map((src, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may appear twice; the list is shown as stored, never reordered
                <li key={src + i}>
                  <img
                    src={src}
                    alt={t('classroom.imageAlt', { name: lesson.name, n: i + 1 })}
                    loading="lazy"
                    className="h-auto w-full rounded-lg border border-slate-200"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Empty text={t('classroom.noImages')} />
          )}
          {c.summary && (
            <div>
              <h3 className="text-sm font-semibold">{t('classroom.handoutSummary')}</h3>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{c.summary}</p>
            </div>
          )}
        </div>
      );
    case 'work': {
      const kind = t(c.workType === CLASSROOM_TYPE.HOMEWORK ? 'classroom.type.homework' : 'classroom.type.test');
      return (
        <div className="space-y-3 py-6 text-center">
          <p className="text-sm text-slate-700">{t('classroom.workHint', { kind })}</p>
          <a href={workHref(item, query, frame.studentId)} className="inline-block rounded-lg bg-brand px-4 py-2 text-sm text-white">
            {t(c.workType === CLASSROOM_TYPE.HOMEWORK ? 'classroom.homework' : 'classroom.test')}
          </a>
        </div>
      );
    }
    case 'live': {
      const status = liveStatus(c.liveStatus);
      return (
        <div className="space-y-2 py-6 text-center">
          <p className="text-lg font-semibold text-ink">{t(`classroom.live.${status}`)}</p>
          {c.classStartTime && (
            <p className="text-sm text-slate-600">{t('classroom.liveTime', { start: cutTime(c.classStartTime), end: cutTime(c.classEndTime) })}</p>
          )}
          {status === 'replay' && c.url ? (
            <Media
              lesson={lesson}
              content={{ kind: 'media', mediaType: CLASSROOM_TYPE.VIDEO, url: c.url, sources: [] }}
              url={c.url}
              lessonRef={lessonRef}
              onProgress={onProgress}
            />
          ) : (
            <p className="text-sm text-slate-600">{t('classroom.liveApp')}</p>
          )}
        </div>
      );
    }
    default:
      // Archives and the types the classroom cannot show: the type's icon, then the file to download, or why there is none.
      return (
        <div className="space-y-3 py-6 text-center">
          <TypeIcon type={lesson.classroomType} large />
          <p className="text-sm text-slate-700">{t(c.url ? 'classroom.otherDownload' : 'classroom.otherType')}</p>
          {c.url ? (
            <a href={c.url} download={c.fileName ?? true} className="inline-block rounded-lg bg-brand px-4 py-2 text-sm text-white">
              {c.fileName ? t('classroom.download', { name: c.fileName }) : t('classroom.downloadFile')}
            </a>
          ) : (
            <p className="text-sm text-slate-600">{t('classroom.noFile')}</p>
          )}
        </div>
      );
  }
}

function Media({
  lesson,
  content,
  url,
  lessonRef,
  onProgress,
}: {
  lesson: ClassroomLesson;
  content: Extract<LessonContent, { kind: 'media' }>;
  url: string;
  lessonRef: LessonRef;
  onProgress: (id: string, learnProcess: number, lastStudyTime: number, finished: boolean) => void;
}) {
  const record = lesson.record;
  const reporter = useRef<ProgressReporter | null>(null);
  if (!lesson.isPreview && !reporter.current) reporter.current = new ProgressReporter(lessonRef, record?.seq ?? 0);
  const startMs = record?.lastStudyTime ?? 0;
  // The resume notice: where playback resumed, and whether it plays by itself or waits for the student.
  const [notice, setNotice] = useState<{ ms: number; playing: boolean } | null>(null);

  useEffect(() => {
    if (!notice?.playing) return;
    const id = setTimeout(() => setNotice(null), RESUME_NOTICE_MS);
    return () => clearTimeout(id);
  }, [notice]);

  useEffect(() => {
    const r = reporter.current;
    if (!r) return;
    r.onAnswer = (a) => onProgress(lessonRef.classroomId, a.learnProcess, a.lastStudyTime, a.finished);
    const online = () => r.retry();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      r.onAnswer = null;
    };
  }, [lessonRef.classroomId, onProgress]);

  const audio = content.mediaType === CLASSROOM_TYPE.AUDIO;
  const noticeText = notice && t(notice.playing ? 'classroom.resume' : 'classroom.resumePaused', { time: clockText(notice.ms) });
  return (
    <div className="relative">
      {/* Over a video's top left corner, clicks passing through; an audio bar's play button is where it would lie, so
          its notice has a line of its own under the bar, kept while empty so nothing moves. */}
      {!audio && noticeText && (
        <p role="status" className="pointer-events-none absolute left-2 top-2 z-10 rounded bg-black/75 px-3 py-1 text-sm text-white">
          {noticeText}
        </p>
      )}
      <Suspense fallback={<PlayerBox audio={audio}>{t('classroom.loadingPlayer')}</PlayerBox>}>
        <LessonPlayer
          title={lesson.name}
          audio={audio}
          url={url}
          sources={content.sources}
          startMs={startMs}
          onResume={(ms, playing) => setNotice({ ms, playing })}
          // Once the student starts playback, "click play to continue" is no longer true.
          onPlaying={() => setNotice((n) => (n && !n.playing ? null : n))}
          onReport={(positionMs, watchedMs, sought) => reporter.current?.report(positionMs, watchedMs, sought)}
          onLeave={(last) => reporter.current?.leave(last)}
        />
      </Suspense>
      {audio && (
        <p role="status" className="mt-2 min-h-6 text-sm text-slate-700">
          {noticeText}
        </p>
      )}
    </div>
  );
}
