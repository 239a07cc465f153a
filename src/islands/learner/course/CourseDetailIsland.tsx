import { useState, type ReactNode } from 'react';
import { send } from '~/lib/api/client';
import {
  courseChaptersByType,
  courseDetail,
  courseSituation,
  courseStatistics,
  launchThirdParty,
  type CourseChapters,
  type CourseDetail,
  type CourseIntroduce,
  type CourseLesson,
  type CourseSituation,
  type CourseStatistics,
} from '~/lib/api/contracts/learning-course';
import { t } from '~/lib/i18n/messages/course';
import { courseEntry, lessonState, nextLesson, requirementsState, treeLessons, visibleTabs, type CourseEntry, type CourseTab } from '~/lib/learning/course';
import { INTRODUCE_TYPE } from '~/lib/learning/codes';
import { clockText, cutTime, durationParts } from '~/lib/learning/display';
import { lessonJump } from '~/lib/learning/jumps';
import { classroomType, isLiveLessonType, isRequired, teacherRole, type ClassroomKind } from '~/lib/learning/labels';
import { percentText, progressPercent } from '~/lib/learning/progress';
import { parseDateTime } from '~/lib/time/cst';
import { sitePath } from '~/lib/navigation';
import { toast } from '~/lib/toast';
import { Modal } from '~/islands/shared/Modal';
import { TabList } from '~/islands/shared/TabList';
import { Avatar } from '~/islands/shared/Avatar';
import { Empty } from '../shared/Empty';
import { TitledSection } from '../shared/TitledSection';
import { Remaining } from '../shared/Remaining';
import { requirementLabel, requirementValue } from '../shared/requirement-text';
import { QueryPage, queryFields, usePageQuery } from '../shared/page';
import { useLoad } from '../shared/use-load';
import { useStudent } from '../shared/use-student';

/** The page's query: courseId, classId, classStudentId. */
const QUERY = ['courseId', 'classId', 'classStudentId'] as const;
type Query = Record<(typeof QUERY)[number], string>;

interface Loaded {
  detail: CourseDetail;
  situation: CourseSituation;
  statistics: CourseStatistics;
  chapters: CourseChapters;
}

interface Actions {
  entry: CourseEntry;
  /** Where a lesson leads (lessonJump of 2.4). */
  lessonHref: (l: CourseLesson) => string;
  /** On a lesson click: a course not open says so and a live lesson opens the modal, instead of following the link. */
  openLesson: (l: CourseLesson, e: { preventDefault(): void }) => void;
}

/**
 * The course detail page (/study/course/course-detail): the course, the
 * 'last learned' card, the content tabs and the right column of requirements and introduction
 * blocks. A live lesson opens the "use the app" modal; a course without a learning URL says
 * 请联系班主任开通课程 and goes nowhere; a third-party course is entered through our server
 * (decision 021) and the browser goes to the platform's classroom.
 */
export default function CourseDetailIsland() {
  const user = useStudent();
  const query = usePageQuery((q) => queryFields(q, QUERY));
  const complete = !!query && !!query.courseId && !!query.classId && !!query.classStudentId;
  const key = user && complete ? `${user.userId}:${query.classId}:${query.courseId}:${query.classStudentId}` : null;
  const [load, reload] = useLoad<Loaded>(key, async () => {
    const ref = { courseId: query!.courseId, classId: query!.classId, classStudentId: query!.classStudentId, userId: user!.userId };
    const [detail, situation, statistics, chapters] = await Promise.all([
      send(courseDetail, ref, { silent: true }),
      send(courseSituation, ref, { silent: true }),
      send(courseStatistics, { ...ref, evaluateType: 'ACTIVITY' }, { silent: true }),
      send(courseChaptersByType, { classId: ref.classId, courseId: ref.courseId, studentId: ref.classStudentId, userId: ref.userId }, { silent: true }),
    ]);
    return { detail, situation, statistics, chapters };
  });

  return (
    <QueryPage student={user} query={query} title={t('course.courseDetail')} complete={complete} missing={t('course.noQuery')} load={load} onRetry={reload}>
      {(data) => <CoursePage data={data} query={query!} userId={user!.userId} />}
    </QueryPage>
  );
}

function CoursePage({ data, query, userId }: { data: Loaded; query: Query; userId: string }) {
  const { detail, situation, statistics, chapters } = data;
  const entry = courseEntry(detail);
  const [liveOpen, setLiveOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const showNotOpen = () => {
    setNotice(t('course.notOpen'));
    toast(t('course.notOpen'), 'warning');
  };
  const actions: Actions = {
    entry,
    lessonHref: (l) =>
      sitePath(
        lessonJump({
          classroomId: l.classroomId,
          classroomType: l.classroomType,
          courseId: detail.courseId,
          classId: query.classId,
          studentId: query.classStudentId,
          userId,
        }),
      ),
    openLesson: (l, e) => {
      if (entry === 'closed') {
        e.preventDefault();
        showNotOpen();
      } else if (isLiveLessonType(l.classroomType)) {
        e.preventDefault();
        setLiveOpen(true);
      }
    },
  };

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-6">
        <CourseHeader detail={detail} situation={situation} />
        <LastLearned detail={detail} situation={situation} chapters={chapters} query={query} actions={actions} onNotOpen={showNotOpen} notice={notice} />
        <ContentTabs chapters={chapters} actions={actions} />
      </div>
      <aside className="min-w-0 space-y-6">
        <Requirements detail={detail} statistics={statistics} />
        <Introductions list={detail.introduceDetailList} />
        {detail.courseContent && (
          // The rich-text introduction staff wrote.
          <TitledSection id="course-intro" title={t('course.intro')} className="rounded-lg border border-slate-200 p-4">
            <div
              className="rich-text mt-3 max-w-none break-words text-sm [&_img]:h-auto [&_img]:max-w-full"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved and again in this answer (src/server/sanitize.ts)
              dangerouslySetInnerHTML={{ __html: detail.courseContent }}
            />
          </TitledSection>
        )}
      </aside>
      <Modal open={liveOpen} title={t('course.liveTitle')} onClose={() => setLiveOpen(false)} width="w-[min(92vw,420px)]">
        <p className="text-sm text-ink">{t('course.liveNotOnPc')}</p>
        <footer className="mt-4 flex justify-end gap-3">
          <button
            type="button"
            onClick={() => setLiveOpen(false)}
            className="rounded-lg border border-slate-300 px-4 py-1.5 text-sm hover:border-brand hover:text-brand"
          >
            {t('course.close')}
          </button>
          <button type="button" onClick={() => setLiveOpen(false)} className="rounded-lg bg-brand px-4 py-1.5 text-sm text-white hover:bg-brand-dark">
            {t('course.ok')}
          </button>
        </footer>
      </Modal>
    </div>
  );
}

function CourseHeader({ detail, situation }: { detail: CourseDetail; situation: CourseSituation }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row">
      {detail.cover ? (
        <img src={detail.cover} alt={detail.courseName} className="aspect-video w-full rounded-lg bg-slate-100 object-cover sm:w-56" />
      ) : (
        <div
          role="img"
          aria-label={t('course.coverPlaceholder')}
          className={[
            'flex aspect-video w-full items-center justify-center rounded-lg',
            'bg-gradient-to-br from-slate-100 to-slate-200 text-4xl font-bold text-slate-400 sm:w-56',
          ].join(' ')}
        >
          {detail.courseName.slice(0, 1)}
        </div>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="break-words text-2xl font-bold text-ink">{detail.courseName}</h1>
        {detail.introduce && <p className="mt-2 break-words text-sm text-slate-600">{detail.introduce}</p>}
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <span>{t('learner.participants', { n: situation.studyUserCount })}</span>
          <span>{t('course.finishedUsers', { n: situation.finishUserCount })}</span>
          {situation.classroomTotal > 0 && <span>{t('course.lessonCount', { total: situation.classroomTotal, done: situation.finishClassroomTotal })}</span>}
        </p>
      </div>
    </header>
  );
}

const buttonClass = [
  'inline-flex items-center justify-center rounded-lg bg-brand px-5 py-2 text-sm font-medium text-white',
  'hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70',
].join(' ');

function LastLearned(props: {
  detail: CourseDetail;
  situation: CourseSituation;
  chapters: CourseChapters;
  query: Query;
  actions: Actions;
  onNotOpen: () => void;
  notice: string | null;
}) {
  const { detail, situation, chapters, query, actions, onNotOpen, notice } = props;
  const [entering, setEntering] = useState(false);
  const lessons = treeLessons(chapters.coursewareTypeChapterMap.ALL);
  const next = nextLesson(situation.lastClassroomId, lessons);
  const last = next?.kind === 'continue' ? (situation.lastClassroomResultVO ?? next.lesson) : null;

  const enter = async () => {
    setEntering(true);
    try {
      const { url } = await send(launchThirdParty, {
        courseId: detail.courseId,
        classId: query.classId,
        classStudentId: query.classStudentId,
        backUrl: location.href,
      });
      window.location.assign(url);
    } catch {
      // The client has shown the server's message.
      setEntering(false);
    }
  };

  let action: ReactNode;
  if (actions.entry === 'thirdParty')
    action = (
      <button type="button" className={buttonClass} onClick={() => void enter()} disabled={entering}>
        {entering ? t('course.entering') : t('course.enter')}
      </button>
    );
  else if (actions.entry === 'closed')
    action = (
      <button type="button" className={buttonClass} onClick={onNotOpen}>
        {last ? t('course.continue') : t('course.start')}
      </button>
    );
  // thirdPartyUnavailable: no button at all, the line above says why (a button could only fail).
  else if (next && actions.entry === 'internal')
    action = (
      <a className={buttonClass} href={actions.lessonHref(next.lesson)} onClick={(e) => actions.openLesson(next.lesson, e)}>
        {next.kind === 'continue' ? t('course.continue') : t('course.start')}
      </a>
    );

  return (
    <TitledSection id="course-last" title={t('course.lastLearned')} className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          {actions.entry === 'thirdParty' ? (
            <p className="text-slate-600">{t('course.thirdPartyHint')}</p>
          ) : actions.entry === 'thirdPartyUnavailable' ? (
            <p role="status" className="text-amber-800">
              {t('course.thirdPartyUnavailable')}
            </p>
          ) : last ? (
            <>
              <p className="break-words font-medium text-ink">{last.name}</p>
              <p className="mt-1 text-slate-600">{lessonStateText(last)}</p>
            </>
          ) : (
            <p className="text-slate-600">{lessons.length ? t('course.notStudiedYet') : t('course.noLessons')}</p>
          )}
          {actions.entry !== 'thirdParty' && actions.entry !== 'thirdPartyUnavailable' && situation.classroomTotal > 0 && (
            <p className="mt-1 text-slate-500">{t('course.courseProgress', { percent: percentText(situation.courseLearnProcess) })}</p>
          )}
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {notice && (
        <p role="alert" className="mt-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {notice}
        </p>
      )}
    </TitledSection>
  );
}

/** A lesson's progress line (where it was left and how far, capped at 100%; handed in / attended / live status for the other kinds). */
function lessonStateText(l: CourseLesson): string {
  const state = lessonState({ ...l, liveStatus: l.courseLiveClassroomResultVO?.liveStatus ?? null });
  switch (state.kind) {
    case 'work':
      return t(state.submitted ? 'course.work.submitted' : 'course.work.notSubmitted');
    case 'faceToFace':
      return t(state.attended ? 'course.face.attended' : 'course.face.notAttended');
    case 'live':
      return t(`course.live.${state.status}`);
    case 'study': {
      const p = state.progress;
      if (p.kind === 'notStarted') return t('course.progress.notStarted');
      if (p.kind === 'finished') return t('course.progress.finished');
      return t('course.progress.inProgress', { time: clockText(p.positionMs), percent: percentText(p.percent) });
    }
  }
}

function durationText(ms: number): string | null {
  const { hours, minutes } = durationParts(ms);
  if (hours === 0 && minutes === 0) return null;
  return hours > 0 ? t('course.hoursMinutes', { h: hours, m: minutes }) : t('course.minutes', { m: minutes });
}

function ContentTabs({ chapters, actions }: { chapters: CourseChapters; actions: Actions }) {
  const map = chapters.coursewareTypeChapterMap;
  const tabs = visibleTabs(map);
  const [selected, setSelected] = useState<CourseTab>(tabs[0] ?? 'ALL');
  const current = tabs.includes(selected) ? selected : (tabs[0] ?? 'ALL');
  return (
    <TitledSection id="course-content" title={t('course.contentTabs')}>
      {tabs.length === 0 ? (
        <Empty className="mt-3" text={t('course.noLessons')} />
      ) : (
        <>
          <TabList
            label={t('course.contentTabs')}
            tabs={tabs}
            selected={current}
            onSelect={setSelected}
            tabId={(tab) => `course-tab-${tab}`}
            panelId={() => 'course-tabpanel'}
            className="mt-3 flex flex-wrap gap-1 border-b border-slate-200"
            tabClass={(on) =>
              [
                '-mb-px border-b-2 px-3 py-2 text-sm',
                on ? 'border-brand font-semibold text-brand-dark' : 'border-transparent text-slate-600 hover:text-brand',
              ].join(' ')
            }
          >
            {(tab) => t(`course.tab.${tab}`)}
          </TabList>
          <div id="course-tabpanel" role="tabpanel" aria-labelledby={`course-tab-${current}`} className="mt-4 space-y-5">
            {map[current].map((chapter, ci) => (
              <div key={chapter.id ?? `loose-${ci}`}>
                {chapter.name && <h3 className="break-words font-semibold text-ink">{chapter.name}</h3>}
                {chapter.sections.map((section, si) => (
                  <div key={section.id ?? `direct-${si}`} className="mt-2">
                    {section.name && <h4 className="break-words text-sm font-medium text-slate-600">{section.name}</h4>}
                    <ul className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200">
                      {section.lessons.map((lesson) => (
                        <LessonLine key={lesson.classroomId} lesson={lesson} actions={actions} />
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            ))}
          </div>
        </>
      )}
    </TitledSection>
  );
}

function LessonLine({ lesson, actions }: { lesson: CourseLesson; actions: Actions }) {
  const type = classroomType(lesson.classroomType);
  const limit = lesson.workTimeLimit;
  // A homework or test shows its own time limit (or 不限时), never the lesson's length.
  const duration = limit ? (limit.unitTime ? t('course.timeLimit', { n: limit.unitTime }) : t('course.noTimeLimit')) : durationText(lesson.classroomDuration);
  const live = lesson.courseLiveClassroomResultVO;
  const offline = lesson.offlineClassroomResultVO;
  const place = offline ? [offline.position, offline.address].filter(Boolean).join(' ') : '';
  return (
    <li>
      <a
        href={actions.lessonHref(lesson)}
        onClick={(e) => actions.openLesson(lesson, e)}
        className="flex flex-col gap-1 px-3 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          {type?.label && <span className="rounded bg-brand-soft px-1.5 py-0.5 text-xs text-brand-dark">{t(`course.type.${type.label as LabelledKind}`)}</span>}
          <span className="break-words text-sm font-medium text-ink">{lesson.name}</span>
          <span className={`rounded px-1.5 py-0.5 text-xs ${isRequired(lesson.mustLearn) ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-600'}`}>
            {isRequired(lesson.mustLearn) ? t('course.required') : t('course.elective')}
          </span>
        </span>
        <span className="flex flex-wrap gap-x-3 text-xs text-slate-600">
          {live?.classStartTime && <span>{t('course.liveTime', { time: cutTime(live.classStartTime) })}</span>}
          {place && <span>{t('course.place', { place })}</span>}
          {duration && <span>{duration}</span>}
          <span className={lesson.finished ? 'text-emerald-700' : ''}>{lessonStateText(lesson)}</span>
        </span>
      </a>
    </li>
  );
}

/** The labelled classroom kinds (20, 90 and 91 have an icon but no label: classroomType gives them none). */
type LabelledKind = Exclude<ClassroomKind, 'type20' | 'type90' | 'type91'>;

function Requirements({ detail, statistics }: { detail: CourseDetail; statistics: CourseStatistics }) {
  const learnStart = detail.learnStartTime ? parseDateTime(detail.learnStartTime) : null;
  const learnEnd = detail.learnEndTime ? parseDateTime(detail.learnEndTime) : null;
  // The requirements are the server's (the class page's course list shows the same ones).
  const bars = statistics.requirements;
  const state = requirementsState({ now: Date.now(), learnStart, learnEnd, bars });
  const stateClass =
    state === 'completed'
      ? 'bg-emerald-100 text-emerald-800'
      : state === 'overdue'
        ? 'bg-red-100 text-red-700'
        : state === 'inProgress'
          ? 'bg-blue-100 text-blue-800'
          : 'bg-slate-100 text-slate-700';
  return (
    <TitledSection
      id="course-requirements"
      title={t('course.requirements')}
      className="rounded-lg border border-slate-200 p-4"
      aside={
        state && (
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${stateClass}`}>
            <span className="sr-only">{t('course.state')}：</span>
            {t(`course.state.${state}`)}
          </span>
        )
      }
    >
      <dl className="mt-3 text-sm">
        <dt className="text-slate-500">{t('course.learnPeriod')}</dt>
        <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink">
          {detail.learnStartTime || detail.learnEndTime
            ? t('course.periodRange', { start: cutTime(detail.learnStartTime) || '--', end: cutTime(detail.learnEndTime) || '--' })
            : t('course.noPeriod')}
          <Remaining start={detail.learnStartTime} end={detail.learnEndTime} />
        </dd>
      </dl>
      {bars.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t('course.noRequirements')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {bars.map((b) => {
            const percent = progressPercent(b.done, b.total);
            return (
              <li key={b.key} className="text-sm">
                <p className="flex justify-between gap-2">
                  <span className="text-slate-600">{requirementLabel(b)}</span>
                  <span className="text-ink">{requirementValue(b)}</span>
                </p>
                <div
                  role="progressbar"
                  aria-label={requirementLabel(b)}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </TitledSection>
  );
}

function Introductions({ list }: { list: CourseIntroduce[] }) {
  const intro = list.filter((b) => b.introduceType === INTRODUCE_TYPE.INTRO && b.describe);
  const teachers = list.filter((b) => b.introduceType === INTRODUCE_TYPE.TEACHER && b.teacherName);
  const materials = list.filter((b) => b.introduceType === INTRODUCE_TYPE.MATERIALS);
  const services = list.filter((b) => b.introduceType === INTRODUCE_TYPE.SERVICE);
  const block = (id: string, title: string, children: ReactNode) => (
    <TitledSection id={id} title={title} className="rounded-lg border border-slate-200 p-4">
      {children}
    </TitledSection>
  );
  const outlines = (items: CourseIntroduce[]) => (
    <ul className="mt-3 space-y-2 text-sm">
      {items.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: introduction blocks carry no id; the list is shown as sent, never reordered
        <li key={i}>
          {b.outline && <p className="break-words font-medium text-ink">{b.outline}</p>}
          {b.describe && <p className="break-words text-slate-600">{b.describe}</p>}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {intro.length > 0 &&
        block(
          'course-intro',
          t('course.intro'),
          intro.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: introduction blocks carry no id; the list is shown as sent, never reordered
            <p key={i} className="mt-3 break-words text-sm text-slate-600">
              {b.describe}
            </p>
          )),
        )}
      {teachers.length > 0 &&
        block(
          'course-teachers',
          t('course.teachers'),
          <ul className="mt-3 space-y-3">
            {teachers.map((b, i) => {
              const role = teacherRole(b.roleCode);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: introduction blocks carry no id; the list is shown as sent, never reordered
                <li key={i} className="flex items-center gap-3">
                  <Avatar pic={b.teacherHeadUrl} name={b.teacherName!} look="lecturer" />
                  <span className="min-w-0">
                    <span className="block break-words text-sm font-medium text-ink">{b.teacherName}</span>
                    {role && <span className="text-xs text-slate-600">{t(role === 'courseTeacher' ? 'course.role.courseTeacher' : 'course.role.tutor')}</span>}
                  </span>
                </li>
              );
            })}
          </ul>,
        )}
      {materials.length > 0 && block('course-materials', t('course.materials'), outlines(materials))}
      {services.length > 0 && block('course-services', t('course.services'), outlines(services))}
    </>
  );
}
