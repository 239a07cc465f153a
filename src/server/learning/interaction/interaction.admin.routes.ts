import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { INBOX_STATUSES, POST_KINDS } from '~/lib/api/contracts/admin-interaction';
import { answerText, hideReason } from '~/lib/forms/inbox';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, pageFields } from '../../http/list-query';
import * as service from './interaction.admin.service';

/**
 * The teachers' inbox: questions, answers, hiding notes and comments, each through the staff gate
 * by its name (session, CSRF, origin, role), then the class scope in the service. Bad input is
 * refused with the form's own words and changes nothing.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const optionalId = z.preprocess(blankIsNone, idSchema.optional());
const questionQuery = z.object({
  ...pageFields,
  status: z.preprocess(blankIsNone, z.enum(INBOX_STATUSES, { error: t('inbox.badStatus') }).optional()),
  classId: optionalId,
  classroomId: optionalId,
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? blankIsNone(v.trim()) : v),
    z
      .string({ error: t('inbox.badKeyword') })
      .max(40, t('inbox.badKeyword'))
      .optional(),
  ),
});

const postQuery = z.object({
  ...pageFields,
  kind: z.enum(POST_KINDS, { error: t('inbox.badKind') }),
  classId: optionalId,
  classroomId: optionalId,
  hidden: z.preprocess(
    blankIsNone,
    z.coerce
      .number({ error: t('inbox.badHidden') })
      .refine((n) => n === 0 || n === 1, { message: t('inbox.badHidden') })
      .optional(),
  ),
});

const visibilityInput = body({
  kind: z.enum(POST_KINDS, { error: t('inbox.badKind') }),
  id: idSchema,
  hidden: z.boolean({ error: t('inbox.badHidden') }),
  reason: hideReason,
});

export const interactionAdminRoutes = new Hono<ApiEnv>();

serveStaff(interactionAdminRoutes, 'adminQuestions', questionQuery, (s, actor, q) => service.pageQuestions(s, actor, q));
serveStaff(interactionAdminRoutes, 'adminQuestionsUnanswered', z.object({}), (s, actor) => service.unansweredCount(s, actor));
serveStaff(interactionAdminRoutes, 'adminQuestionLessons', z.object({ classId: idSchema }), (s, actor, q) => service.classLessons(s, actor, q.classId));
serveStaff(interactionAdminRoutes, 'adminQuestionAnswer', body({ questionId: idSchema, answer: answerText }), (s, actor, b) => service.answer(s, actor, b));
serveStaff(interactionAdminRoutes, 'adminQuestionAnswerEdit', body({ answerId: idSchema, answer: answerText }), (s, actor, b) =>
  service.editAnswer(s, actor, b),
);
serveStaff(interactionAdminRoutes, 'adminInteractionPosts', postQuery, (s, actor, q) => service.pagePosts(s, actor, q));
serveStaff(interactionAdminRoutes, 'adminInteractionVisibility', visibilityInput, (s, actor, b) => service.setVisibility(s, actor, b));
