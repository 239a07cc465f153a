import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/login';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { availableWhen, exactly } from '../http/exact';
import { idSchema } from '../http/validate';
import {
  captchaAnswerFields,
  codeRule,
  enterpriseNameRule,
  invitationCodeRule,
  loginPasswordRule,
  mobileRule,
  newPasswordRule,
  requiredText,
} from '../http/rules';
import * as service from './login.service';
import * as invitations from './invitation.service';
import * as sso from './sso.service';
import { MAX_SIGNED_TOKEN_LENGTH } from '../signed-token';
import { getCookie } from 'hono/cookie';
import { onHttps } from '../http/staff-gate';
import { DEVICE_COOKIE, deviceCookie } from './attempts.rules';

/** Anything but a JSON object is 参数格式不正确; each field refuses with its own exact message. */
const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });

/** Short upper-case words such as ALL_USER, P_MINI, E_PC (kept for the record, not used for rules). */
const word = z
  .string()
  .max(32)
  .regex(/^[A-Za-z_]*$/, t('validation.badFormat'))
  .optional();
const bizId = z.union([z.string().max(64), z.number()]).optional();
const nickName = z
  .string({ error: t('login.nickNameInvalid') })
  .trim()
  .min(1, t('login.nickNameInvalid'))
  .max(20, t('login.nickNameInvalid'))
  .regex(/^[^\p{Cc}\p{Cf}<>]+$/u, t('login.nickNameInvalid'));
const realName = z
  .string({ error: t('login.realNameInvalid') })
  .trim()
  .min(1, t('login.realNameInvalid'))
  .max(20, t('login.realNameInvalid'))
  .regex(/^[\u4e00-\u9fa5A-Za-z.·．•]+$/, t('login.realNameInvalid'));
/** A user id in a body or query; '0' is the "nobody yet" of the invitation check. */
const userId = z.union([z.string(), z.number()]).transform(String).pipe(idSchema);
const tenantId = z.union([z.string(), z.number()]).transform(String).pipe(idSchema);

const loginCommon = { tenantId: tenantId.optional(), terminalType: word, bizType: word, bizId, ...captchaAnswerFields };
const loginBody = z.discriminatedUnion(
  'grantType',
  [
    body({ grantType: z.literal('MOBILE_LOGIN_REGISTER'), mobile: mobileRule, code: codeRule, nickName: nickName.optional(), ...loginCommon }),
    body({
      grantType: z.literal('PASSWORD'),
      username: requiredText(t('login.mobileRequired')).pipe(z.string().max(64, t('login.failed'))),
      password: loginPasswordRule,
      ...loginCommon,
    }),
  ],
  { error: t('validation.invalid') },
);

const selfBody = body({ tenantId, userId });

const updateBody = body({
  userId: userId.optional(),
  nickName: nickName.optional(),
  realName: realName.optional(),
  password: newPasswordRule.optional(),
  oldPassword: z.string().min(1).max(128).optional(),
  code: z.string().trim().max(6).optional(),
}).refine((b) => b.nickName !== undefined || b.realName !== undefined || b.password !== undefined, { message: t('login.nothingToUpdate') });

const checkBody = body({ qrCode: invitationCodeRule, userId: userId.optional() });
const joinBody = body({ qrCode: invitationCodeRule, tenantId, userId, enterpriseName: enterpriseNameRule.optional() });
const ticketBody = body({
  ticket: z
    .string({ error: t('sso.invalid') })
    .trim()
    .min(1, t('sso.invalid'))
    .max(MAX_SIGNED_TOKEN_LENGTH, t('sso.invalid')),
});

export const loginRoutes = new Hono<ApiEnv>();

serve(
  loginRoutes,
  api.login,
  exactly(loginBody),
  async (s, b, c) => {
    const { token, deviceToken } = await service.login(s, b, getCookie(c, DEVICE_COOKIE.student) ?? null);
    c.header('Set-Cookie', deviceCookie('student', deviceToken, onHttps(s, c)), { append: true });
    return token;
  },
  { message: t('login.success') },
);
serve(loginRoutes, api.bindTenant, exactly(selfBody), (s, b) => service.bind(s, b));
serve(loginRoutes, api.studentId, exactly(selfBody), async (s, q) => (await service.bind(s, q)).studentId);
serve(loginRoutes, api.updateStudent, exactly(updateBody), (s, b) => service.updateProfile(s, b), { message: t('common.operationSuccess') });
serve(loginRoutes, api.checkInvitation, exactly(checkBody), (s, b) => invitations.checkInvitation(s, b.qrCode));
serve(loginRoutes, api.defTenantByQrCode, exactly(checkBody), (s, q) => invitations.defaultTenantOf(s, q.qrCode));
serve(loginRoutes, api.joinByInvitation, exactly(joinBody), (s, b) => invitations.joinByInvitation(s, b), { message: t('register.success') });
serve(loginRoutes, api.ssoLogin, exactly(ticketBody), (s, b) => sso.ssoLogin(s, b.ticket), { message: t('login.success') });
availableWhen(loginRoutes, api.partnerSso, (config) => config.PARTNER_EDITION);
serve(loginRoutes, api.partnerSso, z.looseObject({}), (s) => sso.partnerSso(s));
