import { useId, useState } from 'react';
import { CHOICE_QUESTION_TYPES, QUESTION_TYPE, type GivenAnswer, type QuestionAnswerKey, type QuestionResult } from '~/lib/api/contracts/exams';
import { t } from '~/lib/i18n/messages/exams';
import { blankCount, blanksAnswer, choose, hasSubQuestions, optionLetter, splitBlanks, textAnswer, type PaperQuestion } from '~/lib/exams/paper';
import { answerText, markOf, optionsOf } from '~/lib/exams/review';
import { Html } from './Html';

/** A question as the screens hold it: the paper's, with the key in review. */
export type ShownQuestion = PaperQuestion & {
  questionUnitId?: string | undefined;
  questionAnswerVO?: QuestionAnswerKey | null | undefined;
  readQuestionList: ShownQuestion[];
};

const isChoice = (type: number) => CHOICE_QUESTION_TYPES.includes(type);

interface AnswerProps {
  question: ShownQuestion;
  answers: ReadonlyMap<string, GivenAnswer>;
  onAnswer: (question: ShownQuestion, answer: GivenAnswer) => void;
}

/** The question being answered: its stem and, by type, options, blanks or a text box; reading and cloze with their sub-questions. */
export function AnswerQuestion({ question, answers, onAnswer }: AnswerProps) {
  if (hasSubQuestions(question.questionType)) {
    return (
      <div className="space-y-4">
        <Html html={question.trunk} className="rounded-lg bg-slate-50 p-3" />
        {question.readQuestionList.map((sub, i) => (
          <fieldset key={sub.id} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">{t('exams.subQuestionNo', { n: i + 1 })}</legend>
            <Inputs question={sub} answer={answers.get(sub.id)} onAnswer={(a) => onAnswer(sub, a)} />
          </fieldset>
        ))}
      </div>
    );
  }
  return <Inputs question={question} answer={answers.get(question.id)} onAnswer={(a) => onAnswer(question, a)} withStem />;
}

function Inputs({
  question,
  answer,
  onAnswer,
  withStem = false,
}: {
  question: ShownQuestion;
  answer: GivenAnswer | undefined;
  onAnswer: (a: GivenAnswer) => void;
  withStem?: boolean;
}) {
  const stemId = useId();
  const stem = <Html html={question.trunk} className={withStem ? '' : 'text-sm'} />;
  if (isChoice(question.questionType)) {
    const options = optionsOf(question);
    const chosen = answer?.optionList ?? [];
    const multiple = question.questionType === QUESTION_TYPE.MULTIPLE;
    return (
      <div className="space-y-3">
        <div id={stemId}>{stem}</div>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: group and radiogroup both take aria-labelledby; the role is chosen at run time */}
        <div role={multiple ? 'group' : 'radiogroup'} aria-labelledby={stemId} className="space-y-2">
          {options.map((o, i) => {
            const on = chosen.includes(o.key);
            return (
              <label
                key={o.key}
                className={[
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3',
                  on ? 'border-brand bg-brand-soft' : 'border-slate-200 hover:border-brand',
                ].join(' ')}
              >
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`q-${question.id}`}
                  value={o.key}
                  checked={on}
                  onChange={() => onAnswer({ content: null, optionList: choose(question.questionType, options, chosen, o.key) })}
                  className="mt-1.5 h-4 w-4 shrink-0 accent-[var(--color-brand)]"
                />
                <span className="font-medium text-slate-700">{optionLetter(i)}.</span>
                <Html html={o.value} inline />
              </label>
            );
          })}
        </div>
      </div>
    );
  }
  if (question.questionType === QUESTION_TYPE.FILL_IN) return <Blanks question={question} answer={answer} onAnswer={onAnswer} stem={stem} />;
  return <TextAnswer answer={answer} onAnswer={onAnswer} stem={stem} />;
}

function Blanks({
  question,
  answer,
  onAnswer,
  stem,
}: {
  question: ShownQuestion;
  answer: GivenAnswer | undefined;
  onAnswer: (a: GivenAnswer) => void;
  stem: React.ReactNode;
}) {
  const count = blankCount(question);
  // What the student typed, spaces and all; the kept answer trims each blank, so the box must not.
  const [raw, setRaw] = useState(() => splitBlanks(answer?.content, count));
  return (
    <div className="space-y-3">
      {stem}
      <div className="grid gap-2 sm:grid-cols-2">
        {raw.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a blank's place is its identity: the blanks never move or change in number
          <label key={i} className="flex items-center gap-2 text-sm">
            <span className="shrink-0 text-slate-700">{t('exams.blank', { n: i + 1 })}</span>
            <input
              type="text"
              value={v}
              placeholder={t('exams.placeholder')}
              onChange={(e) => {
                const next = raw.map((x, j) => (j === i ? e.target.value : x));
                setRaw(next);
                onAnswer(blanksAnswer(next));
              }}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5"
            />
          </label>
        ))}
      </div>
    </div>
  );
}

function TextAnswer({ answer, onAnswer, stem }: { answer: GivenAnswer | undefined; onAnswer: (a: GivenAnswer) => void; stem: React.ReactNode }) {
  const [raw, setRaw] = useState(answer?.content ?? '');
  return (
    <div className="space-y-3">
      {stem}
      <label className="block text-sm">
        <span className="text-slate-700">{t('exams.textAnswer')}</span>
        <textarea
          value={raw}
          rows={6}
          placeholder={t('exams.placeholder')}
          onChange={(e) => {
            setRaw(e.target.value);
            onAnswer(textAnswer(e.target.value));
          }}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
        />
      </label>
    </div>
  );
}

/** What the review shows besides the student's own answers (the work's attempt policy, decision 028). */
export interface Shows {
  marks: boolean;
  keys: boolean;
}

interface ReviewProps {
  question: ShownQuestion;
  answers: ReadonlyMap<string, GivenAnswer>;
  results: ReadonlyMap<string, QuestionResult>;
  shows: Shows;
}

/** A question in review: stem, options, the student's answer and, as the policy allows, the right answer, the explanation and the mark. */
export function ReviewQuestion({ question, answers, results, shows }: ReviewProps) {
  if (hasSubQuestions(question.questionType)) {
    return (
      <div className="space-y-4">
        <Html html={question.trunk} className="rounded-lg bg-slate-50 p-3" />
        {question.readQuestionList.map((sub, i) => (
          <section key={sub.id} aria-label={t('exams.subQuestionNo', { n: i + 1 })} className="rounded-lg border border-slate-200 p-3">
            <h3 className="text-sm font-medium text-slate-700">{t('exams.subQuestionNo', { n: i + 1 })}</h3>
            <Reviewed question={sub} answer={answers.get(sub.id)} results={results} shows={shows} />
          </section>
        ))}
        {shows.keys && question.questionAnswerVO?.contentDesc && <Explanation k={question.questionAnswerVO} />}
      </div>
    );
  }
  return <Reviewed question={question} answer={answers.get(question.id)} results={results} shows={shows} />;
}

interface ReviewedProps {
  question: ShownQuestion;
  answer: GivenAnswer | undefined;
  results: ReadonlyMap<string, QuestionResult>;
  shows: Shows;
}

function Reviewed({ question, answer, results, shows }: ReviewedProps) {
  const key = question.questionAnswerVO ?? null;
  const mark = markOf(question, results);
  const score = results.get(question.id)?.score;
  const comment = results.get(question.id)?.comment;
  const choice = isChoice(question.questionType);
  const options = optionsOf(question);
  const chosen = answer?.optionList ?? [];
  const right = shows.keys ? (key?.optionList ?? options.filter((o) => o.answer).map((o) => o.key)) : [];
  // True/false reads 正确 or 错误 (the spec), choices their letters, fill-in its blanks.
  const given = answer ? answerText(question, answer) : '';
  const expected = answerText(question, { optionList: right, content: key?.content ?? null });
  return (
    <div className="space-y-3">
      <Html html={question.trunk} />
      {choice && (
        <ul className="space-y-2" aria-label={t('exams.options')}>
          {options.map((o, i) => {
            const isRight = right.includes(o.key);
            const isChosen = chosen.includes(o.key);
            // Without the keys a chosen option is only the student's, neither right nor wrong.
            const chosenLook = shows.keys ? 'border-red-600 bg-red-50' : 'border-brand bg-brand-soft';
            return (
              <li
                key={o.key}
                className={[
                  'flex items-start gap-3 rounded-lg border p-3',
                  isRight ? 'border-emerald-600 bg-emerald-50' : isChosen ? chosenLook : 'border-slate-200',
                ].join(' ')}
              >
                <span className="font-medium text-slate-700">{optionLetter(i)}.</span>
                <Html html={o.value} inline />
                {isChosen && <span className="ml-auto shrink-0 text-xs text-slate-700">{t('exams.yourAnswer')}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <dl className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-[6rem_1fr]">
        <dt className="text-slate-600">{t('exams.yourAnswer')}</dt>
        <dd className="whitespace-pre-line break-words text-ink">{given || t('exams.noAnswer')}</dd>
        {shows.keys && (
          <>
            <dt className="text-slate-600">{t(question.questionType === QUESTION_TYPE.SHORT_ANSWER ? 'exams.referenceAnswer' : 'exams.rightAnswer')}</dt>
            <dd className="whitespace-pre-line break-words text-ink">{expected || '—'}</dd>
          </>
        )}
      </dl>
      {shows.marks && (
        <p className={`text-sm font-medium ${mark === 'right' ? 'text-emerald-700' : mark === 'wrong' ? 'text-red-700' : 'text-slate-700'}`}>
          <span aria-hidden="true">{mark === 'right' ? '✓ ' : mark === 'wrong' ? '✗ ' : ''}</span>
          {t(mark === 'right' ? 'exams.right' : mark === 'wrong' ? 'exams.wrong' : 'exams.pendingMark')}
          {typeof score === 'number' && <span className="ml-3 font-normal text-slate-700">{t('exams.questionScore', { score })}</span>}
        </p>
      )}
      {shows.marks && comment && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          <h3 className="font-medium text-slate-700">{t('exams.teacherComment')}</h3>
          <p className="mt-1 whitespace-pre-line break-words text-ink">{comment}</p>
        </div>
      )}
      {shows.keys && <Explanation k={key} />}
    </div>
  );
}

function Explanation({ k }: { k: QuestionAnswerKey | null | undefined }) {
  if (k === undefined) return null;
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm">
      <h3 className="font-medium text-slate-700">{t('exams.explanation')}</h3>
      {k?.contentDesc ? <Html html={k.contentDesc} className="mt-1 text-sm" /> : <p className="mt-1 text-slate-600">{t('exams.noExplanation')}</p>}
    </div>
  );
}
