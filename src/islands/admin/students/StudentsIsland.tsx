import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-students';
import * as st from '~/lib/api/contracts/admin-students';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import { Button, PageTitle, Section, timeText } from '../shared';
import { FilterBar, PagedList, filledIn, toastFailure, useListScreen, type Column, type FilterField } from '../kit';
import { StudentDetail } from './StudentDetail';

/**
 * 学员管理 (/admin/students, administrators and teachers): the school's students, newest first, 20
 * a page, searched by part of the name or mobile; a teacher sees only their classes' students.
 * A row opens the student's page (?id= in the address); 导出 CSV downloads the search (every page).
 */
const PAGE_SIZE = 20;
const FIRST: st.AdminStudentQuery = { current: 1, size: PAGE_SIZE };
const BLANK = { q: '' };
/** The longest name or mobile searched for (the server's limit). */
const SEARCH_MAX = 20;
const FILTERS: FilterField<keyof typeof BLANK>[] = [{ name: 'q', label: t('students.search'), kind: 'search', maxLength: SEARCH_MAX }];

const statusText = (status: st.SchoolStudentStatus) => t(`students.status.${status}`);

export default function StudentsIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  // The page's ?id= opens that student once hydrated: the server rendered the list, so the first render must be the list too.
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(new URLSearchParams(location.search).get('id')), []);
  const list = useListScreen((q: st.AdminStudentQuery) => staffSend(st.adminStudents, q), FIRST);
  const [exporting, setExporting] = useState(false);

  function show(id: string | null) {
    setOpen(id);
    history.replaceState(null, '', id ? `?id=${encodeURIComponent(id)}` : location.pathname);
    if (!id) list.reload();
  }

  async function download() {
    setExporting(true);
    try {
      const { current: _page, size: _size, ...filter } = list.query;
      await staffDownload(st.adminStudentsExport, filter, `${t('students.fileName')}.csv`);
    } catch (e) {
      toastFailure(e);
    } finally {
      setExporting(false);
    }
  }

  if (open) return <StudentDetail id={open} onBack={() => show(null)} />;

  const columns: Column<st.AdminStudent>[] = [
    { header: t('students.colName'), cell: (r) => r.name },
    { header: t('students.studentId'), cell: (r) => r.studentNo, className: 'whitespace-nowrap' },
    { header: t('students.idNumber'), cell: (r) => r.idNumber ?? t('students.noIdNumber'), className: 'whitespace-nowrap' },
    { header: t('students.colMobile'), cell: (r) => r.mobile, className: 'whitespace-nowrap' },
    { header: t('students.colClasses'), cell: (r) => r.classCount },
    {
      header: t('students.colStatus'),
      cell: (r) => <span className={r.status === st.SCHOOL_STUDENT_STATUS.active ? 'text-green-800' : 'text-red-700'}>{statusText(r.status)}</span>,
    },
    { header: t('students.colJoined'), cell: (r) => timeText(r.joinedAt), className: 'whitespace-nowrap' },
    {
      header: t('students.actions'),
      cell: (r) => (
        <Button onClick={() => show(r.id)}>
          {t('students.open')}
          <span className="sr-only">{r.name}</span>
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageTitle>{t('students.title')}</PageTitle>
      <p className="mb-4 text-sm text-muted">{t('students.intro')}</p>
      <Section title={t('students.searchButton')}>
        <FilterBar
          idPrefix="students"
          fields={FILTERS}
          blank={BLANK}
          grid="gap-3 sm:grid-cols-3 sm:items-end"
          onSearch={(v) => list.go({ ...FIRST, ...filledIn(v) })}
        />
      </Section>
      <Section
        title={t('students.list')}
        actions={
          <Button disabled={exporting} onClick={() => void download()}>
            {exporting ? t('students.exporting') : t('students.export')}
          </Button>
        }
      >
        <PagedList list={list} label={t('students.list')} columns={columns} rowProps={(r) => ({ 'data-student': r.id })} empty={t('students.empty')} />
      </Section>
    </div>
  );
}
