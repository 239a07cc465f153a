import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-content';
import * as api from '~/lib/api/contracts/admin-content';
import type { AdminCategory } from '~/lib/api/contracts/admin-content';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { schemaCheck } from '~/lib/forms/check';
import { CONTENT_LIMITS, categoryFields } from '~/lib/forms/content';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Button, Section } from '../shared';
import { ListView, moveActions, movedIds, RowActions, type Direction } from '../kit';
import { failed } from './shared';

/**
 * The school's news categories under the news list: add, rename, move up or down (the public
 * category list follows this order), delete (refused, with the reason, while news is in it).
 */

const nameCheck = schemaCheck(categoryFields);
type Run = (work: () => Promise<unknown>, done?: string) => Promise<boolean>;

/** A category name typed and sent: the schema's words when it is wrong, else the save. */
function saveName(run: Run, name: string, id?: string): Promise<boolean> {
  const wrong = nameCheck('name', name);
  if (wrong) {
    failed(new Error(wrong));
    return Promise.resolve(false);
  }
  return run(() => staffSend(api.adminCategorySave, id ? { id, name } : { name }));
}

/** A category name's input and its button, adding a category or renaming one. */
function NameForm({
  id,
  label,
  initial,
  button,
  busy,
  run,
  onSaved,
}: {
  id?: string;
  label: { id: string } | { aria: string };
  initial: string;
  button: string;
  busy: boolean;
  run: Run;
  onSaved: () => void;
}) {
  const [name, setName] = useState(initial);
  const input = (
    <input
      {...('id' in label ? { id: label.id } : { 'aria-label': label.aria })}
      value={name}
      maxLength={CONTENT_LIMITS.categoryNameMax}
      onChange={(e) => setName(e.target.value)}
      className={inputClass(false)}
    />
  );
  return (
    <form
      className={'id' in label ? 'mb-4 flex flex-wrap items-end gap-3' : 'flex flex-wrap gap-2'}
      onSubmit={(e) => {
        e.preventDefault();
        void saveName(run, name, id).then((ok) => {
          if (!ok) return;
          setName(initial);
          onSaved();
        });
      }}
    >
      {'id' in label ? (
        <div>
          <label htmlFor={label.id} className="mb-1 block text-sm text-slate-700">
            {t('adminContent.categoryName')}
          </label>
          {input}
        </div>
      ) : (
        input
      )}
      <Button type="submit" kind="primary" disabled={busy}>
        {button}
      </Button>
    </form>
  );
}

export function CategoriesSection({
  categories,
}: {
  categories: { data: AdminCategory[] | null; error: string | null; reload: () => void; set: (v: AdminCategory[]) => void };
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run: Run = async (work, done = t('adminContent.saved')) => {
    setBusy(true);
    try {
      await work();
      toast(done, 'success');
      return true;
    } catch (e) {
      failed(e);
      return false;
    } finally {
      setBusy(false);
      categories.reload();
    }
  };

  const move = (list: readonly AdminCategory[], i: number, direction: Direction) =>
    void run(() => staffSend(api.adminCategoryOrder, { ids: movedIds(list, i, direction) }));
  const remove = (c: AdminCategory) =>
    void confirmDialog(t('adminContent.confirmDeleteCategory', { name: c.name })).then(
      (yes) => yes && run(() => staffSend(api.adminCategoryDelete, {}, { params: { id: c.id } }), t('adminContent.deleted')),
    );

  return (
    <Section title={t('adminContent.categories')}>
      <NameForm label={{ id: 'category-new' }} initial="" button={t('adminContent.addCategory')} busy={busy} run={run} onSaved={() => undefined} />
      <ListView
        list={categories}
        label={t('adminContent.categories')}
        empty={t('adminContent.empty')}
        columns={[
          {
            header: t('adminContent.categoryName'),
            cell: (c) =>
              editing === c.id ? (
                <NameForm
                  id={c.id}
                  label={{ aria: t('adminContent.categoryName') }}
                  initial={c.name}
                  button={t('adminContent.save')}
                  busy={busy}
                  run={run}
                  onSaved={() => setEditing(null)}
                />
              ) : (
                c.name
              ),
          },
          { header: t('adminContent.col.newsCount'), cell: (c) => c.newsCount },
          {
            header: t('adminContent.col.actions'),
            cell: (c, i, list) => (
              <RowActions
                busy={busy}
                actions={[
                  { label: t('adminContent.rename'), onClick: () => setEditing(c.id) },
                  ...moveActions([t('adminContent.moveUp'), t('adminContent.moveDown')], (d) => move(list, i, d), { index: i, count: list.length }),
                  { label: t('adminContent.delete'), kind: 'danger', onClick: () => remove(c) },
                ]}
              />
            ),
          },
        ]}
      />
    </Section>
  );
}
