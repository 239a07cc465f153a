import { useEffect, useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { COURSE_NATURES } from '~/lib/learning/course-admin';
import { Button, PageTitle, Section, fieldClass } from '../shared';
import { FilterBar, PagedList, RowActions, filledIn, useListScreen, type Column, type FilterField } from '../kit';
import { CourseEditor } from './CourseEditor';
import { fail, natureLabel } from './course-ui';

/**
 * Courses (/admin/courses): administrators see every course of the school, teachers the courses of
 * their classes (the server decides: the list it answers is already the person's). Search by name,
 * filter by nature, page on the server; administrators create and delete courses. 编辑 opens a
 * course: its fields, its chapters, sections and lessons, its duty targets.
 */

const PAGE_SIZE = 10;
const FIRST: crs.AdminCourseQuery = { current: 1, size: PAGE_SIZE };
/** The longest course name searched for. */
const SEARCH_MAX = 20;
const BLANK = { name: '', nature: '' };
const FILTERS: FilterField<keyof typeof BLANK>[] = [
  { name: 'name', label: t('courses.search'), kind: 'search', maxLength: SEARCH_MAX },
  {
    name: 'nature',
    label: t('courses.nature'),
    kind: 'select',
    any: t('courses.nature.all'),
    options: COURSE_NATURES.map((n) => [n, natureLabel(n)] as const),
  },
];

/** The query the filters ask for (blank ones left out). */
function queryOf(v: typeof BLANK): crs.AdminCourseQuery {
  const { name, nature } = filledIn(v);
  return { ...FIRST, ...(name !== undefined ? { name } : {}), ...(nature !== undefined ? { courseNature: Number(nature) } : {}) };
}

export default function CoursesIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const isAdmin = me.account.role === STAFF_ROLE.admin;
  // The page's ?id= opens that item once hydrated: the server rendered the list, so the first render must be the list too.
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(new URLSearchParams(location.search).get('id')), []);
  const list = useListScreen((q: crs.AdminCourseQuery) => staffSend(crs.adminCourses, q), FIRST);
  const filter = useState(BLANK);
  const [newName, setNewName] = useState('');

  function show(id: string | null) {
    setOpen(id);
    history.replaceState(null, '', id ? `?id=${encodeURIComponent(id)}` : location.pathname);
    if (!id) list.reload();
  }

  if (open) return <CourseEditor courseId={open} onBack={() => show(null)} />;

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

  const columns: Column<crs.AdminCourseSummary>[] = [
    { header: t('courses.field.name'), cell: (row) => row.name },
    { header: t('courses.nature'), cell: (row) => natureLabel(row.courseNature) },
    { header: t('courses.classes'), cell: (row) => row.classCount },
    { header: t('courses.lessons'), cell: (row) => row.lessonCount },
    {
      header: <span className="sr-only">{t('courses.edit')}</span>,
      cell: (row) => (
        <RowActions
          actions={[
            { label: t('courses.edit'), onClick: () => show(row.id) },
            {
              label: t('courses.delete'),
              kind: 'danger',
              when: isAdmin,
              onClick: () =>
                void list.act(row.id, {
                  confirm: t('courses.confirmDelete', { name: row.name }),
                  run: () => staffSend(crs.adminCourseDelete, {}, { params: { id: row.id } }),
                  done: t('courses.deleted'),
                  reloadOnFailure: true,
                }),
            },
          ]}
        />
      ),
    },
  ];

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
        <div className="mb-4">
          <FilterBar
            idPrefix="courses"
            fields={FILTERS}
            blank={BLANK}
            held={filter}
            grid="gap-3 sm:grid-cols-3 sm:items-end"
            submitText={t('courses.query')}
            resettable={false}
            onSearch={(v) => list.go(queryOf(v))}
          />
        </div>
        <PagedList list={list} label={t('courses.list')} columns={columns} empty={t('courses.empty')} />
      </Section>
    </div>
  );
}
