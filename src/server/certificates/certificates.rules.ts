import type { CertificateRevocation, SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';
import { formatDateTime } from '~/lib/time/cst';
import { safeMediaUrl } from '../sanitize';
import type { SkillCertificate, TrainingCertificate } from './certificates.table';

/** The pure rules of the certificate lookups (tests/unit/certificates-rules.test.ts). */

/**
 * Masking of personal data in certificate answers (pure). Every answer shows at most the first 6
 * and last 4 characters of an ID number and the first 3 and last 4 of a mobile; shorter values
 * show less, so that at least 40% of an ID number (and at least 4 characters of a mobile) is
 * always hidden. Each hidden character becomes one '*'.
 */

function maskMiddle(value: string | null | undefined, head: number, tail: number, minHidden: (n: number) => number): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const chars = Array.from(text);
  const n = chars.length;
  const visible = Math.max(0, n - Math.max(1, minHidden(n)));
  let h = head;
  let t = tail;
  // The tail gives way first while it is the longer part; both reach 0 only when nothing may show.
  while (h + t > visible) {
    if (t >= h) t--;
    else h--;
  }
  return chars.slice(0, h).join('') + '*'.repeat(n - h - t) + chars.slice(n - t).join('');
}

/** 320102199001011234 -> 320102********1234. */
export function maskIdNumber(value: string | null | undefined): string | null {
  return maskMiddle(value, 6, 4, (n) => Math.ceil(n * 0.4));
}

/** 13812345678 -> 138****5678. */
export function maskMobile(value: string | null | undefined): string | null {
  return maskMiddle(value, 3, 4, (n) => Math.max(4, Math.ceil(n / 3)));
}

/** A revoked certificate's day (China Standard Time) and reason; null while it is valid. */
export function revocationOf(r: { revokedAt: number | string | null; revokedReason: string | null }): CertificateRevocation | null {
  if (r.revokedAt === null || r.revokedAt === undefined) return null;
  return { date: formatDateTime(Number(r.revokedAt)).slice(0, 10), reason: r.revokedReason ?? '' };
}

/**
 * A stored certificate as answered: ID number and mobile masked, the picture's address checked,
 * a revoked one marked with its day and reason. Only the answer's own fields are copied, so a
 * column added to the table (who issued it, the enrolment) never leaks into a public answer.
 */
export function skillCertificateVO(r: SkillCertificate): SkillCertificateVO {
  return {
    name: r.name,
    card: maskIdNumber(r.card),
    mobile: maskMobile(r.mobile),
    professionName: r.professionName,
    typeOfWorkName: r.typeOfWorkName,
    certificateCode: r.certificateCode,
    level: r.level,
    sendDate: r.sendDate,
    certificateImgUrl: safeMediaUrl(r.certificateImgUrl),
    revoked: revocationOf(r),
  };
}

export function trainingCertificateVO(r: TrainingCertificate): TrainingCertificateVO {
  return {
    studentName: r.studentName,
    idType: r.idType,
    idCard: maskIdNumber(r.idCard),
    mobile: maskMobile(r.mobile),
    productName: r.productName,
    agencyName: r.agencyName,
    certificateNum: r.certificateNum,
    startTime: r.startTime,
    endTime: r.endTime,
    certificateUrl: safeMediaUrl(r.certificateUrl),
    revoked: revocationOf(r),
  };
}

export const CERT_QUERY_IP_LIMITS = {
  perMinute: 10,
  /** Per China Standard Time calendar day. */
  perDay: 100,
} as const;

/** Which limit lookups from one address break, counted with the one being made; null within both. */
export function lookupLimitBroken(today: number, lastMinute: number): 'certificates.tooManyDay' | 'certificates.tooManyMinute' | null {
  if (today > CERT_QUERY_IP_LIMITS.perDay) return 'certificates.tooManyDay';
  return lastMinute > CERT_QUERY_IP_LIMITS.perMinute ? 'certificates.tooManyMinute' : null;
}
