import { get, post } from '../contract';
import type { Page } from '../../paging';
import type { CertificateFields, CertKind, CertRefusal } from '../../certificates/admin';

/**
 * Certificates on the staff side (/api/admin/certificates...): the list of both kinds, issuing by
 * hand, a CSV import (dry run, then apply), revoking with a reason, and issuing training
 * certificates to every student whose counted score in a class's test reaches a minimum.
 * Administrators do everything; teachers only the pass-based issuing, for the classes they teach
 * (decision 046). Each certificate answers with its signed public verification link.
 */

export type { CertificateFields, CertKind, CertRefusal };

export const CERT_STATES = ['valid', 'revoked'] as const;
export type CertState = (typeof CERT_STATES)[number];

/** How a certificate came: exam (for a pass in a class's test) or hand (issued by hand or imported). */
export const CERT_SOURCES = ['exam', 'hand'] as const;
export type CertSource = (typeof CERT_SOURCES)[number];

export interface AdminCertificateQuery {
  /** Both kinds when missing. */
  kind?: CertKind;
  /** Both when missing. */
  source?: CertSource;
  /** Part of the name, the certificate number or the ID number. */
  keyword?: string;
  state?: CertState;
  current?: number;
  size?: number;
}

/** A certificate as staff see it: every field in full, its state and its verification link. */
export interface AdminCertificate {
  id: string;
  kind: CertKind;
  name: string;
  idType: string;
  /** Masked (110101********1234); '' when the certificate carries none. */
  idNumber: string;
  /** The school student it was issued to (their user id), and their 学号; null for imported and older certificates. */
  studentId: string | null;
  studentNo: string | null;
  mobile: string | null;
  number: string;
  /** Skill-level certificates (null for training ones). */
  professionName: string | null;
  typeOfWorkName: string | null;
  level: string | null;
  sendDate: string | null;
  /** Training certificates (null for skill-level ones). */
  productName: string | null;
  agencyName: string | null;
  startDate: string | null;
  endDate: string | null;
  createdAt: number;
  /** Issued for a pass in a class's test (not by hand or by a file). */
  fromTest: boolean;
  state: CertState;
  /** When revoked (epoch ms) and why; null while valid. */
  revokedAt: number | null;
  revokedReason: string | null;
  /** The revoked certificate this one replaces, and the one that replaced this one (when revoked and reissued). */
  replaces: CertLink | null;
  replacedBy: CertLink | null;
  /** The public verification page on the school's own host, signed (the QR code's content). */
  verifyUrl: string;
}

export interface CertLink {
  id: string;
  number: string;
}

/**
 * Issuing by hand to a school student: the name, mobile and 证件号码 come from the student's record
 * (学员管理), the number from the school's numbering; the rest is the kind's own fields. `replacesId`
 * names a revoked certificate of the kind that the new one replaces; without it, the student's
 * newest revoked and not yet replaced certificate of the same profession and level (skill) or
 * programme (training) is the one replaced, if any.
 */
export interface CertificateIssueInput {
  kind: CertKind;
  studentId: string;
  professionName?: string;
  typeOfWorkName?: string;
  level?: string;
  sendDate?: string;
  productName?: string;
  agencyName?: string;
  startDate?: string;
  endDate?: string;
  replacesId?: string;
}

/** The school's certificate numbers: the prefix and the next sequence number, and the next number as it will read. */
export interface CertNumbering {
  prefix: string;
  nextSeq: number;
  next: string;
}

export interface RevokeInput {
  kind: CertKind;
  /** Required, at most 200 characters; shown on the verification page and the lookups. */
  reason: string;
}

export interface CertImportInput {
  /** The file's text (the screen decodes UTF-8 with or without BOM, or GBK). */
  csv: string;
  /** false: a dry run that only reports; true: issue the good rows. */
  apply: boolean;
}

export type CertImportOutcome = 'added' | 'exists' | 'refused';

export interface CertImportRow {
  line: number;
  kind: string;
  name: string;
  number: string;
  /** Dry run: 'added' means it would be added; 'exists': the school has this certificate already. */
  outcome: CertImportOutcome;
  reason?: CertRefusal | 'numberTaken';
  /** The reason in words. */
  message?: string;
}

export interface CertImportReport {
  applied: boolean;
  rows: CertImportRow[];
  counts: { added: number; exists: number; refused: number };
}

export interface CertTestWork {
  id: string;
  title: string;
}

export interface PassIssueInput {
  classId: string;
  workId: string;
  /** The counted score a student must reach (inclusive). */
  minScore: number;
  /** false: a dry run that lists who would get one. */
  apply: boolean;
}

/**
 * - issued: gets (dry run: would get) a certificate now;
 * - exists: has this class's training certificate already;
 * - below: counted score under the minimum;
 * - pending: the counted attempt waits for marking;
 * - noName: no real name a certificate can carry (set one in the student's profile).
 */
export type PassOutcome = 'issued' | 'exists' | 'below' | 'pending' | 'noName';

export interface PassIssueRow {
  studentId: string;
  name: string;
  score: number | null;
  outcome: PassOutcome;
  /** The certificate number given (issued) or held (exists). */
  number: string | null;
  /** The revoked certificate's number the new one replaces (issued, or would be in a dry run). */
  replaces: string | null;
}

export interface PassIssueReport {
  applied: boolean;
  rows: PassIssueRow[];
  counts: { issued: number; exists: number; skipped: number };
}

export const adminCertificates = get<AdminCertificateQuery, Page<AdminCertificate>>('/admin/certificates');
export const adminCertificateGet = get<{ kind: CertKind }, AdminCertificate>('/admin/certificates/:id');
export const adminCertificateIssue = post<CertificateIssueInput, AdminCertificate>('/admin/certificates/issue');
export const adminCertificateNumbering = get<Record<string, never>, CertNumbering>('/admin/certificateNumbering');
/** Audited; a number that the school has already used as the next one is refused. */
export const adminCertificateNumberingSave = post<{ prefix: string; nextSeq: number }, CertNumbering>('/admin/certificateNumbering/save');
export const adminCertificateImport = post<CertImportInput, CertImportReport>('/admin/certificates/import');
export const adminCertificateRevoke = post<RevokeInput, AdminCertificate>('/admin/certificates/:id/revoke');
export const adminCertificateTests = get<{ classId: string }, CertTestWork[]>('/admin/certificateTests');
export const adminCertificatePassIssue = post<PassIssueInput, PassIssueReport>('/admin/certificates/pass');
