import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-activities';
import * as act from '~/lib/api/contracts/admin-activities';
import * as cls from '~/lib/api/contracts/admin-classes';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { RECURRENCE_CAP, WEEKDAYS, expandWeekly } from '~/lib/learning/recurrence';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import { formatDateTime, parseDateTime } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, fieldClass, td, th, timeText, useLoaded, usePaged } from '../shared';

/**
 * Activities and attendance of one class (its teachers and the school's administrators): the
 * class's activities by date, made once or every week on chosen weekdays, changed or deleted alone
 * or with the later ones of their series; an activity's attendance with every student, a teacher's
 * correction with a reason, and the CSV file.
 */

const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
/** An epoch ms as a datetime-local input's value (China Standard Time). */
const localValue = (ms: number) => formatDateTime(ms).slice(0, 16).replace(' ', 'T');
const weekdayLabel = (d: number) => t(`activities.weekday.${d}` as 'activities.weekday.0');
/** Activities per page: a term's weekly sessions fit on a few pages. */
const PAGE_SIZE = 50;
const stateLabel = (s: act.AttendanceState) => t(`attendance.state.${s}` as 'attendance.state.0');

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
              {classes.data.records.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
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

function ClassActivities({ classId }: { classId: string }) {
  const params = { id: classId };
  const [filter, setFilter] = useState<Filter>({ from: '', to: '', onlineType: '', isRequired: '' });
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
    { ...filter, current: 1 },
  );
  const [editing, setEditing] = useState<act.AdminActivity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<act.AdminActivity | null>(null);
  const [sheetOf, setSheetOf] = useState<act.AdminActivity | null>(null);

  if (sheetOf) return <AttendanceSheet classId={classId} activity={sheetOf} onBack={() => setSheetOf(null)} />;

  const select = (id: string, label: string, value: string, on: (v: string) => void, options: [string, string][]) => (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={fieldClass} value={value} onChange={(e) => on(e.target.value)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Section
      title={t('activities.title')}
      actions={
        <Button kind="primary" onClick={() => setEditing('new')}>
          {t('activities.new')}
        </Button>
      }
    >
      <form
        className="mb-4 grid gap-3 sm:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          list.go({ ...filter, current: 1 });
        }}
      >
        <div>
          <label htmlFor="filter-from" className="mb-1 block text-sm font-medium">
            {t('activities.filterFrom')}
          </label>
          <input id="filter-from" type="date" className={fieldClass} value={filter.from} onChange={(e) => setFilter({ ...filter, from: e.target.value })} />
        </div>
        <div>
          <label htmlFor="filter-to" className="mb-1 block text-sm font-medium">
            {t('activities.filterTo')}
          </label>
          <input id="filter-to" type="date" className={fieldClass} value={filter.to} onChange={(e) => setFilter({ ...filter, to: e.target.value })} />
        </div>
        {select('filter-kind', t('activities.kind'), filter.onlineType, (v) => setFilter({ ...filter, onlineType: v }), [
          ['', t('activities.all')],
          ['1', t('activities.online')],
          ['2', t('activities.offline')],
        ])}
        {select('filter-required', t('activities.requiredOrElective'), filter.isRequired, (v) => setFilter({ ...filter, isRequired: v }), [
          ['', t('activities.all')],
          ['1', t('activities.required')],
          ['0', t('activities.elective')],
        ])}
        <div className="flex items-end">
          <Button type="submit">{t('activities.search')}</Button>
        </div>
      </form>
      {!list.data ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : list.data.records.length === 0 ? (
        <p className="py-4 text-sm text-muted">{t('activities.empty')}</p>
      ) : (
        <TableBox label={t('activities.title')}>
          <thead>
            <tr>
              <th className={th}>{t('activities.time')}</th>
              <th className={th}>{t('activities.name')}</th>
              <th className={th}>{t('activities.course')}</th>
              <th className={th}>{t('activities.kind')}</th>
              <th className={th}>{t('activities.requiredOrElective')}</th>
              <th className={th}>{t('activities.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.records.map((a) => (
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
                    <Button onClick={() => setSheetOf(a)}>{t('activities.attendance')}</Button>
                    <Button onClick={() => setEditing(a)}>{t('activities.edit')}</Button>
                    <Button kind="danger" onClick={() => setDeleting(a)}>
                      {t('activities.delete')}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
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

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

function ActivityForm({
  classId,
  initial,
  onSaved,
  onCancel,
}: {
  classId: string;
  initial: act.AdminActivity | null;
  onSaved: (count: number) => void;
  onCancel: () => void;
}) {
  const params = { id: classId };
  const options = useLoaded(() => staffSend(act.adminActivityOptions, {}, { params }));
  const [v, setV] = useState({
    name: initial?.name ?? '',
    courseId: initial?.courseId ?? '',
    classroomId: initial?.classroomId ?? '',
    onlineType: String(initial?.onlineType ?? 1),
    isRequired: String(initial?.isRequired ?? 1),
    start: initial ? localValue(initial.startAt) : '',
    end: initial ? localValue(initial.endAt) : '',
    position: initial?.position ?? '',
    address: initial?.address ?? '',
    signIn: initial?.signIn ?? true,
    signOut: initial?.signOut ?? false,
    onlineAttendance: initial?.onlineAttendance ?? false,
  });
  const [repeat, setRepeat] = useState({ on: false, weekdays: [] as number[], end: 'count' as 'count' | 'until', count: '10', until: '' });
  const [scope, setScope] = useState<act.SeriesScope>('one');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lessons = options.data?.courses.find((c) => c.id === v.courseId)?.lessons ?? [];

  const preview = (() => {
    if (!repeat.on) return null;
    const startAt = parseDateTime(v.start);
    const endAt = parseDateTime(v.end);
    if (!Number.isFinite(startAt) || !Number.isFinite(endAt)) return null;
    const r = expandWeekly({
      startAt,
      endAt,
      weekdays: repeat.weekdays,
      count: repeat.end === 'count' ? Number(repeat.count) : undefined,
      until: repeat.end === 'until' && repeat.until ? parseDateTime(repeat.until) : undefined,
    });
    return r.ok ? t('activities.repeatPreview', { count: r.occurrences.length }) : null;
  })();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const input: act.ActivityInput = {
        ...v,
        start: v.start.replace('T', ' '),
        end: v.end.replace('T', ' '),
        onlineType: Number(v.onlineType),
        isRequired: Number(v.isRequired),
        courseId: v.courseId || null,
        classroomId: v.classroomId || null,
        onlineAttendance: v.onlineType === '1' && v.onlineAttendance,
        ...(initial ? { activityId: initial.id, scope } : {}),
        ...(!initial && repeat.on
          ? {
              repeat: {
                weekdays: repeat.weekdays,
                ...(repeat.end === 'count' ? { count: Number(repeat.count) || null } : { until: repeat.until || null }),
              },
            }
          : {}),
      };
      const saved = await staffSend(act.adminActivitySave, input, { params });
      onSaved(saved.ids.length);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }

  const check = (id: string, label: string, checked: boolean, on: (b: boolean) => void) => (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => on(e.target.checked)} />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );

  return (
    <Modal open title={initial ? t('activities.edit') : t('activities.new')} onClose={onCancel}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="activity-name" label={t('activities.name')}>
            <input id="activity-name" required maxLength={50} className={fieldClass} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          </Field>
        </div>
        <Field id="activity-course" label={t('activities.course')}>
          <select id="activity-course" className={fieldClass} value={v.courseId} onChange={(e) => setV({ ...v, courseId: e.target.value, classroomId: '' })}>
            <option value="">{t('activities.none')}</option>
            {(options.data?.courses ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="activity-lesson" label={t('activities.lesson')}>
          <select id="activity-lesson" className={fieldClass} value={v.classroomId} onChange={(e) => setV({ ...v, classroomId: e.target.value })}>
            <option value="">{t('activities.none')}</option>
            {lessons.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="activity-kind" label={t('activities.kind')}>
          <select id="activity-kind" className={fieldClass} value={v.onlineType} onChange={(e) => setV({ ...v, onlineType: e.target.value })}>
            <option value="1">{t('activities.online')}</option>
            <option value="2">{t('activities.offline')}</option>
          </select>
        </Field>
        <Field id="activity-required" label={t('activities.requiredOrElective')}>
          <select id="activity-required" className={fieldClass} value={v.isRequired} onChange={(e) => setV({ ...v, isRequired: e.target.value })}>
            <option value="1">{t('activities.required')}</option>
            <option value="0">{t('activities.elective')}</option>
          </select>
        </Field>
        <Field id="activity-start" label={t('activities.start')}>
          <input
            id="activity-start"
            type="datetime-local"
            required
            className={fieldClass}
            value={v.start}
            onChange={(e) => setV({ ...v, start: e.target.value })}
          />
        </Field>
        <Field id="activity-end" label={t('activities.end')}>
          <input id="activity-end" type="datetime-local" required className={fieldClass} value={v.end} onChange={(e) => setV({ ...v, end: e.target.value })} />
        </Field>
        <Field id="activity-position" label={t('activities.position')}>
          <input id="activity-position" maxLength={50} className={fieldClass} value={v.position} onChange={(e) => setV({ ...v, position: e.target.value })} />
        </Field>
        <Field id="activity-address" label={t('activities.address')}>
          <input id="activity-address" maxLength={200} className={fieldClass} value={v.address} onChange={(e) => setV({ ...v, address: e.target.value })} />
        </Field>
        <div className="flex flex-wrap gap-4 sm:col-span-2">
          {check('activity-sign-in', t('activities.signIn'), v.signIn, (b) => setV({ ...v, signIn: b, signOut: b && v.signOut }))}
          {check('activity-sign-out', t('activities.signOut'), v.signOut, (b) => setV({ ...v, signOut: b }))}
          {v.onlineType === '1' &&
            check('activity-online-attendance', t('activities.onlineAttendance'), v.onlineAttendance, (b) => setV({ ...v, onlineAttendance: b }))}
        </div>
        {!initial && (
          <fieldset className="rounded-lg border border-slate-200 p-3 sm:col-span-2">
            <legend className="px-1 text-sm font-medium">{t('activities.repeat')}</legend>
            {check('activity-repeat', t('activities.repeat'), repeat.on, (b) => setRepeat({ ...repeat, on: b }))}
            {repeat.on && (
              <div className="mt-3 grid gap-3">
                <div className="flex flex-wrap gap-3">
                  {WEEKDAYS.map((d) => (
                    <span key={d} className="flex items-center gap-1">
                      <input
                        id={`repeat-day-${d}`}
                        type="checkbox"
                        checked={repeat.weekdays.includes(d)}
                        onChange={(e) =>
                          setRepeat({ ...repeat, weekdays: e.target.checked ? [...repeat.weekdays, d] : repeat.weekdays.filter((x) => x !== d) })
                        }
                      />
                      <label htmlFor={`repeat-day-${d}`} className="text-sm">
                        {weekdayLabel(d)}
                      </label>
                    </span>
                  ))}
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div>
                    <span className="flex items-center gap-2">
                      <input
                        id="repeat-by-count"
                        type="radio"
                        name="repeat-end"
                        checked={repeat.end === 'count'}
                        onChange={() => setRepeat({ ...repeat, end: 'count' })}
                      />
                      <label htmlFor="repeat-by-count" className="text-sm font-medium">
                        {t('activities.repeatCount')}
                      </label>
                    </span>
                    {repeat.end === 'count' && (
                      <input
                        aria-label={t('activities.repeatCount')}
                        type="number"
                        min={1}
                        max={RECURRENCE_CAP}
                        className={`${fieldClass} mt-1`}
                        value={repeat.count}
                        onChange={(e) => setRepeat({ ...repeat, count: e.target.value })}
                      />
                    )}
                  </div>
                  <div>
                    <span className="flex items-center gap-2">
                      <input
                        id="repeat-by-until"
                        type="radio"
                        name="repeat-end"
                        checked={repeat.end === 'until'}
                        onChange={() => setRepeat({ ...repeat, end: 'until' })}
                      />
                      <label htmlFor="repeat-by-until" className="text-sm font-medium">
                        {t('activities.repeatUntil')}
                      </label>
                    </span>
                    {repeat.end === 'until' && (
                      <input
                        aria-label={t('activities.repeatUntil')}
                        type="date"
                        className={`${fieldClass} mt-1`}
                        value={repeat.until}
                        onChange={(e) => setRepeat({ ...repeat, until: e.target.value })}
                      />
                    )}
                  </div>
                </div>
                {preview && <p className="text-sm text-slate-700">{preview}</p>}
              </div>
            )}
          </fieldset>
        )}
        {initial?.seriesId && (
          <fieldset className="sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">{t('activities.scope')}</legend>
            <div className="flex gap-4">
              {(['one', 'following'] as const).map((k) => (
                <span key={k} className="flex items-center gap-1">
                  <input id={`scope-${k}`} type="radio" name="scope" checked={scope === k} onChange={() => setScope(k)} />
                  <label htmlFor={`scope-${k}`} className="text-sm">
                    {t(`activities.scope.${k}`)}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <Button kind="primary" type="submit" disabled={busy}>
            {t('activities.save')}
          </Button>
          <Button onClick={onCancel}>{t('activities.cancel')}</Button>
        </div>
      </form>
    </Modal>
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
      <div className="flex flex-wrap gap-2">
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
        <Button onClick={onClose}>{t('activities.cancel')}</Button>
      </div>
    </Modal>
  );
}

function AttendanceSheet({ classId, activity, onBack }: { classId: string; activity: act.AdminActivity; onBack: () => void }) {
  const params = { id: classId };
  const sheet = useLoaded(() => staffSend(act.adminAttendance, { activityId: activity.id }, { params }));
  const [correcting, setCorrecting] = useState<act.AttendanceRow | null>(null);
  const title = t('attendance.title', { name: `${activity.name} ${timeText(activity.startAt).slice(0, 16)}` });
  return (
    <Section
      title={title}
      actions={
        <span className="flex gap-2">
          <Button onClick={() => staffDownload(act.adminAttendanceExport, { activityId: activity.id }, `${t('attendance.fileName')}.csv`, params).catch(fail)}>
            {t('attendance.export')}
          </Button>
          <Button onClick={onBack}>{t('attendance.back')}</Button>
        </span>
      }
    >
      {!sheet.data ? (
        <LoadState error={sheet.error} onRetry={sheet.reload} />
      ) : sheet.data.rows.length === 0 ? (
        <p className="py-4 text-sm text-muted">{t('attendance.empty')}</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">{t('attendance.counts', sheet.data.counts)}</p>
          <TableBox label={title}>
            <thead>
              <tr>
                <th className={th}>{t('attendance.student')}</th>
                <th className={th}>{t('attendance.mobile')}</th>
                <th className={th}>{t('attendance.signInAt')}</th>
                <th className={th}>{t('attendance.signOutAt')}</th>
                <th className={th}>{t('attendance.state')}</th>
                <th className={th}>{t('activities.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {sheet.data.rows.map((r) => (
                <tr key={r.studentId}>
                  <td className={td}>{r.name}</td>
                  <td className={td}>{r.mobile}</td>
                  <td className={td}>
                    {timeText(r.signedInAt)}
                    {r.signInCorrected && t('attendance.corrected')}
                  </td>
                  <td className={td}>
                    {timeText(r.signedOutAt)}
                    {r.signOutCorrected && t('attendance.corrected')}
                  </td>
                  <td className={td}>{stateLabel(r.state)}</td>
                  <td className={td}>
                    <Button onClick={() => setCorrecting(r)}>
                      {t('attendance.correct')}
                      <span className="sr-only"> {r.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </>
      )}
      {correcting && (
        <CorrectionForm
          classId={classId}
          activity={activity}
          row={correcting}
          onCancel={() => setCorrecting(null)}
          onDone={() => {
            setCorrecting(null);
            toast(t('attendance.done'), 'success');
            sheet.reload();
          }}
        />
      )}
    </Section>
  );
}

function CorrectionForm({
  classId,
  activity,
  row,
  onCancel,
  onDone,
}: {
  classId: string;
  activity: act.AdminActivity;
  row: act.AttendanceRow;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [type, setType] = useState<number>(row.signedInAt === null ? SIGN_IN : SIGN_OUT);
  const [action, setAction] = useState<'set' | 'remove'>('set');
  const current = type === SIGN_IN ? row.signedInAt : row.signedOutAt;
  const [at, setAt] = useState(localValue(current ?? (type === SIGN_IN ? activity.startAt : activity.endAt)));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function pickType(next: number) {
    setType(next);
    const was = next === SIGN_IN ? row.signedInAt : row.signedOutAt;
    setAt(localValue(was ?? (next === SIGN_IN ? activity.startAt : activity.endAt)));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await staffSend(
        act.adminAttendanceCorrect,
        { activityId: activity.id, studentId: row.studentId, type, signedAt: action === 'set' ? at.replace('T', ' ') : null, reason },
        { params: { id: classId } },
      );
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={t('attendance.correctTitle', { name: row.name })} onClose={onCancel}>
      <form onSubmit={submit} className="grid gap-3">
        <Field id="correct-type" label={t('attendance.type')}>
          <select id="correct-type" className={fieldClass} value={type} onChange={(e) => pickType(Number(e.target.value))}>
            <option value={SIGN_IN}>{t('attendance.type.1')}</option>
            <option value={SIGN_OUT}>{t('attendance.type.2')}</option>
          </select>
        </Field>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('attendance.action')}</legend>
          <div className="flex gap-4">
            {(['set', 'remove'] as const).map((k) => (
              <span key={k} className="flex items-center gap-1">
                <input id={`correct-${k}`} type="radio" name="correct-action" checked={action === k} onChange={() => setAction(k)} />
                <label htmlFor={`correct-${k}`} className="text-sm">
                  {t(`attendance.${k}`)}
                </label>
              </span>
            ))}
          </div>
        </fieldset>
        {action === 'set' && (
          <Field id="correct-at" label={t('attendance.at')}>
            <input id="correct-at" type="datetime-local" required className={fieldClass} value={at} onChange={(e) => setAt(e.target.value)} />
          </Field>
        )}
        <Field id="correct-reason" label={t('attendance.reason')}>
          <textarea id="correct-reason" required maxLength={200} rows={3} className={fieldClass} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button kind="primary" type="submit" disabled={busy}>
            {t('activities.save')}
          </Button>
          <Button onClick={onCancel}>{t('activities.cancel')}</Button>
        </div>
      </form>
    </Modal>
  );
}
