import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-activities';
import * as act from '~/lib/api/contracts/admin-activities';
import * as cls from '~/lib/api/contracts/admin-classes';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, fieldClass, td, timeText, useLoaded, usePaged } from '../shared';
import { ActivityForm } from './ActivityForm';
import { AttendanceSheet } from './AttendanceSheet';
import { Field, HeadRow, KIND_OPTIONS, REQUIRED_OPTIONS, Select, fail } from './bits';
import { Options } from '../kit';

/**
 * Activities and attendance of one class (its teachers and the school's administrators): the
 * class's activities by date, made once or every week on chosen weekdays, changed or deleted alone
 * or with the later ones of their series; an activity's attendance with every student, a teacher's
 * correction with a reason, and the CSV file.
 */

/** Activities per page: a term's weekly sessions fit on a few pages. */
const PAGE_SIZE = 50;

export default function ActivitiesIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const classes = useLoaded(() => staffSend(cls.adminClasses, { size: 100 }));
  const [classId, setClassId] = useState('');
  useEffect(() => {
    const given = new URLSearchParams(window.location.search).get('classId');
    const list = classes.data?.records ?? [];
    if (!classId && list.length) setClassId(list.find((c) => c.id === given)?.id ?? list[0]!.id);
  }, [classes.data, classId]);

  return (
    <div>
      <PageTitle>{t('activities.title')}</PageTitle>
      {!classes.data ? (
        <LoadState error={classes.error} onRetry={classes.reload} />
      ) : classes.data.records.length === 0 ? (
        <p className="text-sm text-muted">{t('activities.noClasses')}</p>
      ) : (
        <>
          <div className="mb-4 max-w-md">
            <label htmlFor="activity-class" className="mb-1 block text-sm font-medium">
              {t('activities.class')}
            </label>
            <select id="activity-class" className={fieldClass} value={classId} onChange={(e) => setClassId(e.target.value)}>
              <Options options={classes.data.records.map((c) => [c.id, c.name] as const)} />
            </select>
          </div>
          {classId && <ClassActivities key={classId} classId={classId} />}
        </>
      )}
    </div>
  );
}

interface Filter {
  from: string;
  to: string;
  onlineType: string;
  isRequired: string;
}

const ALL = ['', t('activities.all')] as const;

/** The list's filter: a date range, online or on site, required or elective. */
function ActivityFilter({ onSearch }: { onSearch: (filter: Filter) => void }) {
  const [filter, setFilter] = useState<Filter>({ from: '', to: '', onlineType: '', isRequired: '' });
  const day = (key: 'from' | 'to', label: string) => (
    <Field id={`filter-${key}`} label={label}>
      <input id={`filter-${key}`} type="date" className={fieldClass} value={filter[key]} onChange={(e) => setFilter({ ...filter, [key]: e.target.value })} />
    </Field>
  );
  return (
    <form
      className="mb-4 grid gap-3 sm:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(filter);
      }}
    >
      {day('from', t('activities.filterFrom'))}
      {day('to', t('activities.filterTo'))}
      <Select
        id="filter-kind"
        label={t('activities.kind')}
        value={filter.onlineType}
        onValue={(v) => setFilter({ ...filter, onlineType: v })}
        options={[ALL, ...KIND_OPTIONS]}
      />
      <Select
        id="filter-required"
        label={t('activities.requiredOrElective')}
        value={filter.isRequired}
        onValue={(v) => setFilter({ ...filter, isRequired: v })}
        options={[ALL, ...REQUIRED_OPTIONS]}
      />
      <div className="flex items-end">
        <Button type="submit">{t('activities.search')}</Button>
      </div>
    </form>
  );
}

function ActivityTable({
  records,
  onSheet,
  onEdit,
  onDelete,
}: {
  records: readonly act.AdminActivity[];
  onSheet: (a: act.AdminActivity) => void;
  onEdit: (a: act.AdminActivity) => void;
  onDelete: (a: act.AdminActivity) => void;
}) {
  return (
    <TableBox label={t('activities.title')}>
      <HeadRow labels={(['time', 'name', 'course', 'kind', 'requiredOrElective', 'actions'] as const).map((k) => t(`activities.${k}`))} />
      <tbody>
        {records.map((a) => (
          <tr key={a.id}>
            <td className={td}>
              {timeText(a.startAt).slice(0, 16)} – {timeText(a.endAt).slice(11, 16)}
            </td>
            <td className={td}>
              {a.name}
              {a.seriesId && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t('activities.series')}</span>}
            </td>
            <td className={td}>{[a.courseName, a.classroomName].filter(Boolean).join(' / ')}</td>
            <td className={td}>{a.onlineType === 1 ? t('activities.online') : t('activities.offline')}</td>
            <td className={td}>{a.isRequired === 1 ? t('activities.required') : t('activities.elective')}</td>
            <td className={`${td} whitespace-nowrap`}>
              <span className="flex gap-2">
                <Button onClick={() => onSheet(a)}>{t('activities.attendance')}</Button>
                <Button onClick={() => onEdit(a)}>{t('activities.edit')}</Button>
                <Button kind="danger" onClick={() => onDelete(a)}>
                  {t('activities.delete')}
                </Button>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

function ClassActivities({ classId }: { classId: string }) {
  const params = { id: classId };
  const list = usePaged(
    (q: Filter & { current: number }) =>
      staffSend(
        act.adminActivities,
        {
          current: q.current,
          size: PAGE_SIZE,
          ...(q.from ? { from: q.from } : {}),
          ...(q.to ? { to: q.to } : {}),
          ...(q.onlineType ? { onlineType: Number(q.onlineType) } : {}),
          ...(q.isRequired ? { isRequired: Number(q.isRequired) } : {}),
        },
        { params },
      ),
    { from: '', to: '', onlineType: '', isRequired: '', current: 1 },
  );
  const [editing, setEditing] = useState<act.AdminActivity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<act.AdminActivity | null>(null);
  const [sheetOf, setSheetOf] = useState<act.AdminActivity | null>(null);

  if (sheetOf) return <AttendanceSheet classId={classId} activity={sheetOf} onBack={() => setSheetOf(null)} />;

  return (
    <Section
      title={t('activities.title')}
      actions={
        <Button kind="primary" onClick={() => setEditing('new')}>
          {t('activities.new')}
        </Button>
      }
    >
      <ActivityFilter onSearch={(filter) => list.go({ ...filter, current: 1 })} />
      {!list.data ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : list.data.records.length === 0 ? (
        <p className="py-4 text-sm text-muted">{t('activities.empty')}</p>
      ) : (
        <ActivityTable records={list.data.records} onSheet={setSheetOf} onEdit={setEditing} onDelete={setDeleting} />
      )}
      {list.data && list.data.pages > 1 && <Pager page={list.data} onPage={(current) => list.go({ ...list.query, current })} />}
      {editing && (
        <ActivityForm
          classId={classId}
          initial={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(n) => {
            setEditing(null);
            toast(t('activities.saved', { count: n }), 'success');
            list.reload();
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          classId={classId}
          activity={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(n) => {
            setDeleting(null);
            toast(t('activities.deleted', { count: n }), 'success');
            list.reload();
          }}
        />
      )}
    </Section>
  );
}

function DeleteDialog({
  classId,
  activity,
  onClose,
  onDeleted,
}: {
  classId: string;
  activity: act.AdminActivity;
  onClose: () => void;
  onDeleted: (n: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function remove(scope: act.SeriesScope) {
    setBusy(true);
    try {
      onDeleted((await staffSend(act.adminActivityDelete, { activityId: activity.id, scope }, { params: { id: classId } })).deleted);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open title={t('activities.delete')} onClose={onClose}>
      <p className="mb-4 text-sm">{t('activities.confirmDelete', { name: activity.name })}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onClose}>{t('activities.cancel')}</Button>
        {activity.seriesId ? (
          <>
            <Button kind="danger" disabled={busy} onClick={() => remove('one')}>
              {t('activities.deleteOne')}
            </Button>
            <Button kind="danger" disabled={busy} onClick={() => remove('following')}>
              {t('activities.deleteFollowing')}
            </Button>
          </>
        ) : (
          <Button kind="danger" disabled={busy} onClick={() => remove('one')}>
            {t('activities.delete')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
