import { type ReactNode, useEffect, useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { inputClass } from '../../shared/fields';
import { ImageField } from '../upload';
import { CatalogForm, CatalogScreen, Field, orNull, type FormProps } from './screen';

/** Album materials (/admin/catalog/materials): the school album's pictures and videos. */

function useCategories() {
  const [categories, setCategories] = useState<cat.AdminAlbumCategory[]>([]);
  useEffect(() => {
    staffSend(cat.catalogAlbumCategories, { size: 100 }).then(
      (p) => setCategories(p.records),
      () => setCategories([]),
    );
  }, []);
  return categories;
}

function Select({ label, value, onValue, children }: { label: string; value: string; onValue: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value)} className={inputClass(false)}>
        {children}
      </select>
    </div>
  );
}

function MaterialForm({ initial, onSaved, onCancel }: FormProps<cat.AdminMaterial>) {
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState(initial?.categoryId ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [type, setType] = useState<cat.AdminMaterial['type']>(initial?.type ?? 'PIC');
  const [pic, setPic] = useState(initial?.pic ?? '');
  const [video, setVideo] = useState(initial?.video ?? '');
  const [introduce, setIntroduce] = useState(initial?.introduce ?? '');
  const [seq, setSeq] = useState(String(initial?.seq ?? 0));
  const save = async (state: cat.CatalogState) =>
    onSaved(
      await staffSend(cat.catalogMaterialSave, {
        ...(initial ? { id: initial.id } : {}),
        categoryId,
        name,
        type,
        pic: orNull(pic),
        video: type === 'VIDEO' ? orNull(video) : null,
        introduce: orNull(introduce),
        seq: Number(seq),
        state,
      }),
    );
  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <Select label={t('catalog.field.albumCategory')} value={categoryId} onValue={setCategoryId}>
        <option value="">{t('catalog.chooseAlbumCategory')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.categoryName}
          </option>
        ))}
      </Select>
      <Field label={t('catalog.field.materialName')} value={name} onValue={setName} maxLength={128} required />
      <Select label={t('catalog.field.materialType')} value={type} onValue={(v) => setType(v === 'VIDEO' ? 'VIDEO' : 'PIC')}>
        <option value="PIC">{t('catalog.materialType.PIC')}</option>
        <option value="VIDEO">{t('catalog.materialType.VIDEO')}</option>
      </Select>
      <ImageField label={t('catalog.field.materialPic')} value={pic} onChange={setPic} purpose={UPLOAD_PURPOSE.cover} optional={type === 'VIDEO'} />
      {type === 'VIDEO' ? <Field label={t('catalog.field.video')} value={video} onValue={setVideo} maxLength={512} required /> : null}
      <Field label={t('catalog.field.introduce')} value={introduce} onValue={setIntroduce} maxLength={1024} />
      <Field label={t('catalog.field.seq')} value={seq} onValue={setSeq} type="number" inputMode="numeric" />
    </CatalogForm>
  );
}

export default function MaterialsIsland({ me }: { me: StaffMe }) {
  const categories = useCategories();
  return (
    <CatalogScreen<cat.AdminMaterial>
      me={me}
      title={t('catalog.title.materials')}
      list={(q) => staffSend(cat.catalogMaterials, q)}
      nameOf={(r) => r.name}
      columns={[
        { label: t('catalog.field.materialName'), cell: (r) => r.name },
        { label: t('catalog.field.materialType'), cell: (r) => t(r.type === 'VIDEO' ? 'catalog.materialType.VIDEO' : 'catalog.materialType.PIC') },
        { label: t('catalog.field.albumCategory'), cell: (r) => categories.find((c) => c.id === r.categoryId)?.categoryName ?? '' },
        { label: t('catalog.field.seq'), cell: (r) => r.seq },
      ]}
      setState={(id, state) => staffSend(cat.catalogMaterialState, { state }, { params: { id } })}
      remove={(id) => staffSend(cat.catalogMaterialDelete, {}, { params: { id } })}
      schedule={(id, publishAt) => staffSend(cat.catalogMaterialSchedule, { publishAt }, { params: { id } })}
      Form={MaterialForm}
    />
  );
}
