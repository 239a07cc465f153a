import { z } from 'zod';
import type { DB } from '../db/database';
import { AppError } from '../errors';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import { MOBILE_PATTERN } from '~/lib/sms-sign';
import { ID_PATTERN } from '../ids';
import { findTenantById } from '../tenant/tenant.repository';
import { bindUserToTenant, findOrCreateUser, issueToken, type IssuedToken } from '../identity/identity.service';
import type { User } from '../identity/identity.table';
import { newNonce, readSignedToken, signToken } from './signed-token';
import * as repo from './login.repository';

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

export const SSO_MAX_LIFETIME_S = 300;
/** Tolerated clock difference between the signing system and the portal. */
export const SSO_CLOCK_SKEW_S = 60;

const payloadSchema = z.object({
  mobile: z.string().regex(MOBILE_PATTERN),
  tenantId: z.string().regex(ID_PATTERN),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
  nonce: z.string().regex(/^[\w-]{16,64}$/),
  nickName: z.string().trim().min(1).max(20).optional(),
});

export type SsoPayload = z.infer<typeof payloadSchema>;

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

export async function ssoLogin(
  db: DB,
  secret: string | null,
  a: { ticket: string; now: number; ttlMs: number },
): Promise<IssuedToken & { tenantId: string }> {
  if (!secret) throw new AppError(ErrorCode.UNAVAILABLE, t('sso.off'));
  const raw = readSignedToken(a.ticket, secret);
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) throw invalid();
  const p = parsed.data;
  const nowS = Math.floor(a.now / 1000);
  if (p.exp <= nowS || p.exp - p.iat > SSO_MAX_LIFETIME_S || p.exp < p.iat || p.iat > nowS + SSO_CLOCK_SKEW_S) throw invalid();
  const tenant = await findTenantById(db, p.tenantId);
  if (!tenant || tenant.status !== 1) throw invalid();
  await repo.deleteExpiredNonces(db, a.now);
  if (!(await repo.claimNonce(db, { nonce: p.nonce, tenantId: tenant.id, usedAt: a.now, expiresAt: p.exp * 1000 }))) throw invalid();
  const user: User = await findOrCreateUser(db, p.mobile, a.now, p.nickName);
  if (user.status !== 1) throw AppError.badRequest(t('identity.userDisabled'));
  await bindUserToTenant(db, tenant.id, user.id, a.now);
  const issued = await issueToken(db, { userId: user.id, tenantId: tenant.id, now: a.now, ttlMs: a.ttlMs });
  return { ...issued, tenantId: tenant.id };
}

/** The partner ticket: who the logged-in student is, for the partner's platform, valid 5 minutes. */
export function partnerTicket(
  secret: string,
  a: { audience: string; user: User; tenantId: string; now: number },
): { ticket: string; expiresAt: number } {
  const iat = Math.floor(a.now / 1000);
  const exp = iat + SSO_MAX_LIFETIME_S;
  const ticket = signToken(
    {
      iss: 'szyx',
      aud: a.audience,
      sub: a.user.id,
      mobile: a.user.mobile,
      name: a.user.realName || a.user.nickName || '',
      tenantId: a.tenantId,
      iat,
      exp,
      nonce: newNonce(),
    },
    secret,
  );
  return { ticket, expiresAt: exp * 1000 };
}
