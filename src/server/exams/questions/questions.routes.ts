import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { BANK_LIMITS, BANK_TYPES } from '~/lib/exams/question-bank';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, pageFields, searchText } from '../../http/list-query';
import * as service from './questions.service';
import { draftShape, subDraft } from './question-input';

/**
 * The staff calls of the question bank (/api/admin/bank/questions...), each through the staff gate
 * by its name, then the bank's rules in the service. The shape of the input is checked here; what
 * makes a question whole (keys among the options, blanks, points…) is the bank's pure rules,
 * whose refusals are the form's words. Bad input changes nothing.
 */

const L = BANK_LIMITS;
const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });
const invalid = t('validation.invalid');
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);

const questionInput = body({
  ...draftShape,
  questionId: z.preprocess(blankIsNone, idSchema.optional()),
  category: z
    .preprocess(
      blankIsNull,
      z
        .string({ error: t('bank.categoryTooLong', { max: L.category }) })
        .trim()
        .max(L.category, t('bank.categoryTooLong', { max: L.category }))
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
  subs: z.array(subDraft, { error: invalid }).max(L.maxSubs, t('bank.problem.tooManySubs')).optional(),
});

const questionQuery = z.object({
  ...pageFields,
  keyword: searchText,
  questionType: z.preprocess(
    blankIsNone,
    z.coerce
      .number({ error: t('bank.badType') })
      .refine((n) => (BANK_TYPES as readonly number[]).includes(n), { message: t('bank.badType') })
      .optional(),
  ),
  category: z.preprocess(
    blankIsNone,
    z
      .string({ error: invalid })
      .max(L.category, t('bank.categoryTooLong', { max: L.category }))
      .optional(),
  ),
});

const importInput = body({
  csv: z.string({ error: t('bank.csv.empty') }).max(L.csvChars, t('bank.csv.tooLarge')),
  apply: z.boolean({ error: invalid }),
});

export const questionsRoutes = new Hono<ApiEnv>();

// The categories before /:id, which would otherwise take "categories" for an id.
serveStaff(questionsRoutes, 'bankCategories', body({}), (s, actor) => service.listCategories(s, actor));
serveStaff(questionsRoutes, 'bankQuestions', questionQuery, (s, actor, q) => service.pageQuestions(s, actor, q));
serveStaff(questionsRoutes, 'bankQuestionImport', importInput, (s, actor, b) => service.importQuestions(s, actor, b));
serveStaff(questionsRoutes, 'bankQuestionSave', questionInput, (s, actor, b) => service.saveQuestion(s, actor, b));
serveStaff(questionsRoutes, 'bankQuestionGet', withId, (s, actor, b) => service.getQuestion(s, actor, b.id));
serveStaff(questionsRoutes, 'bankQuestionDelete', withId, (s, actor, b) => service.deleteQuestion(s, actor, b.id));
