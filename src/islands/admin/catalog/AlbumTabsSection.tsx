import { useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Modal } from '../../shared/Modal';
import { Button, Section } from '../shared';
import { FormButtons, ListView, moveActions, movedIds, RowActions, type Direction } from '../kit';
import { useAction, useSubmit } from './form';

/**
 * The album's tabs (栏目): the home page's 校园相册 groups its categories under them. Created last,
 * renamed, moved up and down, deleted once no category is under them (the server says how many are).
 */

function TabForm({ initial, onDone, onCancel }: { initial: cat.AdminAlbumTab | null; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const { busy, message: error, run } = useSubmit();
  const submit = () =>
    run(async () => {
      await staffSend(cat.catalogAlbumTabSave, { ...(initial ? { id: initial.id } : {}), name });
      toast(t('catalog.tabs.saved'), 'success');
      onDone();
    });

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.tabs.name')}
        </label>
        <input
          id={id}
          value={name}
          maxLength={20}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
          className={inputClass(!!error)}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <FormButtons className="flex justify-end gap-3" save={t('catalog.tabs.save')} busy={busy} lockCancel onCancel={onCancel} />
    </form>
  );
}

export function AlbumTabsSection({ tabs, error, reload }: { tabs: cat.AdminAlbumTab[] | null; error: string | null; reload: () => void }) {
  const [editing, setEditing] = useState<cat.AdminAlbumTab | 'new' | null>(null);
  const { busy, act } = useAction();
  const run = async (action: () => Promise<unknown>, done: string) => {
    await act(action, done);
    reload();
  };

  const move = (all: readonly cat.AdminAlbumTab[], index: number, direction: Direction) =>
    void run(() => staffSend(cat.catalogAlbumTabOrder, { ids: movedIds(all, index, direction) }), t('catalog.tabs.ordered'));

  async function remove(tab: cat.AdminAlbumTab) {
    if (!(await confirmDialog(t('catalog.tabs.confirmDelete', { name: tab.name }), t('catalog.confirmDeleteTitle')))) return;
    await run(() => staffSend(cat.catalogAlbumTabDelete, {}, { params: { id: tab.id } }), t('catalog.tabs.deleted'));
  }

  return (
    <Section title={t('catalog.tabs.title')} actions={<Button onClick={() => setEditing('new')}>{t('catalog.tabs.add')}</Button>}>
      <p className="mb-3 text-sm text-slate-600">{t('catalog.tabs.intro')}</p>
      <ListView
        list={{ data: tabs, error, reload }}
        label={t('catalog.tabs.title')}
        empty={t('catalog.tabs.empty')}
        columns={[
          { header: t('catalog.tabs.colOrder'), cell: (_tab, index) => index + 1 },
          { header: t('catalog.tabs.name'), cell: (tab) => tab.name },
          { header: t('catalog.tabs.colCategories'), cell: (tab) => tab.categoryCount },
          {
            header: t('catalog.field.actions'),
            cell: (tab, index, all) => (
              <RowActions
                busy={busy}
                actions={[
                  ...moveActions([t('catalog.tabs.moveUp'), t('catalog.tabs.moveDown')], (d) => move(all, index, d), { index, count: all.length }),
                  { label: t('catalog.tabs.rename'), onClick: () => setEditing(tab) },
                  { label: t('catalog.delete'), kind: 'danger', onClick: () => void remove(tab) },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('catalog.tabs.add') : editing ? t('catalog.tabs.renaming', { name: editing.name }) : ''}
        onClose={() => setEditing(null)}
        width="w-[min(92vw,480px)]"
      >
        {editing !== null ? (
          <TabForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onDone={() => {
              setEditing(null);
              reload();
            }}
          />
        ) : null}
      </Modal>
    </Section>
  );
}
