import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { ProjectBlockAdmin, ProjectBlockInput } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { isBlankHtml, projectBlockFields } from '~/lib/forms/school';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { RichTextField } from '../editor/RichTextField';
import { Field } from './form-bits';
import { CheckField, ItemForm, ItemsSection, useItemForm, type ItemCalls, type ItemFormProps } from './ItemsSection';
import { textValues, type Column } from '../kit';

/**
 * /school-info's project introduction (本项目's detail tabs): each block a tab with a heading and a
 * rich text written in the staff side's one editor; added last, moved up and down, hidden, deleted.
 * Every change is published at once.
 */

/** The editor's empty document is no text: the island says so before the route is asked. */
const contentCheck = (field: string, value: unknown) => (field === 'content' && isBlankHtml(String(value)) ? t('school.blocks.contentRequired') : null);

const CALLS: ItemCalls<ProjectBlockAdmin, ProjectBlockInput> = {
  list: api.adminProjectBlocks,
  create: api.createProjectBlock,
  update: api.updateProjectBlock,
  remove: api.deleteProjectBlock,
};

function BlockForm({ initial, save, onCancel }: ItemFormProps<ProjectBlockAdmin, ProjectBlockInput>) {
  const { form, submit, text } = useItemForm({
    values: { ...textValues(initial, ['title', 'name', 'content']), published: initial?.published ?? true },
    input: (v) => v,
    schema: projectBlockFields,
    extraCheck: contentCheck,
    save,
  });
  return (
    <ItemForm onSubmit={submit} busy={form.submitting} onCancel={onCancel}>
      <Field label={t('school.blocks.field.title')} {...text('title')} required />
      <Field label={t('school.blocks.field.name')} {...text('name')} hint={t('school.blocks.field.nameHint')} />
      <div className="sm:col-span-2">
        <RichTextField
          label={t('school.blocks.field.content')}
          value={form.values.content}
          onValue={(content) => form.change('content', content)}
          error={form.errors.content ?? null}
          uploadPurpose={UPLOAD_PURPOSE.contentImage}
        />
      </div>
      <CheckField
        label={t('school.blocks.field.published')}
        checked={form.values.published}
        onChange={(p) => form.change('published', p)}
        className="sm:col-span-2"
      />
    </ItemForm>
  );
}

const COLUMNS: readonly Column<ProjectBlockAdmin>[] = [
  { header: t('school.blocks.colOrder'), cell: (_b, i) => i + 1 },
  { header: t('school.blocks.colTitle'), cell: (b) => b.title },
  { header: t('school.blocks.colName'), cell: (b) => b.name || b.title },
  { header: t('school.blocks.colShown'), cell: (b) => (b.published ? '✓' : '—') },
];

export function ProjectBlocksSection() {
  return (
    <ItemsSection
      prefix="school.blocks"
      calls={CALLS}
      nameOf={(b) => b.title}
      order={{ save: (ids) => staffSend(api.orderProjectBlocks, { ids }), done: t('school.blocks.ordered') }}
      columns={COLUMNS}
      Form={BlockForm}
      width="w-[min(94vw,820px)]"
      intro={
        <p className="mb-3 text-sm text-slate-600">
          {t('school.blocks.hint')}{' '}
          <a href="/school-info" target="_blank" rel="noopener" className="text-brand underline">
            /school-info
          </a>
        </p>
      }
    />
  );
}
