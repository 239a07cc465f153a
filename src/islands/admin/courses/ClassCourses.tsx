import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { formatDate } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import { Button, Section, fieldClass, useLoaded } from '../shared';
import { FieldBox, ListView, Options, moveActions, RowActions, type Column } from '../kit';
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

  const columns: Column<crs.AdminClassCourse>[] = [
    {
      header: t('courses.field.name'),
      cell: (row) => (
        <a className="text-brand underline" href={`/admin/courses?id=${encodeURIComponent(row.courseId)}`}>
          {row.name}
        </a>
      ),
    },
    { header: t('courses.nature'), cell: (row) => natureLabel(row.courseNature) },
    { header: t('courses.window'), cell: (row) => `${dayOf(row.learnStartAt)} ~ ${dayOf(row.learnEndAt)}` },
  ];
  if (manage) {
    columns.push({
      header: <span className="sr-only">{t('courses.edit')}</span>,
      cell: (row) => (
        <RowActions
          name={row.name}
          actions={[
            ...moveActions([t('courses.up'), t('courses.down')], (direction) => void send(crs.adminClassCourseMove, { courseId: row.courseId, direction })),
            { label: t('courses.detach'), kind: 'danger', onClick: () => void detach(row) },
          ]}
        />
      ),
    });
  }

  return (
    <Section title={t('courses.classCourses')}>
      {manage && (
        <form className="mb-4 grid gap-3 sm:grid-cols-4 sm:items-end" onSubmit={(e) => void attach(e)}>
          <FieldBox id="class-course-pick" label={t('courses.pickCourse')}>
            <select id="class-course-pick" required className={fieldClass} value={f.courseId} onChange={(e) => setF({ ...f, courseId: e.target.value })}>
              <Options options={(options.data ?? []).map((c) => [c.id, c.name] as const)} none="" />
            </select>
          </FieldBox>
          <FieldBox id="class-course-start" label={t('courses.learnStart')}>
            <input
              id="class-course-start"
              type="date"
              className={fieldClass}
              value={f.learnStart}
              onChange={(e) => setF({ ...f, learnStart: e.target.value })}
            />
          </FieldBox>
          <FieldBox id="class-course-end" label={t('courses.learnEnd')}>
            <input id="class-course-end" type="date" className={fieldClass} value={f.learnEnd} onChange={(e) => setF({ ...f, learnEnd: e.target.value })} />
          </FieldBox>
          <div>
            <Button kind="primary" type="submit">
              {t('courses.attach')}
            </Button>
          </div>
        </form>
      )}
      <ListView list={list} label={t('courses.classCourses')} columns={columns} rowKey={(row) => row.courseId} empty={t('courses.classCoursesEmpty')} />
    </Section>
  );
}
