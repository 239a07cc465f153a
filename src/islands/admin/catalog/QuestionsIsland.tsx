import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { RichTextField } from '../editor/RichTextField';
import { CatalogScreen, seqColumn, type FormProps } from './screen';
import { CatalogForm, Field, SelectBox, SeqField } from './form';
import { questionForm } from '~/lib/forms/catalog';
import { textValues, useChoices } from '../kit';

/** Common questions (/admin/catalog/questions): shown on their hot major's page, the answer as sanitised rich text. */

function QuestionForm({ initial, save, onCancel }: FormProps<cat.AdminQuestion, cat.QuestionInput>) {
  const majors = useChoices(() => staffSend(cat.catalogMajors, {}));
  // A question's major that the majors listed do not include still shows as its choice.
  const kept: (readonly [string, string])[] =
    initial && !majors.some((m) => m.id === initial.majorId) ? [[initial.majorId, initial.majorName ?? t('catalog.noMajor')]] : [];
  return (
    <CatalogForm
      schema={questionForm}
      start={{ ...textValues(initial, ['majorId', 'name', 'answer']), seq: initial?.seq === null || initial?.seq === undefined ? '' : String(initial.seq) }}
      input={(v) => ({ ...v, seq: v.seq === '' ? null : Number(v.seq) })}
      save={save}
      onCancel={onCancel}
    >
      {({ values, set }) => (
        <>
          <SelectBox
            name="majorId"
            label={t('catalog.field.major')}
            required
            blank={t('catalog.chooseMajor')}
            options={[...kept, ...majors.map((m) => [m.id, m.name] as const)]}
          />
          <Field name="name" label={t('catalog.field.question')} maxLength={200} required />
          <RichTextField label={t('catalog.field.answer')} value={values.answer} onValue={(answer) => set({ answer })} />
          <SeqField />
        </>
      )}
    </CatalogForm>
  );
}

export default function QuestionsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminQuestion, cat.QuestionInput>
      me={me}
      resource={cat.QUESTIONS}
      columns={[
        { label: t('catalog.field.question'), cell: (r) => r.name },
        { label: t('catalog.field.major'), cell: (r) => r.majorName ?? t('catalog.noMajor') },
        seqColumn,
      ]}
      Form={QuestionForm}
    />
  );
}
