import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, readJson, readQuery } from '../http/validate';
import { optionalId, pagedWith } from './schemas';
import { tenantOf } from '../http/tenant';
import { optionalUser, requireUser } from '../http/auth';
import { ok } from '../errors';
import { t } from '~/lib/i18n';
import { mediaRoutes } from '../media/media.routes';
import { COMMENT_OBJECT_TYPES, THUMBS_OBJECT_TYPES } from './engagement.table';
import { ENGAGEMENT_PATHS as P } from './paths';
import * as comments from './comments.service';
import * as thumbs from './thumbs.service';
import * as reviews from './reviews.service';

const commentObjectType = z.enum(COMMENT_OBJECT_TYPES, { error: t('engagement.badType') });
const thumbsObjectType = z.enum(THUMBS_OBJECT_TYPES, { error: t('engagement.badType') });
/** Text is checked by the service (blank -> 请输入内容, over 500 -> refused); only the type here. */
const commentContent = z.string().max(20_000).nullish();

const commentPage = pagedWith(z.object({ commentObjectId: idSchema, commentObjectType }).loose(), ['createdTime'] as const, {
  size: 10,
  sort: 'createdTime',
  order: 'descending',
  maxSize: 9999,
});

const threadPage = pagedWith(z.object({ commentObjectId: optionalId, commentTopId: idSchema }).loose(), ['createdTime'] as const, {
  size: 999,
  sort: 'createdTime',
  order: 'ascending',
  maxSize: 9999,
});

const saveBody = z.object({ commentObjectId: idSchema, commentObjectType, commentContent }).loose();
const replyBody = z.object({ commentParent: idSchema, commentContent }).loose();
const idQuery = z.object({ id: idSchema });
const thumbsBody = z.object({ objectId: idSchema, objectType: thumbsObjectType }).loose();

const reviewPage = pagedWith(z.object({ tagId: optionalId }).loose(), ['createdTime'] as const, {
  size: 2,
  sort: 'createdTime',
  order: 'descending',
});

/**
 * Comments, likes and reviews, plus the media calls (banners, album, video feeds) of
 * src/server/media, mounted together. Calls under app/ and anyone/ need a user (40001 without);
 * anyBiz calls take an optional token (for `mine` and `thumbs`).
 */
export const engagementRoutes = new Hono<ApiEnv>()
  .route('/', mediaRoutes)
  .post(P.commentPage, async (c) => {
    const b = await readJson(c, commentPage);
    const tenant = await tenantOf(c);
    const user = await optionalUser(c);
    return c.json(
      ok(
        await comments.pageObjectComments(c.var.runtime.db, tenant.id, user?.user.id ?? null, {
          ...b,
          objectType: b.model.commentObjectType,
          objectId: b.model.commentObjectId,
        }),
      ),
    );
  })
  .post(P.commentReplies, async (c) => {
    const b = await readJson(c, threadPage);
    const tenant = await tenantOf(c);
    const user = await optionalUser(c);
    return c.json(
      ok(
        await comments.pageThread(c.var.runtime.db, tenant.id, user?.user.id ?? null, {
          ...b,
          topId: b.model.commentTopId,
          objectId: b.model.commentObjectId,
        }),
      ),
    );
  })
  .post(P.commentSave, async (c) => {
    const { user } = await requireUser(c);
    const b = await readJson(c, saveBody);
    const tenant = await tenantOf(c);
    const saved = await comments.saveComment(c.var.runtime.db, tenant.id, user, c.var.ctx.now, {
      objectType: b.commentObjectType,
      objectId: b.commentObjectId,
      content: b.commentContent,
    });
    return c.json(ok(saved, t('common.operationSuccess')));
  })
  .post(P.commentReply, async (c) => {
    const { user } = await requireUser(c);
    const b = await readJson(c, replyBody);
    const tenant = await tenantOf(c);
    const saved = await comments.reply(c.var.runtime.db, tenant.id, user, c.var.ctx.now, { parentId: b.commentParent, content: b.commentContent });
    return c.json(ok(saved, t('common.operationSuccess')));
  })
  .get(P.commentRemove, async (c) => {
    const { user } = await requireUser(c);
    const { id } = readQuery(c, idQuery);
    const tenant = await tenantOf(c);
    await comments.removeComment(c.var.runtime.db, tenant.id, user, id);
    return c.json(ok(true, t('common.operationSuccess')));
  })
  .get(P.commentGetReply, async (c) => {
    const { user } = await requireUser(c);
    const { id } = readQuery(c, idQuery);
    const tenant = await tenantOf(c);
    return c.json(ok(await comments.getWithReplies(c.var.runtime.db, tenant.id, user.id, id)));
  })
  .post(P.thumbs, async (c) => {
    const { user } = await requireUser(c);
    const b = await readJson(c, thumbsBody);
    const tenant = await tenantOf(c);
    return c.json(ok(await thumbs.like(c.var.runtime.db, tenant.id, user.id, c.var.ctx.now, b.objectType, b.objectId)));
  })
  .post(P.unthumbs, async (c) => {
    const { user } = await requireUser(c);
    const b = await readJson(c, thumbsBody);
    const tenant = await tenantOf(c);
    return c.json(ok(await thumbs.unlike(c.var.runtime.db, tenant.id, user.id, b.objectType, b.objectId)));
  })
  .post(P.reviewPage, async (c) => {
    const b = await readJson(c, reviewPage);
    const tenant = await tenantOf(c);
    const user = await optionalUser(c);
    return c.json(ok(await reviews.pageReviews(c.var.runtime.db, tenant.id, user?.user.id ?? null, { ...b, tagId: b.model.tagId })));
  })
  .post(P.reviewTags, async (c) => {
    await readJson(c, z.object({}).loose());
    const tenant = await tenantOf(c);
    return c.json(ok(await reviews.listReviewTags(c.var.runtime.db, tenant.id)));
  });
