import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-courses';
import * as crs from '~/lib/api/contracts/admin-courses';
import { staffSend } from '~/lib/api/staff-client';
import { INTRODUCE_TYPE } from '~/lib/learning/codes';
import { COURSE_LIMITS } from '~/lib/learning/course-admin';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { Button, Section, fieldClass } from '../shared';
import { ImageField } from '../upload';
import { Choice, Field, Labelled } from './Field';
import { fail } from './course-ui';
import { FormButtons, moveActions, RowActions, type Direction } from '../kit';

/**
 * The course's introduction blocks, shown on the learner's course detail page in this order: its
 * teachers (name, picture, 课程老师 or 辅导老师), supporting materials and quality service (a title and
 * a line), and plain introduction paragraphs. The server keeps them as one list saved with the
 * course, so every change (add, edit, order, delete) sends the whole list with the course's fields.
 */

const BLOCK_TYPES = [INTRODUCE_TYPE.TEACHER, INTRODUCE_TYPE.MATERIALS, INTRODUCE_TYPE.SERVICE, INTRODUCE_TYPE.INTRO] as const;
const ROLES = ['t_kcls', 't_fdls'] as const;
const typeLabel = (n: number) => t(`courses.block.type.${n}` as 'courses.block.type.1');
const roleLabel = (r: string) => t(`courses.block.role.${r}` as 'courses.block.role.t_kcls');
/** The words that name a block in its row and in the delete question. */
const blockName = (b: crs.CourseIntroBlock) => b.teacherName || b.outline || b.describe?.slice(0, 20) || typeLabel(b.introduceType);

/** The course as the save call takes it, with the blocks given (the other fields as they are). */
function courseInput(c: crs.AdminCourse, introductions: crs.CourseIntroBlock[]): crs.CourseInput {
  const thirdParty = c.thirdPlatformType !== null;
  return {
    id: c.id,
    name: c.name,
    cover: c.cover,
    courseNature: c.courseNature === 0 || c.courseNature === 1 ? c.courseNature : 2,
    thirdPlatformType: c.thirdPlatformType,
    learningPlatform: thirdParty ? c.learningPlatform || 1 : null,
    learningUrl: thirdParty ? c.learningUrl : null,
    courseClassCode: thirdParty ? c.courseClassCode : null,
    introduce: c.introduce,
    courseContent: c.courseContent,
    introductions,
  };
}

export function IntroBlocks({ course, onSaved }: { course: crs.AdminCourse; onSaved: (c: crs.AdminCourse) => void }) {
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const blocks = course.introductions;

  async function send(next: crs.CourseIntroBlock[]) {
    try {
      onSaved(await staffSend(crs.adminCourseSave, courseInput(course, next)));
      toast(t('courses.saved'), 'success');
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  }
  const move = (i: number, direction: Direction) => {
    const j = direction === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= blocks.length) return;
    const next = [...blocks];
    [next[i], next[j]] = [next[j]!, next[i]!];
    void send(next);
  };
  async function remove(i: number) {
    if (!(await confirmDialog(t('courses.block.confirmDelete', { name: blockName(blocks[i]!) })))) return;
    await send(blocks.filter((_, k) => k !== i));
  }

  return (
    <Section title={t('courses.blocks')} actions={<Button onClick={() => setEditing({ index: null })}>{t('courses.block.add')}</Button>}>
      <p className="mb-3 text-sm text-muted">{t('courses.blocks.hint')}</p>
      {blocks.length === 0 && <p className="text-sm text-muted">{t('courses.blocks.empty')}</p>}
      <ul className="space-y-2">
        {blocks.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks carry no id; the list is the server's, replaced whole after each change
          <li key={i} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            {b.introduceType === INTRODUCE_TYPE.TEACHER &&
              (b.teacherHeadUrl ? (
                <img src={b.teacherHeadUrl} alt="" className="h-10 w-10 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 font-semibold">
                  {(b.teacherName ?? '').slice(0, 1)}
                </span>
              ))}
            <span className="min-w-0">
              <span className="block font-medium break-words">{blockName(b)}</span>
              <span className="text-muted">
                {typeLabel(b.introduceType)}
                {b.introduceType === INTRODUCE_TYPE.TEACHER && b.roleCode ? ` · ${roleLabel(b.roleCode)}` : ''}
              </span>
            </span>
            <RowActions
              className="ml-auto flex flex-wrap gap-1"
              name={blockName(b)}
              actions={[
                ...moveActions([t('courses.up'), t('courses.down')], (direction) => move(i, direction)),
                { label: t('courses.edit'), onClick: () => setEditing({ index: i }) },
                { label: t('courses.delete'), kind: 'danger', onClick: () => void remove(i) },
              ]}
            />
          </li>
        ))}
      </ul>
      {editing && (
        <BlockForm
          key={editing.index ?? 'new'}
          initial={editing.index === null ? null : blocks[editing.index]!}
          onCancel={() => setEditing(null)}
          onSave={async (block) => {
            const next = editing.index === null ? [...blocks, block] : blocks.map((b, k) => (k === editing.index ? block : b));
            if (await send(next)) setEditing(null);
          }}
        />
      )}
    </Section>
  );
}

function BlockForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: crs.CourseIntroBlock | null;
  onCancel: () => void;
  onSave: (b: crs.CourseIntroBlock) => Promise<void>;
}) {
  const [f, setF] = useState({
    introduceType: String(initial?.introduceType ?? INTRODUCE_TYPE.TEACHER),
    teacherName: initial?.teacherName ?? '',
    teacherHeadUrl: initial?.teacherHeadUrl ?? '',
    roleCode: initial?.roleCode ?? 't_kcls',
    outline: initial?.outline ?? '',
    describe: initial?.describe ?? '',
  });
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const type = Number(f.introduceType);
  const teacher = type === INTRODUCE_TYPE.TEACHER;
  const title = initial ? t('courses.block.edit') : t('courses.block.new');

  function save(e: FormEvent) {
    e.preventDefault();
    if (teacher && !f.teacherName.trim()) return fail(new Error(t('courses.block.nameRequired')));
    if (!teacher && !f.outline.trim() && !f.describe.trim()) return fail(new Error(t('courses.block.textRequired')));
    void onSave(
      teacher
        ? {
            introduceType: type,
            teacherName: f.teacherName.trim(),
            teacherHeadUrl: f.teacherHeadUrl || null,
            roleCode: f.roleCode,
            outline: null,
            describe: null,
          }
        : {
            introduceType: type,
            teacherName: null,
            teacherHeadUrl: null,
            roleCode: null,
            // A plain introduction is one paragraph: the learner shows its text only.
            outline: type === INTRODUCE_TYPE.INTRO ? null : f.outline.trim() || null,
            describe: f.describe.trim() || null,
          },
    );
  }

  return (
    <form aria-label={title} className="mt-4 rounded-xl border border-brand/40 p-4" onSubmit={save}>
      <h3 className="mb-3 text-base font-semibold">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice
          id="block-type"
          label={t('courses.block.type')}
          value={f.introduceType}
          onValue={set('introduceType')}
          options={BLOCK_TYPES.map((n) => [n, typeLabel(n)] as const)}
        />
        {teacher ? (
          <>
            <Field
              id="block-teacher"
              label={t('courses.block.teacherName')}
              value={f.teacherName}
              onValue={set('teacherName')}
              required
              maxLength={COURSE_LIMITS.teacherName}
            />
            <Choice
              id="block-role"
              label={t('courses.block.role')}
              value={f.roleCode}
              onValue={set('roleCode')}
              options={ROLES.map((r) => [r, roleLabel(r)] as const)}
            />
            <div className="sm:col-span-2">
              <ImageField
                label={t('courses.block.picture')}
                value={f.teacherHeadUrl}
                onChange={set('teacherHeadUrl')}
                purpose={UPLOAD_PURPOSE.cover}
                optional
              />
            </div>
          </>
        ) : (
          <>
            {type !== INTRODUCE_TYPE.INTRO && (
              <Field id="block-outline" label={t('courses.block.outline')} value={f.outline} onValue={set('outline')} maxLength={COURSE_LIMITS.outline} />
            )}
            <div className="sm:col-span-2">
              <Labelled id="block-describe" label={t('courses.block.describe')}>
                <textarea
                  id="block-describe"
                  rows={3}
                  maxLength={COURSE_LIMITS.describe}
                  className={fieldClass}
                  value={f.describe}
                  onChange={(e) => set('describe')(e.target.value)}
                />
              </Labelled>
            </div>
          </>
        )}
      </div>
      <FormButtons className="mt-4 flex justify-end gap-2" save={t('courses.save')} onCancel={onCancel} />
    </form>
  );
}
