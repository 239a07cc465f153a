import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import * as media from '~/lib/api/contracts/admin-media';
import { staffSend } from '~/lib/api/staff-client';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { LIVE_STATUSES, MEDIA_LESSON_KIND, STAFF_LESSON_TYPES } from '~/lib/learning/course-admin';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { Button, fieldClass, useLoaded } from '../shared';
import { ImageField } from '../upload';
import { RichTextField } from '../editor/RichTextField';
import { Field } from './Field';
import { dutyLabel, fail, minuteText, typeLabel } from './course-ui';

/**
 * A lesson's form, by its type: media lessons pick ready files of the school's media library (the
 * length comes from the file), an article is written in the one editor, live and face-to-face
 * lessons take their times (and place, teachers), homework and tests may take a work of the course.
 */

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
  const [f, setF] = useState({
    name: row?.name ?? '',
    classroomType: String(row?.classroomType ?? CLASSROOM_TYPE.VIDEO),
    mustLearn: String(row?.mustLearn ?? 1),
    sectionId: row?.sectionId ?? sectionId,
    assetIds: row?.assetIds ?? [],
    html: row?.html ?? '',
    summary: row?.summary ?? '',
    liveStatus: String(row?.liveStatus ?? 0),
    start: minuteText(row?.classStartAt ?? null),
    end: minuteText(row?.classEndAt ?? null),
    replayUrl: row?.replayUrl ?? '',
    position: row?.position ?? '',
    address: row?.address ?? '',
    notes: row?.notes ?? '',
    points: (row?.points ?? []).join('\n'),
    workId: row?.works[0]?.id ?? '',
  });
  // The face-to-face lesson's teachers, each with a picture (the first leads).
  const [teachers, setTeachers] = useState(() =>
    row ? row.teachers.map((name, i) => ({ name, avatar: row.teacherAvatars?.[i] ?? '' })) : [{ name: '', avatar: '' }],
  );
  const putTeacher = (i: number, v: Partial<{ name: string; avatar: string }>) => setTeachers(teachers.map((x, k) => (k === i ? { ...x, ...v } : x)));
  // The lesson's own duty targets: the course's types, 0 not counted.
  const [duties, setDuties] = useState(() =>
    Object.fromEntries(course.duties.map((d) => [d.dutyType, String(row?.duties.find((x) => x.dutyType === d.dutyType)?.targetValue ?? 0)])),
  );
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const type = Number(f.classroomType);
  const kind = MEDIA_LESSON_KIND[type];
  const assets = useLoaded(() =>
    kind ? staffSend(media.adminMediaPage, { kind, state: 'ready', size: 100 }).then((p) => p.records) : Promise.resolve([] as media.AdminMediaAsset[]),
  );
  const [lastKind, setLastKind] = useState(kind);
  if (lastKind !== kind) {
    setLastKind(kind);
    assets.reload();
  }
  const works = course.works.filter((w) => (type === CLASSROOM_TYPE.HOMEWORK ? w.kind === 'homework' : type === CLASSROOM_TYPE.TEST && w.kind === 'test'));
  const timed = type === CLASSROOM_TYPE.LIVE || type === CLASSROOM_TYPE.FACE_TO_FACE;

  const face = type === CLASSROOM_TYPE.FACE_TO_FACE;
  async function save(e: FormEvent) {
    e.preventDefault();
    const named = teachers.filter((x) => x.name.trim());
    try {
      const next = await staffSend(
        crs.adminLessonSave,
        {
          ...(row ? { lessonId: row.id } : {}),
          sectionId: f.sectionId,
          name: f.name,
          classroomType: type,
          mustLearn: Number(f.mustLearn),
          assetIds: kind ? f.assetIds : [],
          html: type === CLASSROOM_TYPE.ARTICLE ? f.html : null,
          summary: type === CLASSROOM_TYPE.IMAGE ? f.summary : null,
          liveStatus: type === CLASSROOM_TYPE.LIVE ? Number(f.liveStatus) : null,
          start: timed ? f.start : null,
          end: timed ? f.end : null,
          replayUrl: type === CLASSROOM_TYPE.LIVE ? f.replayUrl : null,
          position: type === CLASSROOM_TYPE.FACE_TO_FACE ? f.position : null,
          address: type === CLASSROOM_TYPE.FACE_TO_FACE ? f.address : null,
          teachers: face ? named.map((x) => x.name.trim()) : [],
          teacherAvatars: face ? named.map((x) => x.avatar || null) : [],
          notes: face ? f.notes : null,
          points: face
            ? f.points
                .split('\n')
                .map((x) => x.trim())
                .filter(Boolean)
            : [],
          duties: course.duties.map((d) => ({ dutyType: d.dutyType, targetValue: Number(duties[d.dutyType] || 0) })),
          workId: works.length && f.workId ? f.workId : null,
        },
        { params: { id: course.id } },
      );
      onSaved(next, t('courses.saved'));
    } catch (err) {
      fail(err);
    }
  }

  const toggleAsset = (id: string, on: boolean) => {
    const many = type === CLASSROOM_TYPE.IMAGE;
    setF({ ...f, assetIds: on ? (many ? [...f.assetIds, id] : [id]) : f.assetIds.filter((x) => x !== id) });
  };

  return (
    <form
      aria-label={row ? t('courses.lesson.edit') : t('courses.lesson.new')}
      className="mt-6 rounded-xl border border-brand/40 p-4"
      onSubmit={(e) => void save(e)}
    >
      <h3 className="mb-3 text-base font-semibold">{row ? t('courses.lesson.edit') : t('courses.lesson.new')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="lesson-name" label={t('courses.lesson.name')} value={f.name} onValue={set('name')} required maxLength={80} />
        <div>
          <label htmlFor="lesson-type" className="mb-1 block text-sm font-medium">
            {t('courses.lesson.type')}
          </label>
          <select id="lesson-type" className={fieldClass} value={f.classroomType} onChange={(e) => setF({ ...f, classroomType: e.target.value, assetIds: [] })}>
            {STAFF_LESSON_TYPES.map((n) => (
              <option key={n} value={n}>
                {typeLabel(n)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lesson-must" className="mb-1 block text-sm font-medium">
            {t('courses.lesson.mustLearn')}
          </label>
          <select id="lesson-must" className={fieldClass} value={f.mustLearn} onChange={(e) => set('mustLearn')(e.target.value)}>
            <option value="1">{t('courses.lesson.required')}</option>
            <option value="0">{t('courses.lesson.elective')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="lesson-section" className="mb-1 block text-sm font-medium">
            {t('courses.lesson.section')}
          </label>
          <select id="lesson-section" className={fieldClass} value={f.sectionId} onChange={(e) => set('sectionId')(e.target.value)}>
            {course.chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {nodeName(c.id)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {kind && (
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-medium">{t('courses.lesson.asset')}</legend>
          {assets.data && assets.data.length === 0 && <p className="text-sm text-muted">{t('courses.lesson.noAssets')}</p>}
          <ul className="max-h-60 space-y-1 overflow-y-auto">
            {(assets.data ?? []).map((a) => (
              <li key={a.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type={type === CLASSROOM_TYPE.IMAGE ? 'checkbox' : 'radio'}
                    name="lesson-asset"
                    checked={f.assetIds.includes(a.id)}
                    onChange={(e) => toggleAsset(a.id, e.target.checked)}
                  />
                  {a.name}
                </label>
              </li>
            ))}
          </ul>
          {type === CLASSROOM_TYPE.IMAGE && (
            <div className="mt-3">
              <Field id="lesson-summary" label={t('courses.lesson.summary')} value={f.summary} onValue={set('summary')} maxLength={500} />
            </div>
          )}
        </fieldset>
      )}

      {type === CLASSROOM_TYPE.ARTICLE && (
        <div className="mt-4">
          <RichTextField label={t('courses.lesson.article')} value={f.html} onValue={set('html')} />
        </div>
      )}

      {timed && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field id="lesson-start" label={t('courses.lesson.start')} value={f.start} onValue={set('start')} hint={t('courses.lesson.timeHint')} required />
          <Field id="lesson-end" label={t('courses.lesson.end')} value={f.end} onValue={set('end')} hint={t('courses.lesson.timeHint')} required />
        </div>
      )}
      {type === CLASSROOM_TYPE.LIVE && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="lesson-live" className="mb-1 block text-sm font-medium">
              {t('courses.lesson.liveStatus')}
            </label>
            <select id="lesson-live" className={fieldClass} value={f.liveStatus} onChange={(e) => set('liveStatus')(e.target.value)}>
              {LIVE_STATUSES.map((n) => (
                <option key={n} value={n}>
                  {t(`courses.live.${n}` as 'courses.live.0')}
                </option>
              ))}
            </select>
          </div>
          <Field id="lesson-replay" label={t('courses.lesson.replay')} value={f.replayUrl} onValue={set('replayUrl')} maxLength={500} />
        </div>
      )}
      {type === CLASSROOM_TYPE.FACE_TO_FACE && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field id="lesson-position" label={t('courses.lesson.position')} value={f.position} onValue={set('position')} maxLength={60} />
          <Field id="lesson-address" label={t('courses.lesson.address')} value={f.address} onValue={set('address')} maxLength={120} />
          <div className="sm:col-span-2">
            <label htmlFor="lesson-notes" className="mb-1 block text-sm font-medium">
              {t('courses.lesson.notes')}
            </label>
            <textarea id="lesson-notes" rows={3} maxLength={2000} className={fieldClass} value={f.notes} onChange={(e) => set('notes')(e.target.value)} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="lesson-points" className="mb-1 block text-sm font-medium">
              {t('courses.lesson.points')}
            </label>
            <textarea id="lesson-points" rows={4} className={fieldClass} value={f.points} onChange={(e) => set('points')(e.target.value)} />
          </div>
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
                      onValue={(name) => putTeacher(i, { name })}
                      maxLength={20}
                    />
                    <ImageField
                      label={`${t('courses.lesson.teacherPicture')} ${i + 1}`}
                      value={x.avatar}
                      onChange={(avatar) => putTeacher(i, { avatar })}
                      purpose={UPLOAD_PURPOSE.cover}
                      optional
                    />
                  </div>
                  <Button kind="danger" onClick={() => setTeachers(teachers.filter((_, k) => k !== i))}>
                    {t('courses.lesson.teacherRemove')}
                    <span className="sr-only"> {i + 1}</span>
                  </Button>
                </li>
              ))}
            </ul>
            {teachers.length < 10 && (
              <p className="mt-2">
                <Button onClick={() => setTeachers([...teachers, { name: '', avatar: '' }])}>{t('courses.lesson.teacherAdd')}</Button>
              </p>
            )}
          </fieldset>
        </div>
      )}
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium">{t('courses.lesson.duties')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {course.duties.map((d) => (
            <div key={d.dutyType}>
              <label htmlFor={`lesson-duty-${d.dutyType}`} className="mb-1 block text-sm">
                {dutyLabel(d.dutyType)}
              </label>
              <input
                id={`lesson-duty-${d.dutyType}`}
                type="number"
                min={0}
                max={100000}
                step={1}
                className={fieldClass}
                value={duties[d.dutyType] ?? '0'}
                onChange={(e) => setDuties({ ...duties, [d.dutyType]: e.target.value })}
              />
            </div>
          ))}
        </div>
      </fieldset>
      {works.length > 0 && (
        <div className="mt-4">
          <label htmlFor="lesson-work" className="mb-1 block text-sm font-medium">
            {t('courses.lesson.work')}
          </label>
          <select id="lesson-work" className={fieldClass} value={f.workId} onChange={(e) => set('workId')(e.target.value)}>
            <option value="">{t('courses.lesson.noWork')}</option>
            {works.map((w) => (
              <option key={w.id} value={w.id}>
                {w.title}（{w.className}）
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="mt-4 flex gap-2">
        <Button kind="primary" type="submit">
          {t('courses.save')}
        </Button>
        <Button onClick={onCancel}>{t('courses.cancel')}</Button>
      </div>
    </form>
  );
}
