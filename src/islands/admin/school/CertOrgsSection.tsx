import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { CertificationOrgAdmin, CertificationOrgInput } from '~/lib/api/contracts/admin-school';
import { certOrgFields, ORG_LEVELS, ORG_TYPES } from '~/lib/forms/school';
import { Choice, Field } from './form-bits';
import { CheckField, ItemForm, ItemsSection, useItemForm, type ItemCalls, type ItemFormProps } from './ItemsSection';
import { textValues, type Column } from '../kit';

/** Certification organisations: shown on /school-info (those marked shown, by 排序); created, edited, hidden, deleted. */

type OrgType = (typeof ORG_TYPES)[number];
type Level = Exclude<(typeof ORG_LEVELS)[number], ''>;
const typeText = (v: string) => ((ORG_TYPES as readonly string[]).includes(v) ? t(`school.orgs.type.${v as OrgType}`) : v);
const levelText = (v: string) => (v !== '' && (ORG_LEVELS as readonly string[]).includes(v) ? t(`school.orgs.level.${v as Level}`) : '');

const valuesOf = (o: CertificationOrgAdmin | null) => ({
  ...textValues(o, ['name', 'certificationType', 'serviceScope', 'features']),
  orgType: o && (ORG_TYPES as readonly string[]).includes(o.orgType) ? o.orgType : o ? 'OTHER' : 'CERTIFICATION',
  seq: String(o?.seq ?? 0),
  published: o?.published ?? true,
});

const CALLS: ItemCalls<CertificationOrgAdmin, CertificationOrgInput> = {
  list: api.adminCertificationOrgs,
  create: api.createCertificationOrg,
  update: api.updateCertificationOrg,
  remove: api.deleteCertificationOrg,
};

function OrgForm({ initial, save, onCancel }: ItemFormProps<CertificationOrgAdmin, CertificationOrgInput>) {
  const { form, submit, text } = useItemForm({
    values: valuesOf(initial),
    input: (v) => ({ ...v, seq: Number(v.seq) }),
    schema: certOrgFields,
    save,
  });
  const v = form.values;
  return (
    <ItemForm onSubmit={submit} busy={form.submitting} onCancel={onCancel}>
      <div className="sm:col-span-2">
        <Field label={t('school.orgs.field.name')} {...text('name')} required />
      </div>
      <Choice
        id={form.id('orgType')}
        label={t('school.orgs.field.orgType')}
        value={v.orgType}
        onValue={(value) => form.change('orgType', value)}
        options={ORG_TYPES.map((o) => [o, typeText(o)] as const)}
      />
      <Choice
        id={form.id('certificationType')}
        label={t('school.orgs.field.certificationType')}
        value={v.certificationType}
        onValue={(value) => form.change('certificationType', value)}
        options={ORG_LEVELS.map((l) => [l, l === '' ? t('school.orgs.level.none') : levelText(l)] as const)}
      />
      <Field label={t('school.orgs.field.serviceScope')} {...text('serviceScope')} multiline />
      <Field label={t('school.orgs.field.features')} {...text('features')} multiline />
      <Field label={t('school.points.field.seq')} inputMode="numeric" {...text('seq')} />
      <CheckField
        label={t('school.orgs.field.published')}
        checked={v.published}
        onChange={(published) => form.change('published', published)}
        className="self-end pb-2"
      />
    </ItemForm>
  );
}

const COLUMNS: readonly Column<CertificationOrgAdmin>[] = [
  { header: t('school.orgs.colName'), cell: (o) => o.name },
  { header: t('school.orgs.colType'), cell: (o) => typeText(o.orgType) },
  { header: t('school.orgs.colLevel'), cell: (o) => levelText(o.certificationType) },
  { header: t('school.orgs.colShown'), cell: (o) => (o.published ? '✓' : '—') },
  { header: t('school.points.colSeq'), cell: (o) => o.seq },
];

export function CertOrgsSection() {
  return <ItemsSection prefix="school.orgs" calls={CALLS} nameOf={(o) => o.name} columns={COLUMNS} Form={OrgForm} width="w-[min(92vw,640px)]" />;
}
