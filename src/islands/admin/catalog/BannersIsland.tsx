import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { ImageField } from '../upload';
import { CatalogForm, CatalogScreen, Field, orNull, type FormProps } from './screen';

/** Home banners (/admin/catalog/banners): the home page's carousel, published ones in ascending order. */

function BannerForm({ initial, onSaved, onCancel }: FormProps<cat.AdminBanner>) {
  const [name, setName] = useState(initial?.name ?? '');
  const [pic, setPic] = useState(initial?.pic ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [seq, setSeq] = useState(String(initial?.seq ?? 0));
  const save = async (state: cat.CatalogState) =>
    onSaved(await staffSend(cat.catalogBannerSave, { ...(initial ? { id: initial.id } : {}), name, pic, url: orNull(url), seq: Number(seq), state }));
  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <Field label={t('catalog.field.bannerName')} value={name} onValue={setName} maxLength={64} required />
      <ImageField label={t('catalog.field.bannerPic')} value={pic} onChange={setPic} purpose={UPLOAD_PURPOSE.cover} />
      <Field label={t('catalog.field.url')} value={url} onValue={setUrl} maxLength={512} />
      <Field label={t('catalog.field.seq')} value={seq} onValue={setSeq} type="number" inputMode="numeric" />
    </CatalogForm>
  );
}

export default function BannersIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminBanner>
      me={me}
      title={t('catalog.title.banners')}
      list={(q) => staffSend(cat.catalogBanners, q)}
      nameOf={(r) => r.name}
      columns={[
        { label: t('catalog.field.bannerPic'), cell: (r) => <img src={r.pic} alt={r.name} className="h-10 max-w-[8rem] rounded object-cover" /> },
        { label: t('catalog.field.bannerName'), cell: (r) => r.name },
        { label: t('catalog.field.url'), cell: (r) => r.url ?? t('catalog.noLink') },
        { label: t('catalog.field.seq'), cell: (r) => r.seq },
      ]}
      setState={(id, state) => staffSend(cat.catalogBannerState, { state }, { params: { id } })}
      remove={(id) => staffSend(cat.catalogBannerDelete, {}, { params: { id } })}
      schedule={(id, publishAt) => staffSend(cat.catalogBannerSchedule, { publishAt }, { params: { id } })}
      Form={BannerForm}
    />
  );
}
