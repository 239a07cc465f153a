import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { DAY } from '~/lib/time/cst';
import { AUDIT_ACTIONS, AUDIT_TARGETS, STAFF_STATUS } from '~/lib/staff/roles';
import {
  newStaffPasswordRule,
  optionalMobileRule,
  secondStepCodeRule,
  staffMobileRule,
  staffNameRule,
  staffRoleRule,
  staffSmsCodeRule,
  totpCodeRule,
  typedPasswordRule,
} from '~/lib/rules/staff';
import type { ApiEnv, Scope } from '../http/scope';
import { idSchema } from '../http/validate';
import { captchaAnswerFields, captchaOf, zodRule } from '../http/rules';
import { DEVICE_COOKIE, deviceCookie } from '../login/login.service';
import { requestOrigin } from '../http/origin';
import * as signIn from './accounts/sign-in.service';
import * as sessions from './accounts/sessions.service';
import * as accounts from './accounts/accounts.service';
import * as invitations from './accounts/invitations.service';
import * as passwordReset from './accounts/password-reset.service';
import { pageAudit } from './audit/audit.service';
import { onHttps, servePublicStaff, serveStaff } from '../http/staff-gate';
import { blankIsNone, day, pageFields, searchText } from '../http/list-query';

/**
 * The staff API (/api/admin/...): every call through gate.ts by its name, so the access table
 * decides who may make it before its input is read. Sessions travel in the HttpOnly cookie only.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const empty = body({});
const withId = body({ id: idSchema });
/** A secret token of a link or a sign-in step: 43 base64url characters as made, a little room either way. */
const secretToken = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[\w-]{16,128}$/, message);
const auditQuery = z
  .object({
    ...pageFields,
    actorId: z.preprocess(blankIsNone, idSchema.optional()),
    action: z.preprocess(blankIsNone, z.enum(AUDIT_ACTIONS as [string, ...string[]], { error: t('staff.badAction') }).optional()),
    targetType: z.preprocess(blankIsNone, z.enum(AUDIT_TARGETS as [string, ...string[]], { error: t('staff.badTarget') }).optional()),
    from: day,
    to: day,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: t('validation.startAfterEnd') });

const meta = (c: { req: { header(name: string): string | undefined } }) => ({ userAgent: c.req.header('user-agent') ?? null });

export const staffRoutes = new Hono<ApiEnv>();

/** The staff device cookie (a browser that signed in to the account before) and the captcha, if any. */
function clientOf(c: Context<ApiEnv>, b: { captchaKey?: string | undefined; captchaCode?: string | undefined }): signIn.SignInClient {
  return { deviceToken: getCookie(c, DEVICE_COOKIE.staff) ?? null, captcha: captchaOf(b) };
}

function setDeviceCookie(s: Scope, c: Context<ApiEnv>, token: string | null) {
  if (token !== null) c.header('Set-Cookie', deviceCookie('staff', token, onHttps(s, c)), { append: true });
}

servePublicStaff(
  staffRoutes,
  'signIn',
  body({ mobile: zodRule(staffMobileRule), password: zodRule(typedPasswordRule), ...captchaAnswerFields }),
  async (s, b, c) => {
    const { answer, session, deviceToken } = await signIn.signIn(s, b, meta(c), clientOf(c, b));
    if (session) c.header('Set-Cookie', sessions.sessionCookie(session, s.now, onHttps(s, c)));
    setDeviceCookie(s, c, deviceToken);
    return answer;
  },
);

servePublicStaff(
  staffRoutes,
  'secondFactor',
  body({ challenge: secretToken(t('staff.challengeExpired')), code: zodRule(secondStepCodeRule) }),
  async (s, b, c) => {
    const { me, session, deviceToken } = await signIn.passSecondFactor(s, b, meta(c));
    c.header('Set-Cookie', sessions.sessionCookie(session, s.now, onHttps(s, c)));
    setDeviceCookie(s, c, deviceToken);
    return me;
  },
);

serveStaff(staffRoutes, 'me', z.object({}), async (s, actor) => sessions.meOf(s, actor));

serveStaff(staffRoutes, 'signOut', empty, async (s, actor, _b, c) => {
  await sessions.signOut(s, actor);
  c.header('Set-Cookie', sessions.clearedCookie(onHttps(s, c)));
  return null;
});

serveStaff(staffRoutes, 'mySessions', z.object({}), (s, actor) => sessions.listMySessions(s, actor));

serveStaff(staffRoutes, 'revokeSession', withId, async (s, actor, b, c) => {
  await sessions.revokeMySession(s, actor, b.id);
  if (b.id === actor.session.id) c.header('Set-Cookie', sessions.clearedCookie(onHttps(s, c)));
  return null;
});

serveStaff(staffRoutes, 'revokeOtherSessions', empty, async (s, actor) => ({ revoked: await sessions.revokeOtherSessions(s, actor) }));

serveStaff(
  staffRoutes,
  'changePassword',
  body({ oldPassword: zodRule(typedPasswordRule), newPassword: zodRule(newStaffPasswordRule) }),
  async (s, actor, b) => {
    await accounts.changePassword(s, actor, b);
    return null;
  },
);

serveStaff(staffRoutes, 'secondFactorStart', empty, (s, actor) => accounts.startSecondFactor(s, actor));

serveStaff(staffRoutes, 'secondFactorConfirm', body({ code: zodRule(totpCodeRule) }), (s, actor, b) => accounts.confirmSecondFactor(s, actor, b.code));

serveStaff(staffRoutes, 'secondFactorDisable', body({ password: zodRule(typedPasswordRule), code: zodRule(secondStepCodeRule) }), async (s, actor, b) => {
  await accounts.disableSecondFactor(s, actor, b);
  return null;
});

const accountQuery = z.object({
  ...pageFields,
  q: searchText,
  role: z.preprocess(blankIsNone, zodRule(staffRoleRule).optional()),
});

serveStaff(staffRoutes, 'accounts', accountQuery, (s, actor, q) =>
  accounts.pageAccounts(s, actor, { current: q.current, size: q.size, text: q.q, role: q.role }),
);

serveStaff(staffRoutes, 'changeRole', body({ id: idSchema, role: zodRule(staffRoleRule) }), (s, actor, b) => accounts.changeRole(s, actor, b.id, b.role));

serveStaff(
  staffRoutes,
  'changeStatus',
  body({ id: idSchema, status: z.union([z.literal(STAFF_STATUS.active), z.literal(STAFF_STATUS.disabled)], { error: t('validation.invalid') }) }),
  (s, actor, b) => accounts.changeStatus(s, actor, b.id, b.status),
);

serveStaff(staffRoutes, 'resetSecondFactor', withId, (s, actor, b) => accounts.resetSecondFactor(s, actor, b.id));

serveStaff(staffRoutes, 'resetPassword', withId, (s, actor, b, c) => passwordReset.issuePasswordReset(s, actor, b.id, requestOrigin(s, c)));

const resetToken = () => secretToken(t('staff.passwordResetInvalid'));

servePublicStaff(staffRoutes, 'passwordResetInspect', body({ token: resetToken() }), (s, b) => passwordReset.inspectPasswordReset(s, b.token));

servePublicStaff(staffRoutes, 'passwordResetAccept', body({ token: resetToken(), password: zodRule(newStaffPasswordRule) }), (s, b) =>
  passwordReset.acceptPasswordReset(s, b),
);

servePublicStaff(
  staffRoutes,
  'passwordResetSendCode',
  body({ mobile: zodRule(staffMobileRule) }),
  async (s, b) => {
    await passwordReset.sendPasswordResetCode(s, b.mobile);
    return null;
  },
  t('sms.sent'),
);

servePublicStaff(
  staffRoutes,
  'passwordResetWithCode',
  body({ mobile: zodRule(staffMobileRule), code: zodRule(staffSmsCodeRule), password: zodRule(newStaffPasswordRule) }),
  (s, b) => passwordReset.resetPasswordWithCode(s, b),
);

serveStaff(staffRoutes, 'invitations', z.object({}), (s, actor) => invitations.listInvitations(s, actor));

serveStaff(
  staffRoutes,
  'invite',
  body({ name: zodRule(staffNameRule), mobile: zodRule(optionalMobileRule).optional(), role: zodRule(staffRoleRule) }),
  (s, actor, b, c) => invitations.invite(s, actor, b, requestOrigin(s, c)),
);

serveStaff(staffRoutes, 'revokeInvitation', withId, async (s, actor, b) => {
  await invitations.revokeInvitation(s, actor, b.id);
  return null;
});

servePublicStaff(staffRoutes, 'invitationInspect', body({ token: secretToken(t('staff.invitationInvalid')) }), (s, b) =>
  invitations.inspectInvitation(s, b.token),
);

servePublicStaff(
  staffRoutes,
  'invitationAccept',
  body({ token: secretToken(t('staff.invitationInvalid')), mobile: zodRule(optionalMobileRule).optional(), password: zodRule(newStaffPasswordRule) }),
  async (s, b, c) => {
    const { me, session } = await invitations.acceptInvitation(s, b, meta(c));
    c.header('Set-Cookie', sessions.sessionCookie(session, s.now, onHttps(s, c)));
    return me;
  },
);

serveStaff(staffRoutes, 'recoveryCodesLeft', z.object({}), (s, actor) => accounts.recoveryCodesLeft(s, actor));

serveStaff(staffRoutes, 'recoveryCodesRenew', body({ password: zodRule(typedPasswordRule) }), (s, actor, b) =>
  accounts.renewRecoveryCodes(s, actor, b.password),
);

serveStaff(staffRoutes, 'audit', auditQuery, (s, actor, q) =>
  pageAudit(s.db, actor.tenant.id, {
    current: q.current,
    size: q.size,
    actorId: q.actorId,
    action: q.action as never,
    targetType: q.targetType as never,
    from: q.from,
    until: q.to === undefined ? undefined : q.to + DAY,
  }),
);
