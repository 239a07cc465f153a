import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { formatDate } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import { Button, LoadState, Section, TableBox, fieldClass, td, th, useLoaded } from '../shared';
import { fail, natureLabel } from './course-ui';

/**
 * A class's courses on its page: every teacher of the class reads them with their learning window;
 * administrators attach a course of the school (or change a window), order and detach them. The
 * server refuses detaching once the class's students have records in the course, and says why.
 */

const dayOf = (ms: number | null) => (ms === null ? '' : formatDate(ms));

export function ClassCourses({ classId, manage }: { classId: string; manage: boolean }) {
  const params = { params: { id: classId } };
  const list = useLoaded(() => staffSend(crs.adminClassCourses, {}, params));
  const options = useLoaded(() =>
    manage ? staffSend(crs.adminCourses, { size: 100 }).then((p) => p.records) : Promise.resolve([] as crs.AdminCourseSummary[]),
  );
  const [f, setF] = useState({ courseId: '', learnStart: '', learnEnd: '' });

  const send = async <Req,>(call: typeof crs.adminClassCourseAttach | typeof crs.adminClassCourseMove | typeof crs.adminClassCourseDetach, input: Req) => {
    try {
      list.set(await staffSend(call as never, input as never, params));
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  };

  async function attach(e: FormEvent) {
    e.preventDefault();
    if (await send(crs.adminClassCourseAttach, f)) {
      toast(t('courses.saved'), 'success');
      setF({ courseId: '', learnStart: '', learnEnd: '' });
    }
  }

  async function detach(row: crs.AdminClassCourse) {
    if (!(await confirmDialog(t('courses.confirmDetach', { name: row.name })))) return;
    await send(crs.adminClassCourseDetach, { courseId: row.courseId });
  }

  return (
    <Section title={t('courses.classCourses')}>
      {manage && (
        <form className="mb-4 grid gap-3 sm:grid-cols-4 sm:items-end" onSubmit={(e) => void attach(e)}>
          <div>
            <label htmlFor="class-course-pick" className="mb-1 block text-sm font-medium">
              {t('courses.pickCourse')}
            </label>
            <select id="class-course-pick" required className={fieldClass} value={f.courseId} onChange={(e) => setF({ ...f, courseId: e.target.value })}>
              <option value="" />
              {(options.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="class-course-start" className="mb-1 block text-sm font-medium">
              {t('courses.learnStart')}
            </label>
            <input
              id="class-course-start"
              type="date"
              className={fieldClass}
              value={f.learnStart}
              onChange={(e) => setF({ ...f, learnStart: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="class-course-end" className="mb-1 block text-sm font-medium">
              {t('courses.learnEnd')}
            </label>
            <input id="class-course-end" type="date" className={fieldClass} value={f.learnEnd} onChange={(e) => setF({ ...f, learnEnd: e.target.value })} />
          </div>
          <div>
            <Button kind="primary" type="submit">
              {t('courses.attach')}
            </Button>
          </div>
        </form>
      )}
      {!list.data ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted">{t('courses.classCoursesEmpty')}</p>
      ) : (
        <TableBox label={t('courses.classCourses')}>
          <thead>
            <tr>
              <th className={th}>{t('courses.field.name')}</th>
              <th className={th}>{t('courses.nature')}</th>
              <th className={th}>{t('courses.window')}</th>
              {manage && (
                <th className={th}>
                  <span className="sr-only">{t('courses.edit')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {list.data.map((row) => (
              <tr key={row.courseId}>
                <td className={td}>
                  <a className="text-brand underline" href={`/admin/courses?id=${encodeURIComponent(row.courseId)}`}>
                    {row.name}
                  </a>
                </td>
                <td className={td}>{natureLabel(row.courseNature)}</td>
                <td className={td}>
                  {dayOf(row.learnStartAt)} ~ {dayOf(row.learnEndAt)}
                </td>
                {manage && (
                  <td className={td}>
                    <span className="flex flex-wrap gap-1">
                      <Button onClick={() => void send(crs.adminClassCourseMove, { courseId: row.courseId, direction: 'up' })}>
                        {t('courses.up')}
                        <span className="sr-only"> {row.name}</span>
                      </Button>
                      <Button onClick={() => void send(crs.adminClassCourseMove, { courseId: row.courseId, direction: 'down' })}>
                        {t('courses.down')}
                        <span className="sr-only"> {row.name}</span>
                      </Button>
                      <Button kind="danger" onClick={() => void detach(row)}>
                        {t('courses.detach')}
                        <span className="sr-only"> {row.name}</span>
                      </Button>
                    </span>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </Section>
  );
}
