import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-students';
import * as st from '~/lib/api/contracts/admin-students';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { mayCall } from '~/lib/staff/access';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import { Button, PageTitle, Section, timeText } from '../shared';
import { FilterBar, PagedList, filledIn, toastFailure, useListScreen, type Column, type FilterField } from '../kit';
import { Modal } from '../../shared/Modal';
import { StudentDetail } from './StudentDetail';
import { EnrolChoice } from './EnrolChoice';

/**
 * 学员管理 (/admin/students, administrators and teachers): the school's students, newest first, 20
 * a page, searched by part of the name or mobile; a teacher sees only their classes' students.
 * A row opens the student's page (?id= in the address); 导出 CSV downloads the search (every page).
 * Students chosen by their rows' checkboxes (kept across pages and searches until enrolled) are
 * enrolled into one class with 加入班级; the answer says who was added and who was in it already.
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
  const mayEnrol = mayCall(me.account.role, 'adminStudentsEnrol');
  /** The chosen students' ids. */
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [enrolling, setEnrolling] = useState(false);
  const [result, setResult] = useState<st.BulkEnrolResult | null>(null);

  function choose(rows: readonly st.AdminStudent[], on: boolean) {
    const next = new Set(chosen);
    for (const r of rows) {
      if (on && next.size < st.BULK_ENROL_MAX) next.add(r.id);
      if (!on) next.delete(r.id);
    }
    setChosen(next);
  }

  async function enrol(classId: string, periodId: string | null) {
    const answer = await staffSend(st.adminStudentsEnrol, { userIds: [...chosen], classId, periodId });
    setResult(answer);
    setChosen(new Set());
    list.reload();
  }

  function closeEnrol() {
    setEnrolling(false);
    setResult(null);
  }

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

  const rows = list.data?.records ?? [];
  const allChosen = rows.length > 0 && rows.every((r) => chosen.has(r.id));
  const selectColumn: Column<st.AdminStudent> = {
    header: (
      <input type="checkbox" className="size-4" aria-label={t('students.selectAll')} checked={allChosen} onChange={(e) => choose(rows, e.target.checked)} />
    ),
    cell: (r) => (
      <input
        type="checkbox"
        className="size-4"
        aria-label={t('students.selectOne', { name: r.name || r.mobile })}
        checked={chosen.has(r.id)}
        onChange={(e) => choose([r], e.target.checked)}
      />
    ),
    className: 'w-10',
  };
  const columns: Column<st.AdminStudent>[] = [
    ...(mayEnrol ? [selectColumn] : []),
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
          <div className="flex flex-wrap items-center gap-2">
            {mayEnrol && (
              <>
                <span role="status" className="text-sm text-muted">
                  {chosen.size > 0 ? t('students.selected', { n: chosen.size }) : ''}
                </span>
                <Button kind="primary" disabled={chosen.size === 0} onClick={() => setEnrolling(true)}>
                  {t('students.enrol.open')}
                </Button>
              </>
            )}
            <Button disabled={exporting} onClick={() => void download()}>
              {exporting ? t('students.exporting') : t('students.export')}
            </Button>
          </div>
        }
      >
        <PagedList list={list} label={t('students.list')} columns={columns} rowProps={(r) => ({ 'data-student': r.id })} empty={t('students.empty')} />
      </Section>
      <Modal open={enrolling} title={t('students.enrol.title')} onClose={closeEnrol}>
        {result ? (
          <EnrolResult result={result} onDone={closeEnrol} />
        ) : (
          <EnrolChoice intro={t('students.enrol.who', { n: chosen.size })} submit={t('students.enrol.submit')} onEnrol={enrol} onCancel={closeEnrol} />
        )}
      </Modal>
    </div>
  );
}

/** What a bulk enrolment did: who was added, who was in the class already (not enrolled again). */
function EnrolResult({ result, onDone }: { result: st.BulkEnrolResult; onDone: () => void }) {
  const names = (list: st.EnrolledStudent[]) => list.map((x) => x.name).join('、');
  return (
    <div className="space-y-3 text-sm">
      <p role="status" className="font-medium">
        {t('students.enrol.result', { className: result.className, added: result.added.length, already: result.already.length })}
      </p>
      {result.added.length > 0 && <p>{t('students.enrol.addedList', { names: names(result.added) })}</p>}
      {result.already.length > 0 && <p>{t('students.enrol.alreadyList', { names: names(result.already) })}</p>}
      <div className="flex justify-end">
        <Button kind="primary" onClick={onDone}>
          {t('students.enrol.done')}
        </Button>
      </div>
    </div>
  );
}
