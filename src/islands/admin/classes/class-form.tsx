import { useState, type FormEvent, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-classes';
import * as cls from '~/lib/api/contracts/admin-classes';
import { staffSend } from '~/lib/api/staff-client';
import { CLASS_TEACHER_ROLES, TEACHING_CLASS_STATUSES, type ClassTeacherRole } from '~/lib/learning/class-admin';
import { formatDate } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { Button, fieldClass, useLoaded } from '../shared';

/** The class form and the small helpers the classes screens share. */

export const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
export const dayText = (ms: number | null) => (ms === null ? '' : formatDate(ms));
export const teachingStatusLabel = (s: number) => t(`classes.teachingStatus.${s}` as 'classes.teachingStatus.0');
export const teacherRoleLabel = (r: ClassTeacherRole) => t(`classes.teacherRole.${r}`);

/** The class form (administrators): fields, then its teachers with their roles. */
export function ClassForm({ initial, onSaved, onCancel }: { initial: cls.AdminClass | null; onSaved: (c: cls.AdminClass) => void; onCancel: () => void }) {
  const options = useLoaded(() => staffSend(cls.adminClassTeacherOptions, {}));
  const [v, setV] = useState({
    name: initial?.name ?? '',
    productName: initial?.productName ?? '',
    teachingClassStatus: String(initial?.teachingClassStatus ?? 0),
    trainingStart: dayText(initial?.trainingStartAt ?? null),
    trainingEnd: dayText(initial?.trainingEndAt ?? null),
    expectedOpen: dayText(initial?.expectedOpenAt ?? null),
    experience: initial?.experience ?? false,
    learningGoal: initial?.learningGoal ?? '',
  });
  const [teachers, setTeachers] = useState<{ accountId: string; role: ClassTeacherRole }[]>(
    initial?.teachers.map((x) => ({ accountId: x.accountId, role: x.role })) ?? [],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const input: cls.ClassInput = { ...v, teachingClassStatus: Number(v.teachingClassStatus), teachers: teachers.filter((x) => x.accountId) };
      onSaved(await staffSend(cls.adminClassSave, initial ? { ...input, id: initial.id } : input));
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }

  const field = (id: string, label: string, input: ReactNode) => (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {input}
    </div>
  );

  return (
    <Modal open title={initial ? t('classes.edit') : t('classes.new')} onClose={onCancel}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        {field(
          'class-name',
          t('classes.field.name'),
          <input id="class-name" required maxLength={100} className={fieldClass} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />,
        )}
        {field(
          'class-product',
          t('classes.field.product'),
          <input
            id="class-product"
            maxLength={100}
            className={fieldClass}
            value={v.productName}
            onChange={(e) => setV({ ...v, productName: e.target.value })}
          />,
        )}
        {field(
          'class-status',
          t('classes.field.status'),
          <select id="class-status" className={fieldClass} value={v.teachingClassStatus} onChange={(e) => setV({ ...v, teachingClassStatus: e.target.value })}>
            {TEACHING_CLASS_STATUSES.map((s) => (
              <option key={s} value={s}>
                {teachingStatusLabel(s)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'class-open',
          t('classes.field.expectedOpen'),
          <input id="class-open" type="date" className={fieldClass} value={v.expectedOpen} onChange={(e) => setV({ ...v, expectedOpen: e.target.value })} />,
        )}
        {field(
          'class-start',
          t('classes.field.start'),
          <input id="class-start" type="date" className={fieldClass} value={v.trainingStart} onChange={(e) => setV({ ...v, trainingStart: e.target.value })} />,
        )}
        {field(
          'class-end',
          t('classes.field.end'),
          <input id="class-end" type="date" className={fieldClass} value={v.trainingEnd} onChange={(e) => setV({ ...v, trainingEnd: e.target.value })} />,
        )}
        <div className="flex items-center gap-2 sm:col-span-2">
          <input id="class-experience" type="checkbox" checked={v.experience} onChange={(e) => setV({ ...v, experience: e.target.checked })} />
          <label htmlFor="class-experience" className="text-sm font-medium">
            {t('classes.field.experience')}
          </label>
        </div>
        <div className="sm:col-span-2">
          {field(
            'class-goal',
            t('classes.field.goal'),
            <textarea
              id="class-goal"
              maxLength={1000}
              rows={3}
              className={fieldClass}
              value={v.learningGoal}
              onChange={(e) => setV({ ...v, learningGoal: e.target.value })}
            />,
          )}
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">{t('classes.field.teachers')}</legend>
          {teachers.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
            <div key={i} className="mb-2 flex flex-wrap items-center gap-2">
              <select
                aria-label={`${t('classes.field.teacher')} ${i + 1}`}
                className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
                value={x.accountId}
                onChange={(e) => setTeachers(teachers.map((y, j) => (j === i ? { ...y, accountId: e.target.value } : y)))}
              >
                <option value="">{t('classes.chooseTeacher')}</option>
                {(options.data ?? []).map((o) => (
                  <option key={o.accountId} value={o.accountId}>
                    {o.name}
                  </option>
                ))}
              </select>
              <select
                aria-label={`${t('classes.field.teacherRole')} ${i + 1}`}
                className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
                value={x.role}
                onChange={(e) => setTeachers(teachers.map((y, j) => (j === i ? { ...y, role: e.target.value as ClassTeacherRole } : y)))}
              >
                {CLASS_TEACHER_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {teacherRoleLabel(r)}
                  </option>
                ))}
              </select>
              <Button kind="danger" onClick={() => setTeachers(teachers.filter((_y, j) => j !== i))}>
                {t('classes.removeTeacher')}
              </Button>
            </div>
          ))}
          <Button onClick={() => setTeachers([...teachers, { accountId: '', role: teachers.some((x) => x.role === 'head') ? 'course' : 'head' }])}>
            {t('classes.addTeacher')}
          </Button>
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <Button kind="primary" type="submit" disabled={busy}>
            {t('classes.save')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </div>
      </form>
    </Modal>
  );
}
