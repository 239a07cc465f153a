import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { Button } from '../shared';
import { ImageField } from '../upload';
import { CatalogScreen, seqColumn, type FormProps } from './screen';
import { CatalogForm, Field, SeqField, TextBox, orNulls } from './form';
import { listEdits, textValues } from '../kit';
import { hotMajorForm } from '~/lib/forms/catalog';

/** Hot majors (/admin/catalog/majors): the training-projects page's majors with their salary, prospects and certificates. */

/** How long a major's prospects or suitable people may be (its schema refuses more). */
const MAX_DESCRIBE = 2000;
/** The texts sent as none when blank. */
const OPTIONAL_TEXTS = ['pic', 'employmentProspectDescribe', 'suitabilityPeopleDescribe'] as const;

function MajorForm({ initial, save, onCancel }: FormProps<cat.AdminHotMajor, cat.HotMajorInput>) {
  const start = {
    ...textValues(initial, ['name', ...OPTIONAL_TEXTS]),
    industrySalary: String(initial?.industrySalary ?? 0),
    relatedCertificate: initial?.relatedCertificate ?? [],
    seq: String(initial?.seq ?? 0),
  };
  const input = (v: typeof start) => ({
    ...v,
    ...orNulls(v, OPTIONAL_TEXTS),
    industrySalary: Number(v.industrySalary || 0),
    seq: Number(v.seq),
  });
  return (
    <CatalogForm schema={hotMajorForm} start={start} input={input} save={save} onCancel={onCancel}>
      {({ values, set }) => (
        <>
          <Field name="name" label={t('catalog.field.majorName')} maxLength={128} required />
          <ImageField label={t('catalog.field.majorPic')} value={values.pic} onChange={(pic) => set({ pic })} purpose={UPLOAD_PURPOSE.cover} optional />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="industrySalary" label={t('catalog.field.industrySalary')} type="number" inputMode="numeric" />
            <SeqField />
          </div>
          <TextBox name="employmentProspectDescribe" label={t('catalog.field.employmentProspect')} maxLength={MAX_DESCRIBE} />
          <TextBox name="suitabilityPeopleDescribe" label={t('catalog.field.suitabilityPeople')} maxLength={MAX_DESCRIBE} />
          <CertificateList list={values.relatedCertificate} onList={(relatedCertificate) => set({ relatedCertificate })} />
        </>
      )}
    </CatalogForm>
  );
}

type Certificate = cat.HotMajorInput['relatedCertificate'][number];

/** A major's certificates, each a name and an optional picture, edited in place, added and removed. */
function CertificateList({ list, onList }: { list: Certificate[]; onList: (list: Certificate[]) => void }) {
  const edit = listEdits(list, onList);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-ink">{t('catalog.field.certificates')}</legend>
      {list.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; they are edited in place and removed by position.
        <div key={i} className="space-y-2 rounded border border-slate-200 p-3">
          <Field label={`${t('catalog.field.certificateName')} ${i + 1}`} value={c.name} onValue={(name) => edit.put(i, { name })} maxLength={64} required />
          <ImageField
            label={`${t('catalog.field.certificatePic')} ${i + 1}`}
            value={c.url}
            onChange={(url) => edit.put(i, { url })}
            purpose={UPLOAD_PURPOSE.cover}
            optional
          />
          <Button kind="danger" onClick={() => edit.remove(i)}>
            {t('catalog.removeCertificate')}
          </Button>
        </div>
      ))}
      <Button onClick={() => edit.add({ name: '', url: '' })}>{t('catalog.addCertificate')}</Button>
    </fieldset>
  );
}

export default function MajorsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminHotMajor, cat.HotMajorInput>
      me={me}
      resource={cat.HOT_MAJORS}
      columns={[
        { label: t('catalog.field.majorName'), cell: (r) => r.name },
        { label: t('catalog.field.questionCount'), cell: (r) => r.questionCount },
        seqColumn,
      ]}
      Form={MajorForm}
    />
  );
}
