import { z } from 'zod';
import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { ID_PATTERN } from '../ids';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { MOBILE_PATTERN } from '~/lib/sms-codes';
import type { PartnerTicket, SsoSession } from '~/lib/api/contracts/login';
import { requireTenantById } from '../tenant/tenant.service';
import * as identity from '../identity/identity.service';
import { newNonce, readSignedToken, signToken } from '../signed-token';
import { SSO_MAX_LIFETIME_S, partnerUrl, ssoTimesValid } from './login.rules';
import { issueSession, refuseDisabled } from './login.service';
import * as repo from './login.repository';
import { ACCOUNT_STATUS } from '~/lib/status';

/**
 * Single sign-on.
 *
 * In (/sso-login): another system of the operator signs
 *   base64url(JSON {mobile, tenantId, iat, exp, nonce, nickName?}) + '.' +
 *   base64url(HMAC-SHA256(SSO_SHARED_SECRET, <first part>))
 * with iat/exp in epoch seconds, exp - iat at most 300 and the nonce 16-64 of [A-Za-z0-9_-].
 * The portal accepts it once (the nonce is stored until exp), before exp, and signs the user in
 * to that school (created and bound on first use). Every refusal is the same message.
 *
 * Out (partner edition, POST /api/contact/app/kingdee/sso): the portal signs a ticket of the
 * same format with PARTNER_SSO_SECRET for the partner's platform; see docs/api.md.
 */

const payloadSchema = z.object({
  mobile: z.string().regex(MOBILE_PATTERN),
  tenantId: z.string().regex(ID_PATTERN),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
  nonce: z.string().regex(/^[\w-]{16,64}$/),
  nickName: z.string().trim().min(1).max(20).optional(),
});

type SsoPayload = z.infer<typeof payloadSchema>;

const invalid = () => AppError.badRequest(t('sso.invalid'));

/** Makes an incoming token (for the operator's other systems, scripts/sso-token.ts and tests). */
export function makeSsoToken(
  secret: string,
  a: { mobile: string; tenantId: string; nowMs: number; lifetimeS?: number; nonce?: string; nickName?: string },
): string {
  const iat = Math.floor(a.nowMs / 1000);
  const payload: SsoPayload = { mobile: a.mobile, tenantId: a.tenantId, iat, exp: iat + (a.lifetimeS ?? SSO_MAX_LIFETIME_S), nonce: a.nonce ?? newNonce() };
  if (a.nickName) payload.nickName = a.nickName;
  return signToken(payload, secret);
}

/** The ticket's school when it exists and is active, else the one refusal. */
async function ticketSchool(s: Scope, tenantId: string) {
  const tenant = await requireTenantById(s.db, tenantId).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!tenant || tenant.status !== ACCOUNT_STATUS.ACTIVE) throw invalid();
  return tenant;
}

export async function ssoLogin(s: Scope, ticket: string): Promise<SsoSession> {
  const secret = s.config.SSO_SHARED_SECRET;
  if (!secret) throw new AppError(ErrorCode.UNAVAILABLE, t('sso.off'));
  const parsed = payloadSchema.safeParse(readSignedToken(ticket, secret));
  if (!parsed.success || !ssoTimesValid(parsed.data, Math.floor(s.now / 1000))) throw invalid();
  const p = parsed.data;
  const tenant = await ticketSchool(s, p.tenantId);
  await repo.deleteExpiredNonces(s.db, s.now);
  if (!(await repo.claimNonce(s.db, { nonce: p.nonce, tenantId: tenant.id, usedAt: s.now, expiresAt: p.exp * 1000 }))) throw invalid();
  const user = await identity.findOrCreateUser(s.db, p.mobile, s.now, p.nickName);
  refuseDisabled(user);
  await identity.bindUserToTenant(s.db, tenant.id, user.id, s.now);
  return { ...(await issueSession(s, user, tenant.id, null)), tenantId: tenant.id };
}

/** The partner ticket: who the logged-in student is, for the partner's platform, valid 5 minutes. */
export async function partnerSso(s: Scope): Promise<PartnerTicket> {
  const { user } = await s.user();
  const tenant = await s.tenant();
  const { PARTNER_SSO_SECRET: secret, PARTNER_SSO_URL: url, PARTNER_SLUG: audience } = s.config;
  if (!secret) throw new AppError(ErrorCode.UNAVAILABLE, t('login.partnerSsoOff'));
  const iat = Math.floor(s.now / 1000);
  const exp = iat + SSO_MAX_LIFETIME_S;
  const name = user.realName || user.nickName || '';
  const ticket = signToken({ iss: 'szyx', aud: audience, sub: user.id, mobile: user.mobile, name, tenantId: tenant.id, iat, exp, nonce: newNonce() }, secret);
  return { ticket, expiresAt: exp * 1000, url: url ? partnerUrl(url, ticket) : null };
}
