import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/engagement';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema, pageRequest } from '../http/validate';
import * as comments from './comments.service';
import * as likes from './likes.service';
import * as reviews from './reviews.service';
import type { EngagedObjects } from './objects.service';

/** Empty values (`"tagId": ""`) mean "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());
const commentObjectType = z.enum(api.COMMENT_OBJECT_TYPES, { error: t('engagement.badType') });
const thumbsObjectType = z.enum(api.THUMBS_OBJECT_TYPES, { error: t('engagement.badType') });
/** Text is checked by the service (blank -> 请输入内容, over 500 -> refused); only the type here. */
const commentContent = z.string().max(20_000).nullish();

const commentPage = pageRequest(z.object({ commentObjectId: idSchema, commentObjectType }).loose(), ['createdTime'] as const, {
  size: 10,
  sort: 'createdTime',
  order: 'descending',
  maxSize: 9999,
});

const threadPage = pageRequest(z.object({ commentObjectId: optionalId, commentTopId: idSchema }).loose(), ['createdTime'] as const, {
  size: 999,
  sort: 'createdTime',
  order: 'ascending',
  maxSize: 9999,
});

const saveBody = z.object({ commentObjectId: idSchema, commentObjectType, commentContent }).loose();
const replyBody = z.object({ commentParent: idSchema, commentContent }).loose();
const byId = z.object({ id: idSchema });
const thumbsBody = z.object({ objectId: idSchema, objectType: thumbsObjectType }).loose();

/** A comment write: its success says 操作成功, which the client shows. */
const written = { message: t('common.operationSuccess') };

const reviewPage = pageRequest(z.object({ tagId: optionalId }).loose(), ['createdTime'] as const, {
  size: 2,
  sort: 'createdTime',
  order: 'descending',
});

/**
 * Comments, likes and reviews. Calls under app/ and anyone/ need a user (40001 without), which the
 * services ask the scope for; anyBiz calls take an optional token (for `mine` and `thumbs`). The
 * objects commented on and liked are looked up by their domains' functions, passed in by app.ts.
 */
export function engagementRoutes(objects: EngagedObjects): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  serve(r, api.commentPage, commentPage, (s, b) =>
    comments.pageObjectComments(s, objects, { ...b, objectType: b.model.commentObjectType, objectId: b.model.commentObjectId }),
  );
  serve(r, api.threadPage, threadPage, (s, b) => comments.pageThread(s, { ...b, topId: b.model.commentTopId, objectId: b.model.commentObjectId }));
  serve(
    r,
    api.saveComment,
    saveBody,
    (s, b) => comments.saveComment(s, objects, { objectType: b.commentObjectType, objectId: b.commentObjectId, content: b.commentContent }),
    written,
  );
  serve(r, api.replyComment, replyBody, (s, b) => comments.reply(s, objects, { parentId: b.commentParent, content: b.commentContent }), written);
  serve(
    r,
    api.removeComment,
    byId,
    async (s, q) => {
      await comments.removeComment(s, q.id);
      return true;
    },
    written,
  );
  serve(r, api.commentWithReplies, byId, (s, q) => comments.getWithReplies(s, q.id));
  serve(r, api.like, thumbsBody, (s, b) => likes.setLiked(s, objects, b.objectType, b.objectId, true));
  serve(r, api.unlike, thumbsBody, (s, b) => likes.setLiked(s, objects, b.objectType, b.objectId, false));
  serve(r, api.reviewPage, reviewPage, (s, b) => reviews.pageReviews(s, { ...b, tagId: b.model.tagId }));
  serve(r, api.reviewTags, z.object({}).loose(), (s) => reviews.listReviewTags(s));
  return r;
}
