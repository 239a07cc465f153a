import { useEffect, useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { inputClass } from '../../shared/fields';
import { RichTextField } from '../editor/RichTextField';
import { CatalogForm, CatalogScreen, Field, type FormProps } from './screen';

/** Common questions (/admin/catalog/questions): shown on their hot major's page, the answer as sanitised rich text. */

function QuestionForm({ initial, onSaved, onCancel }: FormProps<cat.AdminQuestion>) {
  const [majorId, setMajorId] = useState(initial?.majorId ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [answer, setAnswer] = useState(initial?.answer ?? '');
  const [seq, setSeq] = useState(initial?.seq === null || initial?.seq === undefined ? '' : String(initial.seq));
  const [majors, setMajors] = useState<cat.MajorOption[]>([]);
  const majorField = useId();
  useEffect(() => {
    staffSend(cat.catalogMajors, {}).then(setMajors, () => setMajors([]));
  }, []);
  const save = async (state: cat.CatalogState) =>
    onSaved(
      await staffSend(cat.catalogQuestionSave, { ...(initial ? { id: initial.id } : {}), majorId, name, answer, seq: seq === '' ? null : Number(seq), state }),
    );
  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <div>
        <label htmlFor={majorField} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.field.major')}
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </label>
        <select id={majorField} value={majorId} aria-required onChange={(e) => setMajorId(e.target.value)} className={inputClass(false)}>
          <option value="">{t('catalog.chooseMajor')}</option>
          {initial && !majors.some((m) => m.id === initial.majorId) ? (
            <option value={initial.majorId}>{initial.majorName ?? t('catalog.noMajor')}</option>
          ) : null}
          {majors.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('catalog.field.question')} value={name} onValue={setName} maxLength={200} required />
      <RichTextField label={t('catalog.field.answer')} value={answer} onValue={setAnswer} />
      <Field label={t('catalog.field.seq')} value={seq} onValue={setSeq} type="number" inputMode="numeric" />
    </CatalogForm>
  );
}

export default function QuestionsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminQuestion>
      me={me}
      title={t('catalog.title.questions')}
      list={(q) => staffSend(cat.catalogQuestions, q)}
      nameOf={(r) => r.name}
      columns={[
        { label: t('catalog.field.question'), cell: (r) => r.name },
        { label: t('catalog.field.major'), cell: (r) => r.majorName ?? t('catalog.noMajor') },
        { label: t('catalog.field.seq'), cell: (r) => r.seq ?? '' },
      ]}
      setState={(id, state) => staffSend(cat.catalogQuestionState, { state }, { params: { id } })}
      remove={(id) => staffSend(cat.catalogQuestionDelete, {}, { params: { id } })}
      schedule={(id, publishAt) => staffSend(cat.catalogQuestionSchedule, { publishAt }, { params: { id } })}
      Form={QuestionForm}
    />
  );
}
