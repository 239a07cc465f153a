import { t } from '~/lib/i18n/messages/admin-bank';
import type { QuestionDraftInput } from '~/lib/api/contracts/admin-bank';
import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { BANK_LIMITS } from '~/lib/exams/question-bank';
import { textToHtml } from '~/lib/exams/question-import';
import { Button } from '../shared';
import { Choice } from '../kit';
import { Check, Input, TextArea, letter, typeLabel } from './ui';

/**
 * A quick test's questions, written where the test is set (快速出题): single choice, multiple choice
 * and true/false, each with its stem as plain text, its options and right answers, and its points.
 * The server checks each with the bank's rules and names the question it refuses (第 n 题：…).
 */

/** The kinds of question a quick test is written with: the ones a test is mostly made of. */
const QUICK_TYPES = [QUESTION_TYPE.SINGLE, QUESTION_TYPE.MULTIPLE, QUESTION_TYPE.TRUE_FALSE] as const;
const OPTIONS_SHOWN = 4;
const DEFAULT_POINTS = '2';
/** The true/false answers' keys: 1 对, 2 错. */
const JUDGE = { right: '1', wrong: '2' } as const;

export interface QuickDraft {
  questionType: number;
  stem: string;
  options: string[];
  right: boolean[];
  judge: string;
  points: string;
}

export const emptyQuick = (): QuickDraft => ({
  questionType: QUESTION_TYPE.SINGLE,
  stem: '',
  options: Array.from({ length: OPTIONS_SHOWN }, () => ''),
  right: Array.from({ length: OPTIONS_SHOWN }, () => false),
  judge: '',
  points: DEFAULT_POINTS,
});

/** A written question as the bank takes it: the options typed (blank ones left out), keyed A, B, …. */
export function quickDraftInput(d: QuickDraft): QuestionDraftInput {
  const points = Number(d.points);
  const examPoint = d.points.trim() === '' || Number.isNaN(points) ? -1 : points;
  if (d.questionType === QUESTION_TYPE.TRUE_FALSE)
    return { questionType: d.questionType, trunk: textToHtml(d.stem), answerOptions: d.judge ? [d.judge] : [], examPoint };
  const typed = d.options.map((value, i) => ({ value: value.trim(), right: d.right[i] ?? false })).filter((o) => o.value !== '');
  const options = typed.map((o, i) => ({ key: letter(i), value: o.value }));
  return {
    questionType: d.questionType,
    trunk: textToHtml(d.stem),
    options,
    answerOptions: typed.flatMap((o, i) => (o.right ? [letter(i)] : [])),
    examPoint,
  };
}

export function QuickQuestions({ value, onChange }: { value: QuickDraft[]; onChange: (v: QuickDraft[]) => void }) {
  const change = (i: number, patch: Partial<QuickDraft>) => onChange(value.map((d, n) => (n === i ? { ...d, ...patch } : d)));
  const total = value.reduce((sum, d) => sum + (Number(d.points) || 0), 0);
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">{t('bank.quick.source')}</legend>
      <p className="text-sm text-slate-600">{t('bank.quick.hint')}</p>
      {value.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the questions are numbered by their place; removing one renumbers the rest.
        <section key={i} aria-label={t('bank.quick.question', { n: i + 1 })} className="space-y-2 border-t border-slate-100 pt-3 first:border-0 first:pt-0">
          <div className="flex flex-wrap items-end gap-3">
            <h3 className="text-sm font-semibold">{t('bank.quick.question', { n: i + 1 })}</h3>
            <Choice
              className="w-32"
              label={`${t('bank.quick.question', { n: i + 1 })} ${t('bank.quick.type')}`}
              value={String(d.questionType)}
              onValue={(v) => change(i, { questionType: Number(v) })}
              options={QUICK_TYPES.map((type) => [String(type), typeLabel(type)] as const)}
            />
            <Input
              width="w-24"
              label={`${t('bank.quick.question', { n: i + 1 })} ${t('bank.quick.points')}`}
              value={d.points}
              onValue={(points) => change(i, { points })}
            />
            {value.length > 1 && (
              <Button kind="danger" onClick={() => onChange(value.filter((_, n) => n !== i))}>
                {t('bank.quick.remove', { n: i + 1 })}
              </Button>
            )}
          </div>
          <TextArea
            label={`${t('bank.quick.question', { n: i + 1 })} ${t('bank.quick.stem')}`}
            rows={2}
            value={d.stem}
            onValue={(stem) => change(i, { stem })}
          />
          {d.questionType === QUESTION_TYPE.TRUE_FALSE ? (
            <Choice
              className="w-40"
              label={`${t('bank.quick.question', { n: i + 1 })} ${t('bank.quick.judge')}`}
              value={d.judge}
              onValue={(judge) => change(i, { judge })}
              options={[
                ['', '—'],
                [JUDGE.right, t('bank.quick.judgeRight')],
                [JUDGE.wrong, t('bank.quick.judgeWrong')],
              ]}
            />
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {d.options.map((o, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an option is its letter, A, B, …
                <div key={j} className="flex items-end gap-2">
                  <Input
                    width="flex-1"
                    label={`${t('bank.quick.question', { n: i + 1 })} ${t('bank.quick.option', { key: letter(j) })}`}
                    value={o}
                    onValue={(v) => change(i, { options: d.options.map((x, n) => (n === j ? v : x)) })}
                  />
                  <Check
                    label={t('bank.quick.right', { key: letter(j) })}
                    checked={d.right[j] ?? false}
                    onChecked={(on) => change(i, { right: d.right.map((x, n) => (n === j ? on : x)) })}
                  />
                </div>
              ))}
            </div>
          )}
        </section>
      ))}
      <p className="flex flex-wrap items-center gap-3 text-sm">
        {value.length < BANK_LIMITS.quickQuestions && <Button onClick={() => onChange([...value, emptyQuick()])}>{t('bank.quick.add')}</Button>}
        <span className="text-slate-600">{t('bank.quick.total', { n: value.length, points: total })}</span>
      </p>
    </fieldset>
  );
}
