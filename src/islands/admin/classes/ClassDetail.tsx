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
import { Button, LINK_BUTTON, LoadState, PageTitle, Section, fieldClass, useLoaded } from '../shared';
import {
  CheckButtons,
  CsvHelp,
  RunReport,
  FieldBox,
  FilterBar,
  ListView,
  PagedList,
  RowActions,
  SelectField,
  filledIn,
  useListScreen,
  type Column,
  type FilterField,
  type ListScreen,
  Options,
} from '../kit';
import { ClassForm, dayText, fail, teacherRoleLabel, teachingStatusLabel } from './class-form';
import { ClassCourses } from '../courses/ClassCourses';
import { ClassNotices } from '../messages/ClassNotices';
import { classLinkScreens } from '~/lib/staff/screens';
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
/** A class's periods as a choice's options. */
const periodOptions = (periods: readonly cls.AdminPeriod[]) => periods.map((p) => [p.id, p.name] as const);
const periodTypeLabel = (n: number) => t(`classes.periodType.${n}` as 'classes.periodType.1');

export function ClassDetail({ classId, onBack, role }: { classId: string; onBack: () => void; role?: StaffRole }) {
  const klass = useLoaded(() => staffSend(cls.adminClassGet, {}, { params: { id: classId } }));
  const periods = useLoaded(() => staffSend(cls.adminClassPeriods, {}, { params: { id: classId } }));
  const students = useListScreen((q: cls.AdminStudentQuery) => staffSend(cls.adminClassStudents, q, { params: { id: classId } }), {
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
        {classLinkScreens(role).map((l) => (
          <a key={l.path} className={LINK_BUTTON} href={`${l.path}?classId=${encodeURIComponent(classId)}`}>
            {t(l.classLink)}
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
      <ClassNotices classId={classId} studentCount={c.studentCount} />
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

  const actionsColumn: Column<cls.AdminPeriod> = {
    header: t('classes.col.actions'),
    className: 'whitespace-nowrap',
    cell: (p) => (
      <RowActions
        className="flex gap-2"
        name={p.name}
        actions={[
          {
            label: t('classes.period.edit'),
            onClick: () => setV({ periodId: p.id, classPeriodType: String(p.classPeriodType), name: p.name, start: dayText(p.startAt), end: dayText(p.endAt) }),
          },
          { label: t('classes.period.delete'), kind: 'danger', onClick: () => void remove(p) },
        ]}
      />
    ),
  };

  return (
    <Section title={t('classes.periods')}>
      {manage && (
        <form
          onSubmit={save}
          className="mb-4 grid gap-3 sm:grid-cols-5 sm:items-end"
          aria-label={v.periodId ? t('classes.period.edit') : t('classes.period.new')}
        >
          <SelectField
            id="period-type"
            label={t('classes.period.type')}
            value={v.classPeriodType}
            onValue={(classPeriodType) => setV({ ...v, classPeriodType })}
            options={CLASS_PERIOD_TYPES.map((n) => [n, periodTypeLabel(n)] as const)}
          />
          <FieldBox id="period-name" label={t('classes.period.name')}>
            <input id="period-name" required maxLength={60} className={fieldClass} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          </FieldBox>
          <FieldBox id="period-start" label={t('classes.period.start')}>
            <input id="period-start" type="date" className={fieldClass} value={v.start} onChange={(e) => setV({ ...v, start: e.target.value })} />
          </FieldBox>
          <FieldBox id="period-end" label={t('classes.period.end')}>
            <input id="period-end" type="date" className={fieldClass} value={v.end} onChange={(e) => setV({ ...v, end: e.target.value })} />
          </FieldBox>
          <div className="flex gap-2">
            <Button kind="primary" type="submit" disabled={busy}>
              {v.periodId ? t('classes.save') : t('classes.period.new')}
            </Button>
            {v.periodId && <Button onClick={() => setV(blank)}>{t('common.cancel')}</Button>}
          </div>
        </form>
      )}
      <ListView
        list={periods}
        label={t('classes.periodTable')}
        empty={t('classes.noPeriods')}
        columns={[
          { header: t('classes.period.name'), cell: (p) => p.name },
          { header: t('classes.period.type'), cell: (p) => periodTypeLabel(p.classPeriodType) },
          { header: t('classes.col.dates'), cell: (p) => `${dayText(p.startAt)} ~ ${dayText(p.endAt)}`, className: 'whitespace-nowrap' },
          { header: t('classes.period.students'), cell: (p) => p.studentCount },
          ...(manage ? [actionsColumn] : []),
        ]}
      />
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
      <FieldBox id="enrol-mobile" label={t('classes.enrol.mobile')}>
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
      </FieldBox>
      <FieldBox id="enrol-name" label={t('classes.enrol.name')}>
        <input id="enrol-name" maxLength={40} className={fieldClass} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
      </FieldBox>
      <FieldBox id="enrol-period" label={t('classes.enrol.period')}>
        <select id="enrol-period" className={fieldClass} value={v.periodId} onChange={(e) => setV({ ...v, periodId: e.target.value })}>
          <Options options={periodOptions(periods)} none={t('classes.student.noPeriod')} />
        </select>
      </FieldBox>
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

  return (
    <div className="mb-5 rounded-lg border border-slate-200 p-4">
      <h3 className="mb-2 font-semibold text-ink">{t('classes.import')}</h3>
      <CsvHelp
        help={t('classes.import.help', { rows: CSV_LIMITS.rows })}
        template={CSV_TEMPLATE}
        fileName="学员导入模板.csv"
        link={t('classes.import.template')}
      />
      <div className="flex flex-wrap items-end gap-3">
        <FieldBox id="import-file" label={t('classes.import.file')}>
          <input id="import-file" type="file" accept=".csv,text/csv" className="text-sm" onChange={(e) => void pick(e.target.files?.[0])} />
        </FieldBox>
        <CheckButtons ready={csv !== null} busy={busy} report={report} run={run} check={t('classes.import.check')} apply={t('classes.import.apply')} />
      </div>
      {report && (
        <RunReport
          status={`${report.applied ? t('classes.import.applied') : t('classes.import.checked')}：${t('classes.import.summary', report.counts)}`}
          label={report.applied ? t('classes.import.applied') : t('classes.import.checked')}
          rows={report.rows}
          rowKey={(r) => String(r.line)}
          columns={[
            { header: t('classes.import.line'), cell: (r) => r.line },
            { header: t('classes.student.mobile'), cell: (r) => r.mobile },
            { header: t('classes.student.name'), cell: (r) => r.name },
            { header: t('classes.student.period'), cell: (r) => r.period },
            {
              header: t('classes.import.outcome'),
              cell: (r) => (r.outcome === 'added' && !report.applied ? t('classes.wouldAdd') : t(`classes.outcome.${r.outcome}`)),
            },
            { header: t('classes.import.reason'), cell: (r) => <span className="text-red-700">{r.message ?? ''}</span> },
          ]}
        />
      )}
    </div>
  );
}

/** The longest name, mobile or student number searched for among a class's students. */
const STUDENT_SEARCH_MAX = 20;
const STUDENT_BLANK = { keyword: '', periodId: '' };
const studentName = (s: cls.AdminClassStudent) => s.name || s.mobile;

function StudentList({
  classId,
  students,
  periods,
  manage,
  onChanged,
}: {
  classId: string;
  students: ListScreen<cls.AdminStudentQuery, Page<cls.AdminClassStudent>>;
  periods: cls.AdminPeriod[];
  manage: boolean;
  onChanged: () => void;
}) {
  /** A change of a student's row, said when done; the class is loaded again either way (its counts change too). */
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
    if (!(await confirmDialog(t('classes.student.confirmRemove', { name: studentName(s) })))) return;
    await change(() => staffSend(cls.adminClassStudentRemove, { studentId: s.id }, { params: { id: classId } }));
  }

  const filters: FilterField<keyof typeof STUDENT_BLANK>[] = [
    { name: 'keyword', label: t('classes.student.search'), kind: 'search', maxLength: STUDENT_SEARCH_MAX },
    { name: 'periodId', label: t('classes.student.period'), kind: 'select', any: t('classes.student.anyPeriod'), options: periodOptions(periods) },
  ];
  const columns: Column<cls.AdminClassStudent>[] = [
    { header: t('classes.student.name'), cell: (s) => s.name },
    { header: t('classes.student.mobile'), cell: (s) => s.mobile },
    { header: t('classes.student.id'), cell: (s) => s.studentNo },
    {
      header: t('classes.student.period'),
      cell: (s) =>
        manage && periods.length > 0 ? (
          <select
            aria-label={t('classes.student.periodOf', { name: studentName(s) })}
            className="rounded border border-slate-300 bg-white px-2 py-1"
            value={s.periodId ?? ''}
            onChange={(e) =>
              e.target.value &&
              void change(() =>
                staffSend(cls.adminClassStudentMove, { studentId: s.id, fromPeriodId: s.periodId, toPeriodId: e.target.value }, { params: { id: classId } }),
              )
            }
          >
            <Options options={periodOptions(periods)} none={s.periodId === null ? t('classes.student.noPeriod') : undefined} />
          </select>
        ) : (
          (s.periodName ?? t('classes.student.noPeriod'))
        ),
    },
    {
      header: t('classes.student.status'),
      cell: (s) =>
        manage ? (
          <select
            aria-label={t('classes.student.statusOf', { name: studentName(s) })}
            className="rounded border border-slate-300 bg-white px-2 py-1"
            value={s.serviceStatus}
            onChange={(e) =>
              void change(() => staffSend(cls.adminClassStudentStatus, { studentId: s.id, serviceStatus: Number(e.target.value) }, { params: { id: classId } }))
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
        ),
    },
    { header: t('classes.student.enrolledAt'), cell: (s) => formatDateTime(s.enrolledAt), className: 'whitespace-nowrap' },
  ];
  if (manage) {
    columns.push({
      header: t('classes.col.actions'),
      cell: (s) => (
        <Button kind="danger" onClick={() => void remove(s)}>
          {t('classes.student.remove')}
          <span className="sr-only">{studentName(s)}</span>
        </Button>
      ),
    });
  }

  return (
    <>
      <div className="mb-4">
        <FilterBar
          idPrefix="students"
          fields={filters}
          blank={STUDENT_BLANK}
          grid="gap-3 sm:grid-cols-3 sm:items-end"
          resettable={false}
          onSearch={(v) => students.go({ current: 1, size: PAGE_SIZE, ...filledIn(v) })}
        />
      </div>
      <PagedList list={students} label={t('classes.studentTable')} columns={columns} empty={t('classes.noStudents')} />
    </>
  );
}
