import { AppError } from '../errors';
import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import { t } from '~/server/i18n';
import { AUDIT_ACTION } from '~/lib/staff/roles';
import { CATALOG_STATE, type CatalogState } from '~/lib/api/contracts/admin-catalog';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import * as jobs from './jobs.service';
import { CATALOG_PUBLISH_JOB, catalogJobKey, mayScheduleAt, type SchedulableType } from '~/lib/staff/catalog-schedule';

/**
 * What every catalogue type does to schedule a row, inside the transaction of the change: the
 * checks, the conditional write (the domain's own, passed in), the one job per row, the audit
 * entry. The domains (products/, media/, leads/) call it with their rows.
 */

/** What a schedulable row shows: its state and, for a scheduled draft, the time. */
export interface Stateful {
  state: CatalogState;
  scheduledAt: number | null;
}

export interface ScheduleRequest {
  type: SchedulableType;
  id: string;
  at: number;
  before: Stateful;
  /** Sets the row's time while it is still a draft: whether it did. */
  write: () => Promise<boolean>;
}

export async function scheduleCatalogRow(trx: DB, s: Scope, actor: StaffActor, r: ScheduleRequest): Promise<void> {
  const refusal = mayScheduleAt(r.before.state, r.at, s.now);
  if (refusal) throw AppError.conflict(t(`catalog.refusal.${refusal}`));
  if (!(await r.write())) throw AppError.conflict(t('catalog.changedMeanwhile'));
  // One job per row: scheduling again moves it to the new time.
  await jobs.enqueue(trx, s.now, {
    tenantId: actor.tenant.id,
    kind: CATALOG_PUBLISH_JOB,
    key: catalogJobKey(r.type, r.id),
    payload: { type: r.type, id: r.id, at: r.at },
    runAt: r.at,
  });
  await auditStaffAction(
    trx,
    s,
    actor,
    AUDIT_ACTION.catalogSchedule,
    { type: r.type, id: r.id },
    { state: r.before.state, scheduledAt: r.before.scheduledAt },
    { state: r.before.state, scheduledAt: r.at },
  );
}

/** Cancels the row's publication job (published by hand, taken down or deleted): its job would find nothing to do. */
export function cancelCatalogPublish(trx: DB, now: number, type: SchedulableType, id: string): Promise<boolean> {
  return jobs.cancel(trx, now, CATALOG_PUBLISH_JOB, catalogJobKey(type, id));
}

/** A state before or after a change, as the audit log keeps it: the time only when the row had one. */
const stateEntry = (state: CatalogState, scheduledAt: number | null, hadTime: boolean) => (hadTime ? { state, scheduledAt } : { state });

export interface StateRequest {
  type: SchedulableType;
  id: string;
  state: CatalogState;
  before: Stateful;
  /** Sets the row's state and clears its time while it is still in `fromState`: whether it did. */
  move: (fromState: CatalogState, set: { state: CatalogState; scheduledAt: null }) => Promise<boolean>;
}

/**
 * Publishes or takes down a row. Either one ends a schedule: the time is cleared in the same
 * conditional write and the job is cancelled. Answers whether anything changed.
 */
export async function changeCatalogState(trx: DB, s: Scope, actor: StaffActor, r: StateRequest): Promise<boolean> {
  const hadTime = r.before.scheduledAt !== null;
  if (r.before.state === r.state && !hadTime) return false;
  if (!(await r.move(r.before.state, { state: r.state, scheduledAt: null }))) throw AppError.conflict(t('catalog.changedMeanwhile'));
  if (hadTime) await cancelCatalogPublish(trx, s.now, r.type, r.id);
  const action = r.state === CATALOG_STATE.PUBLISHED ? AUDIT_ACTION.catalogPublish : AUDIT_ACTION.catalogUnpublish;
  await auditStaffAction(
    trx,
    s,
    actor,
    action,
    { type: r.type, id: r.id },
    stateEntry(r.before.state, r.before.scheduledAt, hadTime),
    stateEntry(r.state, null, hadTime),
  );
  return true;
}

/** A save that publishes a scheduled row ends its schedule (the save clears the time): no job is left to find it. */
export async function endScheduleOnPublish(trx: DB, now: number, type: SchedulableType, id: string, before: Stateful | null, state: CatalogState) {
  if (before?.scheduledAt != null && state === CATALOG_STATE.PUBLISHED) await cancelCatalogPublish(trx, now, type, id);
}

/** A row's fields as the audit log of a save keeps them: the publication time only while there is one. */
export function auditedFields<T extends { scheduledAt: number | null }>(row: T): Omit<T, 'scheduledAt'> | T {
  if (row.scheduledAt !== null) return row;
  const { scheduledAt: _none, ...rest } = row;
  return rest;
}
