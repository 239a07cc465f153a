import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { ImageField } from '../upload';
import { CatalogScreen, seqColumn, type FormProps } from './screen';
import { CatalogForm, Field, SeqField, orNull } from './form';
import { textValues } from '../kit';
import { bannerForm } from '~/lib/forms/catalog';

/** Home banners (/admin/catalog/banners): the home page's carousel, published ones in ascending order. */

function BannerForm({ initial, save, onCancel }: FormProps<cat.AdminBanner, cat.BannerInput>) {
  return (
    <CatalogForm
      schema={bannerForm}
      start={{ ...textValues(initial, ['name', 'pic', 'url']), seq: String(initial?.seq ?? 0) }}
      input={(v) => ({ ...v, url: orNull(v.url), seq: Number(v.seq) })}
      save={save}
      onCancel={onCancel}
    >
      {({ values, set }) => (
        <>
          <Field name="name" label={t('catalog.field.bannerName')} maxLength={64} required />
          <ImageField label={t('catalog.field.bannerPic')} value={values.pic} onChange={(pic) => set({ pic })} purpose={UPLOAD_PURPOSE.cover} />
          <Field name="url" label={t('catalog.field.url')} maxLength={512} />
          <SeqField />
        </>
      )}
    </CatalogForm>
  );
}

export default function BannersIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminBanner, cat.BannerInput>
      me={me}
      resource={cat.BANNERS}
      columns={[
        { label: t('catalog.field.bannerPic'), cell: (r) => <img src={r.pic} alt={r.name} className="h-10 max-w-[8rem] rounded object-cover" /> },
        { label: t('catalog.field.bannerName'), cell: (r) => r.name },
        { label: t('catalog.field.url'), cell: (r) => r.url ?? t('catalog.noLink') },
        seqColumn,
      ]}
      Form={BannerForm}
    />
  );
}
