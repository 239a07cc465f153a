import { useEffect, useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { ImageField } from '../upload';
import { CatalogForm, CatalogScreen, Field, orNull, type FormProps } from './screen';
import { inputClass } from '../../shared/fields';
import { RichTextField } from '../editor/RichTextField';

/** Training products (/admin/catalog/products): the public product list, detail pages and the home page's category tabs. */

const PERIODS = [1, 2, 3, 4] as const;
const periodLabel = (n: number) => t(`catalog.period.${n}` as 'catalog.period.1');
const verificationLabel = (n: number) => t(`catalog.verification.${n}` as 'catalog.verification.0');

function ProductForm({ initial, onSaved, onCancel }: FormProps<cat.AdminProduct>) {
  const [f, setF] = useState({
    name: initial?.name ?? '',
    pic: initial?.pic ?? '',
    picTag: initial?.picTag ?? '',
    periodTypes: initial?.periodTypes ?? [],
    certificationOrg: initial?.certificationOrg ?? '',
    issuingAuthorityName: initial?.issuingAuthorityName ?? '',
    certificateTypeDesc: initial?.certificateTypeDesc ?? '',
    certificateVerificationType: initial?.certificateVerificationType ?? 0,
    certificateBenefits: initial?.certificateBenefits ?? '',
    detail: initial?.detail ?? '',
    schoolName: initial?.schoolName ?? '',
    trainingInstitutionsName: initial?.trainingInstitutionsName ?? '',
    defStandPrice: initial?.defStandPrice ?? '',
    defCouponPrice: initial?.defCouponPrice ?? '',
    subsidyPrice: initial?.subsidyPrice ?? '',
    categoryIds: initial?.categoryIds ?? [],
    seq: String(initial?.seq ?? 0),
  });
  const [categories, setCategories] = useState<cat.AdminProductCategory[]>([]);
  useEffect(() => {
    staffSend(cat.catalogCategories, { size: 100 }).then(
      (p) => setCategories(p.records),
      () => setCategories([]),
    );
  }, []);
  const set = (patch: Partial<typeof f>) => setF({ ...f, ...patch });
  const verificationId = useId();
  const benefitsId = useId();

  const save = async (state: cat.CatalogState) => {
    const saved = await staffSend(cat.catalogProductSave, {
      ...(initial ? { id: initial.id } : {}),
      name: f.name,
      pic: orNull(f.pic),
      picTag: orNull(f.picTag),
      periodTypes: f.periodTypes,
      certificationOrg: orNull(f.certificationOrg),
      issuingAuthorityName: orNull(f.issuingAuthorityName),
      certificateTypeDesc: orNull(f.certificateTypeDesc),
      certificateVerificationType: f.certificateVerificationType,
      certificateBenefits: orNull(f.certificateBenefits),
      detail: f.detail,
      schoolName: orNull(f.schoolName),
      trainingInstitutionsName: orNull(f.trainingInstitutionsName),
      defStandPrice: orNull(f.defStandPrice),
      defCouponPrice: orNull(f.defCouponPrice),
      subsidyPrice: orNull(f.subsidyPrice),
      categoryIds: f.categoryIds,
      seq: Number(f.seq),
      state,
    } as cat.ProductInput);
    onSaved(saved);
  };

  const toggle = <K extends 'periodTypes' | 'categoryIds'>(key: K, value: (typeof f)[K][number]) => {
    const list = f[key] as (typeof value)[];
    set({ [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] } as Partial<typeof f>);
  };

  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <Field label={t('catalog.field.productName')} value={f.name} onValue={(name) => set({ name })} maxLength={128} required />
      <ImageField label={t('catalog.field.pic')} value={f.pic} onChange={(pic) => set({ pic })} purpose={UPLOAD_PURPOSE.cover} optional />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('catalog.field.picTag')} value={f.picTag} onValue={(picTag) => set({ picTag })} maxLength={32} />
        <Field label={t('catalog.field.seq')} value={f.seq} onValue={(seq) => set({ seq })} type="number" inputMode="numeric" />
        <Field label={t('catalog.field.defStandPrice')} value={f.defStandPrice} onValue={(defStandPrice) => set({ defStandPrice })} maxLength={32} />
        <Field label={t('catalog.field.defCouponPrice')} value={f.defCouponPrice} onValue={(defCouponPrice) => set({ defCouponPrice })} maxLength={32} />
        <Field label={t('catalog.field.subsidyPrice')} value={f.subsidyPrice} onValue={(subsidyPrice) => set({ subsidyPrice })} maxLength={32} />
        <Field label={t('catalog.field.certificateTypeDesc')} value={f.certificateTypeDesc} onValue={(v) => set({ certificateTypeDesc: v })} maxLength={64} />
        <Field label={t('catalog.field.certificationOrg')} value={f.certificationOrg} onValue={(v) => set({ certificationOrg: v })} maxLength={128} />
        <Field
          label={t('catalog.field.issuingAuthorityName')}
          value={f.issuingAuthorityName}
          onValue={(v) => set({ issuingAuthorityName: v })}
          maxLength={128}
        />
        <Field label={t('catalog.field.schoolName')} value={f.schoolName} onValue={(schoolName) => set({ schoolName })} maxLength={128} />
        <Field
          label={t('catalog.field.trainingInstitutionsName')}
          value={f.trainingInstitutionsName}
          onValue={(v) => set({ trainingInstitutionsName: v })}
          maxLength={128}
        />
      </div>
      <div>
        <label htmlFor={verificationId} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.field.certificateVerificationType')}
        </label>
        <select
          id={verificationId}
          value={f.certificateVerificationType}
          onChange={(e) => set({ certificateVerificationType: Number(e.target.value) })}
          className={inputClass(false)}
        >
          {[0, 1, 2].map((n) => (
            <option key={n} value={n}>
              {verificationLabel(n)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={benefitsId} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.field.certificateBenefits')}
        </label>
        <textarea
          id={benefitsId}
          value={f.certificateBenefits}
          maxLength={2000}
          rows={3}
          onChange={(e) => set({ certificateBenefits: e.target.value })}
          className={inputClass(false)}
        />
      </div>
      <RichTextField label={t('catalog.field.detail')} value={f.detail} onValue={(detail) => set({ detail })} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">{t('catalog.field.periodTypes')}</legend>
        <div className="flex flex-wrap gap-3">
          {PERIODS.map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={f.periodTypes.includes(n)} onChange={() => toggle('periodTypes', n)} />
              {periodLabel(n)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">{t('catalog.field.categories')}</legend>
        <div className="flex flex-wrap gap-3">
          {categories.map((c) => (
            <label key={c.id} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={f.categoryIds.includes(c.id)} onChange={() => toggle('categoryIds', c.id)} />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
    </CatalogForm>
  );
}

export default function ProductsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminProduct>
      me={me}
      title={t('catalog.title.products')}
      list={(q) => staffSend(cat.catalogProducts, q)}
      nameOf={(r) => r.name}
      columns={[
        { label: t('catalog.field.productName'), cell: (r) => r.name },
        { label: t('catalog.field.defCouponPrice'), cell: (r) => r.defCouponPrice ?? r.defStandPrice ?? '' },
        { label: t('catalog.field.seq'), cell: (r) => r.seq },
      ]}
      setState={(id, state) => staffSend(cat.catalogProductState, { state }, { params: { id } })}
      remove={(id) => staffSend(cat.catalogProductDelete, {}, { params: { id } })}
      schedule={(id, publishAt) => staffSend(cat.catalogProductSchedule, { publishAt }, { params: { id } })}
      Form={ProductForm}
    />
  );
}
