import type { Selectable } from 'kysely';
import type { SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';

/** What every row of these tables has. */
interface StoredRow {
  id: string;
  tenantId: string;
  createdAt: number;
}

/** Migration 20261128T0600_certificates_issuing (decision 046): who issued a certificate and its revocation. */
interface IssuedRow {
  /** The staff account that issued it; null for seeded and older certificates. */
  issuedBy: string | null;
  /** When it was revoked (epoch ms); null: valid. A revoked certificate is kept and shown as revoked. */
  revokedAt: number | null;
  revokedReason: string | null;
  revokedBy: string | null;
  /** Migration 20261130T0800 (decision 078): the school student it was issued to (null: imported or older) and the revoked certificate it replaces. */
  userId?: string | null;
  replacesId?: string | null;
}

/**
 * A stored certificate holds the fields of its answer (lib/api/contracts/certificates.ts), with
 * the ID number in full (answers mask it).
 */

/** Vocational skill-level certificate (职业技能等级证书). */
export interface SkillCertificateTable extends StoredRow, IssuedRow, Omit<SkillCertificateVO, 'card' | 'revoked'> {
  card: string;
}
export type SkillCertificate = Selectable<SkillCertificateTable>;

/** Training graduation certificate (培训结业证书). */
export interface TrainingCertificateTable extends StoredRow, IssuedRow, Omit<TrainingCertificateVO, 'idCard' | 'revoked'> {
  /** '' when the school does not know it (a certificate issued for a pass in a test). */
  idCard: string;
  /** Issued for a pass in a class's test: the enrolment (one such certificate per enrolment) and the test. */
  classStudentId: string | null;
  workId: string | null;
}
export type TrainingCertificate = Selectable<TrainingCertificateTable>;

/** One row per lookup (never the name or number asked for): the per-IP limits count these. */
export interface CertificateQueryTable extends StoredRow {
  ip: string;
  kind: string;
}

/** A school's certificate numbers (decision 078): prefix + the sequence zero-padded; next_seq counts up as certificates are issued. */
export interface CertificateNumberingTable {
  tenantId: string;
  prefix: string;
  nextSeq: number;
  updatedAt: number;
}
