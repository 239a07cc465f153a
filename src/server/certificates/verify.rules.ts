import { createHmac, timingSafeEqual } from 'node:crypto';
import { CERT_KINDS, type CertKind } from '~/lib/rules/certificate';
import { ID_PATTERN } from '../ids';

/**
 * The signed verification link printed as a certificate's QR code (tests/unit/certificates-admin-rules.test.ts):
 *   /certificate/verify?k=<skill|training>&c=<certificate id>&s=<signature>
 * on the school's own host, where
 *   signature = base64url(HMAC-SHA256(CERTIFICATE_SECRET, "szyx-certificate-v1\n" + tenant id + "\n" + kind + "\n" + id))
 * The signature binds the link to one school, one kind and one certificate: a link whose id, kind
 * or signature was changed, or one shown on another school's host, is refused before anything is
 * looked up. The link does not expire: a printed certificate is valid for as long as the school
 * does not revoke it, and revoking is what the page then shows. The signature is compared as
 * text in constant time, so a second spelling of the same bytes (base64url's unused low bits) is
 * refused too.
 */

export const VERIFY_PATH = '/certificate/verify';

export interface VerifyTarget {
  tenantId: string;
  kind: CertKind;
  id: string;
}

export function certificateSignature(secret: string, t: VerifyTarget): string {
  return createHmac('sha256', secret).update(`szyx-certificate-v1\n${t.tenantId}\n${t.kind}\n${t.id}`, 'utf8').digest('base64url');
}

/** The link's path and query (the page puts the school's own origin in front). */
export function verifyPathOf(secret: string, t: VerifyTarget): string {
  const q = new URLSearchParams({ k: t.kind, c: t.id, s: certificateSignature(secret, t) });
  return `${VERIFY_PATH}?${q.toString()}`;
}

const isCertKind = (value: unknown): value is CertKind => (CERT_KINDS as readonly unknown[]).includes(value);

export type VerifyLink = { ok: true; kind: CertKind; id: string } | { ok: false };

/**
 * Reads a link's parameters for the school whose host it was opened on: the kind and id when the
 * signature is this school's for exactly them, otherwise not ok (never throws).
 */
export function readVerifyLink(secret: string, tenantId: string, q: { k?: string | null; c?: string | null; s?: string | null }): VerifyLink {
  const { k, c, s } = q;
  // The id's pattern bounds its length (32 characters); the signature must be the one 43-character text.
  if (!isCertKind(k) || typeof c !== 'string' || !ID_PATTERN.test(c) || typeof s !== 'string') return { ok: false };
  const expected = Buffer.from(certificateSignature(secret, { tenantId, kind: k, id: c }), 'utf8');
  const given = Buffer.from(s, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  return { ok: true, kind: k, id: c };
}
