import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { noticeForm, smsSettingsForm } from '~/lib/forms/messages';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import * as service from './messages.admin.service';

/** Class notices and the school's SMS settings (/api/admin/classes/:id/notices, /api/admin/sms/settings). */

const withId = z.object({ id: idSchema }, { error: t('validation.invalid') });

export const messagesStaffRoutes = new Hono<ApiEnv>();

serveStaff(messagesStaffRoutes, 'adminClassNotices', withId, (s, actor, b) => service.listNotices(s, actor, b.id));
serveStaff(messagesStaffRoutes, 'adminClassNoticePost', withId.extend(noticeForm.shape), (s, actor, b) =>
  service.postNotice(s, actor, b.id, { title: b.title, body: b.body, urgent: b.urgent }),
);
serveStaff(messagesStaffRoutes, 'adminSmsSettings', z.object({}), (s, actor) => service.smsSettings(s, actor));
serveStaff(messagesStaffRoutes, 'adminSmsSettingsSave', smsSettingsForm, (s, actor, b) => service.saveSms(s, actor, b));
