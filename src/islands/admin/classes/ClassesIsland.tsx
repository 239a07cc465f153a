import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-classes';
import * as cls from '~/lib/api/contracts/admin-classes';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { TEACHING_CLASS_STATUSES } from '~/lib/learning/class-admin';
import { toast } from '~/lib/toast';
import { Button, PageTitle, Section } from '../shared';
import { FilterBar, PagedList, filledIn, useListScreen, type Column, type FilterField } from '../kit';
import { ClassDetail } from './ClassDetail';
import { ClassForm, dayText, teachingStatusLabel } from './class-form';

/**
 * Classes (/admin/classes): administrators see every class of the school, teachers the classes
 * they teach (the server decides: the list it answers is already the person's). Search by name,
 * filter by teaching status and experience mode, page by page on the server; administrators create
 * and edit classes with their teachers. 管理 opens a class: its periods and students.
 */

const PAGE_SIZE = 10;
const FIRST: cls.AdminClassQuery = { current: 1, size: PAGE_SIZE };
/** The longest class name searched for. */
const SEARCH_MAX = 20;
const BLANK = { name: '', status: '', mode: '' };
const FILTERS: FilterField<keyof typeof BLANK>[] = [
  { name: 'name', label: t('classes.search'), kind: 'search', maxLength: SEARCH_MAX },
  {
    name: 'status',
    label: t('classes.col.status'),
    kind: 'select',
    any: t('classes.anyStatus'),
    options: TEACHING_CLASS_STATUSES.map((s) => [s, teachingStatusLabel(s)] as const),
  },
  {
    name: 'mode',
    label: t('classes.field.experience'),
    kind: 'select',
    any: t('classes.anyMode'),
    options: [
      ['1', t('classes.experienceOnly')],
      ['0', t('classes.normalOnly')],
    ],
  },
];

/** The query the filters ask for (blank ones left out). */
function queryOf(v: typeof BLANK): cls.AdminClassQuery {
  const { name, status, mode } = filledIn(v);
  return {
    ...FIRST,
    ...(name !== undefined ? { name } : {}),
    ...(status !== undefined ? { teachingClassStatus: Number(status) } : {}),
    ...(mode !== undefined ? { experience: Number(mode) } : {}),
  };
}

export default function ClassesIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const isAdmin = me.account.role === STAFF_ROLE.admin;
  // The page's ?id= opens that item once hydrated: the server rendered the list, so the first render must be the list too.
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(new URLSearchParams(location.search).get('id')), []);
  const list = useListScreen((q: cls.AdminClassQuery) => staffSend(cls.adminClasses, q), FIRST);
  const filter = useState(BLANK);
  const [editing, setEditing] = useState<{ row: cls.AdminClass | null } | null>(null);

  function show(id: string | null) {
    setOpen(id);
    history.replaceState(null, '', id ? `?id=${encodeURIComponent(id)}` : location.pathname);
    if (!id) list.reload();
  }

  if (open) {
    return <ClassDetail classId={open} onBack={() => show(null)} role={me.account.role} />;
  }

  const columns: Column<cls.AdminClassSummary>[] = [
    {
      header: t('classes.col.name'),
      cell: (c) => (
        <>
          {c.name}
          {c.experience && <span className="ml-1 text-xs text-muted">（{t('classes.experienceOnly')}）</span>}
        </>
      ),
    },
    { header: t('classes.col.product'), cell: (c) => c.productName },
    { header: t('classes.col.status'), cell: (c) => teachingStatusLabel(c.teachingClassStatus) },
    { header: t('classes.col.teacher'), cell: (c) => c.teacherName },
    { header: t('classes.col.students'), cell: (c) => c.studentCount },
    { header: t('classes.col.dates'), cell: (c) => `${dayText(c.trainingStartAt)} ~ ${dayText(c.trainingEndAt)}`, className: 'whitespace-nowrap' },
    {
      header: t('classes.col.actions'),
      cell: (c) => (
        <Button onClick={() => show(c.id)}>
          {t('classes.manage')}
          <span className="sr-only">{c.name}</span>
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageTitle>{t('classes.title')}</PageTitle>
      <Section
        title={t('classes.title')}
        actions={
          isAdmin && (
            <Button kind="primary" onClick={() => setEditing({ row: null })}>
              {t('classes.new')}
            </Button>
          )
        }
      >
        <div className="mb-4">
          <FilterBar
            idPrefix="classes"
            fields={FILTERS}
            blank={BLANK}
            held={filter}
            grid="gap-3 sm:grid-cols-4 sm:items-end"
            onSearch={(v) => list.go(queryOf(v))}
          />
        </div>
        <PagedList list={list} label={t('classes.classTable')} columns={columns} empty={t('classes.none')} />
      </Section>
      {editing && (
        <ClassForm
          initial={editing.row}
          onCancel={() => setEditing(null)}
          onSaved={(c) => {
            setEditing(null);
            toast(t('classes.saved'), 'success');
            show(c.id);
          }}
        />
      )}
    </div>
  );
}
