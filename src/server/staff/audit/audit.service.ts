import type { DB } from '../../db/database';
import { newId } from '../../ids';
import { windowOf } from '../../db/paging';
import { pageOf, type Page } from '~/lib/paging';
import type { AuditEntry } from '~/lib/api/contracts/staff';
import type { AuditAction, AuditTarget } from '~/lib/staff/roles';
import { changedFields, parseSide } from './audit.rules';
import * as repo from './audit.repository';

/**
 * The staff audit log: every staff action that changes something writes one entry (who, when,
 * what, to which account, session or invitation, the changed fields before and after, the
 * address and the request id), in the same transaction as the change where there is one.
 * Entries are never changed or deleted by the portal; administrators read them page by page.
 */

export interface AuditRecord {
  tenantId: string;
  /** id null: the operator's command line. */
  actor: { id: string | null; name: string };
  action: AuditAction;
  target: { type: AuditTarget; id: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip: string;
  requestId: string;
  at: number;
}

export async function recordAudit(db: DB, r: AuditRecord): Promise<void> {
  const { before, after } = changedFields(r.before ?? null, r.after ?? null);
  await repo.insertEntry(db, {
    id: newId(r.at),
    tenantId: r.tenantId,
    actorId: r.actor.id,
    actorName: r.actor.name.slice(0, 40),
    action: r.action,
    targetType: r.target.type,
    targetId: r.target.id,
    beforeJson: before ? JSON.stringify(before) : null,
    afterJson: after ? JSON.stringify(after) : null,
    ip: r.ip.slice(0, 64),
    requestId: r.requestId.slice(0, 64),
    createdAt: r.at,
  });
}

export interface AuditPageQuery {
  current: number;
  size: number;
  actorId?: string | undefined;
  action?: AuditAction | undefined;
  from?: number | undefined;
  until?: number | undefined;
}

export async function pageAudit(db: DB, tenantId: string, q: AuditPageQuery): Promise<Page<AuditEntry>> {
  const { rows, total } = await repo.pageEntries(db, tenantId, q, windowOf({ current: q.current, size: q.size, order: 'desc' }));
  const records = rows.map(
    (r): AuditEntry => ({
      id: r.id,
      at: r.createdAt,
      actorId: r.actorId,
      actorName: r.actorName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: parseSide(r.beforeJson),
      after: parseSide(r.afterJson),
      ip: r.ip,
      requestId: r.requestId,
    }),
  );
  return pageOf(records, total, q.current, q.size);
}

/** Who acted, as the audit log names them. */
interface Acting {
  tenant: { id: string };
  account: { id: string; name: string };
}

/**
 * One staff action of a request, for the other domains' staff services (content, school, leads,
 * files): the request's address, id and clock, the signed-in person. Pass the transaction of the
 * change as `db` so the entry and the change are written together.
 */
export function auditStaffAction(
  db: DB,
  s: { ip: string; requestId: string; now: number },
  actor: Acting,
  action: AuditAction,
  target: { type: AuditTarget; id: string },
  before: Record<string, unknown> | null = null,
  after: Record<string, unknown> | null = null,
): Promise<void> {
  return recordAudit(db, {
    tenantId: actor.tenant.id,
    actor: { id: actor.account.id, name: actor.account.name },
    action,
    target,
    before,
    after,
    ip: s.ip,
    requestId: s.requestId,
    at: s.now,
  });
}
