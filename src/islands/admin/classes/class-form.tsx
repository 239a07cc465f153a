import { t } from '~/lib/i18n/messages/admin-classes';
import * as cls from '~/lib/api/contracts/admin-classes';
import { staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { CLASS_LIMITS, classFields } from '~/lib/forms/classes';
import { CLASS_TEACHER_ROLES, TEACHING_CLASS_STATUSES, type ClassTeacherRole } from '~/lib/learning/class-admin';
import { formatDate } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { useForm } from '../../shared/use-form';
import { Button, fieldClass, useLoaded } from '../shared';
import { FieldBox as Labelled, FormButtons, listEdits, Options, SelectField } from '../kit';

/** The class form and the small helpers the classes screens share. */

export const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
export const dayText = (ms: number | null) => (ms === null ? '' : formatDate(ms));
export const teachingStatusLabel = (s: number) => t(`classes.teachingStatus.${s}` as 'classes.teachingStatus.0');
export const teacherRoleLabel = (r: ClassTeacherRole) => t(`classes.teacherRole.${r}`);

const check = schemaCheck(classFields);
/** The text fields the schema checks on submit. */
const CHECKED = ['name', 'productName', 'learningGoal'] as const;

interface TeacherRow {
  accountId: string;
  role: ClassTeacherRole;
}

function valuesOf(initial: cls.AdminClass | null) {
  return {
    name: initial?.name ?? '',
    productName: initial?.productName ?? '',
    teachingClassStatus: String(initial?.teachingClassStatus ?? 0),
    trainingStart: dayText(initial?.trainingStartAt ?? null),
    trainingEnd: dayText(initial?.trainingEndAt ?? null),
    expectedOpen: dayText(initial?.expectedOpenAt ?? null),
    experience: initial?.experience ?? false,
    learningGoal: initial?.learningGoal ?? '',
    teachers: initial?.teachers.map((x): TeacherRow => ({ accountId: x.accountId, role: x.role })) ?? [],
  };
}
type Values = ReturnType<typeof valuesOf>;
type Form = ReturnType<typeof useForm<Values>>;
type TextName = 'name' | 'productName' | 'expectedOpen' | 'trainingStart' | 'trainingEnd' | 'learningGoal';

/** The props tying a text control to the form: value, change, leaving, message. */
function bind(form: Form, name: TextName) {
  const { id, value, error, onValue } = form.field(name);
  return {
    id,
    value,
    className: fieldClass,
    onChange: (e: { target: { value: string } }) => onValue(e.target.value),
    onBlur: () => form.blur(name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

/** The class's own fields: names, state, days, whether it is a trial class, its goal. */
function ClassFields({ form }: { form: Form }) {
  const v = form.values;
  const input = (name: TextName, label: string, extra: { type?: string; required?: boolean; maxLength?: number } = {}) => (
    <Labelled id={form.id(name)} label={label} error={form.errors[name]}>
      <input {...extra} {...bind(form, name)} />
    </Labelled>
  );
  return (
    <>
      {input('name', t('classes.field.name'), { required: true, maxLength: CLASS_LIMITS.name })}
      {input('productName', t('classes.field.product'), { maxLength: CLASS_LIMITS.productName })}
      <SelectField
        id="class-status"
        label={t('classes.field.status')}
        value={v.teachingClassStatus}
        onValue={(s) => form.change('teachingClassStatus', s)}
        options={TEACHING_CLASS_STATUSES.map((s) => [s, teachingStatusLabel(s)] as const)}
      />
      {input('expectedOpen', t('classes.field.expectedOpen'), { type: 'date' })}
      {input('trainingStart', t('classes.field.start'), { type: 'date' })}
      {input('trainingEnd', t('classes.field.end'), { type: 'date' })}
      <div className="flex items-center gap-2 sm:col-span-2">
        <input id="class-experience" type="checkbox" checked={v.experience} onChange={(e) => form.change('experience', e.target.checked)} />
        <label htmlFor="class-experience" className="text-sm font-medium">
          {t('classes.field.experience')}
        </label>
      </div>
      <div className="sm:col-span-2">
        <Labelled id={form.id('learningGoal')} label={t('classes.field.goal')} error={form.errors.learningGoal}>
          <textarea maxLength={CLASS_LIMITS.learningGoal} rows={3} {...bind(form, 'learningGoal')} />
        </Labelled>
      </div>
    </>
  );
}

const SMALL_SELECT = 'rounded border border-slate-300 bg-white px-2 py-1 text-sm';

/** The class's teachers, each an account and a role; the first added leads unless one already does. */
function TeacherRows({ form, options }: { form: Form; options: readonly { accountId: string; name: string }[] }) {
  const teachers = form.values.teachers;
  const edit = listEdits(teachers, (list) => form.change('teachers', list));
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">{t('classes.field.teachers')}</legend>
      {teachers.map((x, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
        <div key={i} className="mb-2 flex flex-wrap items-center gap-2">
          <select
            aria-label={`${t('classes.field.teacher')} ${i + 1}`}
            className={SMALL_SELECT}
            value={x.accountId}
            onChange={(e) => edit.put(i, { accountId: e.target.value })}
          >
            <Options options={options.map((o) => [o.accountId, o.name] as const)} none={t('classes.chooseTeacher')} />
          </select>
          <select
            aria-label={`${t('classes.field.teacherRole')} ${i + 1}`}
            className={SMALL_SELECT}
            value={x.role}
            onChange={(e) => edit.put(i, { role: e.target.value as ClassTeacherRole })}
          >
            {CLASS_TEACHER_ROLES.map((r) => (
              <option key={r} value={r}>
                {teacherRoleLabel(r)}
              </option>
            ))}
          </select>
          <Button kind="danger" onClick={() => edit.remove(i)}>
            {t('classes.removeTeacher')}
          </Button>
        </div>
      ))}
      <Button onClick={() => edit.add({ accountId: '', role: teachers.some((x) => x.role === 'head') ? 'course' : 'head' })}>{t('classes.addTeacher')}</Button>
    </fieldset>
  );
}

/** The class form (administrators): fields, then its teachers with their roles; checked with the schema its route validates with. */
export function ClassForm({ initial, onSaved, onCancel }: { initial: cls.AdminClass | null; onSaved: (c: cls.AdminClass) => void; onCancel: () => void }) {
  const options = useLoaded(() => staffSend(cls.adminClassTeacherOptions, {}));
  const form = useForm<Values>({ initial: () => valuesOf(initial), check });
  const submit = form.onSubmit(CHECKED, async (v) => {
    const input: cls.ClassInput = { ...v, teachingClassStatus: Number(v.teachingClassStatus), teachers: v.teachers.filter((x) => x.accountId) };
    onSaved(await staffSend(cls.adminClassSave, initial ? { ...input, id: initial.id } : input));
  });

  return (
    <Modal open title={initial ? t('classes.edit') : t('classes.new')} onClose={onCancel}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <ClassFields form={form} />
        <TeacherRows form={form} options={options.data ?? []} />
        {form.notice && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {form.notice.text}
          </p>
        )}
        <FormButtons className="flex justify-end gap-2 sm:col-span-2" save={t('classes.save')} busy={form.submitting} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
