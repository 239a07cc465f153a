import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-classes';
import * as cls from '~/lib/api/contracts/admin-classes';
import { staffSend } from '~/lib/api/staff-client';
import { CLASS_PERIOD_TYPES, CSV_LIMITS, CSV_TEMPLATE, SERVICE_STATUSES } from '~/lib/learning/class-admin';
import { useCsvImport } from '../csv-import';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { formatDateTime } from '~/lib/time/cst';
import type { Page } from '~/lib/paging';
import { Button, LINK_BUTTON, LoadState, PageTitle, Pager, Section, TableBox, fieldClass, td, th, useLoaded, usePaged } from '../shared';
import { ClassForm, dayText, fail, teacherRoleLabel, teachingStatusLabel } from './class-form';
import { ClassCourses } from '../courses/ClassCourses';
import { mayCall } from '~/lib/staff/access';
import type { StaffRole } from '~/lib/staff/roles';

/**
 * One class: its fields and teachers (administrators edit, end or delete it), its periods and its
 * students. Administrators and the class's head teacher add periods, enrol students by mobile or
 * from a CSV (checked first, then imported, with the per-row report), change a student's service
 * status or period and remove a student; the class's other teachers read. The server enforces the
 * same and says why it refuses.
 */

const PAGE_SIZE = 20;
const serviceLabel = (s: number) => t(`classes.serviceStatus.${s}` as 'classes.serviceStatus.0');
const periodTypeLabel = (n: number) => t(`classes.periodType.${n}` as 'classes.periodType.1');

/** The class's other screens, opened with the class chosen (?classId=); shown to whoever may open them. */
const CLASS_LINKS = [
  { path: '/admin/activities', call: 'adminActivities', label: 'classes.link.activities' },
  { path: '/admin/inbox', call: 'adminQuestions', label: 'classes.link.inbox' },
  { path: '/admin/progress', call: 'adminProgress', label: 'classes.link.progress' },
  { path: '/admin/works', call: 'adminClassWorks', label: 'classes.link.works' },
] as const;

export function ClassDetail({ classId, onBack, role }: { classId: string; onBack: () => void; role?: StaffRole }) {
  const klass = useLoaded(() => staffSend(cls.adminClassGet, {}, { params: { id: classId } }));
  const periods = useLoaded(() => staffSend(cls.adminClassPeriods, {}, { params: { id: classId } }));
  const students = usePaged((q: cls.AdminStudentQuery) => staffSend(cls.adminClassStudents, q, { params: { id: classId } }), {
    current: 1,
    size: PAGE_SIZE,
  } as cls.AdminStudentQuery);
  const [editing, setEditing] = useState(false);
  const c = klass.data;

  const refresh = () => {
    klass.reload();
    periods.reload();
    students.reload();
  };

  async function end() {
    if (!c || !(await confirmDialog(t('classes.confirmEnd', { name: c.name })))) return;
    try {
      const r = await staffSend(cls.adminClassEnd, {}, { params: { id: classId } });
      toast(t('classes.endedToast', { n: r.completed }), 'success');
    } catch (e) {
      fail(e);
    }
    refresh();
  }

  async function remove() {
    if (!c || !(await confirmDialog(t('classes.confirmDelete', { name: c.name })))) return;
    try {
      await staffSend(cls.adminClassDelete, {}, { params: { id: classId } });
      toast(t('classes.deleted'), 'success');
      onBack();
    } catch (e) {
      fail(e);
    }
  }

  if (!c) return <LoadState error={klass.error} onRetry={klass.reload} />;
  const manage = c.may.manageStudents;

  return (
    <div>
      <p className="mb-3">
        <Button onClick={onBack}>{t('classes.back')}</Button>
      </p>
      <PageTitle>{c.name}</PageTitle>
      <Section
        title={t('classes.info')}
        actions={
          c.may.edit && (
            <span className="flex flex-wrap gap-2">
              <Button onClick={() => setEditing(true)}>{t('classes.edit')}</Button>
              {c.teachingClassStatus !== 2 && (
                <Button kind="danger" onClick={() => void end()}>
                  {t('classes.end')}
                </Button>
              )}
              <Button kind="danger" onClick={() => void remove()}>
                {t('classes.delete')}
              </Button>
            </span>
          )
        }
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Item label={t('classes.field.product')} value={c.productName ?? ''} />
          <Item label={t('classes.field.status')} value={teachingStatusLabel(c.teachingClassStatus)} />
          <Item label={t('classes.col.dates')} value={`${dayText(c.trainingStartAt)} ~ ${dayText(c.trainingEndAt)}`} />
          <Item label={t('classes.field.experience')} value={c.experience ? t('classes.experienceOnly') : t('classes.normalOnly')} />
          <Item label={t('classes.field.teachers')} value={c.teachers.map((x) => `${x.name}（${teacherRoleLabel(x.role)}）`).join('、')} />
          <Item label={t('classes.col.students')} value={String(c.studentCount)} />
        </dl>
        {!manage && <p className="mt-3 text-sm text-muted">{t('classes.readOnly')}</p>}
      </Section>

      <nav aria-label={t('classes.links')} className="mb-4 flex flex-wrap gap-2 text-sm">
        {CLASS_LINKS.filter((l) => !role || mayCall(role, l.call)).map((l) => (
          <a key={l.path} className={LINK_BUTTON} href={`${l.path}?classId=${encodeURIComponent(classId)}`}>
            {t(l.label)}
          </a>
        ))}
      </nav>
      <ClassCourses classId={classId} manage={c.may.edit} />
      <Periods classId={classId} periods={periods} manage={manage} onChanged={refresh} />

      <Section title={t('classes.students')}>
        {manage && c.teachingClassStatus !== 2 && (
          <>
            <EnrolForm classId={classId} periods={periods.data ?? []} onDone={refresh} />
            <ImportForm classId={classId} onDone={refresh} />
          </>
        )}
        <StudentList classId={classId} students={students} periods={periods.data ?? []} manage={manage} onChanged={refresh} />
      </Section>
      {editing && (
        <ClassForm
          initial={c}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast(t('classes.saved'), 'success');
            refresh();
          }}
        />
      )}
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
}

function Periods({
  classId,
  periods,
  manage,
  onChanged,
}: {
  classId: string;
  periods: ReturnType<typeof useLoaded<cls.AdminPeriod[]>>;
  manage: boolean;
  onChanged: () => void;
}) {
  const blank = { periodId: '', classPeriodType: '1', name: '', start: '', end: '' };
  const [v, setV] = useState(blank);
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const input: cls.PeriodInput = { classPeriodType: Number(v.classPeriodType), name: v.name, start: v.start, end: v.end };
      await staffSend(cls.adminClassPeriodSave, v.periodId ? { ...input, periodId: v.periodId } : input, { params: { id: classId } });
      toast(t('classes.saved'), 'success');
      setV(blank);
      onChanged();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(p: cls.AdminPeriod) {
    if (!(await confirmDialog(t('classes.period.confirmDelete', { name: p.name })))) return;
    try {
      await staffSend(cls.adminClassPeriodDelete, { periodId: p.id }, { params: { id: classId } });
      onChanged();
    } catch (e) {
      fail(e);
    }
  }

  return (
    <Section title={t('classes.periods')}>
      {manage && (
        <form
          onSubmit={save}
          className="mb-4 grid gap-3 sm:grid-cols-5 sm:items-end"
          aria-label={v.periodId ? t('classes.period.edit') : t('classes.period.new')}
        >
          <div>
            <label htmlFor="period-type" className="mb-1 block text-sm font-medium">
              {t('classes.period.type')}
            </label>
            <select id="period-type" className={fieldClass} value={v.classPeriodType} onChange={(e) => setV({ ...v, classPeriodType: e.target.value })}>
              {CLASS_PERIOD_TYPES.map((n) => (
                <option key={n} value={n}>
                  {periodTypeLabel(n)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="period-name" className="mb-1 block text-sm font-medium">
              {t('classes.period.name')}
            </label>
            <input id="period-name" required maxLength={60} className={fieldClass} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          </div>
          <div>
            <label htmlFor="period-start" className="mb-1 block text-sm font-medium">
              {t('classes.period.start')}
            </label>
            <input id="period-start" type="date" className={fieldClass} value={v.start} onChange={(e) => setV({ ...v, start: e.target.value })} />
          </div>
          <div>
            <label htmlFor="period-end" className="mb-1 block text-sm font-medium">
              {t('classes.period.end')}
            </label>
            <input id="period-end" type="date" className={fieldClass} value={v.end} onChange={(e) => setV({ ...v, end: e.target.value })} />
          </div>
          <div className="flex gap-2">
            <Button kind="primary" type="submit" disabled={busy}>
              {v.periodId ? t('classes.save') : t('classes.period.new')}
            </Button>
            {v.periodId && <Button onClick={() => setV(blank)}>{t('common.cancel')}</Button>}
          </div>
        </form>
      )}
      {!periods.data ? (
        <LoadState error={periods.error} onRetry={periods.reload} />
      ) : periods.data.length === 0 ? (
        <p className="text-sm text-muted">{t('classes.noPeriods')}</p>
      ) : (
        <TableBox label={t('classes.periodTable')}>
          <thead>
            <tr>
              <th className={th}>{t('classes.period.name')}</th>
              <th className={th}>{t('classes.period.type')}</th>
              <th className={th}>{t('classes.col.dates')}</th>
              <th className={th}>{t('classes.period.students')}</th>
              {manage && <th className={th}>{t('classes.col.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {periods.data.map((p) => (
              <tr key={p.id}>
                <td className={td}>{p.name}</td>
                <td className={td}>{periodTypeLabel(p.classPeriodType)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {dayText(p.startAt)} ~ {dayText(p.endAt)}
                </td>
                <td className={td}>{p.studentCount}</td>
                {manage && (
                  <td className={`${td} whitespace-nowrap`}>
                    <span className="flex gap-2">
                      <Button
                        onClick={() =>
                          setV({ periodId: p.id, classPeriodType: String(p.classPeriodType), name: p.name, start: dayText(p.startAt), end: dayText(p.endAt) })
                        }
                      >
                        {t('classes.period.edit')}
                        <span className="sr-only">{p.name}</span>
                      </Button>
                      <Button kind="danger" onClick={() => void remove(p)}>
                        {t('classes.period.delete')}
                        <span className="sr-only">{p.name}</span>
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

function EnrolForm({ classId, periods, onDone }: { classId: string; periods: cls.AdminPeriod[]; onDone: () => void }) {
  const [v, setV] = useState({ mobile: '', name: '', periodId: '' });
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await staffSend(cls.adminClassEnrol, { mobile: v.mobile.trim(), name: v.name, periodId: v.periodId || null }, { params: { id: classId } });
      toast(t(!r.added ? 'classes.enrol.exists' : r.userCreated ? 'classes.enrol.created' : 'classes.enrol.added'), r.added ? 'success' : 'info');
      setV({ ...v, mobile: '', name: '' });
      onDone();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mb-4 grid gap-3 sm:grid-cols-4 sm:items-end" aria-label={t('classes.enrol')}>
      <div>
        <label htmlFor="enrol-mobile" className="mb-1 block text-sm font-medium">
          {t('classes.enrol.mobile')}
        </label>
        <input
          id="enrol-mobile"
          type="tel"
          inputMode="numeric"
          required
          maxLength={11}
          className={fieldClass}
          value={v.mobile}
          onChange={(e) => setV({ ...v, mobile: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="enrol-name" className="mb-1 block text-sm font-medium">
          {t('classes.enrol.name')}
        </label>
        <input id="enrol-name" maxLength={40} className={fieldClass} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
      </div>
      <div>
        <label htmlFor="enrol-period" className="mb-1 block text-sm font-medium">
          {t('classes.enrol.period')}
        </label>
        <select id="enrol-period" className={fieldClass} value={v.periodId} onChange={(e) => setV({ ...v, periodId: e.target.value })}>
          <option value="">{t('classes.student.noPeriod')}</option>
          {periods.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button kind="primary" type="submit" disabled={busy}>
          {t('classes.enrol')}
        </Button>
      </div>
    </form>
  );
}

function ImportForm({ classId, onDone }: { classId: string; onDone: () => void }) {
  const { csv, report, busy, pick, run } = useCsvImport((csv, apply) => staffSend(cls.adminClassImport, { csv, apply }, { params: { id: classId } }), {
    applied: (r) => {
      toast(t('classes.import.summary', r.counts), 'success');
      onDone();
    },
    failed: fail,
  });
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${CSV_TEMPLATE}`)}`;

  return (
    <div className="mb-5 rounded-lg border border-slate-200 p-4">
      <h3 className="mb-2 font-semibold text-ink">{t('classes.import')}</h3>
      <p className="mb-3 text-sm text-muted">
        {t('classes.import.help', { rows: CSV_LIMITS.rows })}{' '}
        <a className="text-brand underline" href={template} download="学员导入模板.csv">
          {t('classes.import.template')}
        </a>
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="import-file" className="mb-1 block text-sm font-medium">
            {t('classes.import.file')}
          </label>
          <input id="import-file" type="file" accept=".csv,text/csv" className="text-sm" onChange={(e) => void pick(e.target.files?.[0])} />
        </div>
        <Button disabled={busy || csv === null} onClick={() => void run(false)}>
          {t('classes.import.check')}
        </Button>
        <Button kind="primary" disabled={busy || csv === null || !report || report.applied} onClick={() => void run(true)}>
          {t('classes.import.apply')}
        </Button>
      </div>
      {report && (
        <div className="mt-4">
          <p className="mb-2 text-sm font-medium" role="status">
            {report.applied ? t('classes.import.applied') : t('classes.import.checked')}：{t('classes.import.summary', report.counts)}
          </p>
          <TableBox label={report.applied ? t('classes.import.applied') : t('classes.import.checked')}>
            <thead>
              <tr>
                <th className={th}>{t('classes.import.line')}</th>
                <th className={th}>{t('classes.student.mobile')}</th>
                <th className={th}>{t('classes.student.name')}</th>
                <th className={th}>{t('classes.student.period')}</th>
                <th className={th}>{t('classes.import.outcome')}</th>
                <th className={th}>{t('classes.import.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.line}>
                  <td className={td}>{r.line}</td>
                  <td className={td}>{r.mobile}</td>
                  <td className={td}>{r.name}</td>
                  <td className={td}>{r.period}</td>
                  <td className={td}>{r.outcome === 'added' && !report.applied ? t('classes.wouldAdd') : t(`classes.outcome.${r.outcome}`)}</td>
                  <td className={`${td} text-red-700`}>{r.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </div>
      )}
    </div>
  );
}

function StudentList({
  classId,
  students,
  periods,
  manage,
  onChanged,
}: {
  classId: string;
  students: ReturnType<typeof usePaged<cls.AdminStudentQuery, Page<cls.AdminClassStudent>>>;
  periods: cls.AdminPeriod[];
  manage: boolean;
  onChanged: () => void;
}) {
  const [filter, setFilter] = useState({ keyword: '', periodId: '' });

  async function change(run: () => Promise<unknown>) {
    try {
      await run();
      toast(t('classes.saved'), 'success');
    } catch (e) {
      fail(e);
    }
    onChanged();
  }

  async function remove(s: cls.AdminClassStudent) {
    if (!(await confirmDialog(t('classes.student.confirmRemove', { name: s.name || s.mobile })))) return;
    await change(() => staffSend(cls.adminClassStudentRemove, { studentId: s.id }, { params: { id: classId } }));
  }

  return (
    <>
      <form
        className="mb-4 grid gap-3 sm:grid-cols-3 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          students.go({
            current: 1,
            size: PAGE_SIZE,
            ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
            ...(filter.periodId ? { periodId: filter.periodId } : {}),
          });
        }}
      >
        <div>
          <label htmlFor="students-keyword" className="mb-1 block text-sm font-medium">
            {t('classes.student.search')}
          </label>
          <input
            id="students-keyword"
            type="search"
            maxLength={20}
            className={fieldClass}
            value={filter.keyword}
            onChange={(e) => setFilter({ ...filter, keyword: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="students-period" className="mb-1 block text-sm font-medium">
            {t('classes.student.period')}
          </label>
          <select id="students-period" className={fieldClass} value={filter.periodId} onChange={(e) => setFilter({ ...filter, periodId: e.target.value })}>
            <option value="">{t('classes.student.anyPeriod')}</option>
            {periods.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button kind="primary" type="submit">
            {t('admin.audit.search')}
          </Button>
        </div>
      </form>
      {!students.data ? (
        <LoadState error={students.error} onRetry={students.reload} />
      ) : students.data.records.length === 0 ? (
        <p className="text-sm text-muted">{t('classes.noStudents')}</p>
      ) : (
        <>
          <TableBox label={t('classes.studentTable')}>
            <thead>
              <tr>
                <th className={th}>{t('classes.student.name')}</th>
                <th className={th}>{t('classes.student.mobile')}</th>
                <th className={th}>{t('classes.student.id')}</th>
                <th className={th}>{t('classes.student.period')}</th>
                <th className={th}>{t('classes.student.status')}</th>
                <th className={th}>{t('classes.student.enrolledAt')}</th>
                {manage && <th className={th}>{t('classes.col.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {students.data.records.map((s) => (
                <tr key={s.id}>
                  <td className={td}>{s.name}</td>
                  <td className={td}>{s.mobile}</td>
                  <td className={td}>{s.schoolStudentId}</td>
                  <td className={td}>
                    {manage && periods.length > 0 ? (
                      <select
                        aria-label={t('classes.student.periodOf', { name: s.name || s.mobile })}
                        className="rounded border border-slate-300 bg-white px-2 py-1"
                        value={s.periodId ?? ''}
                        onChange={(e) =>
                          e.target.value &&
                          void change(() =>
                            staffSend(
                              cls.adminClassStudentMove,
                              { studentId: s.id, fromPeriodId: s.periodId, toPeriodId: e.target.value },
                              { params: { id: classId } },
                            ),
                          )
                        }
                      >
                        {s.periodId === null && <option value="">{t('classes.student.noPeriod')}</option>}
                        {periods.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      (s.periodName ?? t('classes.student.noPeriod'))
                    )}
                  </td>
                  <td className={td}>
                    {manage ? (
                      <select
                        aria-label={t('classes.student.statusOf', { name: s.name || s.mobile })}
                        className="rounded border border-slate-300 bg-white px-2 py-1"
                        value={s.serviceStatus}
                        onChange={(e) =>
                          void change(() =>
                            staffSend(cls.adminClassStudentStatus, { studentId: s.id, serviceStatus: Number(e.target.value) }, { params: { id: classId } }),
                          )
                        }
                      >
                        {SERVICE_STATUSES.map((n) => (
                          <option key={n} value={n}>
                            {serviceLabel(n)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      serviceLabel(s.serviceStatus)
                    )}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(s.enrolledAt)}</td>
                  {manage && (
                    <td className={td}>
                      <Button kind="danger" onClick={() => void remove(s)}>
                        {t('classes.student.remove')}
                        <span className="sr-only">{s.name || s.mobile}</span>
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </TableBox>
          <Pager page={students.data} onPage={(current) => students.go({ ...students.query, current })} />
        </>
      )}
    </>
  );
}
