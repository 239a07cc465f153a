import type { Selectable } from 'kysely';
import type { AuditAction, AuditTarget } from '~/lib/staff/roles';

/** One staff action (migration 20261125T1400_staff). */
export interface StaffAuditTable {
  id: string;
  tenantId: string;
  /** Null for the operator's command line. */
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  /** The thing named in words when the entry was written (migration 20261130T0515_audit_target_names); null: not named. */
  targetName: string | null;
  /** JSON of the changed fields before the action; null when there was nothing before. */
  beforeJson: string | null;
  afterJson: string | null;
  ip: string;
  requestId: string;
  createdAt: number;
}

export type StaffAuditEntry = Selectable<StaffAuditTable>;
