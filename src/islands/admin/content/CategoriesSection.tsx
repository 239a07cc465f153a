import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-content';
import * as api from '~/lib/api/contracts/admin-content';
import type { AdminCategory } from '~/lib/api/contracts/admin-content';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Button, LoadState, Section, TableBox, td, th } from '../shared';
import { failed } from './shared';

/**
 * The school's news categories under the news list: add, rename, move up or down (the public
 * category list follows this order), delete (refused, with the reason, while news is in it).
 */
export function CategoriesSection({
  categories,
}: {
  categories: { data: AdminCategory[] | null; error: string | null; reload: () => void; set: (v: AdminCategory[]) => void };
}) {
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<unknown>, done = t('adminContent.saved')) {
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
  }

  const move = (list: AdminCategory[], i: number, by: -1 | 1) => {
    const ids = list.map((c) => c.id);
    const [moved] = ids.splice(i, 1);
    ids.splice(i + by, 0, moved!);
    void run(() => staffSend(api.adminCategoryOrder, { ids }));
  };

  const list = categories.data;
  return (
    <Section title={t('adminContent.categories')}>
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => staffSend(api.adminCategorySave, { name })).then((ok) => ok && setName(''));
        }}
      >
        <div>
          <label htmlFor="category-new" className="mb-1 block text-sm text-slate-700">
            {t('adminContent.categoryName')}
          </label>
          <input id="category-new" value={name} maxLength={20} onChange={(e) => setName(e.target.value)} className={inputClass(false)} />
        </div>
        <Button type="submit" kind="primary" disabled={busy}>
          {t('adminContent.addCategory')}
        </Button>
      </form>
      {!list ? (
        <LoadState error={categories.error} onRetry={categories.reload} />
      ) : list.length === 0 ? (
        <p className="py-4 text-sm text-muted">{t('adminContent.empty')}</p>
      ) : (
        <TableBox label={t('adminContent.categories')}>
          <thead>
            <tr>
              <th className={th}>{t('adminContent.categoryName')}</th>
              <th className={th}>{t('adminContent.col.newsCount')}</th>
              <th className={th}>{t('adminContent.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c, i) => (
              <tr key={c.id}>
                <td className={td}>
                  {editing?.id === c.id ? (
                    <form
                      className="flex flex-wrap gap-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void run(() => staffSend(api.adminCategorySave, { id: c.id, name: editing.name })).then((ok) => ok && setEditing(null));
                      }}
                    >
                      <input
                        aria-label={t('adminContent.categoryName')}
                        value={editing.name}
                        maxLength={20}
                        onChange={(e) => setEditing({ id: c.id, name: e.target.value })}
                        className={inputClass(false)}
                      />
                      <Button type="submit" kind="primary" disabled={busy}>
                        {t('adminContent.save')}
                      </Button>
                    </form>
                  ) : (
                    c.name
                  )}
                </td>
                <td className={td}>{c.newsCount}</td>
                <td className={td}>
                  <div className="flex flex-wrap gap-2">
                    <Button disabled={busy} onClick={() => setEditing({ id: c.id, name: c.name })}>
                      {t('adminContent.rename')}
                    </Button>
                    <Button disabled={busy || i === 0} onClick={() => move(list, i, -1)}>
                      {t('adminContent.moveUp')}
                    </Button>
                    <Button disabled={busy || i === list.length - 1} onClick={() => move(list, i, 1)}>
                      {t('adminContent.moveDown')}
                    </Button>
                    <Button
                      kind="danger"
                      disabled={busy}
                      onClick={() =>
                        void confirmDialog(t('adminContent.confirmDeleteCategory', { name: c.name })).then(
                          (yes) => yes && run(() => staffSend(api.adminCategoryDelete, {}, { params: { id: c.id } }), t('adminContent.deleted')),
                        )
                      }
                    >
                      {t('adminContent.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </Section>
  );
}
