import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import * as media from '~/lib/api/contracts/admin-media';
import { staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { lessonFields } from '~/lib/forms/courses';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { COURSE_LIMITS, LIVE_STATUSES, MEDIA_LESSON_KIND, STAFF_LESSON_TYPES } from '~/lib/learning/course-admin';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import type { MediaKind } from '~/lib/media-library';
import { useForm } from '../../shared/use-form';
import { Button, fieldClass, useLoaded } from '../shared';
import { ImageField } from '../upload';
import { RichTextField } from '../editor/RichTextField';
import { Choice, Field, Labelled } from './Field';
import { dutyLabel, fail, minuteText, typeLabel } from './course-ui';
import { FormButtons, listEdits, textValues } from '../kit';

/**
 * A lesson's form, by its type: media lessons pick ready files of the school's media library (the
 * length comes from the file), an article is written in the one editor, live and face-to-face
 * lessons take their times (and place, teachers), homework and tests may take a work of the course.
 * Its fields are checked with the schema the route validates with (src/lib/forms/courses.ts).
 */

const check = schemaCheck(lessonFields);
/** The highest duty target a lesson may set. */
const DUTY_TARGET_MAX = COURSE_LIMITS.dutyTarget;

interface Teacher {
  name: string;
  avatar: string;
}

function valuesOf(course: crs.AdminCourse, sectionId: string, row: crs.AdminLesson | null) {
  return {
    ...textValues(row, ['name', 'html', 'summary', 'replayUrl', 'position', 'address', 'notes']),
    classroomType: String(row?.classroomType ?? CLASSROOM_TYPE.VIDEO),
    mustLearn: String(row?.mustLearn ?? 1),
    sectionId: row?.sectionId ?? sectionId,
    assetIds: row?.assetIds ?? [],
    liveStatus: String(row?.liveStatus ?? 0),
    start: minuteText(row?.classStartAt ?? null),
    end: minuteText(row?.classEndAt ?? null),
    points: (row?.points ?? []).join('\n'),
    workId: row?.works[0]?.id ?? '',
    // The face-to-face lesson's teachers, each with a picture (the first leads).
    teachers: row ? row.teachers.map((name, i): Teacher => ({ name, avatar: row.teacherAvatars?.[i] ?? '' })) : [{ name: '', avatar: '' }],
    // The lesson's own duty targets: the course's types, 0 not counted.
    duties: Object.fromEntries(course.duties.map((d) => [d.dutyType, String(row?.duties.find((x) => x.dutyType === d.dutyType)?.targetValue ?? 0)])),
  };
}
type Values = ReturnType<typeof valuesOf>;
type Form = ReturnType<typeof useForm<Values>>;
type TextName = 'name' | 'summary' | 'start' | 'end' | 'replayUrl' | 'position' | 'address';

/** What kind of lesson the form holds now. */
function shapeOf(v: Values, course: crs.AdminCourse) {
  const type = Number(v.classroomType);
  return {
    type,
    kind: MEDIA_LESSON_KIND[type],
    timed: type === CLASSROOM_TYPE.LIVE || type === CLASSROOM_TYPE.FACE_TO_FACE,
    face: type === CLASSROOM_TYPE.FACE_TO_FACE,
    works: course.works.filter((w) => (type === CLASSROOM_TYPE.HOMEWORK ? w.kind === 'homework' : type === CLASSROOM_TYPE.TEST && w.kind === 'test')),
  };
}

/** The fields the schema checks on submit for this kind of lesson. */
function checkedFields({ type, timed, face }: ReturnType<typeof shapeOf>): TextName[] {
  return [
    'name',
    ...(type === CLASSROOM_TYPE.IMAGE ? (['summary'] as const) : []),
    ...(timed ? (['start', 'end'] as const) : []),
    ...(type === CLASSROOM_TYPE.LIVE ? (['replayUrl'] as const) : []),
    ...(face ? (['position', 'address'] as const) : []),
  ];
}

/** What the route is sent: the fields of this kind of lesson, none of another's. */
function inputOf(v: Values, course: crs.AdminCourse, row: crs.AdminLesson | null): crs.LessonInput {
  const shape = shapeOf(v, course);
  const { type, kind, timed, face } = shape;
  const named = v.teachers.filter((x) => x.name.trim());
  return {
    ...(row ? { lessonId: row.id } : {}),
    sectionId: v.sectionId,
    name: v.name,
    classroomType: type,
    mustLearn: Number(v.mustLearn),
    assetIds: kind ? v.assetIds : [],
    html: type === CLASSROOM_TYPE.ARTICLE ? v.html : null,
    summary: type === CLASSROOM_TYPE.IMAGE ? v.summary : null,
    liveStatus: type === CLASSROOM_TYPE.LIVE ? Number(v.liveStatus) : null,
    start: timed ? v.start : null,
    end: timed ? v.end : null,
    replayUrl: type === CLASSROOM_TYPE.LIVE ? v.replayUrl : null,
    position: face ? v.position : null,
    address: face ? v.address : null,
    teachers: face ? named.map((x) => x.name.trim()) : [],
    teacherAvatars: face ? named.map((x) => x.avatar || null) : [],
    notes: face ? v.notes : null,
    points: face
      ? v.points
          .split('\n')
          .map((x) => x.trim())
          .filter(Boolean)
      : [],
    duties: course.duties.map((d) => ({ dutyType: d.dutyType, targetValue: Number(v.duties[d.dutyType] || 0) })),
    workId: shape.works.length && v.workId ? v.workId : null,
  };
}

/** A text field of the form with its label and message. */
function Text({ form, name, label, ...rest }: { form: Form; name: TextName; label: string; required?: boolean; maxLength?: number; hint?: string }) {
  const { id, value, error, onValue } = form.field(name);
  return <Field id={id} label={label} value={value} error={error} onValue={onValue} onBlur={() => form.blur(name)} {...rest} />;
}

/** The media lesson's files: ready ones of the library's kind (several pictures, else one), and a picture lesson's summary. */
function MediaPicker({ form, kind, type }: { form: Form; kind: MediaKind; type: number }) {
  const assets = useLoaded(() => staffSend(media.adminMediaPage, { kind, state: 'ready', size: 100 }).then((p) => p.records));
  const many = type === CLASSROOM_TYPE.IMAGE;
  const ids = form.values.assetIds;
  const toggle = (id: string, on: boolean) => form.change('assetIds', on ? (many ? [...ids, id] : [id]) : ids.filter((x) => x !== id));
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-sm font-medium">{t('courses.lesson.asset')}</legend>
      {assets.data && assets.data.length === 0 && <p className="text-sm text-muted">{t('courses.lesson.noAssets')}</p>}
      <ul className="max-h-60 space-y-1 overflow-y-auto">
        {(assets.data ?? []).map((a) => (
          <li key={a.id}>
            <label className="flex items-center gap-2 text-sm">
              <input type={many ? 'checkbox' : 'radio'} name="lesson-asset" checked={ids.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />
              {a.name}
            </label>
          </li>
        ))}
      </ul>
      {many && (
        <div className="mt-3">
          <Text form={form} name="summary" label={t('courses.lesson.summary')} maxLength={COURSE_LIMITS.summary} />
        </div>
      )}
    </fieldset>
  );
}

/** A live lesson's state and replay address. */
function LiveFields({ form }: { form: Form }) {
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <Choice
        id="lesson-live"
        label={t('courses.lesson.liveStatus')}
        value={form.values.liveStatus}
        onValue={(v) => form.change('liveStatus', v)}
        options={LIVE_STATUSES.map((n) => [n, t(`courses.live.${n}` as 'courses.live.0')] as const)}
      />
      <Text form={form} name="replayUrl" label={t('courses.lesson.replay')} maxLength={COURSE_LIMITS.url} />
    </div>
  );
}

/** A face-to-face lesson's teachers: a name and a picture each, added and removed. */
function TeacherList({ form }: { form: Form }) {
  const teachers = form.values.teachers;
  const edit = listEdits(teachers, (list) => form.change('teachers', list));
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">{t('courses.lesson.teacherList')}</legend>
      <ul className="space-y-3">
        {teachers.map((x, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows being typed have no id; a row is removed by its place
          <li key={i} className="rounded-lg border border-slate-200 p-3">
            <p className="mb-2 text-xs text-muted">{t('courses.lesson.teacherN', { n: i + 1 })}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id={`lesson-teacher-${i}`}
                label={t('courses.lesson.teacherName')}
                value={x.name}
                onValue={(name) => edit.put(i, { name })}
                maxLength={COURSE_LIMITS.teacherName}
              />
              <ImageField
                label={`${t('courses.lesson.teacherPicture')} ${i + 1}`}
                value={x.avatar}
                onChange={(avatar) => edit.put(i, { avatar })}
                purpose={UPLOAD_PURPOSE.cover}
                optional
              />
            </div>
            <Button kind="danger" onClick={() => edit.remove(i)}>
              {t('courses.lesson.teacherRemove')}
              <span className="sr-only"> {i + 1}</span>
            </Button>
          </li>
        ))}
      </ul>
      {teachers.length < COURSE_LIMITS.teachers && (
        <p className="mt-2">
          <Button onClick={() => edit.add({ name: '', avatar: '' })}>{t('courses.lesson.teacherAdd')}</Button>
        </p>
      )}
    </fieldset>
  );
}

/** A face-to-face lesson's place, notes, points of knowledge and teachers. */
function FaceToFaceFields({ form }: { form: Form }) {
  const area = (name: 'notes' | 'points', label: string, rows: number, maxLength?: number) => (
    <div className="sm:col-span-2">
      <Labelled id={`lesson-${name}`} label={label} error={form.errors[name]}>
        <textarea
          id={`lesson-${name}`}
          rows={rows}
          maxLength={maxLength}
          className={fieldClass}
          value={form.values[name]}
          onChange={(e) => form.change(name, e.target.value)}
        />
      </Labelled>
    </div>
  );
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <Text form={form} name="position" label={t('courses.lesson.position')} maxLength={COURSE_LIMITS.position} />
      <Text form={form} name="address" label={t('courses.lesson.address')} maxLength={COURSE_LIMITS.address} />
      {area('notes', t('courses.lesson.notes'), 3, COURSE_LIMITS.notes)}
      {area('points', t('courses.lesson.points'), 4)}
      <TeacherList form={form} />
    </div>
  );
}

/** The lesson's duty targets, one for each of the course's duty types. */
function DutyTargets({ form, course }: { form: Form; course: crs.AdminCourse }) {
  const duties = form.values.duties;
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-sm font-medium">{t('courses.lesson.duties')}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {course.duties.map((d) => (
          <Labelled key={d.dutyType} id={`lesson-duty-${d.dutyType}`} label={dutyLabel(d.dutyType)} small>
            <input
              id={`lesson-duty-${d.dutyType}`}
              type="number"
              min={0}
              max={DUTY_TARGET_MAX}
              step={1}
              className={fieldClass}
              value={duties[d.dutyType] ?? '0'}
              onChange={(e) => form.change('duties', { ...duties, [d.dutyType]: e.target.value })}
            />
          </Labelled>
        ))}
      </div>
    </fieldset>
  );
}

/** The lesson's name, type, required or elective, and chapter. */
function BasicFields({ form, course, nodeName }: { form: Form; course: crs.AdminCourse; nodeName: (id: string) => string }) {
  const v = form.values;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Text form={form} name="name" label={t('courses.lesson.name')} required maxLength={COURSE_LIMITS.lessonName} />
      <Choice
        id="lesson-type"
        label={t('courses.lesson.type')}
        value={v.classroomType}
        onValue={(classroomType) => form.setValues((o) => ({ ...o, classroomType, assetIds: [] }))}
        options={STAFF_LESSON_TYPES.map((n) => [n, typeLabel(n)] as const)}
      />
      <Choice
        id="lesson-must"
        label={t('courses.lesson.mustLearn')}
        value={v.mustLearn}
        onValue={(mustLearn) => form.change('mustLearn', mustLearn)}
        options={[
          ['1', t('courses.lesson.required')],
          ['0', t('courses.lesson.elective')],
        ]}
      />
      <Choice
        id="lesson-section"
        label={t('courses.lesson.section')}
        value={v.sectionId}
        onValue={(sectionId) => form.change('sectionId', sectionId)}
        options={course.chapters.map((c) => [c.id, nodeName(c.id)] as const)}
      />
    </div>
  );
}

export function LessonForm({
  course,
  sectionId,
  row,
  nodeName,
  onCancel,
  onSaved,
}: {
  course: crs.AdminCourse;
  sectionId: string;
  row: crs.AdminLesson | null;
  nodeName: (id: string) => string;
  onCancel: () => void;
  onSaved: (next: crs.AdminCourse, done: string) => void;
}) {
  const form = useForm<Values>({ initial: () => valuesOf(course, sectionId, row), check });
  const v = form.values;
  const shape = shapeOf(v, course);
  const { type, kind, timed, works } = shape;
  const submit = form.onSubmit(checkedFields(shape), async (values) => {
    try {
      onSaved(await staffSend(crs.adminLessonSave, inputOf(values, course, row), { params: { id: course.id } }), t('courses.saved'));
    } catch (err) {
      fail(err);
    }
  });
  const title = row ? t('courses.lesson.edit') : t('courses.lesson.new');

  return (
    <form aria-label={title} className="mt-6 rounded-xl border border-brand/40 p-4" onSubmit={submit}>
      <h3 className="mb-3 text-base font-semibold">{title}</h3>
      <BasicFields form={form} course={course} nodeName={nodeName} />
      {kind && <MediaPicker key={kind} form={form} kind={kind} type={type} />}
      {type === CLASSROOM_TYPE.ARTICLE && (
        <div className="mt-4">
          <RichTextField label={t('courses.lesson.article')} value={v.html} onValue={(html) => form.change('html', html)} />
        </div>
      )}
      {timed && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Text form={form} name="start" label={t('courses.lesson.start')} hint={t('courses.lesson.timeHint')} required />
          <Text form={form} name="end" label={t('courses.lesson.end')} hint={t('courses.lesson.timeHint')} required />
        </div>
      )}
      {type === CLASSROOM_TYPE.LIVE && <LiveFields form={form} />}
      {shape.face && <FaceToFaceFields form={form} />}
      <DutyTargets form={form} course={course} />
      {works.length > 0 && (
        <div className="mt-4">
          <Choice
            id="lesson-work"
            label={t('courses.lesson.work')}
            value={v.workId}
            onValue={(workId) => form.change('workId', workId)}
            options={[['', t('courses.lesson.noWork')], ...works.map((w) => [w.id, `${w.title}（${w.className}）`] as const)]}
          />
        </div>
      )}
      <FormButtons className="mt-4 flex justify-end gap-2" save={t('courses.save')} onCancel={onCancel} />
    </form>
  );
}
