import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import type { CallsOf } from '~/lib/api/contract';
import { staffSend } from '~/lib/api/staff-client';
import { COURSE_NATURES, platformChoices } from '~/lib/learning/course-admin';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { Button, LoadState, PageTitle, Section, fieldClass, useLoaded } from '../shared';
import { ImageField } from '../upload';
import { RichTextField } from '../editor/RichTextField';
import { LessonForm } from './LessonForm';
import { IntroBlocks } from './IntroBlocks';
import { Field, SaveButton } from './Field';
import { durationText, dutyLabel, fail, natureLabel, typeLabel } from './course-ui';
import { moveActions, RowActions, SelectField, textValues } from '../kit';

/**
 * One course: its fields and introduction, its chapters and sections with their lessons (add,
 * rename, order, delete; a lesson's form by its type), and its duty targets. Every change is sent
 * at once and the server's answer (the whole course) replaces what the screen shows.
 */

export function CourseEditor({ courseId, onBack }: { courseId: string; onBack: () => void }) {
  const loaded = useLoaded(() => staffSend(crs.adminCourseGet, {}, { params: { id: courseId } }));
  const c = loaded.data;
  if (!c) return <LoadState error={loaded.error} onRetry={loaded.reload} />;
  const params = { params: { id: courseId } };
  /** Sends a change; the answer (the whole course) is shown. */
  const change = async <Req,>(call: CourseCall, input: Req, done?: string) => {
    try {
      loaded.set((await staffSend(call as never, input as never, params)) as crs.AdminCourse);
      if (done) toast(done, 'success');
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  };
  return (
    <div>
      <p className="mb-3">
        <Button onClick={onBack}>{t('courses.back')}</Button>
      </p>
      <PageTitle>{c.name}</PageTitle>
      <InfoForm course={c} onSaved={(next) => loaded.set(next)} />
      <IntroBlocks course={c} onSaved={(next) => loaded.set(next)} />
      <Outline course={c} change={change} set={loaded.set} />
      <Duties course={c} change={change} />
    </div>
  );
}

/** A call of the course contracts. */
type CourseCall = CallsOf<typeof crs>[keyof CallsOf<typeof crs>];

type Change = <Req>(call: CourseCall, input: Req, done?: string) => Promise<boolean>;

function InfoForm({ course, onSaved }: { course: crs.AdminCourse; onSaved: (c: crs.AdminCourse) => void }) {
  const [f, setF] = useState({
    ...textValues(course, ['name', 'cover', 'courseClassCode', 'introduce', 'courseContent']),
    courseNature: String(course.courseNature === 0 || course.courseNature === 1 ? course.courseNature : 2),
    thirdPlatformType: course.thirdPlatformType === null ? '' : String(course.thirdPlatformType),
    learningUrl: course.thirdPlatformType === null ? '' : (course.learningUrl ?? ''),
  });
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  async function save(e: FormEvent) {
    e.preventDefault();
    try {
      const next = await staffSend(crs.adminCourseSave, {
        id: course.id,
        name: f.name,
        cover: f.cover || null,
        courseNature: Number(f.courseNature),
        thirdPlatformType: f.thirdPlatformType ? Number(f.thirdPlatformType) : null,
        learningPlatform: f.thirdPlatformType ? course.learningPlatform || 1 : null,
        learningUrl: f.learningUrl || null,
        courseClassCode: f.courseClassCode || null,
        introduce: f.introduce || null,
        courseContent: f.courseContent || null,
      });
      onSaved(next);
      toast(t('courses.saved'), 'success');
    } catch (err) {
      fail(err);
    }
  }
  return (
    <Section title={t('courses.info')}>
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void save(e)}>
        <Field id="course-name" label={t('courses.field.name')} value={f.name} onValue={set('name')} required maxLength={60} />
        <SelectField
          id="course-nature"
          label={t('courses.nature')}
          value={f.courseNature}
          onValue={set('courseNature')}
          options={COURSE_NATURES.map((n) => [n, natureLabel(n)] as const)}
        />
        <Field id="course-introduce" label={t('courses.field.introduce')} value={f.introduce} onValue={set('introduce')} maxLength={200} />
        <SelectField
          id="course-platform"
          label={t('courses.field.platform')}
          value={f.thirdPlatformType}
          onValue={set('thirdPlatformType')}
          options={[
            ['', t('courses.field.platform.none')],
            ...platformChoices(course.thirdPlatformType).map((n) => [n, t(`courses.platform.${n}` as 'courses.platform.10')] as const),
          ]}
        />
        {f.thirdPlatformType && (
          <>
            <Field id="course-url" label={t('courses.field.url')} value={f.learningUrl} onValue={set('learningUrl')} required maxLength={500} />
            <Field id="course-code" label={t('courses.field.classCode')} value={f.courseClassCode} onValue={set('courseClassCode')} maxLength={60} />
          </>
        )}
        <div className="sm:col-span-2">
          <ImageField label={t('courses.field.cover')} value={f.cover} onChange={set('cover')} purpose={UPLOAD_PURPOSE.cover} optional />
        </div>
        <div className="sm:col-span-2">
          <RichTextField label={t('courses.field.content')} value={f.courseContent} onValue={set('courseContent')} />
        </div>
        <SaveButton />
      </form>
    </Section>
  );
}

function NameForm({
  id,
  label,
  initial,
  onSave,
  onCancel,
}: {
  id: string;
  label: string;
  initial: string;
  onSave: (name: string) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(name);
        if (!initial) setName('');
      }}
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-xs text-muted">
          {label}
        </label>
        <input id={id} required maxLength={60} className={fieldClass} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <Button type="submit">{t('courses.save')}</Button>
      {onCancel && <Button onClick={onCancel}>{t('courses.cancel')}</Button>}
    </form>
  );
}

function Outline({ course, change, set }: { course: crs.AdminCourse; change: Change; set: (c: crs.AdminCourse) => void }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [lesson, setLesson] = useState<{ sectionId: string; row: crs.AdminLesson | null } | null>(null);
  const chapters = course.chapters.filter((c) => c.parentId === null);
  const nodes = course.chapters;
  const nodeName = (id: string) => {
    const n = nodes.find((x) => x.id === id);
    const parent = n?.parentId ? nodes.find((x) => x.id === n.parentId) : undefined;
    return parent ? `${parent.name} / ${n!.name}` : (n?.name ?? '');
  };

  async function removeChapter(c: crs.AdminChapter) {
    if (!(await confirmDialog(t('courses.confirmDelete', { name: c.name })))) return;
    await change(crs.adminChapterDelete, { chapterId: c.id }, t('courses.deleted'));
  }
  async function removeLesson(l: crs.AdminLesson) {
    if (!(await confirmDialog(t('courses.lesson.confirmDelete', { name: l.name })))) return;
    await change(crs.adminLessonDelete, { lessonId: l.id }, t('courses.deleted'));
  }

  const nodeRow = (c: crs.AdminChapter, depth: 0 | 1) => (
    <div className={`flex flex-wrap items-center gap-2 ${depth ? 'pl-4' : ''}`}>
      {renaming === c.id ? (
        <NameForm
          id={`rename-${c.id}`}
          label={t('courses.chapter.name')}
          initial={c.name}
          onSave={(name) => void change(crs.adminChapterSave, { chapterId: c.id, name }).then(() => setRenaming(null))}
          onCancel={() => setRenaming(null)}
        />
      ) : (
        <h3 className={depth ? 'font-medium text-ink' : 'text-base font-semibold text-ink'}>{c.name}</h3>
      )}
      <span className="flex flex-wrap gap-1">
        <RowActions
          className="contents"
          name={c.name}
          actions={moveActions([t('courses.up'), t('courses.down')], (direction) => void change(crs.adminChapterMove, { chapterId: c.id, direction }))}
        />
        <Button onClick={() => setRenaming(c.id)}>{t('courses.rename')}</Button>
        {depth === 0 && <Button onClick={() => setAdding(c.id)}>{t('courses.section.add')}</Button>}
        <Button onClick={() => setLesson({ sectionId: c.id, row: null })}>{t('courses.lesson.add')}</Button>
        <Button kind="danger" onClick={() => void removeChapter(c)}>
          {t('courses.delete')}
        </Button>
      </span>
    </div>
  );

  const lessonList = (sectionId: string) => {
    const rows = course.lessons.filter((l) => l.sectionId === sectionId);
    if (!rows.length) return null;
    return (
      <ul className="mt-2 space-y-2 pl-6">
        {rows.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <span className="font-medium">{l.name}</span>
            <span className="text-muted">
              {typeLabel(l.classroomType)} · {l.mustLearn === 1 ? t('courses.lesson.required') : t('courses.lesson.elective')}
              {l.durationMs > 0 && ` · ${durationText(l.durationMs)}`}
            </span>
            <RowActions
              className="ml-auto flex flex-wrap gap-1"
              name={l.name}
              actions={[
                ...moveActions([t('courses.up'), t('courses.down')], (direction) => void change(crs.adminLessonMove, { lessonId: l.id, direction })),
                { label: t('courses.edit'), onClick: () => setLesson({ sectionId, row: l }) },
                { label: t('courses.delete'), kind: 'danger', onClick: () => void removeLesson(l) },
              ]}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Section title={t('courses.outline')}>
      <div className="mb-4">
        <NameForm id="chapter-new" label={t('courses.chapter.add')} initial="" onSave={(name) => void change(crs.adminChapterSave, { name })} />
      </div>
      {chapters.length === 0 && <p className="text-sm text-muted">{t('courses.noChapters')}</p>}
      <ol className="space-y-4">
        {chapters.map((c) => (
          <li key={c.id} className="rounded-lg bg-slate-50 p-3">
            {nodeRow(c, 0)}
            {lessonList(c.id)}
            {adding === c.id && (
              <div className="mt-2 pl-4">
                <NameForm
                  id={`section-new-${c.id}`}
                  label={t('courses.section.add')}
                  initial=""
                  onSave={(name) => void change(crs.adminChapterSave, { name, parentId: c.id }).then(() => setAdding(null))}
                  onCancel={() => setAdding(null)}
                />
              </div>
            )}
            <ol className="mt-2 space-y-2">
              {nodes
                .filter((x) => x.parentId === c.id)
                .map((sec) => (
                  <li key={sec.id}>
                    {nodeRow(sec, 1)}
                    {lessonList(sec.id)}
                  </li>
                ))}
            </ol>
          </li>
        ))}
      </ol>
      {lesson && (
        <LessonForm
          course={course}
          sectionId={lesson.sectionId}
          row={lesson.row}
          nodeName={nodeName}
          onCancel={() => setLesson(null)}
          onSaved={(next, done) => {
            setLesson(null);
            set(next);
            toast(done, 'success');
          }}
        />
      )}
    </Section>
  );
}

function Duties({ course, change }: { course: crs.AdminCourse; change: Change }) {
  const [values, setValues] = useState(() => Object.fromEntries(course.duties.map((d) => [d.dutyType, String(d.targetValue)])));
  return (
    <Section title={t('courses.duties')}>
      <form
        className="grid gap-4 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          void change(
            crs.adminCourseDuties,
            { duties: course.duties.map((d) => ({ dutyType: d.dutyType, targetValue: Number(values[d.dutyType] || 0) })) },
            t('courses.saved'),
          );
        }}
      >
        {course.duties.map((d) => (
          <div key={d.dutyType}>
            <label htmlFor={`duty-${d.dutyType}`} className="mb-1 block text-sm font-medium">
              {dutyLabel(d.dutyType)}
            </label>
            <input
              id={`duty-${d.dutyType}`}
              type="number"
              min={0}
              max={100000}
              step={1}
              className={fieldClass}
              value={values[d.dutyType] ?? '0'}
              onChange={(e) => setValues({ ...values, [d.dutyType]: e.target.value })}
            />
          </div>
        ))}
        <SaveButton className="sm:col-span-3" />
      </form>
    </Section>
  );
}
