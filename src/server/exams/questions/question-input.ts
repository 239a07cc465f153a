import { z } from 'zod';
import { t } from '~/server/i18n';
import { BANK_LIMITS } from '~/lib/exams/question-bank';

/**
 * A bank question as a form sends it (its type, stem, options, answers, points and sub-questions):
 * the bank's own form (questions.routes.ts) and a quick test's questions (works.admin.routes.ts)
 * take the same fields, each refused in the bank's words.
 */

const L = BANK_LIMITS;
const invalid = t('validation.invalid');

const option = z.object(
  { key: z.string({ error: invalid }).max(8, invalid), value: z.string({ error: invalid }).max(L.option, t('bank.problem.optionTooLong')) },
  { error: invalid },
);
export const draftShape = {
  questionType: z.number({ error: t('bank.badType') }).int(t('bank.badType')),
  trunk: z.string({ error: t('bank.problem.stemRequired') }).max(L.stem, t('bank.problem.stemTooLong')),
  options: z.array(option, { error: invalid }).max(L.maxOptions, t('bank.problem.optionsCount')).optional(),
  answerOptions: z
    .array(z.string({ error: invalid }).max(8, invalid), { error: invalid })
    .max(L.maxOptions, invalid)
    .optional(),
  blanks: z
    .array(z.string({ error: invalid }).max(L.blankAnswer, t('bank.problem.blankAnswerTooLong')), { error: invalid })
    .max(L.maxBlanks, t('bank.problem.tooManyBlanks'))
    .optional(),
  reference: z.string({ error: invalid }).max(L.reference, t('bank.problem.referenceTooLong')).nullable().optional(),
  explanation: z.string({ error: invalid }).max(L.explanation, t('bank.problem.explanationTooLong')).nullable().optional(),
  examPoint: z.number({ error: t('bank.problem.badPoints') }).optional(),
};
export const subDraft = z.object(draftShape, { error: invalid });

/** A question with its sub-questions, as a quick test's question list sends it. */
export const questionDraft = z.object(
  { ...draftShape, subs: z.array(subDraft, { error: invalid }).max(L.maxSubs, t('bank.problem.tooManySubs')).optional() },
  { error: invalid },
);
