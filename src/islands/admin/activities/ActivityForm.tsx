import { t } from '~/lib/i18n/messages/admin-activities';
import * as act from '~/lib/api/contracts/admin-activities';
import { staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { ACTIVITY_LIMITS, activityFields } from '~/lib/forms/activities';
import { RECURRENCE_CAP, WEEKDAYS, expandWeekly } from '~/lib/learning/recurrence';
import { parseDateTime } from '~/lib/time/cst';
import { Modal } from '../../shared/Modal';
import { useForm } from '../../shared/use-form';
import { fieldClass, useLoaded } from '../shared';
import { Choice, Field, FormEnd, KIND_OPTIONS, REQUIRED_OPTIONS, Select } from './bits';
import { localInputValue } from '~/lib/time/cst';
import { textValues } from '../kit';

/**
 * An activity's dialog: made once or every week on chosen weekdays (new ones), changed alone or
 * with the later ones of its series (edited ones). Fields are checked with the schema the route
 * validates with (src/lib/forms/activities.ts).
 */

const weekdayLabel = (d: number) => t(`activities.weekday.${d}` as 'activities.weekday.0');
const check = schemaCheck(activityFields);
/** The fields the schema checks on submit. */
const CHECKED = ['name', 'start', 'end', 'position', 'address'] as const;

function valuesOf(initial: act.AdminActivity | null) {
  return {
    ...textValues(initial, ['name', 'courseId', 'classroomId', 'position', 'address']),
    onlineType: String(initial?.onlineType ?? 1),
    isRequired: String(initial?.isRequired ?? 1),
    start: initial ? localInputValue(initial.startAt) : '',
    end: initial ? localInputValue(initial.endAt) : '',
    signIn: initial?.signIn ?? true,
    signOut: initial?.signOut ?? false,
    onlineAttendance: initial?.onlineAttendance ?? false,
    repeatOn: false,
    weekdays: [] as number[],
    repeatEnd: 'count' as 'count' | 'until',
    repeatCount: '10',
    repeatUntil: '',
    scope: 'one' as act.SeriesScope,
  };
}
type Values = ReturnType<typeof valuesOf>;
type Form = ReturnType<typeof useForm<Values>>;

/** What the route is sent: the typed values, and for a new weekly activity its rule. */
function inputOf(v: Values, initial: act.AdminActivity | null): act.ActivityInput {
  return {
    name: v.name,
    position: v.position,
    address: v.address,
    signIn: v.signIn,
    signOut: v.signOut,
    start: v.start.replace('T', ' '),
    end: v.end.replace('T', ' '),
    onlineType: Number(v.onlineType),
    isRequired: Number(v.isRequired),
    courseId: v.courseId || null,
    classroomId: v.classroomId || null,
    onlineAttendance: v.onlineType === '1' && v.onlineAttendance,
    ...(initial ? { activityId: initial.id, scope: v.scope } : {}),
    ...(!initial && v.repeatOn
      ? {
          repeat: {
            weekdays: v.weekdays,
            ...(v.repeatEnd === 'count' ? { count: Number(v.repeatCount) || null } : { until: v.repeatUntil || null }),
          },
        }
      : {}),
  };
}

/** How many activities the weekly rule makes, said while it is typed. */
function repeatPreview(v: Values): string | null {
  if (!v.repeatOn) return null;
  const startAt = parseDateTime(v.start);
  const endAt = parseDateTime(v.end);
  if (!Number.isFinite(startAt) || !Number.isFinite(endAt)) return null;
  const r = expandWeekly({
    startAt,
    endAt,
    weekdays: v.weekdays,
    count: v.repeatEnd === 'count' ? Number(v.repeatCount) : undefined,
    until: v.repeatEnd === 'until' && v.repeatUntil ? parseDateTime(v.repeatUntil) : undefined,
  });
  return r.ok ? t('activities.repeatPreview', { count: r.occurrences.length }) : null;
}

/** A text input of the form, tied to its value and message. */
function TextInput({
  form,
  name,
  label,
  ...input
}: {
  form: Form;
  name: (typeof CHECKED)[number];
  label: string;
  type?: string;
  required?: boolean;
  maxLength?: number;
}) {
  const id = form.id(name);
  const error = form.errors[name];
  return (
    <Field id={id} label={label} error={error}>
      <input
        {...input}
        id={id}
        className={fieldClass}
        value={form.values[name]}
        onChange={(e) => form.change(name, e.target.value)}
        onBlur={() => form.blur(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}

/** The course and its lesson the activity is of (none, or a lesson of the chosen course). */
function CourseFields({ form, options }: { form: Form; options: act.ActivityOptions | null }) {
  const v = form.values;
  const lessons = options?.courses.find((c) => c.id === v.courseId)?.lessons ?? [];
  const none = [['', t('activities.none')]] as const;
  return (
    <>
      <Select
        id="activity-course"
        label={t('activities.course')}
        value={v.courseId}
        onValue={(courseId) => form.setValues((o) => ({ ...o, courseId, classroomId: '' }))}
        options={[...none, ...(options?.courses ?? []).map((c) => [c.id, c.name] as const)]}
      />
      <Select
        id="activity-lesson"
        label={t('activities.lesson')}
        value={v.classroomId}
        onValue={(classroomId) => form.change('classroomId', classroomId)}
        options={[...none, ...lessons.map((l) => [l.id, l.name] as const)]}
      />
    </>
  );
}

/** How the activity is attended: online or on site, required or elective, signing in and out. */
function AttendanceFields({ form }: { form: Form }) {
  const v = form.values;
  return (
    <>
      <Select
        id="activity-kind"
        label={t('activities.kind')}
        value={v.onlineType}
        onValue={(onlineType) => form.change('onlineType', onlineType)}
        options={KIND_OPTIONS}
      />
      <Select
        id="activity-required"
        label={t('activities.requiredOrElective')}
        value={v.isRequired}
        onValue={(isRequired) => form.change('isRequired', isRequired)}
        options={REQUIRED_OPTIONS}
      />
    </>
  );
}

function SignFields({ form }: { form: Form }) {
  const v = form.values;
  return (
    <div className="flex flex-wrap gap-4 sm:col-span-2">
      <Choice
        id="activity-sign-in"
        label={t('activities.signIn')}
        checked={v.signIn}
        onChange={(b) => form.setValues((o) => ({ ...o, signIn: b, signOut: b && o.signOut }))}
      />
      <Choice id="activity-sign-out" label={t('activities.signOut')} checked={v.signOut} onChange={(b) => form.change('signOut', b)} />
      {v.onlineType === '1' && (
        <Choice
          id="activity-online-attendance"
          label={t('activities.onlineAttendance')}
          checked={v.onlineAttendance}
          onChange={(b) => form.change('onlineAttendance', b)}
        />
      )}
    </div>
  );
}

/** One way a weekly series ends: after a count of activities, or on a day. */
function RepeatEnd({ form, end, type }: { form: Form; end: 'count' | 'until'; type: 'number' | 'date' }) {
  const label = t(end === 'count' ? 'activities.repeatCount' : 'activities.repeatUntil');
  const field = end === 'count' ? 'repeatCount' : 'repeatUntil';
  return (
    <div>
      <Choice
        id={`repeat-by-${end}`}
        type="radio"
        name="repeat-end"
        label={label}
        checked={form.values.repeatEnd === end}
        onChange={() => form.change('repeatEnd', end)}
      />
      {form.values.repeatEnd === end && (
        <input
          aria-label={label}
          type={type}
          {...(type === 'number' ? { min: 1, max: RECURRENCE_CAP } : {})}
          className={`${fieldClass} mt-1`}
          value={form.values[field]}
          onChange={(e) => form.change(field, e.target.value)}
        />
      )}
    </div>
  );
}

/** A new activity's weekly repetition: its weekdays, how it ends, how many it makes. */
function RepeatFields({ form }: { form: Form }) {
  const v = form.values;
  const preview = repeatPreview(v);
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-medium">{t('activities.repeat')}</legend>
      <Choice id="activity-repeat" label={t('activities.repeat')} checked={v.repeatOn} onChange={(b) => form.change('repeatOn', b)} />
      {v.repeatOn && (
        <div className="mt-3 grid gap-3">
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((d) => (
              <Choice
                key={d}
                id={`repeat-day-${d}`}
                label={weekdayLabel(d)}
                strong={false}
                checked={v.weekdays.includes(d)}
                onChange={(b) => form.change('weekdays', b ? [...v.weekdays, d] : v.weekdays.filter((x) => x !== d))}
              />
            ))}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <RepeatEnd form={form} end="count" type="number" />
            <RepeatEnd form={form} end="until" type="date" />
          </div>
          {preview && <p className="text-sm text-slate-700">{preview}</p>}
        </div>
      )}
    </fieldset>
  );
}

/** An edited activity of a series: this one alone, or this and the later ones. */
function ScopeFields({ form }: { form: Form }) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">{t('activities.scope')}</legend>
      <div className="flex gap-4">
        {(['one', 'following'] as const).map((k) => (
          <Choice
            key={k}
            id={`scope-${k}`}
            type="radio"
            name="scope"
            strong={false}
            label={t(`activities.scope.${k}`)}
            checked={form.values.scope === k}
            onChange={() => form.change('scope', k)}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function ActivityForm({
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
  const form = useForm<Values>({ initial: () => valuesOf(initial), check });
  const submit = form.onSubmit(CHECKED, async (v) => {
    const saved = await staffSend(act.adminActivitySave, inputOf(v, initial), { params });
    onSaved(saved.ids.length);
  });

  return (
    <Modal open title={initial ? t('activities.edit') : t('activities.new')} onClose={onCancel}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextInput form={form} name="name" label={t('activities.name')} required maxLength={ACTIVITY_LIMITS.name} />
        </div>
        <CourseFields form={form} options={options.data} />
        <AttendanceFields form={form} />
        <TextInput form={form} name="start" label={t('activities.start')} type="datetime-local" required />
        <TextInput form={form} name="end" label={t('activities.end')} type="datetime-local" required />
        <TextInput form={form} name="position" label={t('activities.position')} maxLength={ACTIVITY_LIMITS.position} />
        <TextInput form={form} name="address" label={t('activities.address')} maxLength={ACTIVITY_LIMITS.address} />
        <SignFields form={form} />
        {!initial && <RepeatFields form={form} />}
        {initial?.seriesId && <ScopeFields form={form} />}
        <FormEnd notice={form.notice?.text} busy={form.submitting} onCancel={onCancel} wide />
      </form>
    </Modal>
  );
}
