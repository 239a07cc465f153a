import { useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, Section, TableBox, td, th } from '../shared';

/**
 * The album's tabs (栏目): the home page's 校园相册 groups its categories under them. Created last,
 * renamed, moved up and down, deleted once no category is under them (the server says how many are).
 */

const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');

function TabForm({ initial, onDone, onCancel }: { initial: cat.AdminAlbumTab | null; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await staffSend(cat.catalogAlbumTabSave, { ...(initial ? { id: initial.id } : {}), name });
      toast(t('catalog.tabs.saved'), 'success');
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }

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
      <div className="flex gap-3">
        <Button kind="primary" type="submit" disabled={busy}>
          {t('catalog.tabs.save')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('catalog.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function AlbumTabsSection({ tabs, error, reload }: { tabs: cat.AdminAlbumTab[] | null; error: string | null; reload: () => void }) {
  const [editing, setEditing] = useState<cat.AdminAlbumTab | 'new' | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast(done, 'success');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
    reload();
  }

  function move(index: number, by: -1 | 1) {
    const ids = (tabs ?? []).map((x) => x.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run(() => staffSend(cat.catalogAlbumTabOrder, { ids }), t('catalog.tabs.ordered'));
  }

  async function remove(tab: cat.AdminAlbumTab) {
    if (!(await confirmDialog(t('catalog.tabs.confirmDelete', { name: tab.name }), t('catalog.confirmDeleteTitle')))) return;
    await run(() => staffSend(cat.catalogAlbumTabDelete, {}, { params: { id: tab.id } }), t('catalog.tabs.deleted'));
  }

  return (
    <Section title={t('catalog.tabs.title')} actions={<Button onClick={() => setEditing('new')}>{t('catalog.tabs.add')}</Button>}>
      <p className="mb-3 text-sm text-slate-600">{t('catalog.tabs.intro')}</p>
      {tabs === null ? (
        <LoadState error={error} onRetry={reload} />
      ) : tabs.length === 0 ? (
        <p className="text-sm text-slate-600">{t('catalog.tabs.empty')}</p>
      ) : (
        <TableBox label={t('catalog.tabs.title')}>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {t('catalog.tabs.colOrder')}
              </th>
              <th scope="col" className={th}>
                {t('catalog.tabs.name')}
              </th>
              <th scope="col" className={th}>
                {t('catalog.tabs.colCategories')}
              </th>
              <th scope="col" className={th}>
                {t('catalog.field.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {tabs.map((tab, i) => (
              <tr key={tab.id}>
                <td className={td}>{i + 1}</td>
                <td className={td}>{tab.name}</td>
                <td className={td}>{tab.categoryCount}</td>
                <td className={td}>
                  <div className="flex flex-wrap gap-2">
                    <Button onClick={() => move(i, -1)} disabled={busy || i === 0}>
                      {t('catalog.tabs.moveUp')}
                    </Button>
                    <Button onClick={() => move(i, 1)} disabled={busy || i === tabs.length - 1}>
                      {t('catalog.tabs.moveDown')}
                    </Button>
                    <Button onClick={() => setEditing(tab)} disabled={busy}>
                      {t('catalog.tabs.rename')}
                    </Button>
                    <Button kind="danger" onClick={() => void remove(tab)} disabled={busy}>
                      {t('catalog.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
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
