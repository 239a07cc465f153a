import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { CatalogForm, CatalogScreen, Field, type FormProps } from './screen';

/** Product categories (/admin/catalog/categories): the home page's training-project tabs (the first three published). */

function CategoryForm({ initial, onSaved, onCancel }: FormProps<cat.AdminProductCategory>) {
  const [name, setName] = useState(initial?.name ?? '');
  const [seq, setSeq] = useState(String(initial?.seq ?? 0));
  const save = async (state: cat.CatalogState) =>
    onSaved(await staffSend(cat.catalogCategorySave, { ...(initial ? { id: initial.id } : {}), name, seq: Number(seq), state }));
  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <Field label={t('catalog.field.categoryName')} value={name} onValue={setName} maxLength={64} required />
      <Field label={t('catalog.field.seq')} value={seq} onValue={setSeq} type="number" inputMode="numeric" />
    </CatalogForm>
  );
}

export default function CategoriesIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminProductCategory>
      me={me}
      title={t('catalog.title.categories')}
      list={(q) => staffSend(cat.catalogCategories, q)}
      nameOf={(r) => r.name}
      columns={[
        { label: t('catalog.field.categoryName'), cell: (r) => r.name },
        { label: t('catalog.field.productCount'), cell: (r) => r.productCount },
        { label: t('catalog.field.seq'), cell: (r) => r.seq },
      ]}
      setState={(id, state) => staffSend(cat.catalogCategoryState, { state }, { params: { id } })}
      remove={(id) => staffSend(cat.catalogCategoryDelete, {}, { params: { id } })}
      schedule={(id, publishAt) => staffSend(cat.catalogCategorySchedule, { publishAt }, { params: { id } })}
      Form={CategoryForm}
    />
  );
}
