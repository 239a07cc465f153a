import type { CertificateRevocation, SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';
import { formatDateTime } from '~/lib/time/cst';
import { safeMediaUrl } from '../sanitize';
import { maskIdNumber, maskMiddle } from '~/lib/rules/id-number';
import type { SkillCertificate, TrainingCertificate } from './certificates.table';

/** The pure rules of the certificate lookups (tests/unit/certificates-rules.test.ts). */

/**
 * Masking of personal data in certificate answers: the one rule of src/lib/rules/id-number.ts for
 * ID numbers (at most the first 6 and last 4 shown, at least 40% hidden); of a mobile at most the
 * first 3 and last 4, at least 4 characters hidden.
 */

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
