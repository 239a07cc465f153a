import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-activities';
import * as act from '~/lib/api/contracts/admin-activities';
import { staffDownload, staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { CORRECTION_REASON_MAX, correctionFields } from '~/lib/forms/activities';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { useForm } from '../../shared/use-form';
import { Button, LoadState, Section, TableBox, fieldClass, td, timeText, useLoaded } from '../shared';
import { Choice, Field, FormEnd, HeadRow, Select, fail } from './bits';
import { localInputValue } from '~/lib/time/cst';

/** An activity's attendance with every student, a teacher's correction with a reason, and the CSV file. */

const stateLabel = (s: act.AttendanceState) => t(`attendance.state.${s}` as 'attendance.state.0');
const check = schemaCheck(correctionFields);

export function AttendanceSheet({ classId, activity, onBack }: { classId: string; activity: act.AdminActivity; onBack: () => void }) {
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
          <AttendanceTable title={title} rows={sheet.data.rows} onCorrect={setCorrecting} />
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

function AttendanceTable({ title, rows, onCorrect }: { title: string; rows: readonly act.AttendanceRow[]; onCorrect: (row: act.AttendanceRow) => void }) {
  return (
    <TableBox label={title}>
      <HeadRow labels={[...(['student', 'mobile', 'signInAt', 'signOutAt', 'state'] as const).map((k) => t(`attendance.${k}`)), t('activities.actions')]} />
      <tbody>
        {rows.map((r) => (
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
              <Button onClick={() => onCorrect(r)}>
                {t('attendance.correct')}
                <span className="sr-only"> {r.name}</span>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
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
  /** The time a correction of this kind starts from: the one recorded, else the activity's start or end. */
  const timeOf = (type: number) =>
    localInputValue((type === SIGN_IN ? row.signedInAt : row.signedOutAt) ?? (type === SIGN_IN ? activity.startAt : activity.endAt));
  const firstType = row.signedInAt === null ? SIGN_IN : SIGN_OUT;
  const form = useForm({
    initial: { type: String(firstType), action: 'set' as 'set' | 'remove', signedAt: timeOf(firstType), reason: '' },
    check,
  });
  const v = form.values;
  const submit = form.onSubmit(v.action === 'set' ? ['signedAt', 'reason'] : ['reason'], async (values) => {
    const signedAt = values.action === 'set' ? values.signedAt.replace('T', ' ') : null;
    const input = { activityId: activity.id, studentId: row.studentId, type: Number(values.type), signedAt, reason: values.reason };
    await staffSend(act.adminAttendanceCorrect, input, { params: { id: classId } });
    onDone();
  });

  return (
    <Modal open title={t('attendance.correctTitle', { name: row.name })} onClose={onCancel}>
      <form onSubmit={submit} className="grid gap-3">
        <Select
          id="correct-type"
          label={t('attendance.type')}
          value={v.type}
          onValue={(type) => form.setValues((o) => ({ ...o, type, signedAt: timeOf(Number(type)) }))}
          options={[
            [String(SIGN_IN), t('attendance.type.1')],
            [String(SIGN_OUT), t('attendance.type.2')],
          ]}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('attendance.action')}</legend>
          <div className="flex gap-4">
            {(['set', 'remove'] as const).map((k) => (
              <Choice
                key={k}
                id={`correct-${k}`}
                type="radio"
                name="correct-action"
                strong={false}
                label={t(`attendance.${k}`)}
                checked={v.action === k}
                onChange={() => form.change('action', k)}
              />
            ))}
          </div>
        </fieldset>
        {v.action === 'set' && (
          <Field id={form.id('signedAt')} label={t('attendance.at')} error={form.errors.signedAt}>
            <input id={form.id('signedAt')} type="datetime-local" required className={fieldClass} {...textProps(form, 'signedAt')} />
          </Field>
        )}
        <Field id={form.id('reason')} label={t('attendance.reason')} error={form.errors.reason}>
          <textarea id={form.id('reason')} required maxLength={CORRECTION_REASON_MAX} rows={3} className={fieldClass} {...textProps(form, 'reason')} />
        </Field>
        <FormEnd notice={form.notice?.text} busy={form.submitting} onCancel={onCancel} />
      </form>
    </Modal>
  );
}

/** A text control's value, change, leaving and message state, from the form. */
function textProps<F extends string>(
  form: { values: Record<F, string>; errors: Partial<Record<F, string>>; change: (f: F, v: string) => void; blur: (f: F) => void; id: (f: string) => string },
  name: F,
) {
  const error = form.errors[name];
  return {
    value: form.values[name],
    onChange: (e: { target: { value: string } }) => form.change(name, e.target.value),
    onBlur: () => form.blur(name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${form.id(name)}-error` : undefined,
  };
}
