import { useCallback, useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { AlbumTabsSection } from './AlbumTabsSection';
import { CatalogScreen, seqColumn, type FormProps } from './screen';
import { CatalogForm, Field, SelectBox, SeqField } from './form';
import { albumCategoryForm } from '~/lib/forms/catalog';

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

function AlbumCategoryForm({ initial, save, onCancel }: FormProps<cat.AdminAlbumCategory, cat.AlbumCategoryInput>) {
  const tabs = useTabs().tabs ?? [];
  const start = {
    categoryName: initial?.categoryName ?? '',
    categoryTabKey: initial?.categoryTabKey ?? '',
    clientType: initial?.clientType ?? '',
    seq: String(initial?.seq ?? 0),
  };
  // The client is chosen from CLIENTS' options only.
  const input = (v: typeof start) => ({ ...v, clientType: v.clientType as cat.AdminAlbumCategory['clientType'], seq: Number(v.seq) });
  return (
    <CatalogForm schema={albumCategoryForm} start={start} input={input} save={save} onCancel={onCancel}>
      <Field name="categoryName" label={t('catalog.field.albumCategoryName')} maxLength={64} required />
      <SelectBox name="categoryTabKey" label={t('catalog.field.tab')} blank={t('catalog.chooseTab')} options={tabs.map((x) => [x.key, x.name] as const)} />
      <SelectBox name="clientType" label={t('catalog.field.clientType')} options={CLIENTS.map((c) => [c, clientLabel(c)] as const)} />
      <SeqField />
    </CatalogForm>
  );
}

export default function AlbumCategoriesIsland({ me }: { me: StaffMe }) {
  const loaded = useTabs();
  const tabs = loaded.tabs ?? [];
  const { reload } = loaded;
  return (
    <>
      <CatalogScreen<cat.AdminAlbumCategory, cat.AlbumCategoryInput>
        me={me}
        resource={cat.ALBUM_CATEGORIES}
        // Each time the categories are listed (after a save, a move, a delete) the tabs' counts are asked for again.
        onList={reload}
        columns={[
          { label: t('catalog.field.albumCategoryName'), cell: (r) => r.categoryName },
          { label: t('catalog.field.tab'), cell: (r) => tabs.find((x) => x.key === r.categoryTabKey)?.name ?? r.categoryTabKey },
          { label: t('catalog.field.clientType'), cell: (r) => clientLabel(r.clientType) },
          { label: t('catalog.field.materialCount'), cell: (r) => r.materialCount },
          seqColumn,
        ]}
        Form={AlbumCategoryForm}
      />
      <AlbumTabsSection tabs={loaded.tabs} error={loaded.error} reload={loaded.reload} />
    </>
  );
}
