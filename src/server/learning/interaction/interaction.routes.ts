import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { LIST_SIZE, NOTE_DATA_TYPE } from '~/lib/learning/interaction';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './interaction.service';

/**
 * The classroom interaction panel: questions, notes, comments, likes.
 * Every call needs the token (40001 without). Texts are checked (required, ≤ 100 characters) by
 * the service with the panel's own messages; here only their type and a generous size.
 */
export const interactionRoutes = new Hono<ApiEnv>();

/** Empty values (`"studentId": ""`) mean "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());
/** A typed text: the service applies the 100-character rule and its message; anything far longer is bad input. */
const text = z.string().max(2000);
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const shared = z.union([z.literal(0), z.literal(1)]);

const lessonRef = z.object({ classId: idSchema, classroomId: idSchema, studentId: idSchema, userId: idSchema.optional() }).loose();
const listWindow = {
  current: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(LIST_SIZE).default(LIST_SIZE),
};
const questionPage = z
  .object({
    ...listWindow,
    model: z
      .object({ classId: idSchema, classroomId: idSchema, studentId: optionalId })
      .loose()
      .prefault({} as never),
  })
  .loose()
  .transform((b) => ({ current: b.current, size: b.size, ...b.model }));
const questionSubmit = lessonRef.extend({
  courseId: idSchema,
  classroomName: z.string().max(200).nullish(),
  studentName: z.string().max(200).nullish(),
  studentAvatar: z.string().max(1000).nullish(),
  title: text.default(''),
  isDraft: flag.default(false),
});
const noteQuery = lessonRef.extend({
  courseId: idSchema,
  dataType: z.coerce
    .number()
    .pipe(z.union([z.literal(NOTE_DATA_TYPE.ALL), z.literal(NOTE_DATA_TYPE.MINE), z.literal(NOTE_DATA_TYPE.TEACHERS)]))
    .default(NOTE_DATA_TYPE.ALL),
});
const noteWrite = lessonRef.extend({
  courseId: idSchema,
  title: text.default(''),
  notes: text.nullish().transform((v) => v ?? ''),
  isShared: shared.default(0),
});
const noteUpdate = noteWrite.extend({ id: idSchema });
const noteDelete = z.object({ classId: idSchema, ids: z.array(idSchema).min(1, t('learning.noteNotFound')).max(LIST_SIZE) }).loose();
const commentPage = z
  .object({
    ...listWindow,
    model: z
      .object({ infoId: idSchema, classId: idSchema })
      .loose()
      .prefault({} as never),
  })
  .loose()
  .transform((b) => ({ current: b.current, size: b.size, ...b.model }));
const commentSubmit = z.object({ classId: idSchema, id: optionalId, commentContent: text.default(''), commentParent: optionalId }).loose();
const likeStateBody = z.object({ classroomId: idSchema, classId: idSchema }).loose();
const likeToggle = z.object({ bizType: z.literal(1).default(1), likeObjectId: idSchema, isThumb: flag, userId: idSchema, classId: idSchema }).loose();

serve(interactionRoutes, api.questionCount, lessonRef, (s, b) => service.questionCount(s, b));
serve(interactionRoutes, api.questionPage, questionPage, (s, b) => service.questionPage(s, b));
serve(interactionRoutes, api.questionDraft, lessonRef, (s, b) => service.questionDraft(s, b));
serve(interactionRoutes, api.questionSubmit, questionSubmit, (s, b) => service.questionSubmit(s, b), {
  message: () => t('learning.questionSent'),
});
serve(interactionRoutes, api.noteCount, noteQuery, (s, b) => service.noteCount(s, b));
serve(interactionRoutes, api.noteList, noteQuery, (s, b) => service.noteList(s, b));
serve(interactionRoutes, api.noteCreate, noteWrite, (s, b) => service.noteCreate(s, b), { message: t('learning.noteAdded') });
serve(interactionRoutes, api.noteUpdate, noteUpdate, (s, b) => service.noteUpdate(s, b), { message: t('learning.noteUpdated') });
serve(interactionRoutes, api.noteDelete, noteDelete, (s, b) => service.noteDelete(s, b), { message: t('learning.noteDeleted') });
serve(interactionRoutes, api.commentPage, commentPage, (s, b) => service.commentPage(s, b));
serve(interactionRoutes, api.commentSubmit, commentSubmit, (s, b) => service.commentSubmit(s, b), { message: t('learning.commentSent') });
serve(interactionRoutes, api.likeState, likeStateBody, (s, b) => service.likeState(s, b));
serve(interactionRoutes, api.likeToggle, likeToggle, (s, b) => service.likeToggle(s, b));
