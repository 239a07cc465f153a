import { z } from 'zod';
import { t } from '~/server/i18n';
import { BANK_LIMITS } from '~/lib/exams/question-bank';
import { maxAttempts, unitTime, workTitle } from '~/lib/forms/bank';
import { KEY_REVEAL_LIST, REVEAL_LIST, SCORE_RULE_LIST } from '~/lib/exams/attempt-policy';
import { idSchema } from '../../http/validate';
import { blankIsNone } from '../../http/list-query';
import { cstTime } from '../../http/cst-time';

/**
 * A work as its form sends it (the lesson, the paper, the attempt policy), validated for the works'
 * own calls and a quick test's (src/server/staff/quick-tests). The attempt policy takes only the
 * values of the policy's own constants.
 */

const L = BANK_LIMITS;
const invalid = t('validation.invalid');
export const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: invalid });
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
const oneOf = <T extends string>(values: readonly T[]) =>
  z
    .string({ error: t('bank.work.badRule') })
    .refine((v): v is T => (values as readonly string[]).includes(v), { message: t('bank.work.badRule') }) as unknown as z.ZodType<T>;

/** When a work closes: a day and a time to the minute, China Standard Time. */
const closeTime = cstTime(t('bank.work.badClose'), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

export const workInput = body({
  id: idSchema,
  workId: z.preprocess(blankIsNone, idSchema.optional()),
  classroomId: idSchema,
  source: z.enum(['paper', 'xskt'], { error: invalid }),
  paperId: z.preprocess(blankIsNull, idSchema.nullable()).optional(),
  externalPaperId: z
    .preprocess(
      blankIsNull,
      z
        .string({ error: t('bank.work.externalRequired') })
        .trim()
        .max(64, t('bank.work.externalRequired'))
        .regex(/^[0-9A-Za-z_-]+$/, t('bank.work.externalRequired'))
        .nullable(),
    )
    .optional(),
  title: workTitle,
  description: z
    .preprocess(
      blankIsNull,
      z
        .string({ error: invalid })
        .trim()
        .max(L.workDescription, t('bank.work.descriptionTooLong', { max: L.workDescription }))
        .nullable(),
    )
    .optional(),
  unitTime: z.preprocess(blankIsNull, unitTime.nullable()).optional(),
  manualGrading: z.boolean({ error: invalid }),
  partialMultiple: z.boolean({ error: invalid }),
  maxAttempts: z.preprocess(blankIsNull, maxAttempts.nullable()),
  scoreRule: oneOf(SCORE_RULE_LIST),
  marksShown: oneOf(REVEAL_LIST),
  keysShown: oneOf(KEY_REVEAL_LIST),
  closesAt: z
    .preprocess(
      blankIsNull,
      z
        .string({ error: t('bank.work.badClose') })
        .nullable()
        .transform((v, ctx) => (v === null ? null : closeTime(v.trim(), ctx))),
    )
    .optional(),
});
