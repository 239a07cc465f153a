import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { MARK_COMMENT_MAX } from '~/lib/exams/marking';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { csvDownload } from '../../http/csv';
import { blankIsNone } from '../../http/list-query';
import * as service from './marking.service';

/**
 * Marking (decision 047): each call through the staff gate by its name (session, CSRF, origin,
 * role), then the class scope in the service. Bad input is refused with a clear message and
 * changes nothing; the score's bounds (0 to the question's points, in halves) are the service's,
 * which knows the question.
 */

export const markingRoutes = new Hono<ApiEnv>();

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const optionalId = z.preprocess(blankIsNone, idSchema.optional());

serveStaff(markingRoutes, 'adminMarkingQueue', z.object({ classId: optionalId, workId: optionalId }), (s, actor, q) => service.queue(s, actor, q));
serveStaff(markingRoutes, 'adminMarkingWork', z.object({ workId: idSchema }), (s, actor, q) => service.workDetail(s, actor, q.workId));
serveStaff(markingRoutes, 'adminMarkingAttempt', z.object({ attemptId: idSchema }), (s, actor, q) => service.attemptDetail(s, actor, q.attemptId));
serveStaff(markingRoutes, 'adminMarkingQuestion', z.object({ workId: idSchema, questionId: idSchema }), (s, actor, q) => service.questionDetail(s, actor, q));
serveStaff(
  markingRoutes,
  'adminMarkingSave',
  body({
    attemptId: idSchema,
    questionId: idSchema,
    score: z.number({ error: t('marking.score.notNumber') }).refine(Number.isFinite, { message: t('marking.score.notNumber') }),
    comment: z
      .string({ error: t('validation.invalid') })
      .max(MARK_COMMENT_MAX, t('marking.commentTooLong', { max: MARK_COMMENT_MAX }))
      .default(''),
    revision: z
      .number({ error: t('marking.badRevision') })
      .int(t('marking.badRevision'))
      .min(0, t('marking.badRevision'))
      .max(1_000_000, t('marking.badRevision')),
  }),
  (s, actor, input) => service.saveMark(s, actor, input),
);
serveStaff(markingRoutes, 'adminMarkingRelease', body({ attemptId: idSchema }), (s, actor, input) => service.release(s, actor, input.attemptId));
serveStaff(markingRoutes, 'adminMarkingReleaseAll', body({ workId: idSchema }), (s, actor, input) => service.releaseAll(s, actor, input.workId));
serveStaff(markingRoutes, 'adminMarkingExport', z.object({ workId: idSchema }), async (s, actor, q) => {
  const { text, title, className } = await service.exportScores(s, actor, q.workId);
  const stamp = formatDateTime(s.now).slice(0, 10).replace(/-/g, '');
  return csvDownload(text, `scores-${stamp}.csv`, `${className}-${title}-${t('marking.fileName')}-${stamp}.csv`);
});
