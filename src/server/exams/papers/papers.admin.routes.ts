import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { BANK_LIMITS } from '~/lib/exams/question-bank';
import { groupTitle, paperTitle, unitTime } from '~/lib/forms/bank';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, pageFields, searchText } from '../../http/list-query';
import * as service from './papers.admin.service';

/**
 * The staff calls of papers (/api/admin/bank/papers...), each through the staff gate by its name,
 * then the paper's rules in the service (who made it, whether attempts fix its questions).
 */

const L = BANK_LIMITS;
const invalid = t('validation.invalid');
const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: invalid });
const withId = body({ id: idSchema });
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);

const paperInput = body({
  paperId: z.preprocess(blankIsNone, idSchema.optional()),
  title: paperTitle,
  english: z.boolean({ error: invalid }),
  unitTime: z
    .preprocess(blankIsNull, unitTime.nullable())
    .optional()
    .transform((v) => v ?? null),
  groups: z
    .array(
      z.object(
        {
          id: z.preprocess(blankIsNone, idSchema.optional()),
          title: groupTitle,
        },
        { error: invalid },
      ),
      { error: invalid },
    )
    .min(1, t('bank.groupRequired'))
    .max(L.groups, t('bank.tooManyGroups', { max: L.groups })),
});

const paperQuery = z.object({ ...pageFields, title: searchText });

export const papersAdminRoutes = new Hono<ApiEnv>();

serveStaff(papersAdminRoutes, 'bankPapers', paperQuery, (s, actor, q) => service.pagePapers(s, actor, q));
serveStaff(papersAdminRoutes, 'bankPaperSave', paperInput, (s, actor, b) => service.savePaper(s, actor, b));
serveStaff(papersAdminRoutes, 'bankPaperGet', withId, (s, actor, b) => service.getPaper(s, actor, b.id));
serveStaff(papersAdminRoutes, 'bankPaperPreview', withId, (s, actor, b) => service.previewPaper(s, actor, b.id));
serveStaff(papersAdminRoutes, 'bankPaperDelete', withId, (s, actor, b) => service.deletePaper(s, actor, b.id));
serveStaff(papersAdminRoutes, 'bankPaperCopy', withId, (s, actor, b) => service.copyPaper(s, actor, b.id));
serveStaff(
  papersAdminRoutes,
  'bankPaperQuestionsAdd',
  body({
    id: idSchema,
    groupId: idSchema,
    questionIds: z
      .array(idSchema, { error: t('bank.questionsRequired') })
      .min(1, t('bank.questionsRequired'))
      .max(L.paperQuestions, t('bank.tooManyQuestions', { max: L.paperQuestions })),
  }),
  (s, actor, b) => service.addQuestions(s, actor, b.id, b),
);
serveStaff(
  papersAdminRoutes,
  'bankPaperQuestionPoints',
  body({ id: idSchema, questionId: idSchema, examPoint: z.number({ error: t('bank.problem.badPoints') }) }),
  (s, actor, b) => service.setPoints(s, actor, b.id, b),
);
serveStaff(
  papersAdminRoutes,
  'bankPaperQuestionMove',
  body({
    id: idSchema,
    questionId: idSchema,
    direction: z.enum(['up', 'down'], { error: invalid }).optional(),
    groupId: z.preprocess(blankIsNone, idSchema.optional()),
  }).refine((b) => !!b.direction !== !!b.groupId, { message: invalid }),
  (s, actor, b) => service.moveQuestion(s, actor, b.id, b),
);
serveStaff(papersAdminRoutes, 'bankPaperQuestionRemove', body({ id: idSchema, questionId: idSchema }), (s, actor, b) =>
  service.removeQuestion(s, actor, b.id, b.questionId),
);
serveStaff(papersAdminRoutes, 'bankPaperQuestionRefresh', body({ id: idSchema, questionId: idSchema }), (s, actor, b) =>
  service.refreshQuestion(s, actor, b.id, b.questionId),
);
