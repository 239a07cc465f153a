import { useCallback, useEffect, useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { inputClass } from '../../shared/fields';
import { AlbumTabsSection } from './AlbumTabsSection';
import { CatalogForm, CatalogScreen, Field, type FormProps } from './screen';

/** Album categories (/admin/catalog/album-categories): the school album's groups, shown under their tab, and the tabs themselves. */

const CLIENTS = ['', 'PC', 'H5'] as const;
const clientLabel = (c: cat.AdminAlbumCategory['clientType']) => t(c === '' ? 'catalog.client.all' : c === 'PC' ? 'catalog.client.PC' : 'catalog.client.H5');

/** The school's tabs, asked for again by reload() (after a change in the tabs' section). */
function useTabs() {
  const [tabs, setTabs] = useState<cat.AdminAlbumTab[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    staffSend(cat.catalogAlbumTabs, {}).then(
      (list) => {
        setTabs(list);
        setError(null);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : t('common.systemBusy')),
    );
  }, []);
  useEffect(() => reload(), [reload]);
  return { tabs, error, reload };
}

function AlbumCategoryForm({ initial, onSaved, onCancel }: FormProps<cat.AdminAlbumCategory>) {
  const tabs = useTabs().tabs ?? [];
  const [name, setName] = useState(initial?.categoryName ?? '');
  const [tab, setTab] = useState(initial?.categoryTabKey ?? '');
  const [client, setClient] = useState<cat.AdminAlbumCategory['clientType']>(initial?.clientType ?? '');
  const [seq, setSeq] = useState(String(initial?.seq ?? 0));
  const tabId = useId();
  const clientId = useId();
  const save = async (state: cat.CatalogState) =>
    onSaved(
      await staffSend(cat.catalogAlbumCategorySave, {
        ...(initial ? { id: initial.id } : {}),
        categoryName: name,
        categoryTabKey: tab,
        clientType: client,
        seq: Number(seq),
        state,
      }),
    );
  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <Field label={t('catalog.field.albumCategoryName')} value={name} onValue={setName} maxLength={64} required />
      <div>
        <label htmlFor={tabId} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.field.tab')}
        </label>
        <select id={tabId} value={tab} onChange={(e) => setTab(e.target.value)} className={inputClass(false)}>
          <option value="">{t('catalog.chooseTab')}</option>
          {tabs.map((x) => (
            <option key={x.key} value={x.key}>
              {x.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={clientId} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.field.clientType')}
        </label>
        <select id={clientId} value={client} onChange={(e) => setClient(e.target.value as typeof client)} className={inputClass(false)}>
          {CLIENTS.map((c) => (
            <option key={c} value={c}>
              {clientLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('catalog.field.seq')} value={seq} onValue={setSeq} type="number" inputMode="numeric" />
    </CatalogForm>
  );
}

export default function AlbumCategoriesIsland({ me }: { me: StaffMe }) {
  const loaded = useTabs();
  const tabs = loaded.tabs ?? [];
  const { reload } = loaded;
  // Each time the categories are listed (after a save, a move, a delete) the tabs' counts are asked for again.
  const list = useCallback(
    (q: cat.CatalogListQuery) => {
      reload();
      return staffSend(cat.catalogAlbumCategories, q);
    },
    [reload],
  );
  return (
    <>
      <CatalogScreen<cat.AdminAlbumCategory>
        me={me}
        title={t('catalog.title.albumCategories')}
        list={list}
        nameOf={(r) => r.categoryName}
        columns={[
          { label: t('catalog.field.albumCategoryName'), cell: (r) => r.categoryName },
          { label: t('catalog.field.tab'), cell: (r) => tabs.find((x) => x.key === r.categoryTabKey)?.name ?? r.categoryTabKey },
          { label: t('catalog.field.clientType'), cell: (r) => clientLabel(r.clientType) },
          { label: t('catalog.field.materialCount'), cell: (r) => r.materialCount },
          { label: t('catalog.field.seq'), cell: (r) => r.seq },
        ]}
        setState={(id, state) => staffSend(cat.catalogAlbumCategoryState, { state }, { params: { id } })}
        remove={(id) => staffSend(cat.catalogAlbumCategoryDelete, {}, { params: { id } })}
        schedule={(id, publishAt) => staffSend(cat.catalogAlbumCategorySchedule, { publishAt }, { params: { id } })}
        Form={AlbumCategoryForm}
      />
      <AlbumTabsSection tabs={loaded.tabs} error={loaded.error} reload={loaded.reload} />
    </>
  );
}
