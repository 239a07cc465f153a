import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { ImageField } from '../upload';
import { CatalogScreen, seqColumn, type FormProps } from './screen';
import { CatalogForm, Field, SelectBox, SeqField, orNull, orNulls } from './form';
import { textValues, useChoices } from '../kit';
import { CHOICES_SIZE } from './screen';
import { materialForm } from '~/lib/forms/catalog';

/** Album materials (/admin/catalog/materials): the school album's pictures and videos. */

const MATERIAL_TYPES = ['PIC', 'VIDEO'] as const;

/** The album's categories (a material's choice and its list's column). */
const useCategories = () => useChoices(() => staffSend(cat.catalogAlbumCategories, { size: CHOICES_SIZE }).then((p) => p.records));

function MaterialForm({ initial, save, onCancel }: FormProps<cat.AdminMaterial, cat.MaterialInput>) {
  const categories = useCategories();
  const start = {
    ...textValues(initial, ['categoryId', 'name', 'pic', 'video', 'introduce']),
    type: initial?.type ?? 'PIC',
    seq: String(initial?.seq ?? 0),
  };
  const input = (v: typeof start) => ({
    ...v,
    type: v.type === 'VIDEO' ? ('VIDEO' as const) : ('PIC' as const),
    ...orNulls(v, ['pic', 'introduce']),
    video: v.type === 'VIDEO' ? orNull(v.video) : null,
    seq: Number(v.seq),
  });
  return (
    <CatalogForm schema={materialForm} start={start} input={input} save={save} onCancel={onCancel}>
      {({ values, set }) => (
        <>
          <SelectBox
            name="categoryId"
            label={t('catalog.field.albumCategory')}
            blank={t('catalog.chooseAlbumCategory')}
            options={categories.map((c) => [c.id, c.categoryName] as const)}
          />
          <Field name="name" label={t('catalog.field.materialName')} maxLength={128} required />
          <SelectBox
            name="type"
            label={t('catalog.field.materialType')}
            options={MATERIAL_TYPES.map((type) => [type, t(`catalog.materialType.${type}`)] as const)}
          />
          <ImageField
            label={t('catalog.field.materialPic')}
            value={values.pic}
            onChange={(pic) => set({ pic })}
            purpose={UPLOAD_PURPOSE.cover}
            optional={values.type === 'VIDEO'}
          />
          {values.type === 'VIDEO' ? <Field name="video" label={t('catalog.field.video')} maxLength={512} required /> : null}
          <Field name="introduce" label={t('catalog.field.introduce')} maxLength={1024} />
          <SeqField />
        </>
      )}
    </CatalogForm>
  );
}

export default function MaterialsIsland({ me }: { me: StaffMe }) {
  const categories = useCategories();
  return (
    <CatalogScreen<cat.AdminMaterial, cat.MaterialInput>
      me={me}
      resource={cat.MATERIALS}
      columns={[
        { label: t('catalog.field.materialName'), cell: (r) => r.name },
        { label: t('catalog.field.materialType'), cell: (r) => t(r.type === 'VIDEO' ? 'catalog.materialType.VIDEO' : 'catalog.materialType.PIC') },
        { label: t('catalog.field.albumCategory'), cell: (r) => categories.find((c) => c.id === r.categoryId)?.categoryName ?? '' },
        seqColumn,
      ]}
      Form={MaterialForm}
    />
  );
}
