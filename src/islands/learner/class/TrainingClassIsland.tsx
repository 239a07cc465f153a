import { useEffect, useState } from 'react';
import { send } from '~/lib/api/client';
import { increaseVisit, studentClassDetail, type StudentClassDetail } from '~/lib/api/contracts/learning';
import { t } from '~/lib/i18n/messages/learner';
import { sitePath } from '~/lib/navigation';
import { currentClassFor, type CurrentClass } from '~/lib/stores/learner';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { useLoad } from '../shared/use-load';
import { useStudent } from '../shared/use-student';
import { shortTime, statusLabel } from '../mine/mine-rules';

/** The class page's query (learner-area.md 2.2): classId, optionally the class's school. */
function readQuery(): { classId: string; schoolId: string | undefined } {
  const q = new URLSearchParams(location.search);
  return { classId: q.get('classId') ?? '', schoolId: q.get('schoolId') || undefined };
}

interface Header {
  detail: StudentClassDetail;
  /** The visit count after this visit, or null when counting failed (the header still shows). */
  visits: number | null;
}

/**
 * The class page (/study/training-class), this part: the breadcrumb and the class header;
 * each visit is counted and the new number shown. Today's and past classes, the courses and the
 * right column come with the classrooms.
 */
export default function TrainingClassIsland() {
  const user = useStudent();
  const [query, setQuery] = useState<{ classId: string; schoolId: string | undefined } | null>(null);
  const [known, setKnown] = useState<CurrentClass | null>(null);
  useEffect(() => {
    const q = readQuery();
    setQuery(q);
    setKnown(currentClassFor(q.classId));
  }, []);
  const key = user && query?.classId ? `${user.userId}:${query.classId}:${query.schoolId ?? ''}` : null;
  const [header, reload] = useLoad<Header>(key, async () => {
    const detail = await send(studentClassDetail, { classId: query!.classId, userId: user!.userId, schoolId: query!.schoolId }, { silent: true });
    const visits = await send(increaseVisit, { classId: detail.classId, studentId: detail.studentId }).catch(() => null);
    return { detail, visits };
  });

  const crumbs = (
    <nav aria-label={t('learner.breadcrumb')} className="mb-4 text-sm text-slate-500">
      <a href={sitePath('/study/mine')} className="hover:text-brand">
        {t('learner.myLearning')}
      </a>
      <span aria-hidden="true"> / </span>
      <span aria-current="page" className="text-ink">
        {t('learner.classDetail')}
      </span>
    </nav>
  );

  if (!user || !query) return <Skeleton rows={3} />;
  if (!query.classId)
    return (
      <>
        {crumbs}
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-6 text-sm text-amber-800">
          {t('learner.noClassId')}
        </p>
      </>
    );
  let body;
  if (header.state === 'loading')
    body = (
      <>
        {known && <h1 className="mb-3 text-2xl font-bold">{known.className}</h1>}
        <Skeleton rows={2} />
      </>
    );
  else if (header.state === 'error') body = <LoadError message={header.message} onRetry={reload} />;
  else body = <ClassHeader detail={header.data.detail} visits={header.data.visits} />;
  return (
    <>
      {crumbs}
      {body}
      <p className="mt-8 rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-muted">{t('learner.classPlaceholder')}</p>
    </>
  );
}

function ClassHeader({ detail: d, visits }: { detail: StudentClassDetail; visits: number | null }) {
  const items: [string, string | number][] = [
    [t('learner.startDate'), d.statusTime ? d.statusTime.slice(0, 10) : '--'],
    [t('learner.activityTotal'), d.activityTotal],
    [t('learner.studentTotal'), d.classStudentTotal],
  ];
  if (d.teacherName) items.push([t('learner.teacher'), d.teacherName]);
  if (visits !== null) items.push([t('learner.visits'), visits]);
  return (
    <header className="rounded-lg bg-slate-50 p-5">
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-brand-soft px-2 py-0.5 text-xs text-brand-dark">{statusLabel(d.classStatus)}</span>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{d.title}</h1>
      {d.classPeriodName && <p className="mt-1 text-sm text-slate-600">{d.classPeriodName}</p>}
      {d.trainingEndTime && (
        <p className="mt-1 text-sm text-slate-600">
          {t('learner.trainingPeriod')}：{shortTime(d.trainingStartTime)} ~ {shortTime(d.trainingEndTime)}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
