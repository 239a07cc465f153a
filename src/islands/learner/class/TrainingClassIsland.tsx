import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { send } from '~/lib/api/client';
import type { StudentClassDetail } from '~/lib/api/contracts/learning';
import { studentCourseStatistic, type ClassFirstView } from '~/lib/api/contracts/learning-class';
import { t } from '~/lib/i18n/messages/learner-class';
import { mainTabs, type MainTab } from '~/lib/learning/class-detail';
import { hasOfflineCourse } from '~/lib/learning/class-page';
import { courseJump, timetableJump, type JumpContext } from '~/lib/learning/jumps';
import { navigateTo, sitePath } from '~/lib/navigation';
import { currentClassFor, type CurrentClass } from '~/lib/stores/learner';
import { LoadError } from '../shared/LoadError';
import { Breadcrumb, MissingQuery } from '../shared/Breadcrumb';
import { useLoad } from '../shared/use-load';
import { useStudent } from '../shared/use-student';
import { ClassDialog, type DialogState } from './ClassDialog';
import { CourseList } from './CourseList';
import { PastPanel } from './PastPanel';
import { SideColumn } from './SideColumn';
import { StudentCard } from './StudentCard';
import { TabBar, panelProps } from './TabBar';
import { TodayPanel, type EmptyChoice } from './TodayPanel';
import { readClassQuery, type ClassQuery } from './early-first-view';
import { firstView } from './first-view';
import { classHeaderModel, HEADER_CLASS, SKELETON_HEADER_ATTR } from './class-header';
import { removeEarlyHeader } from './early-header';

/**
 * The class page (/study/training-class): the breadcrumb, the class header,
 * the student card, today's and past classes, the courses and the right column. Each visit is
 * counted once and the new number shown.
 */
export default function TrainingClassIsland() {
  const user = useStudent();
  const [query, setQuery] = useState<ClassQuery | null>(null);
  const [known, setKnown] = useState<CurrentClass | null>(null);
  useEffect(() => {
    const q = readClassQuery(location.search);
    setQuery(q);
    setKnown(currentClassFor(q.classId));
  }, []);
  const key = user && query?.classId ? `${user.userId}:${query.classId}:${query.schoolId ?? ''}` : null;
  // The whole first view in one call (this visit counted), usually asked already by the page's own
  // script while this island loaded (first-view.ts); the panels ask their own calls only later.
  const [header, reload] = useLoad<ClassFirstView>(key, () => firstView({ classId: query!.classId, userId: user!.userId, schoolId: query!.schoolId }));

  // The breadcrumb is the same from the server's first HTML on: nothing above the page's parts moves.
  const crumbs = <Breadcrumb current={t('learner.classDetail')} />;

  const waiting = !user || !query || header.state === 'loading';
  // The page's own script may have painted the header over the skeleton (early-header.ts): gone
  // with the skeleton, in the same commit as what replaces it.
  useLayoutEffect(() => {
    if (!waiting || (query && !query.classId)) removeEarlyHeader();
  }, [waiting, query]);
  if (query && !query.classId) return <MissingQuery crumbs={crumbs} text={t('learner.noClassId')} />;
  let body: ReactNode;
  if (waiting) body = <ClassPageSkeleton name={known?.className ?? null} />;
  else if (header.state === 'error') body = <LoadError message={header.message} onRetry={reload} />;
  else
    body = (
      <>
        <ClassHeader detail={header.data.detail} />
        <StudentCard detail={header.data.detail} visits={header.data.visits} schoolId={query.schoolId} first={header.data.situation} />
        <ClassBody first={header.data} userId={user.userId} schoolId={query.schoolId} experience={query.experience || header.data.detail.experience} />
      </>
    );
  return (
    <>
      {crumbs}
      {body}
    </>
  );
}

interface BodyProps {
  /** The first view: the detail, and the courses and first tab's content to show before asking again. */
  first: ClassFirstView;
  userId: string;
  schoolId: string | undefined;
  experience: boolean;
}

/**
 * Below the student card: the main tabs (今日课程 / 往期课程; a class whose teaching is over,
 * teachingClassStatus 2, shows only its past: it has no today) with the timetable link, the courses,
 * and the right column.
 */
/**
 * The class page while its header loads: blocks of the header's, the student card's and today's
 * size, so what replaces them lands where they were.
 */
function ClassPageSkeleton({ name }: { name: string | null }) {
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className="animate-pulse">
      <div className="h-44 rounded-lg bg-slate-100 p-5" {...{ [SKELETON_HEADER_ATTR]: '' }}>
        {name && <p className="mt-8 text-2xl font-bold text-slate-400">{name}</p>}
      </div>
      <div className="mt-4 h-40 rounded-lg bg-slate-200 md:h-24" />
      <div className="mt-6 h-11 rounded-lg bg-slate-100" />
      <div className="mt-4 h-64 rounded-lg bg-slate-200" />
    </div>
  );
}

function ClassBody({ first, userId, schoolId, experience }: BodyProps) {
  const { detail } = first;
  const { classId, studentId } = detail;
  const main = mainTabs(detail.teachingClassStatus);
  const [tab, chooseTab] = useState<MainTab>(main.initial);
  // The first tab shows the first view's content; once another tab is chosen, each panel asks its own calls.
  const [moved, setMoved] = useState(false);
  const setTab = (next: MainTab) => {
    if (next !== tab) setMoved(true);
    chooseTab(next);
  };
  // The courses come after today's (or the past) classes: shown once that panel has its content,
  // so its arrival does not push the course list down the screen.
  const [panelSettled, setPanelSettled] = useState(false);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [courses, reloadCourses] = useLoad(
    `${classId}:${studentId}`,
    () => send(studentCourseStatistic, { classId, studentId, schoolId }, { silent: true }),
    first.courses,
  );
  const context: JumpContext = { classId, studentId, userId };
  const timetableHref = sitePath(timetableJump({ classId, studentId, userId, experience }));
  const courseList = courses.state === 'done' ? courses.data.classStudentCourseResultVOS : [];

  /** Today's four choices when there is nothing today. */
  function choose(choice: EmptyChoice, label: string): void {
    const first = courseList[0];
    // An experience visit only looks around: it shows a notice instead of doing any of them.
    if (experience) setDialog({ kind: 'experience', name: label });
    // Posting a dynamic is a mobile-app feature, not open on the desktop.
    else if (choice === 'post') setDialog({ kind: 'notice', name: label });
    else if (choice === 'rest') setDialog({ kind: 'rest' });
    // Continue learning: the class's first course, or, without courses, the past classes.
    else if (choice === 'continue' && first) navigateTo(sitePath(courseJump({ courseId: first.courseId, classId, classStudentId: studentId })));
    else setTab('past');
  }

  const items = main.tabs.map((key) => ({ key, label: t(key === 'today' ? 'class.today' : 'class.past') }));
  // What both tabs' panels are given (the first view's content, only until another tab is chosen).
  const panel = { classId, userId, schoolId, context, onSettled: () => setPanelSettled(true) };
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="min-w-0">
        <TabBar
          label={t('class.mainTabs')}
          idPrefix="class-main"
          size="main"
          items={items}
          selected={tab}
          onSelect={setTab}
          after={
            <a href={timetableHref} className="mb-2 rounded-lg border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-brand hover:text-brand">
              {t('class.timetable')}
            </a>
          }
        />
        <div {...panelProps('class-main', tab)} className="pt-4">
          {tab === 'today' ? (
            <TodayPanel {...panel} onChoice={choose} first={moved ? undefined : (first.today ?? undefined)} />
          ) : (
            <PastPanel {...panel} first={moved ? undefined : (first.past ?? undefined)} />
          )}
        </div>
        {panelSettled && <CourseList courses={courses} onRetry={reloadCourses} classId={classId} studentId={studentId} timetableHref={timetableHref} />}
      </div>
      <SideColumn learningGoal={detail.learningGoal} highlights={hasOfflineCourse(courseList)} onOpen={(name) => setDialog({ kind: 'notice', name })} />
      <ClassDialog state={dialog} onClose={() => setDialog(null)} onRest={() => history.back()} />
    </div>
  );
}

function ClassHeader({ detail }: { detail: StudentClassDetail }) {
  const m = classHeaderModel(detail, Date.now());
  return (
    <header className={HEADER_CLASS.root}>
      <p className={HEADER_CLASS.statusRow}>
        <span className={HEADER_CLASS.status}>{m.status}</span>
      </p>
      <h1 className={HEADER_CLASS.title}>{m.title}</h1>
      {m.periodName && <p className={HEADER_CLASS.periodName}>{m.periodName}</p>}
      {m.period && (
        <p className={HEADER_CLASS.periodRow}>
          <span>{m.period}</span>
          {m.remaining && <span className={HEADER_CLASS.remaining}>{m.remaining}</span>}
        </p>
      )}
      <dl className={HEADER_CLASS.facts}>
        {m.items.map(([label, value]) => (
          <div key={label}>
            <dt className={HEADER_CLASS.label}>{label}</dt>
            <dd className={HEADER_CLASS.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
