import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, readJson } from '../http/validate';
import { requireUser } from '../http/auth';
import { tenantOf } from '../http/tenant';
import { AppError, ok } from '../errors';
import { t } from '~/lib/i18n';
import { codeRule, loginPasswordRule, mobileRule, newPasswordRule, requiredText } from '~/lib/rules/login';
import { enterpriseNameRule, invitationCodeRule } from '~/lib/rules/register';
import { ErrorCode } from '~/lib/envelope';
import { bindSelf, loginWithCode, loginWithPassword, requireSelf, updateProfile, type LoginContext } from './login.service';
import { checkInvitation, joinByInvitation } from './invitation.service';
import { partnerTicket, ssoLogin } from './sso.service';
import { MAX_SIGNED_TOKEN_LENGTH } from './signed-token';

/** Parses with zod and refuses with the first message as it stands (the spec's exact texts). */
function parseExact<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw AppError.badRequest(t('validation.invalid'));
  const r = schema.safeParse(input);
  if (!r.success) throw AppError.badRequest(r.error.issues[0]?.message ?? t('validation.invalid'));
  return r.data;
}

const bodyOf = async <S extends z.ZodType>(c: Context<ApiEnv>, schema: S): Promise<z.infer<S>> =>
  parseExact(schema, await readJson(c, z.unknown()));

/** Short upper-case words such as ALL_USER, P_MINI, E_PC (kept for the record, not used for rules). */
const word = z.string().max(32).regex(/^[A-Za-z_]*$/, t('validation.badFormat')).optional();
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
const tenantIdField = z.union([z.string(), z.number()]).transform(String).pipe(idSchema);

const grantType = z.enum(['MOBILE_LOGIN_REGISTER', 'PASSWORD'], { error: t('validation.invalid') });
const loginCommon = { tenantId: tenantIdField.optional(), terminalType: word, bizType: word, bizId };

const codeLoginBody = z.object({
  grantType: z.literal('MOBILE_LOGIN_REGISTER'),
  mobile: mobileRule,
  code: codeRule,
  nickName: nickName.optional(),
  ...loginCommon,
});
const passwordLoginBody = z.object({
  grantType: z.literal('PASSWORD'),
  username: requiredText(t('login.mobileRequired')).pipe(z.string().max(64, t('login.failed'))),
  password: loginPasswordRule,
  ...loginCommon,
});

const selfBody = z.object({ tenantId: tenantIdField, userId });

const updateBody = z
  .object({
    userId: userId.optional(),
    nickName: nickName.optional(),
    realName: realName.optional(),
    password: newPasswordRule.optional(),
    oldPassword: z.string().min(1).max(128).optional(),
    code: z.string().trim().max(6).optional(),
  })
  .refine((b) => b.nickName !== undefined || b.realName !== undefined || b.password !== undefined, { message: t('login.nothingToUpdate') });

const qrCode = invitationCodeRule;
const checkBody = z.object({ qrCode, userId: userId.optional() });
const joinBody = z.object({ qrCode, tenantId: tenantIdField, userId, enterpriseName: enterpriseNameRule.optional() });

function loginContext(c: Context<ApiEnv>): LoginContext {
  const { runtime, ctx } = c.var;
  return { db: runtime.db, config: runtime.config, ip: ctx.ip, now: ctx.now };
}

export const loginRoutes = new Hono<ApiEnv>()
  .post('/oauth/anyTenant/login', async (c) => {
    const raw = await readJson(c, z.unknown());
    const kind = parseExact(z.object({ grantType }), raw).grantType;
    const ctx = loginContext(c);
    const applicationId = c.var.ctx.headers.applicationId;
    if (kind === 'MOBILE_LOGIN_REGISTER') {
      const b = parseExact(codeLoginBody, raw);
      const tenant = await tenantOf(c, b.tenantId);
      return c.json(ok(await loginWithCode(ctx, { tenantId: tenant.id, mobile: b.mobile, code: b.code, nickName: b.nickName, applicationId }), t('login.success')));
    }
    const b = parseExact(passwordLoginBody, raw);
    const tenant = await tenantOf(c, b.tenantId);
    return c.json(ok(await loginWithPassword(ctx, { tenantId: tenant.id, username: b.username, password: b.password, applicationId }), t('login.success')));
  })
  .post('/userCenter/anyTenant/userTenant/bind', async (c) => {
    const auth = await requireUser(c);
    const tenant = await tenantOf(c);
    const b = await bodyOf(c, selfBody);
    requireSelf(auth, tenant.id, b);
    return c.json(ok(await bindSelf(c.var.runtime.db, tenant.id, auth.user.id, c.var.ctx.now)));
  })
  .get('/userCenter/anyTenant/student/getOrCreateStudentId', async (c) => {
    const auth = await requireUser(c);
    const tenant = await tenantOf(c);
    const q = parseExact(z.object({ tenantId: tenantIdField, userId }), c.req.query());
    requireSelf(auth, tenant.id, q);
    return c.json(ok((await bindSelf(c.var.runtime.db, tenant.id, auth.user.id, c.var.ctx.now)).studentId));
  })
  .post('/userCenter/anyTenant/student/updateStudent', async (c) => {
    const auth = await requireUser(c);
    const tenant = await tenantOf(c);
    const b = await bodyOf(c, updateBody);
    requireSelf(auth, tenant.id, { userId: b.userId });
    return c.json(ok(await updateProfile(loginContext(c), auth, tenant.id, b), t('common.operationSuccess')));
  })
  .post('/userCenter/anyTenant/qrCodeUser/checkInvitation', async (c) => {
    const tenant = await tenantOf(c);
    const b = await bodyOf(c, checkBody);
    return c.json(ok(await checkInvitation(c.var.runtime.db, tenant.id, b.qrCode, c.var.ctx.now)));
  })
  .get('/userCenter/anyTenant/qrCodeUser/getDefTenantByQrCode', async (c) => {
    const tenant = await tenantOf(c);
    const q = parseExact(checkBody, c.req.query());
    const info = await checkInvitation(c.var.runtime.db, tenant.id, q.qrCode, c.var.ctx.now);
    return c.json(ok({ ...info, tenantName: tenant.name }));
  })
  .post('/userCenter/anyTenant/qrCodeUser/joinByInvitation', async (c) => {
    const auth = await requireUser(c);
    const tenant = await tenantOf(c);
    const b = await bodyOf(c, joinBody);
    requireSelf(auth, tenant.id, b);
    const joined = await joinByInvitation(c.var.runtime.db, {
      tenantId: tenant.id,
      userId: auth.user.id,
      qrCode: b.qrCode,
      enterpriseName: b.enterpriseName,
      now: c.var.ctx.now,
    });
    return c.json(ok(joined, t('register.success')));
  })
  .post('/oauth/anyTenant/ssoLogin', async (c) => {
    const { runtime, ctx } = c.var;
    const b = await bodyOf(c, z.object({ ticket: z.string({ error: t('sso.invalid') }).trim().min(1, t('sso.invalid')).max(MAX_SIGNED_TOKEN_LENGTH, t('sso.invalid')) }));
    const issued = await ssoLogin(runtime.db, runtime.config.SSO_SHARED_SECRET, {
      ticket: b.ticket,
      now: ctx.now,
      ttlMs: runtime.config.SESSION_TTL_HOURS * 3_600_000,
    });
    return c.json(ok(issued, t('login.success')));
  })
  .post('/contact/app/kingdee/sso', async (c) => {
    const { config } = c.var.runtime;
    if (!config.PARTNER_EDITION) throw new AppError(ErrorCode.NOT_FOUND, t('api.notFound'), 404);
    const auth = await requireUser(c);
    const tenant = await tenantOf(c);
    await readJson(c, z.looseObject({}));
    if (!config.PARTNER_SSO_SECRET) throw new AppError(ErrorCode.UNAVAILABLE, t('login.partnerSsoOff'));
    const { ticket, expiresAt } = partnerTicket(config.PARTNER_SSO_SECRET, {
      audience: config.PARTNER_SLUG,
      user: auth.user,
      tenantId: tenant.id,
      now: c.var.ctx.now,
    });
    const url = config.PARTNER_SSO_URL ? `${config.PARTNER_SSO_URL}${config.PARTNER_SSO_URL.includes('?') ? '&' : '?'}ticket=${ticket}` : null;
    return c.json(ok({ ticket, expiresAt, url }));
  });
