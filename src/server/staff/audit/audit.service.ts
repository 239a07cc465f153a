import type { DB } from '../../db/database';
import { newId } from '../../ids';
import { windowOf } from '../../db/paging';
import { pageOf, type Page } from '~/lib/paging';
import type { AuditEntry } from '~/lib/api/contracts/staff';
import type { AuditAction, AuditTarget } from '~/lib/staff/roles';
import { auditLink, nameInFields, referencedIds } from '~/lib/staff/audit-words';
import { changedFields, parseSide, TARGET_NAME_MAX } from './audit.rules';
import * as repo from './audit.repository';
import { liveTargets, rolesOf, targetKey } from './audit-targets.read-model';

/**
 * The staff audit log: every staff action that changes something writes one entry (who, when,
 * what, to which account, session or invitation, the changed fields before and after, the
 * address and the request id), in the same transaction as the change where there is one.
 * Entries are never changed or deleted by the portal; administrators read them page by page.
 */

/**
 * What an entry is about: the kind of record, its id and, where its fields do not say it (a title or
 * a name), its name in words as staff know it (a certificate's holder and title, a marked student).
 */
type Target = { type: AuditTarget; id: string; name?: string };

/** The request an entry records: its address, its id and its clock. */
type RequestFacts = { ip: string; requestId: string; now: number };

export interface AuditRecord {
  tenantId: string;
  /** id null: the operator's command line. */
  actor: { id: string | null; name: string };
  action: AuditAction;
  target: Target;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip: string;
  requestId: string;
  at: number;
}

export async function recordAudit(db: DB, r: AuditRecord): Promise<void> {
  const { before, after } = changedFields(r.before ?? null, r.after ?? null);
  // Named from the whole record, not the changed fields only: a publish changes the state, not the title.
  const name = r.target.name?.trim() || nameInFields(r.after, r.before);
  await repo.insertEntry(db, {
    id: newId(r.at),
    tenantId: r.tenantId,
    actorId: r.actor.id,
    actorName: r.actor.name.slice(0, 40),
    action: r.action,
    targetType: r.target.type,
    targetId: r.target.id,
    targetName: name ? name.slice(0, TARGET_NAME_MAX) : null,
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
  targetType?: AuditTarget | undefined;
  from?: number | undefined;
  until?: number | undefined;
}

/**
 * A page of the school's log, newest first, each entry with what names it: the thing's name now
 * where it still exists (else as written), its staff screen where it still exists, the names of the
 * ids its fields mention, and the actor's role. One query per kind of thing the page mentions.
 */
export async function pageAudit(db: DB, tenantId: string, q: AuditPageQuery): Promise<Page<AuditEntry>> {
  const { rows, total } = await repo.pageEntries(db, tenantId, q, windowOf({ current: q.current, size: q.size, order: 'desc' }));
  const sides = rows.map((r) => ({ before: parseSide(r.beforeJson), after: parseSide(r.afterJson) }));
  const wanted = new Map<AuditTarget, Set<string>>();
  rows.forEach((r, i) => {
    for (const ref of referencedIds({ targetType: r.targetType, targetId: r.targetId, ...sides[i]! })) {
      wanted.set(ref.type, (wanted.get(ref.type) ?? new Set()).add(ref.id));
    }
  });
  const actorIds = new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])));
  const [live, roles] = await Promise.all([liveTargets(db, tenantId, wanted), rolesOf(db, tenantId, [...actorIds])]);
  const records = rows.map((r, i): AuditEntry => {
    const { before, after } = sides[i]!;
    const target = live.get(targetKey(r.targetType, r.targetId));
    const names: Record<string, string> = {};
    // The first is the thing itself, named by targetName.
    for (const ref of referencedIds({ targetType: r.targetType, targetId: r.targetId, before, after }).slice(1)) {
      const found = live.get(targetKey(ref.type, ref.id));
      if (found?.name) names[ref.id] = found.name;
    }
    return {
      id: r.id,
      at: r.createdAt,
      actorId: r.actorId,
      actorName: r.actorName,
      actorRole: (r.actorId && roles.get(r.actorId)) || null,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetName: target?.name || r.targetName,
      link: target ? auditLink(r.targetType, r.targetId, target.parent) : null,
      names,
      before,
      after,
      ip: r.ip,
      requestId: r.requestId,
    };
  });
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
  s: RequestFacts,
  actor: Acting,
  action: AuditAction,
  target: Target,
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

/**
 * A staff action that changed some fields of one record (a rename, a move, a revoke), each field given
 * once as [before, after]: its audit entry keeps the fields' values before and after the change.
 */
export function auditStaffChange(
  db: DB,
  s: RequestFacts,
  actor: Acting,
  action: AuditAction,
  target: Target,
  fields: Record<string, readonly [before: unknown, after: unknown]>,
): Promise<void> {
  const side = (i: 0 | 1) => Object.fromEntries(Object.entries(fields).map(([field, values]) => [field, values[i]]));
  return auditStaffAction(db, s, actor, action, target, side(0), side(1));
}

/** What an audited change of one record reads and records, in the change's transaction. */
export interface AuditedRecord<R> {
  action: AuditAction;
  target: Target;
  /** The record as the screen shows it; undefined when the school has no such record. */
  read: (db: DB) => Promise<R | undefined>;
  /** The record's fields as the audit log keeps them. */
  audited: (record: R) => Record<string, unknown>;
  notFound: () => Error;
}

type Acted = RequestFacts & { db: DB };

/**
 * Changes one record in one transaction with its audit entry (the record before and after);
 * refused as not found when the record is not there. Answers the record after the change.
 */
export function auditedUpdate<R>(s: Acted, actor: Acting, record: AuditedRecord<R>, write: (db: DB) => Promise<unknown>): Promise<R> {
  return s.db.transaction().execute(async (trx) => {
    const before = await record.read(trx);
    if (!before) throw record.notFound();
    await write(trx);
    const after = (await record.read(trx))!;
    await auditStaffAction(trx, s, actor, record.action, record.target, record.audited(before), record.audited(after));
    return after;
  });
}

/** Makes one record in one transaction with its audit entry (the record after); answers it. */
export function auditedCreate<R>(s: Acted, actor: Acting, record: AuditedRecord<R>, insert: (db: DB) => Promise<unknown>): Promise<R> {
  return s.db.transaction().execute(async (trx) => {
    await insert(trx);
    const after = (await record.read(trx))!;
    await auditStaffAction(trx, s, actor, record.action, record.target, null, record.audited(after));
    return after;
  });
}

/** Deletes one record in one transaction with its audit entry (the record before); not found when it is not there or `remove` deleted nothing. */
export function auditedDelete<R>(s: Acted, actor: Acting, record: AuditedRecord<R>, remove: (db: DB) => Promise<boolean>): Promise<void> {
  return s.db.transaction().execute(async (trx) => {
    const before = await record.read(trx);
    if (!before || !(await remove(trx))) throw record.notFound();
    await auditStaffAction(trx, s, actor, record.action, record.target, record.audited(before), null);
  });
}

/** A new order of one of the school's lists, as `auditedOrder` applies it. */
export interface AuditedOrder {
  action: AuditAction;
  /** What the list belongs to (the school, its owner). */
  target: Target;
  /** The list's rows as they stand, read in the change's transaction. */
  current: readonly { id: string }[];
  /** The new order. */
  ids: readonly string[];
  /** Why an order that does not name every row once is refused. */
  incomplete: () => Error;
  setSeq: (id: string, seq: number) => Promise<unknown>;
}

/**
 * Applies a new order in the change's transaction (seq 1, 2, 3… as listed) with its audit entry (the
 * order before and after). The new order must name every row of the list once: a list changed
 * meanwhile is refused, not half applied.
 */
export async function auditedOrder(db: DB, s: Acted, actor: Acting, o: AuditedOrder): Promise<void> {
  const { current, ids } = o;
  const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((r) => ids.includes(r.id));
  if (!same) throw o.incomplete();
  for (const [i, id] of ids.entries()) await o.setSeq(id, i + 1);
  await auditStaffAction(db, s, actor, o.action, o.target, { order: current.map((r) => r.id) }, { order: [...ids] });
}

/** A CSV import's row as its report shows it: added (on a dry run, would be), there already, or refused. */
interface ImportedRow {
  outcome: 'added' | 'exists' | 'refused';
}

/** What an import changed or would change: the rows and how many came out each way. */
interface ImportedRows<R extends ImportedRow> {
  applied: boolean;
  rows: R[];
  counts: { added: number; exists: number; refused: number };
}

/**
 * The end every CSV import shares: the rows counted by outcome and, when the import was applied, one
 * audit entry with the counts, written in the import's transaction. A dry run writes nothing.
 */
export async function auditedImport<R extends ImportedRow>(
  db: DB,
  s: Acted,
  actor: Acting,
  apply: boolean,
  action: AuditAction,
  target: Target,
  report: R[],
): Promise<ImportedRows<R>> {
  const counts = {
    added: report.filter((r) => r.outcome === 'added').length,
    exists: report.filter((r) => r.outcome === 'exists').length,
    refused: report.filter((r) => r.outcome === 'refused').length,
  };
  if (apply) await auditStaffAction(db, s, actor, action, target, null, { rows: report.length, ...counts });
  return { applied: apply, rows: report, counts };
}
