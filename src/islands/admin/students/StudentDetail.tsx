import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-students';
import * as st from '~/lib/api/contracts/admin-students';
import { staffSend } from '~/lib/api/staff-client';
import { STUDENT_MOBILE } from '~/lib/learning/class-admin';
import { isNationalIdNumber, normalizeIdNumber } from '~/lib/rules/id-number';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { useForm } from '../../shared/use-form';
import { FormMessage, MOBILE_INPUT, NAME_INPUT, SubmitButton, TextField } from '../../shared/fields';
import { Button, detailRow, LINK_BUTTON, LoadState, PageTitle, Section, timeText, useLoaded } from '../shared';
import { DataTable, toastFailure, type Column } from '../kit';

/**
 * A student's page: who they are, their classes (each with its required lessons finished and its
 * assessment result, linked to the class screen and its progress), and for administrators the
 * changes: name and mobile, 停用/启用 and 强制下线, each asked first.
 */

const serviceText = (s: number) => t(`students.service.${s}` as 'students.service.0');
const evaluateText = (s: number) => t(`students.evaluate.${s}` as 'students.evaluate.0');

export function StudentDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const student = useLoaded(() => staffSend(st.adminStudentGet, {}, { params: { id } }));
  const s = student.data;
  return (
    <div>
      <div className="mb-3">
        <Button onClick={onBack}>{t('students.back')}</Button>
      </div>
      {s ? <Loaded s={s} onChanged={student.set} /> : <LoadState error={student.error} onRetry={student.reload} />}
    </div>
  );
}

const CLASS_COLUMNS: Column<st.AdminStudentClass>[] = [
  { header: t('students.colClass'), cell: (c) => c.className },
  { header: t('students.colService'), cell: (c) => serviceText(c.serviceStatus) },
  { header: t('students.colProgress'), cell: (c) => t('students.progress', { done: c.finishNeedLearnNumber, all: c.needLearnNumber }) },
  { header: t('students.colEvaluate'), cell: (c) => evaluateText(c.evaluateStatus) },
  {
    header: t('students.actions'),
    cell: (c) => (
      <span className="flex flex-wrap gap-2">
        <a className={LINK_BUTTON} href={`/admin/classes?id=${encodeURIComponent(c.classId)}`}>
          {t('students.openClass')}
          <span className="sr-only">{c.className}</span>
        </a>
        <a className={LINK_BUTTON} href={`/admin/progress?classId=${encodeURIComponent(c.classId)}`}>
          {t('students.openProgress')}
          <span className="sr-only">{c.className}</span>
        </a>
      </span>
    ),
  },
];

const ATTEMPT_COLUMNS: Column<st.AdminStudentAttempt>[] = [
  { header: t('students.colWork'), cell: (a) => a.workTitle || '-' },
  { header: t('students.colClass'), cell: (a) => a.className },
  { header: t('students.colAttemptStatus'), cell: (a) => t(`students.attempt.${a.status}` as 'students.attempt.0') },
  { header: t('students.colScore'), cell: (a) => a.score ?? '-' },
  { header: t('students.colStarted'), cell: (a) => timeText(a.startedAt), className: 'whitespace-nowrap' },
  {
    header: t('students.actions'),
    cell: (a) =>
      a.workId ? (
        <a className={LINK_BUTTON} href={`/admin/marking?work=${encodeURIComponent(a.workId)}`}>
          {t('students.openMarking')}
          <span className="sr-only">{a.workTitle}</span>
        </a>
      ) : null,
  },
];

/** The certificates' columns; their print page (the register's) only for administrators. */
const certificateColumns = (register: boolean): Column<st.AdminStudentCertificate>[] => [
  { header: t('students.colNumber'), cell: (c) => c.number, className: 'whitespace-nowrap' },
  { header: t('students.colCertName'), cell: (c) => `${t(`students.cert.${c.kind}`)} · ${c.name}` },
  { header: t('students.colCertStatus'), cell: (c) => t(c.revoked ? 'students.cert.revoked' : 'students.cert.valid') },
  ...(register
    ? [
        {
          header: t('students.actions'),
          cell: (c: st.AdminStudentCertificate) => (
            <a className={LINK_BUTTON} href={`/admin/certificates/print?kind=${c.kind}&id=${encodeURIComponent(c.id)}`}>
              {t('students.openCertificate')}
              <span className="sr-only">{c.number}</span>
            </a>
          ),
        },
      ]
    : []),
];

function Loaded({ s, onChanged }: { s: st.AdminStudentDetail; onChanged: (s: st.AdminStudentDetail) => void }) {
  return (
    <>
      <PageTitle>{s.name}</PageTitle>
      <Section title={t('students.detail')}>
        <dl className="text-sm">
          {detailRow(t('students.colName'), s.name)}
          {detailRow(t('students.colMobile'), s.mobile)}
          {detailRow(t('students.studentId'), s.studentNo)}
          {detailRow(t('students.idNumber'), s.idNumber ?? t('students.noIdNumber'))}
          {detailRow(t('students.colStatus'), t(`students.status.${s.status}`))}
          {detailRow(t('students.colJoined'), timeText(s.joinedAt))}
        </dl>
      </Section>
      <Section title={t('students.classes')}>
        {s.classes.length ? (
          <DataTable label={t('students.classes')} columns={CLASS_COLUMNS} rows={s.classes} rowKey={(c) => c.enrolmentId} />
        ) : (
          <p className="text-sm text-muted">{t('students.noClasses')}</p>
        )}
      </Section>
      <Section title={t('students.attempts')}>
        {s.attempts.length ? (
          <DataTable label={t('students.attempts')} columns={ATTEMPT_COLUMNS} rows={s.attempts} />
        ) : (
          <p className="text-sm text-muted">{t('students.noAttempts')}</p>
        )}
      </Section>
      <Section title={t('students.certificates')}>
        {s.certificates.length ? (
          <DataTable label={t('students.certificates')} columns={certificateColumns(s.mayManage)} rows={s.certificates} rowKey={(c) => `${c.kind}-${c.id}`} />
        ) : (
          <p className="text-sm text-muted">{t('students.noCertificates')}</p>
        )}
      </Section>
      {s.mayManage && <IdNumberForm key={s.idNumber ?? ''} s={s} onChanged={onChanged} />}
      {s.mayManage && <Actions key={`${s.name}-${s.mobile}-${s.status}`} s={s} onChanged={onChanged} />}
    </>
  );
}

/** The 证件号码 on the record: typed anew (the page shows only the masked one), or left blank to clear it; asked first. */
function IdNumberForm({ s, onChanged }: { s: st.AdminStudentDetail; onChanged: (s: st.AdminStudentDetail) => void }) {
  const form = useForm({
    initial: { idNumber: '' },
    check: (_field, v) => {
      const text = normalizeIdNumber(typeof v === 'string' ? v : '');
      return text === '' || isNationalIdNumber(text) ? null : t('students.badIdNumber');
    },
  });
  return (
    <Section title={t('students.idNumberEdit')}>
      <form
        noValidate
        className="grid max-w-xl gap-3"
        aria-label={t('students.idNumberEdit')}
        onSubmit={form.onSubmit(['idNumber'], async (v) => {
          const idNumber = normalizeIdNumber(v.idNumber);
          if (!(await confirmDialog(t(idNumber ? 'students.confirmIdNumber' : 'students.confirmIdNumberClear', { name: s.name })))) return;
          onChanged(await staffSend(st.adminStudentIdNumber, { idNumber }, { params: { id: s.id } }));
          toast(t(idNumber ? 'students.idNumberSaved' : 'students.idNumberCleared'), 'success');
        })}
      >
        <p className="text-sm text-muted">{t('students.idNumberHelp')}</p>
        <TextField {...form.field('idNumber')} label={t('students.idNumberNew')} maxLength={18} autoComplete="off" />
        <FormMessage text={form.notice?.text ?? null} />
        <div className="max-w-48">
          <SubmitButton busy={form.submitting} text={t('students.idNumberSave')} busyText={t('students.saving')} />
        </div>
      </form>
    </Section>
  );
}

function Actions({ s, onChanged }: { s: st.AdminStudentDetail; onChanged: (s: st.AdminStudentDetail) => void }) {
  const params = { params: { id: s.id } };
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initial: { name: s.name, mobile: s.mobile },
    check: (field, v) => {
      const text = typeof v === 'string' ? v.trim() : '';
      if (field === 'mobile') return STUDENT_MOBILE.test(text) ? null : t('students.badMobile');
      return text && text.length <= st.STUDENT_NAME_MAX ? null : t('students.badName', { max: st.STUDENT_NAME_MAX });
    },
  });

  /** Asks first, then runs the change and shows the student as the server answers. */
  async function run(question: string, send: () => Promise<void>) {
    if (!(await confirmDialog(question))) return;
    setBusy(true);
    try {
      await send();
    } catch (e) {
      toastFailure(e);
    } finally {
      setBusy(false);
    }
  }

  const active = s.status === st.SCHOOL_STUDENT_STATUS.active;
  const status = () =>
    run(t(active ? 'students.confirmDisable' : 'students.confirmEnable', { name: s.name }), async () => {
      const next = active ? st.SCHOOL_STUDENT_STATUS.disabled : st.SCHOOL_STUDENT_STATUS.active;
      onChanged(await staffSend(st.adminStudentStatus, { status: next }, params));
      toast(t(active ? 'students.disabled' : 'students.enabled'), 'success');
    });
  const signOut = () =>
    run(t('students.confirmSignOut', { name: s.name }), async () => {
      const { ended } = await staffSend(st.adminStudentSignOut, {}, params);
      toast(t('students.signedOut', { n: ended }), 'success');
    });

  return (
    <Section title={t('students.actions')}>
      <form
        noValidate
        className="grid max-w-xl gap-3 sm:grid-cols-2"
        aria-label={t('students.edit')}
        onSubmit={form.onSubmit(['name', 'mobile'], async (v) => {
          const edit = { name: v.name.trim(), mobile: v.mobile.trim() };
          if (!(await confirmDialog(t('students.confirmSave', edit)))) return;
          onChanged(await staffSend(st.adminStudentSave, edit, params));
          toast(t('students.saved'), 'success');
        })}
      >
        <TextField {...form.field('name')} {...NAME_INPUT} label={t('students.name')} maxLength={st.STUDENT_NAME_MAX} />
        <TextField {...form.field('mobile')} {...MOBILE_INPUT} label={t('students.mobile')} maxLength={11} />
        <div className="sm:col-span-2">
          <FormMessage text={form.notice?.text ?? null} />
        </div>
        <div className="max-w-48">
          <SubmitButton busy={form.submitting} text={t('students.save')} busyText={t('students.saving')} />
        </div>
      </form>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button kind={active ? 'danger' : 'plain'} disabled={busy} onClick={() => void status()}>
          {t(active ? 'students.disable' : 'students.enable')}
        </Button>
        <Button kind="danger" disabled={busy} onClick={() => void signOut()}>
          {t('students.signOut')}
        </Button>
      </div>
    </Section>
  );
}
