import { useRef } from 'react';
import { t } from '~/lib/i18n/messages/admin-marking';
import { adminMarkingSave, type MarkingAttempt, type MarkingQuestion, type QuestionMark } from '~/lib/api/contracts/admin-marking';
import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { staffSend } from '~/lib/api/staff-client';
import { optionLetter } from '~/lib/exams/paper';
import { FIRST_MARK_REVISION, MARK_COMMENT_MAX, markRefusal, parseScore } from '~/lib/exams/marking';
import { toast } from '~/lib/toast';
import { Html } from '../../exams/shared/Html';
import { inputClass } from '../../shared/fields';
import { useForm } from '../../shared/use-form';
import { Button, timeText } from '../shared';

/** One question's text, the student's answer, the key, and the mark form of the marking screen. */

const isChoice = (q: MarkingQuestion) =>
  q.questionType === QUESTION_TYPE.SINGLE || q.questionType === QUESTION_TYPE.MULTIPLE || q.questionType === QUESTION_TYPE.TRUE_FALSE;

/** Chosen option keys as the paper's letters with their text ('A. 串联'); a true/false choice as 正确 / 错误. */
function optionsText(q: MarkingQuestion, keys: readonly string[]): string {
  return q.options
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => keys.includes(o.key))
    .map(({ o, i }) =>
      q.questionType === QUESTION_TYPE.TRUE_FALSE
        ? t(o.key === '1' ? 'marking.true' : 'marking.false')
        : `${optionLetter(i)}. ${o.value.replace(/<[^>]*>/g, '')}`,
    )
    .join('；');
}

const blanks = (text: string | null) =>
  (text ?? '')
    .split('|')
    .map((b) => b.trim() || '—')
    .join('；');

export function QuestionText({ question }: { question: MarkingQuestion }) {
  return (
    <div className="mb-3 space-y-2">
      <Html html={question.trunk} />
      {isChoice(question) && question.questionType !== QUESTION_TYPE.TRUE_FALSE && (
        <ul className="space-y-1 text-sm text-slate-700">
          {question.options.map((o, i) => (
            <li key={o.key} className="flex gap-2">
              <span>{optionLetter(i)}.</span>
              <Html html={o.value} inline />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function KeyBlock({ question }: { question: MarkingQuestion }) {
  const short = question.questionType === QUESTION_TYPE.SHORT_ANSWER;
  const key = isChoice(question)
    ? optionsText(question, question.answerOptions)
    : question.questionType === QUESTION_TYPE.FILL_IN
      ? blanks(question.answerContent)
      : (question.answerContent ?? '—');
  return (
    <dl className="mb-3 grid gap-1 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm sm:grid-cols-[6rem_1fr]">
      <dt className="text-slate-700">{t(short ? 'marking.referenceAnswer' : 'marking.rightAnswer')}</dt>
      <dd className="whitespace-pre-line break-words">{key || '—'}</dd>
      {question.explanation && (
        <>
          <dt className="text-slate-700">{t('marking.explanation')}</dt>
          <dd>
            <Html html={question.explanation} className="text-sm" />
          </dd>
        </>
      )}
    </dl>
  );
}

export function AnswerBlock({ question, mark }: { question: MarkingQuestion; mark: QuestionMark }) {
  const a = mark.answer;
  const text = !a
    ? ''
    : isChoice(question)
      ? optionsText(question, a.optionList)
      : question.questionType === QUESTION_TYPE.FILL_IN
        ? blanks(a.content)
        : (a.content ?? '').trim();
  return (
    <dl className="mb-3 grid gap-1 rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200 sm:grid-cols-[6rem_1fr]">
      <dt className="text-slate-700">{t('marking.studentAnswer')}</dt>
      <dd className="whitespace-pre-line break-words text-ink">{text || t('marking.noAnswer')}</dd>
      <dt className="text-slate-700">{t('marking.autoLabel')}</dt>
      <dd className="text-slate-700">{mark.auto === null ? t('marking.autoNone') : t('marking.auto', { score: mark.auto })}</dd>
    </dl>
  );
}

/**
 * The score (0 to the question's points, in halves: checked here and again on the server) and the
 * optional comment; Enter in the score saves. The form sends the revision it was shown, so a mark
 * changed meanwhile by a colleague is refused with their name instead of being overwritten.
 */
export function MarkForm({
  question,
  attemptId,
  mark,
  onSaved,
}: {
  question: MarkingQuestion;
  attemptId: string;
  mark: QuestionMark;
  /** `byEnter`: saved with Enter in the score field (the marker goes on from the keyboard). */
  onSaved: (v: MarkingAttempt, questionId: string, byEnter: boolean) => void;
}) {
  // Enter in the score field saves as the button does, and says so: the screen then goes on to the next question, or student.
  const byEnter = useRef(false);
  const points = question.examPoint;
  const form = useForm({
    initial: { score: mark.score === null ? '' : String(mark.score), comment: mark.mark?.comment ?? '' },
    check: (field, value) => {
      const refusal = field === 'score' ? markRefusal(parseScore(String(value)), points) : null;
      return refusal && t(`marking.score.${refusal}`, { points });
    },
  });
  const error = form.errors.score ?? form.notice?.text;
  const scoreId = form.id('score');
  return (
    <form
      onSubmit={form.onSubmit(['score'], async (v) => {
        const saved = await staffSend(adminMarkingSave, {
          attemptId,
          questionId: question.id,
          score: parseScore(v.score),
          comment: v.comment,
          revision: mark.mark?.revision ?? FIRST_MARK_REVISION,
        });
        toast(t('marking.saved'), 'success');
        onSaved(saved, question.id, byEnter.current);
      })}
      className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
      noValidate
    >
      <div>
        <label htmlFor={scoreId} className="mb-1 block text-sm text-slate-700">
          {t('marking.score', { points })}
        </label>
        <input
          id={scoreId}
          data-mark-score={question.id}
          inputMode="decimal"
          value={form.values.score}
          onChange={(e) => form.change('score', e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            byEnter.current = true;
            e.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${scoreId}-error` : undefined}
          className={inputClass(!!error)}
        />
      </div>
      <div>
        <label htmlFor={form.id('comment')} className="mb-1 block text-sm text-slate-700">
          {t('marking.comment')}
        </label>
        <textarea
          id={form.id('comment')}
          value={form.values.comment}
          maxLength={MARK_COMMENT_MAX}
          rows={1}
          onChange={(e) => form.change('comment', e.target.value)}
          className={inputClass(false)}
        />
      </div>
      <Button type="submit" kind="primary" disabled={form.submitting} onClick={() => (byEnter.current = false)}>
        {t('marking.save')}
      </Button>
      {error && (
        <p id={`${scoreId}-error`} role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      )}
      {mark.mark && (
        <p className="text-xs text-slate-600 sm:col-span-3">{t('marking.markedBy', { name: mark.mark.markedBy, time: timeText(mark.mark.markedAt) })}</p>
      )}
    </form>
  );
}
