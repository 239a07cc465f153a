import type { ReactNode } from 'react';
import type { ClassStudentCourse } from '~/lib/api/contracts/learning-class';
import { t } from '~/lib/i18n/messages/learner-class';
import { cutTime } from '~/lib/learning/display';
import { courseJump } from '~/lib/learning/jumps';
import { courseNature } from '~/lib/learning/labels';
import { sitePath } from '~/lib/navigation';
import type { Load } from '../shared/use-load';
import { Empty } from '../shared/Empty';
import { Remaining } from '../shared/Remaining';
import { requirementsLine } from '../shared/requirement-text';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { TitledSection } from '../shared/TitledSection';

const NATURE = { online: 'class.natureOnline', faceToFace: 'class.natureFaceToFace', mixed: 'class.natureMixed' } as const;

/**
 * 全部课程: the count, the 查看课表 link and each course leading to its detail page, or 暂无课程.
 */
export function CourseList({
  courses,
  onRetry,
  classId,
  studentId,
  timetableHref,
}: {
  courses: Load<{ classStudentCourseResultVOS: ClassStudentCourse[] }>;
  onRetry: () => void;
  classId: string;
  studentId: string;
  timetableHref: string;
}) {
  const list = courses.state === 'done' ? courses.data.classStudentCourseResultVOS : [];
  let body: ReactNode;
  if (courses.state === 'loading') body = <Skeleton rows={2} />;
  else if (courses.state === 'error') body = <LoadError message={courses.message} onRetry={onRetry} />;
  else if (list.length === 0) body = <Empty text={t('class.noCourses')} />;
  else
    body = (
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.map((c) => (
          <li key={c.courseId}>
            <CourseCard c={c} href={sitePath(courseJump({ courseId: c.courseId, classId, classStudentId: studentId }))} />
          </li>
        ))}
      </ul>
    );
  return (
    <TitledSection
      id="class-courses-title"
      className="mt-8 space-y-3"
      headingClass="text-lg font-semibold"
      title={
        <>
          {t('class.allCourses')}
          {courses.state === 'done' && <span className="ml-1 text-base font-normal text-slate-600">{t('class.courseCount', { n: list.length })}</span>}
        </>
      }
      aside={
        <a href={timetableHref} className="text-sm text-brand hover:underline">
          {t('class.viewTimetable')}
        </a>
      }
    >
      {body}
    </TitledSection>
  );
}

/** A course of the class: its cover (or first character), name, nature, learning window, requirements and participants. */
function CourseCard({ c, href }: { c: ClassStudentCourse; href: string }) {
  return (
    <a href={href} className="flex h-full gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-brand hover:shadow">
      {c.cover ? (
        <img src={c.cover} alt="" className="h-16 w-24 shrink-0 rounded object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-16 w-24 shrink-0 items-center justify-center rounded bg-brand-soft text-2xl font-bold text-brand-dark">
          {c.courseName.slice(0, 1)}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-words font-semibold text-ink">{c.courseName}</span>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t(NATURE[courseNature(c.courseNature)])}</span>
        </span>
        {(c.learnStartTime || c.learnEndTime) && (
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            {t('class.learnWindow', { start: cutTime(c.learnStartTime).slice(0, 10) || '--', end: cutTime(c.learnEndTime).slice(0, 10) || '--' })}
            <Remaining start={c.learnStartTime} end={c.learnEndTime} />
          </span>
        )}
        {c.requirements.length > 0 && (
          <span className="mt-1 block text-xs text-slate-600" data-testid="course-requirements">
            {requirementsLine(c.requirements)}
          </span>
        )}
        <span className="mt-1 block text-xs text-slate-500">{t('learner.participants', { n: c.countResultVO.studyNumber })}</span>
      </span>
    </a>
  );
}
