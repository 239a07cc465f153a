import { z } from 'zod';
import { ID_PATTERN } from '../ids';
import { readSignedToken, signToken } from '../signed-token';

/**
 * Preview tickets: the content system lets its staff see a draft or scheduled news item or notice
 * exactly as the public detail page will show it. A ticket is
 *   base64url(JSON {tenantId, kind: 'news' | 'notice', id, iat, exp}) + '.' +
 *   base64url(HMAC-SHA256(PREVIEW_SECRET, <first part>))
 * with iat/exp in epoch seconds and a lifetime of at most an hour. It may be opened again while it
 * lasts (a staff member reloads after an edit); it shows one item of one kind of one school and
 * nothing else (a news ticket never opens a notice with the same id, nor the other way round).
 */

export const PREVIEW_KINDS = ['news', 'notice'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export const PREVIEW_MAX_LIFETIME_S = 3600;
/** A content system's clock may run a little ahead of ours. */
export const PREVIEW_CLOCK_SKEW_S = 60;

const payloadSchema = z.object({
  tenantId: z.string().regex(ID_PATTERN),
  kind: z.enum(PREVIEW_KINDS),
  id: z.string().regex(ID_PATTERN),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
});

export type PreviewPayload = z.infer<typeof payloadSchema>;

export type PreviewTicket =
  | { state: 'valid'; payload: PreviewPayload }
  /** Signed by us, but its time is over: the staff member opens a new preview. */
  | { state: 'expired'; payload: PreviewPayload }
  /** Missing, tampered, signed with another secret, malformed or with an impossible lifetime. */
  | { state: 'invalid' };

export function readPreviewTicket(ticket: string | null | undefined, secret: string, nowS: number): PreviewTicket {
  if (!ticket) return { state: 'invalid' };
  const parsed = payloadSchema.safeParse(readSignedToken(ticket, secret));
  if (!parsed.success) return { state: 'invalid' };
  const p = parsed.data;
  if (p.exp <= p.iat || p.exp - p.iat > PREVIEW_MAX_LIFETIME_S || p.iat > nowS + PREVIEW_CLOCK_SKEW_S) return { state: 'invalid' };
  return nowS < p.exp ? { state: 'valid', payload: p } : { state: 'expired', payload: p };
}

/** Makes a ticket (the content system's side; scripts/preview-link.ts and tests use it). */
export function makePreviewTicket(secret: string, a: { tenantId: string; id: string; nowMs: number; lifetimeS?: number; kind?: PreviewKind }): string {
  const iat = Math.floor(a.nowMs / 1000);
  const payload: PreviewPayload = { tenantId: a.tenantId, kind: a.kind ?? 'news', id: a.id, iat, exp: iat + (a.lifetimeS ?? 15 * 60) };
  return signToken(payload, secret);
}
