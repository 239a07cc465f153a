import type { Selectable } from 'kysely';

/** Vocational skill-level certificate (职业技能等级证书), spec section 3. */
export interface SkillCertificateTable {
  id: string;
  tenantId: string;
  name: string;
  /** ID number, stored in full; answers mask it. */
  card: string;
  mobile: string | null;
  professionName: string;
  typeOfWorkName: string | null;
  certificateCode: string;
  level: string;
  /** YYYY-MM-DD. */
  sendDate: string;
  certificateImgUrl: string | null;
  createdAt: number;
}

/** Training graduation certificate (培训结业证书), spec section 3. */
export interface TrainingCertificateTable {
  id: string;
  tenantId: string;
  studentName: string;
  /** The ID document's kind as shown, e.g. 居民身份证. */
  idType: string;
  idCard: string;
  mobile: string | null;
  productName: string;
  agencyName: string;
  certificateNum: string;
  /** YYYY-MM-DD. */
  startTime: string;
  endTime: string;
  certificateUrl: string | null;
  createdAt: number;
}

/** One row per lookup (never the name or number asked for): the per-IP limits count these. */
export interface CertificateQueryTable {
  id: string;
  tenantId: string;
  ip: string;
  kind: string;
  createdAt: number;
}

export type SkillCertificate = Selectable<SkillCertificateTable>;
export type TrainingCertificate = Selectable<TrainingCertificateTable>;
