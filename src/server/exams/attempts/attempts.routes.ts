import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/exams';
import { CLIENT_ID } from '~/lib/exams/answer-writer';
import { t } from '~/server/i18n';
import { ANSWER_MAX_LENGTH, answerTooLong } from '~/lib/exams/answer-limits';
import { AppError } from '../../errors';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './attempts.service';

/**
 * Attempts (decisions 025 and 028): the attempt logs, the
 * student's standing under the work's attempt policy, starting and reading an attempt, saving answers, submitting homework and tests, the duty report and the
 * review. Every call needs the token and names the class and the student's class student id.
 */
export const attemptsRoutes = new Hono<ApiEnv>();

/** Empty values (`"activityId": ""`, as a page's query may carry) mean "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());
/** Epoch ms on the device: kept, never trusted for time; only its type and range are checked. */
const deviceTime = z.number().int().min(0).max(8_640_000_000_000);

const student = { classId: idSchema, studentId: idSchema, userId: optionalId };
const workRef = z.object({ ...student, workId: idSchema }).loose();
const attemptRef = z.object({ ...student, answerLogId: idSchema }).loose();
const start = z.object({ ...student, workId: idSchema, activityId: optionalId }).loose();
const firstView = z
  .object({
    ...student,
    kind: z.enum(api.WORK_KINDS),
    step: z.enum(api.WORK_FIRST_VIEW_STEPS),
    workId: optionalId,
    classroomId: optionalId,
    courseId: optionalId,
    activityId: optionalId,
  })
  .loose();

/** Limits generous for any real paper; beyond them the input is bad, not a paper (a text answer's own cap is ANSWER_MAX_LENGTH). */
export const MAX_BATCH = 200;
const MAX_TEXT = 20_000;

const record = z
  .object({
    answerLogId: idSchema,
    id: idSchema,
    questionId: idSchema,
    questionUnitId: idSchema,
    questionAnswerVO: z
      .object({
        content: z
          .string()
          .max(MAX_TEXT)
          .nullish()
          .transform((v) => v ?? null),
        optionList: z.array(z.string().min(1).max(16)).max(26).default([]),
      })
      .loose(),
    seq: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    answerTime: deviceTime,
    submitTime: deviceTime,
    // Decision 027: the writer (one tab) and the revision its change was based on; a page loaded
    // before it sends neither and is the writer ''.
    clientId: z.string().regex(CLIENT_ID, t('exams.badClientId')).optional(),
    baseRevision: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .loose();
const save = z.object({ ...student, answers: z.array(record).min(1, t('exams.noAnswers')).max(MAX_BATCH) }).loose();
const submitHomework = z.object({ ...student, studentWorkId: idSchema, answerLogId: idSchema }).loose();
const submitTest = z.object({ ...student, testId: idSchema, answerLogId: idSchema }).loose();
const review = workRef.extend({ answerLogId: idSchema });
const duty = z
  .object({
    activityId: idSchema,
    bizId: idSchema,
    bizType: z.string().max(64).nullish(),
    contentId: idSchema,
    currentTime: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, t('validation.timeFormat')),
    finStatus: z.literal(2),
    realValue: z.literal(1),
    tenantId: optionalId,
    userId: idSchema,
    activityContentId: optionalId,
    dutyType: z.literal('SUBMIT'),
    studentId: idSchema,
  })
  .loose();

serve(attemptsRoutes, api.attemptLogs, workRef, (s, b) => service.attemptLogs(s, b));
serve(attemptsRoutes, api.workStanding, workRef, (s, b) => service.workStanding(s, b));
serve(attemptsRoutes, api.startAttempt, start, (s, b) => service.startAttempt(s, b));
serve(attemptsRoutes, api.workFirstView, firstView, (s, b) => service.workFirstView(s, b));
serve(attemptsRoutes, api.attemptState, attemptRef, (s, b) => service.attemptState(s, b));
serve(attemptsRoutes, api.saveAnswers, save, async (s, b) => {
  // A text answer past the cap is refused with its own message; a flood of saves meets the rate limit (in the save's transaction).
  if (b.answers.some((a) => answerTooLong(a.questionAnswerVO.content))) throw AppError.badRequest(t('exams.answerTooLong', { max: ANSWER_MAX_LENGTH }));
  return service.saveAnswers(s, b);
});
serve(attemptsRoutes, api.submitHomework, submitHomework, (s, b) => service.submitWork(s, { ...b, workId: b.studentWorkId }, 'homework'));
serve(attemptsRoutes, api.submitTest, submitTest, (s, b) => service.submitWork(s, { ...b, workId: b.testId }, 'test'));
serve(attemptsRoutes, api.reportDuty, duty, (s, b) => service.reportDuty(s, { ...b, bizType: b.bizType ?? undefined }));
serve(attemptsRoutes, api.reviewAttempt, review, (s, b) => service.reviewAttempt(s, b));
