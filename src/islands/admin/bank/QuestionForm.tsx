import { t } from '~/lib/i18n/messages/admin-bank';
import { bankQuestionSave, type AdminQuestion, type QuestionDraftInput } from '~/lib/api/contracts/admin-bank';
import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { staffSend } from '~/lib/api/staff-client';
import { CLOZE_SUB_TYPES, COMPOUND_TYPES, READING_SUB_TYPES, blankCountOf, checkQuestion, questionPoints } from '~/lib/exams/question-bank';
import { questionRefusal } from '~/lib/forms/bank';
import { textToHtml } from '~/lib/exams/question-import';
import { toast } from '~/lib/toast';
import { useForm } from '../../shared/use-form';
import { FormMessage } from '../../shared/fields';
import { RichTextField } from '../editor/RichTextField';
import { Button, Section } from '../shared';
import { Choice } from '../kit';
import { Check, Input, TYPE_OPTIONS, TextArea, htmlToText, letter, typeLabel } from './ui';

/**
 * The form of a bank question of any type (decision 048): the stem and explanation in the staff's
 * rich-text editor, options with their right answers, true/false, each blank's answer (the stem
 * marks blanks with ____, as the answering page counts them), a reference answer, points, and a
 * reading or cloze question's sub-questions (their stems typed as text). The server checks it all
 * with the bank's rules and answers the refusal in the form's words, shown here.
 */

export interface Draft {
  questionType: number;
  category: string;
  /** Top-level: the editor's HTML; a sub-question: plain text. */
  trunk: string;
  options: string[];
  right: boolean[];
  judge: string;
  blanks: string[];
  reference: string;
  explanation: string;
  points: string;
  subs: Draft[];
}

export const emptyDraft = (questionType: number = QUESTION_TYPE.SINGLE): Draft => ({
  questionType,
  category: '',
  trunk: '',
  options: ['', '', '', ''],
  right: [false, false, false, false],
  judge: '',
  blanks: [],
  reference: '',
  explanation: '',
  points: '2',
  subs: [],
});

export function draftOf(q: AdminQuestion, sub = false): Draft {
  return {
    questionType: q.questionType,
    category: q.category ?? '',
    trunk: sub ? htmlToText(q.trunk) : q.trunk,
    options: q.questionType === QUESTION_TYPE.TRUE_FALSE ? [] : q.options.map((o) => o.value),
    right: q.options.map((o) => q.answerOptions.includes(o.key)),
    judge: q.questionType === QUESTION_TYPE.TRUE_FALSE ? (q.answerOptions[0] ?? '') : '',
    blanks: q.blanks,
    reference: q.reference ?? '',
    explanation: q.explanation ?? '',
    points: String(q.examPoint),
    subs: q.subs.map((x) => draftOf(x, true)),
  };
}

function inputOf(d: Draft, sub: boolean): QuestionDraftInput {
  const trunk = sub ? textToHtml(d.trunk) : d.trunk;
  const base = { questionType: d.questionType, trunk, explanation: d.explanation || null };
  if (COMPOUND_TYPES.includes(d.questionType)) return { ...base, subs: d.subs.map((x) => inputOf(x, true)) };
  const examPoint = Number(d.points);
  if (d.questionType === QUESTION_TYPE.TRUE_FALSE) return { ...base, answerOptions: d.judge ? [d.judge] : [], examPoint };
  if (d.questionType === QUESTION_TYPE.FILL_IN) return { ...base, blanks: d.blanks.slice(0, blankCountOf(trunk)), examPoint };
  if (d.questionType === QUESTION_TYPE.SHORT_ANSWER) return { ...base, reference: d.reference || null, examPoint };
  return {
    ...base,
    options: d.options.map((value, i) => ({ key: letter(i), value })),
    answerOptions: d.options.map((_, i) => letter(i)).filter((_, i) => d.right[i]),
    examPoint,
  };
}

const typeOptions = (types: readonly number[]) => types.map((v) => [v, typeLabel(v)] as const);

export function QuestionForm({ editing, onSaved, onCancel }: { editing: AdminQuestion | null; onSaved: (q: AdminQuestion) => void; onCancel: () => void }) {
  // The bank's rules (decision 048) run across the whole question, as the route runs them before it stores one:
  // a refusal (with the sub-question it is in) is said under the form, and a refusal only the server can give too.
  const form = useForm({ initial: () => (editing ? draftOf(editing) : emptyDraft()), check: () => null });
  const draft = form.values;
  const setDraft = (next: Draft | ((d: Draft) => Draft)) => form.setValues(next);
  const save = form.onSubmit([], async (d) => {
    const input = inputOf(d, false);
    const checked = checkQuestion(input);
    if (!checked.ok) throw new Error(questionRefusal(checked));
    const saved = await staffSend(bankQuestionSave, {
      ...input,
      category: d.category || null,
      ...(editing ? { questionId: editing.id } : {}),
    });
    toast(t('bank.saved'), 'success');
    onSaved(saved);
  });

  return (
    <Section title={editing ? t('bank.edit') : t('bank.new')}>
      <form onSubmit={save} className="space-y-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Choice
            label={t('bank.form.type')}
            value={String(draft.questionType)}
            onValue={(v) => setDraft({ ...emptyDraft(Number(v)), category: draft.category, trunk: draft.trunk, explanation: draft.explanation })}
            options={TYPE_OPTIONS}
          />
          <Input label={t('bank.form.category')} value={draft.category} onValue={(category) => setDraft({ ...draft, category })} />
        </div>
        <Body draft={draft} onDraft={setDraft} sub={false} />
        <RichTextField label={t('bank.form.explanation')} value={draft.explanation} onValue={(explanation) => setDraft((d) => ({ ...d, explanation }))} />
        <FormMessage text={form.notice?.text ?? null} />
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel}>{t('bank.form.cancel')}</Button>
          <Button kind="primary" type="submit" disabled={form.submitting}>
            {t('bank.form.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** The part of the form that depends on the type (shared by questions and sub-questions). */
function Body({ draft, onDraft, sub, n }: { draft: Draft; onDraft: (d: Draft) => void; sub: boolean; n?: number }) {
  const type = draft.questionType;
  const compound = COMPOUND_TYPES.includes(type);
  const stemLabel = sub
    ? t('bank.form.subStem', { n: n ?? 1 })
    : compound
      ? t('bank.form.passage')
      : type === QUESTION_TYPE.FILL_IN
        ? t('bank.form.stemFill')
        : t('bank.form.stem');
  const set = (patch: Partial<Draft>) => onDraft({ ...draft, ...patch });
  const trunkHtml = sub ? textToHtml(draft.trunk) : draft.trunk;
  const blanks = blankCountOf(trunkHtml);
  return (
    <div className="space-y-3">
      {sub ? (
        <TextArea label={stemLabel} value={draft.trunk} onValue={(trunk) => set({ trunk })} rows={2} />
      ) : (
        <RichTextField label={stemLabel} value={draft.trunk} onValue={(trunk) => onDraft({ ...draft, trunk })} />
      )}
      {(type === QUESTION_TYPE.SINGLE || type === QUESTION_TYPE.MULTIPLE) && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('bank.form.options')}</legend>
          {draft.options.map((value, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their place (their letter)
            <div key={i} className="flex flex-wrap items-end gap-2">
              <Input
                width="min-w-0 flex-1"
                label={t('bank.form.option', { letter: letter(i) })}
                value={value}
                onValue={(v) => set({ options: draft.options.map((o, j) => (j === i ? v : o)) })}
              />
              <Check
                label={t('bank.form.optionRight', { letter: letter(i) })}
                checked={!!draft.right[i]}
                onChecked={(c) => set({ right: draft.options.map((_, j) => (j === i ? c : type === QUESTION_TYPE.SINGLE && c ? false : !!draft.right[j])) })}
              />
              <Button
                onClick={() => set({ options: draft.options.filter((_, j) => j !== i), right: draft.right.filter((_, j) => j !== i) })}
                disabled={draft.options.length <= 2}
              >
                {t('bank.form.optionRemove', { letter: letter(i) })}
              </Button>
            </div>
          ))}
          <Button onClick={() => set({ options: [...draft.options, ''], right: [...draft.right, false] })} disabled={draft.options.length >= 8}>
            {t('bank.form.optionAdd')}
          </Button>
        </fieldset>
      )}
      {type === QUESTION_TYPE.TRUE_FALSE && (
        <fieldset className="flex gap-4">
          <legend className="mb-1 text-sm font-medium text-ink">{t('bank.form.judge')}</legend>
          <Check type="radio" name={`judge-${n ?? 0}`} label={t('bank.form.true')} checked={draft.judge === '1'} onChecked={() => set({ judge: '1' })} />
          <Check type="radio" name={`judge-${n ?? 0}`} label={t('bank.form.false')} checked={draft.judge === '2'} onChecked={() => set({ judge: '2' })} />
        </fieldset>
      )}
      {type === QUESTION_TYPE.FILL_IN &&
        (blanks === 0 ? (
          <p className="text-sm text-slate-600">{t('bank.form.noBlanks')}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {Array.from({ length: blanks }, (_, i) => (
              <Input
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank is identified by its place in the stem
                key={i}
                label={sub ? `${t('bank.form.subStem', { n: n ?? 1 })} ${t('bank.form.blank', { n: i + 1 })}` : t('bank.form.blank', { n: i + 1 })}
                value={draft.blanks[i] ?? ''}
                onValue={(v) => {
                  const next = Array.from({ length: blanks }, (_, j) => draft.blanks[j] ?? '');
                  next[i] = v;
                  set({ blanks: next });
                }}
              />
            ))}
          </div>
        ))}
      {type === QUESTION_TYPE.SHORT_ANSWER && <TextArea label={t('bank.form.reference')} value={draft.reference} onValue={(reference) => set({ reference })} />}
      {compound ? (
        <Subs draft={draft} onDraft={onDraft} />
      ) : (
        <Input
          width="w-40"
          type="number"
          label={sub ? `${t('bank.form.subStem', { n: n ?? 1 })} ${t('bank.form.points')}` : t('bank.form.points')}
          value={draft.points}
          onValue={(points) => set({ points })}
        />
      )}
    </div>
  );
}

function Subs({ draft, onDraft }: { draft: Draft; onDraft: (d: Draft) => void }) {
  const allowed = draft.questionType === QUESTION_TYPE.CLOZE ? CLOZE_SUB_TYPES : READING_SUB_TYPES;
  const total = questionPoints({ examPoint: 0, subs: draft.subs.map((x) => ({ examPoint: Number(x.points) || 0 })) });
  const setSub = (i: number, d: Draft) => onDraft({ ...draft, subs: draft.subs.map((x, j) => (j === i ? d : x)) });
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t('bank.form.compoundPoints', { n: total })}</p>
      {draft.subs.map((sub, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sub-questions are numbered by their place
        <fieldset key={i} className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-ink">{t('bank.form.sub', { n: i + 1 })}</legend>
          <Choice
            label={`${t('bank.form.sub', { n: i + 1 })} ${t('bank.form.type')}`}
            value={String(sub.questionType)}
            onValue={(v) => setSub(i, { ...emptyDraft(Number(v)), trunk: sub.trunk })}
            options={typeOptions(allowed)}
          />
          <Body draft={sub} onDraft={(d) => setSub(i, d)} sub n={i + 1} />
          <Button kind="danger" onClick={() => onDraft({ ...draft, subs: draft.subs.filter((_, j) => j !== i) })}>
            {t('bank.form.subRemove', { n: i + 1 })}
          </Button>
        </fieldset>
      ))}
      <Button onClick={() => onDraft({ ...draft, subs: [...draft.subs, emptyDraft(allowed[0])] })}>{t('bank.form.subAdd')}</Button>
    </div>
  );
}
