import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { ImageField } from '../upload';
import { CatalogScreen, CHOICES_SIZE, seqColumn, type FormProps } from './screen';
import { CatalogForm, Field, SelectBox, SeqField, TextBox, orNulls, type FormValues } from './form';
import { textValues, useChoices } from '../kit';
import { productForm } from '~/lib/forms/catalog';
import { RichTextField } from '../editor/RichTextField';

/** Training products (/admin/catalog/products): the public product list, detail pages and the home page's category tabs. */

const PERIODS = [1, 2, 3, 4] as const;
const VERIFICATIONS = [0, 1, 2] as const;
const periodLabel = (n: number) => t(`catalog.period.${n}` as 'catalog.period.1');
const verificationLabel = (n: number) => t(`catalog.verification.${n}` as 'catalog.verification.0');
/** The product's one-line texts in the form's grid, with the most characters its schema takes. */
const GRID_TEXTS = [
  ['picTag', 32],
  ['defStandPrice', 32],
  ['defCouponPrice', 32],
  ['subsidyPrice', 32],
  ['certificateTypeDesc', 64],
  ['certificationOrg', 128],
  ['issuingAuthorityName', 128],
  ['schoolName', 128],
  ['trainingInstitutionsName', 128],
] as const;
/** The texts sent as none when blank. */
const OPTIONAL_TEXTS = ['pic', ...GRID_TEXTS.map(([key]) => key), 'certificateBenefits'] as const;
const MAX_BENEFITS = 2000;

function ProductForm({ initial, save, onCancel }: FormProps<cat.AdminProduct, cat.ProductInput>) {
  const start = {
    ...textValues(initial, ['name', 'detail', ...OPTIONAL_TEXTS]),
    periodTypes: initial?.periodTypes ?? [],
    categoryIds: initial?.categoryIds ?? [],
    majorIds: initial?.majorIds ?? [],
    certificateVerificationType: String(initial?.certificateVerificationType ?? 0),
    seq: String(initial?.seq ?? 0),
  };
  const input = (v: typeof start): Omit<cat.ProductInput, 'id' | 'state'> => ({
    ...v,
    ...orNulls(v, OPTIONAL_TEXTS),
    certificateVerificationType: Number(v.certificateVerificationType),
    seq: Number(v.seq),
  });
  return (
    <CatalogForm schema={productForm} start={start} input={input} save={save} onCancel={onCancel}>
      {(form) => <ProductFields form={form} />}
    </CatalogForm>
  );
}

type ProductValues = Pick<cat.ProductInput, 'periodTypes' | 'categoryIds' | 'majorIds'> & { pic: string; detail: string };
type ListKey = 'periodTypes' | 'categoryIds' | 'majorIds';

/** A product's fields: the texts bound by name, its picture, detail, periods, categories and majors from the form's values. */
function ProductFields({ form: { values, set } }: { form: FormValues<ProductValues> }) {
  const categories = useChoices(() => staffSend(cat.catalogCategories, { size: CHOICES_SIZE }).then((p) => p.records));
  const majors = useChoices(() => staffSend(cat.catalogMajors, {}));
  const toggle = <K extends ListKey>(key: K, value: ProductValues[K][number]) => {
    const list = values[key] as (typeof value)[];
    set({ [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] } as Partial<ProductValues>);
  };
  return (
    <>
      <Field name="name" label={t('catalog.field.productName')} maxLength={128} required />
      <ImageField label={t('catalog.field.pic')} value={values.pic} onChange={(pic) => set({ pic })} purpose={UPLOAD_PURPOSE.cover} optional />
      <div className="grid gap-4 sm:grid-cols-2">
        {GRID_TEXTS.map(([key, max]) => (
          <Field key={key} name={key} label={t(`catalog.field.${key}`)} maxLength={max} />
        ))}
        <SeqField />
      </div>
      <SelectBox
        name="certificateVerificationType"
        label={t('catalog.field.certificateVerificationType')}
        options={VERIFICATIONS.map((n) => [n, verificationLabel(n)] as const)}
      />
      <TextBox name="certificateBenefits" label={t('catalog.field.certificateBenefits')} maxLength={MAX_BENEFITS} />
      <RichTextField label={t('catalog.field.detail')} value={values.detail} onValue={(detail) => set({ detail })} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">{t('catalog.field.periodTypes')}</legend>
        <div className="flex flex-wrap gap-3">
          {PERIODS.map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={values.periodTypes.includes(n)} onChange={() => toggle('periodTypes', n)} />
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
              <input type="checkbox" checked={values.categoryIds.includes(c.id)} onChange={() => toggle('categoryIds', c.id)} />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby="product-majors-hint">
        <legend className="mb-1 text-sm font-medium text-ink">{t('catalog.field.majors')}</legend>
        <p id="product-majors-hint" className="mb-1 text-xs text-muted">
          {t('catalog.majorsHint')}
        </p>
        <div className="flex flex-wrap gap-3">
          {majors.map((m) => (
            <label key={m.id} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={values.majorIds.includes(m.id)} onChange={() => toggle('majorIds', m.id)} />
              {m.name}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

export default function ProductsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminProduct, cat.ProductInput>
      me={me}
      resource={cat.PRODUCTS}
      columns={[
        { label: t('catalog.field.productName'), cell: (r) => r.name },
        { label: t('catalog.field.defCouponPrice'), cell: (r) => r.defCouponPrice ?? r.defStandPrice ?? '' },
        seqColumn,
      ]}
      Form={ProductForm}
    />
  );
}
