import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { CatalogScreen, seqColumn, type FormProps } from './screen';
import { CatalogForm, Field, SeqField } from './form';
import { categoryForm } from '~/lib/forms/catalog';

/** Product categories (/admin/catalog/categories): the home page's training-project tabs (the first three published). */

function CategoryForm({ initial, save, onCancel }: FormProps<cat.AdminProductCategory, cat.ProductCategoryInput>) {
  return (
    <CatalogForm
      schema={categoryForm}
      start={{ name: initial?.name ?? '', seq: String(initial?.seq ?? 0) }}
      input={(v) => ({ ...v, seq: Number(v.seq) })}
      save={save}
      onCancel={onCancel}
    >
      <Field name="name" label={t('catalog.field.categoryName')} maxLength={64} required />
      <SeqField />
    </CatalogForm>
  );
}

export default function CategoriesIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminProductCategory, cat.ProductCategoryInput>
      me={me}
      resource={cat.CATEGORIES}
      columns={[
        { label: t('catalog.field.categoryName'), cell: (r) => r.name },
        { label: t('catalog.field.productCount'), cell: (r) => r.productCount },
        seqColumn,
      ]}
      Form={CategoryForm}
    />
  );
}
