import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/messages';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema } from '../http/validate';
import { pageFields } from '../http/list-query';
import * as service from './messages.service';

/** The learner's message centre (decision 077): the token's own messages in the request's school. */

const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());
const pageQuery = z.object({ ...pageFields, unread: flag.optional() }).loose();
const badIds = t('messageCentre.badIds', { max: api.MESSAGES_READ_MAX });
const readBody = z
  .object({
    ids: z.array(idSchema, { error: badIds }).max(api.MESSAGES_READ_MAX, badIds).optional(),
    all: z.boolean({ error: badIds }).optional(),
  })
  .loose();

export const messagesRoutes = new Hono<ApiEnv>();

serve(messagesRoutes, api.messagesPage, pageQuery, (s, q) => service.myMessages(s, { current: q.current, size: q.size, unread: q.unread ?? false }));
serve(messagesRoutes, api.messagesUnread, z.object({}).loose(), (s) => service.unreadCount(s));
serve(messagesRoutes, api.messagesRead, readBody, (s, b) => service.readMessages(s, b));
