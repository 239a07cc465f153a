import { useEffect, useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-classes';
import * as cls from '~/lib/api/contracts/admin-classes';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { TEACHING_CLASS_STATUSES } from '~/lib/learning/class-admin';
import { toast } from '~/lib/toast';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, fieldClass, td, th, usePaged } from '../shared';
import { ClassDetail } from './ClassDetail';
import { ClassForm, dayText, teachingStatusLabel } from './class-form';

/**
 * Classes (/admin/classes): administrators see every class of the school, teachers the classes
 * they teach (the server decides: the list it answers is already the person's). Search by name,
 * filter by teaching status and experience mode, page by page on the server; administrators create
 * and edit classes with their teachers. 管理 opens a class: its periods and students.
 */

const PAGE_SIZE = 10;
export default function ClassesIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const isAdmin = me.account.role === STAFF_ROLE.admin;
  // The page's ?id= opens that item once hydrated: the server rendered the list, so the first render must be the list too.
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(new URLSearchParams(location.search).get('id')), []);
  const list = usePaged((q: cls.AdminClassQuery) => staffSend(cls.adminClasses, q), { current: 1, size: PAGE_SIZE } as cls.AdminClassQuery);
  const [filter, setFilter] = useState({ name: '', status: '', mode: '' });
  const [editing, setEditing] = useState<{ row: cls.AdminClass | null } | null>(null);

  function show(id: string | null) {
    setOpen(id);
    history.replaceState(null, '', id ? `?id=${encodeURIComponent(id)}` : location.pathname);
    if (!id) list.reload();
  }

  if (open) {
    return <ClassDetail classId={open} onBack={() => show(null)} role={me.account.role} />;
  }

  function search(e: FormEvent) {
    e.preventDefault();
    list.go({
      current: 1,
      size: PAGE_SIZE,
      ...(filter.name.trim() ? { name: filter.name.trim() } : {}),
      ...(filter.status ? { teachingClassStatus: Number(filter.status) } : {}),
      ...(filter.mode ? { experience: Number(filter.mode) } : {}),
    });
  }

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
        <form className="mb-4 grid gap-3 sm:grid-cols-4 sm:items-end" onSubmit={search}>
          <div>
            <label htmlFor="classes-name" className="mb-1 block text-sm font-medium">
              {t('classes.search')}
            </label>
            <input
              id="classes-name"
              type="search"
              maxLength={20}
              className={fieldClass}
              value={filter.name}
              onChange={(e) => setFilter({ ...filter, name: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="classes-status" className="mb-1 block text-sm font-medium">
              {t('classes.col.status')}
            </label>
            <select id="classes-status" className={fieldClass} value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value })}>
              <option value="">{t('classes.anyStatus')}</option>
              {TEACHING_CLASS_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {teachingStatusLabel(s)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="classes-mode" className="mb-1 block text-sm font-medium">
              {t('classes.field.experience')}
            </label>
            <select id="classes-mode" className={fieldClass} value={filter.mode} onChange={(e) => setFilter({ ...filter, mode: e.target.value })}>
              <option value="">{t('classes.anyMode')}</option>
              <option value="1">{t('classes.experienceOnly')}</option>
              <option value="0">{t('classes.normalOnly')}</option>
            </select>
          </div>
          <div className="flex gap-2">
            <Button kind="primary" type="submit">
              {t('admin.audit.search')}
            </Button>
            <Button
              onClick={() => {
                setFilter({ name: '', status: '', mode: '' });
                list.go({ current: 1, size: PAGE_SIZE });
              }}
            >
              {t('admin.audit.reset')}
            </Button>
          </div>
        </form>
        {!list.data ? (
          <LoadState error={list.error} onRetry={list.reload} />
        ) : list.data.records.length === 0 ? (
          <p className="text-sm text-muted">{t('classes.none')}</p>
        ) : (
          <>
            <TableBox label={t('classes.classTable')}>
              <thead>
                <tr>
                  <th className={th}>{t('classes.col.name')}</th>
                  <th className={th}>{t('classes.col.product')}</th>
                  <th className={th}>{t('classes.col.status')}</th>
                  <th className={th}>{t('classes.col.teacher')}</th>
                  <th className={th}>{t('classes.col.students')}</th>
                  <th className={th}>{t('classes.col.dates')}</th>
                  <th className={th}>{t('classes.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.records.map((c) => (
                  <tr key={c.id}>
                    <td className={td}>
                      {c.name}
                      {c.experience && <span className="ml-1 text-xs text-muted">（{t('classes.experienceOnly')}）</span>}
                    </td>
                    <td className={td}>{c.productName}</td>
                    <td className={td}>{teachingStatusLabel(c.teachingClassStatus)}</td>
                    <td className={td}>{c.teacherName}</td>
                    <td className={td}>{c.studentCount}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {dayText(c.trainingStartAt)} ~ {dayText(c.trainingEndAt)}
                    </td>
                    <td className={td}>
                      <Button onClick={() => show(c.id)}>
                        {t('classes.manage')}
                        <span className="sr-only">{c.name}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <Pager page={list.data} onPage={(current) => list.go({ ...list.query, current })} />
          </>
        )}
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
