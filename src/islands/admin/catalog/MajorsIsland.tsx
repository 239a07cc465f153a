import { useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { inputClass } from '../../shared/fields';
import { Button } from '../shared';
import { ImageField } from '../upload';
import { CatalogForm, CatalogScreen, Field, orNull, type FormProps } from './screen';

/** Hot majors (/admin/catalog/majors): the training-projects page's majors with their salary, prospects and certificates. */

function Area({ label, value, onValue }: { label: string; value: string; onValue: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea id={id} value={value} maxLength={2000} rows={3} onChange={(e) => onValue(e.target.value)} className={inputClass(false)} />
    </div>
  );
}

function MajorForm({ initial, onSaved, onCancel }: FormProps<cat.AdminHotMajor>) {
  const [name, setName] = useState(initial?.name ?? '');
  const [pic, setPic] = useState(initial?.pic ?? '');
  const [salary, setSalary] = useState(String(initial?.industrySalary ?? 0));
  const [prospect, setProspect] = useState(initial?.employmentProspectDescribe ?? '');
  const [people, setPeople] = useState(initial?.suitabilityPeopleDescribe ?? '');
  const [certificates, setCertificates] = useState(initial?.relatedCertificate ?? []);
  const [seq, setSeq] = useState(String(initial?.seq ?? 0));
  const save = async (state: cat.CatalogState) =>
    onSaved(
      await staffSend(cat.catalogMajorSave, {
        ...(initial ? { id: initial.id } : {}),
        name,
        pic: orNull(pic),
        industrySalary: Number(salary || 0),
        employmentProspectDescribe: orNull(prospect),
        suitabilityPeopleDescribe: orNull(people),
        relatedCertificate: certificates,
        seq: Number(seq),
        state,
      }),
    );
  const change = (i: number, patch: Partial<{ name: string; url: string }>) => setCertificates(certificates.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <Field label={t('catalog.field.majorName')} value={name} onValue={setName} maxLength={128} required />
      <ImageField label={t('catalog.field.majorPic')} value={pic} onChange={setPic} purpose={UPLOAD_PURPOSE.cover} optional />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('catalog.field.industrySalary')} value={salary} onValue={setSalary} type="number" inputMode="numeric" />
        <Field label={t('catalog.field.seq')} value={seq} onValue={setSeq} type="number" inputMode="numeric" />
      </div>
      <Area label={t('catalog.field.employmentProspect')} value={prospect} onValue={setProspect} />
      <Area label={t('catalog.field.suitabilityPeople')} value={people} onValue={setPeople} />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-ink">{t('catalog.field.certificates')}</legend>
        {certificates.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; they are edited in place and removed by position.
          <div key={i} className="space-y-2 rounded border border-slate-200 p-3">
            <Field label={`${t('catalog.field.certificateName')} ${i + 1}`} value={c.name} onValue={(v) => change(i, { name: v })} maxLength={64} required />
            <ImageField
              label={`${t('catalog.field.certificatePic')} ${i + 1}`}
              value={c.url}
              onChange={(url) => change(i, { url })}
              purpose={UPLOAD_PURPOSE.cover}
              optional
            />
            <Button kind="danger" onClick={() => setCertificates(certificates.filter((_c, j) => j !== i))}>
              {t('catalog.removeCertificate')}
            </Button>
          </div>
        ))}
        <Button onClick={() => setCertificates([...certificates, { name: '', url: '' }])}>{t('catalog.addCertificate')}</Button>
      </fieldset>
    </CatalogForm>
  );
}

export default function MajorsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminHotMajor>
      me={me}
      title={t('catalog.title.majors')}
      list={(q) => staffSend(cat.catalogMajorList, q)}
      nameOf={(r) => r.name}
      columns={[
        { label: t('catalog.field.majorName'), cell: (r) => r.name },
        { label: t('catalog.field.questionCount'), cell: (r) => r.questionCount },
        { label: t('catalog.field.seq'), cell: (r) => r.seq },
      ]}
      setState={(id, state) => staffSend(cat.catalogMajorState, { state }, { params: { id } })}
      remove={(id) => staffSend(cat.catalogMajorDelete, {}, { params: { id } })}
      schedule={(id, publishAt) => staffSend(cat.catalogMajorSchedule, { publishAt }, { params: { id } })}
      Form={MajorForm}
    />
  );
}
