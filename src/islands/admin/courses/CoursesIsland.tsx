import { useEffect, useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { COURSE_NATURES } from '~/lib/learning/course-admin';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, fieldClass, td, th, usePaged } from '../shared';
import { CourseEditor } from './CourseEditor';
import { fail, natureLabel } from './course-ui';

/**
 * Courses (/admin/courses): administrators see every course of the school, teachers the courses of
 * their classes (the server decides: the list it answers is already the person's). Search by name,
 * filter by nature, page on the server; administrators create and delete courses. 编辑 opens a
 * course: its fields, its chapters, sections and lessons, its duty targets.
 */

const PAGE_SIZE = 10;

export default function CoursesIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const isAdmin = me.account.role === STAFF_ROLE.admin;
  // The page's ?id= opens that item once hydrated: the server rendered the list, so the first render must be the list too.
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(new URLSearchParams(location.search).get('id')), []);
  const list = usePaged((q: crs.AdminCourseQuery) => staffSend(crs.adminCourses, q), { current: 1, size: PAGE_SIZE } as crs.AdminCourseQuery);
  const [filter, setFilter] = useState({ name: '', nature: '' });
  const [newName, setNewName] = useState('');

  function show(id: string | null) {
    setOpen(id);
    history.replaceState(null, '', id ? `?id=${encodeURIComponent(id)}` : location.pathname);
    if (!id) list.reload();
  }

  if (open) return <CourseEditor courseId={open} onBack={() => show(null)} />;

  function search(e: FormEvent) {
    e.preventDefault();
    list.go({
      current: 1,
      size: PAGE_SIZE,
      ...(filter.name.trim() ? { name: filter.name.trim() } : {}),
      ...(filter.nature ? { courseNature: Number(filter.nature) } : {}),
    });
  }

  async function create(e: FormEvent) {
    e.preventDefault();
    try {
      const made = await staffSend(crs.adminCourseSave, { name: newName, courseNature: 1 });
      setNewName('');
      show(made.id);
    } catch (err) {
      fail(err);
    }
  }

  async function remove(row: crs.AdminCourseSummary) {
    if (!(await confirmDialog(t('courses.confirmDelete', { name: row.name })))) return;
    try {
      await staffSend(crs.adminCourseDelete, {}, { params: { id: row.id } });
      toast(t('courses.deleted'), 'success');
    } catch (err) {
      fail(err);
    }
    list.reload();
  }

  return (
    <div>
      <PageTitle>{t('courses.title')}</PageTitle>
      {isAdmin && (
        <Section title={t('courses.new')}>
          <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void create(e)}>
            <div className="min-w-[16rem] flex-1">
              <label htmlFor="course-new-name" className="mb-1 block text-sm font-medium">
                {t('courses.field.name')}
              </label>
              <input id="course-new-name" required maxLength={60} className={fieldClass} value={newName} onChange={(e) => setNewName(e.target.value)} />
            </div>
            <Button kind="primary" type="submit">
              {t('courses.new')}
            </Button>
          </form>
        </Section>
      )}
      <Section title={t('courses.list')}>
        <form className="mb-4 grid gap-3 sm:grid-cols-3 sm:items-end" onSubmit={search}>
          <div>
            <label htmlFor="courses-name" className="mb-1 block text-sm font-medium">
              {t('courses.search')}
            </label>
            <input
              id="courses-name"
              type="search"
              maxLength={20}
              className={fieldClass}
              value={filter.name}
              onChange={(e) => setFilter({ ...filter, name: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="courses-nature" className="mb-1 block text-sm font-medium">
              {t('courses.nature')}
            </label>
            <select id="courses-nature" className={fieldClass} value={filter.nature} onChange={(e) => setFilter({ ...filter, nature: e.target.value })}>
              <option value="">{t('courses.nature.all')}</option>
              {COURSE_NATURES.map((n) => (
                <option key={n} value={n}>
                  {natureLabel(n)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Button type="submit">{t('courses.query')}</Button>
          </div>
        </form>
        {!list.data ? (
          <LoadState error={list.error} onRetry={list.reload} />
        ) : list.data.records.length === 0 ? (
          <p className="py-4 text-sm text-muted">{t('courses.empty')}</p>
        ) : (
          <>
            <TableBox label={t('courses.list')}>
              <thead>
                <tr>
                  <th className={th}>{t('courses.field.name')}</th>
                  <th className={th}>{t('courses.nature')}</th>
                  <th className={th}>{t('courses.classes')}</th>
                  <th className={th}>{t('courses.lessons')}</th>
                  <th className={th}>
                    <span className="sr-only">{t('courses.edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.records.map((row) => (
                  <tr key={row.id}>
                    <td className={td}>{row.name}</td>
                    <td className={td}>{natureLabel(row.courseNature)}</td>
                    <td className={td}>{row.classCount}</td>
                    <td className={td}>{row.lessonCount}</td>
                    <td className={td}>
                      <span className="flex flex-wrap gap-2">
                        <Button onClick={() => show(row.id)}>{t('courses.edit')}</Button>
                        {isAdmin && (
                          <Button kind="danger" onClick={() => void remove(row)}>
                            {t('courses.delete')}
                          </Button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <Pager page={list.data} onPage={(current) => list.go({ ...list.query, current })} />
          </>
        )}
      </Section>
    </div>
  );
}
