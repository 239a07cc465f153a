import type { Selectable } from 'kysely';
import type { SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';

/** What every row of these tables has. */
interface StoredRow {
  id: string;
  tenantId: string;
  createdAt: number;
}

/**
 * A stored certificate holds the fields of its answer (lib/api/contracts/certificates.ts), with
 * the ID number in full (answers mask it).
 */

/** Vocational skill-level certificate (职业技能等级证书). */
export interface SkillCertificateTable extends StoredRow, Omit<SkillCertificateVO, 'card'> {
  card: string;
}
export type SkillCertificate = Selectable<SkillCertificateTable>;

/** Training graduation certificate (培训结业证书). */
export interface TrainingCertificateTable extends StoredRow, Omit<TrainingCertificateVO, 'idCard'> {
  idCard: string;
}
export type TrainingCertificate = Selectable<TrainingCertificateTable>;

/** One row per lookup (never the name or number asked for): the per-IP limits count these. */
export interface CertificateQueryTable extends StoredRow {
  ip: string;
  kind: string;
}
