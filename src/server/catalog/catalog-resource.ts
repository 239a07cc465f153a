import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { PageKind } from '../events/page-changes';
import { t } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { AUDIT_ACTION, type AuditAction } from '~/lib/staff/roles';
import { CATALOG_STATE, type CatalogListQuery, type CatalogState } from '~/lib/api/contracts/admin-catalog';
import type { SchedulableType } from '~/lib/staff/catalog-schedule';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import { cancelCatalogPublish, changeCatalogState, endScheduleOnPublish, scheduleCatalogRow } from '../jobs/catalog-publish.service';
import type { CatalogOwner } from '../jobs/jobs.service';
import type { CatalogTable } from './catalog-table';

/**
 * A catalogue resource described once (the products, their categories and common questions, hot
 * majors, banners, album categories, materials, coupons): the owning domain declares its table,
 * its row as the staff screen shows it, what a save writes and its real differences as hooks;
 * `catalogService` derives the steps every resource takes the same way. Each write is one
 * transaction with its audit entry; once committed, the pages showing the resource are published
 * as changed, so every cache drops them at once. A draft is never shown by the public calls.
 */

/** What every catalogue row has: its id, its state and, for a scheduled draft, the time it is published. */
export interface CatalogRow {
  id: string;
  state: CatalogState;
  scheduledAt: number | null;
}

/** What every save carries: no id creates, an id edits; saved as a draft or published. */
export interface CatalogInput {
  id?: string | undefined;
  state: CatalogState;
}

/** What a resource's hooks see: the connection (or the call's transaction), the school, the time, and its context. */
export interface CatalogView<C> {
  db: DB;
  tenantId: string;
  now: number;
  extra: C;
}

export interface CatalogResource<Row, A extends CatalogRow, I extends CatalogInput, W, C = undefined> {
  /** The audit target and the schedule job's type. */
  target: SchedulableType;
  /** The public pages that show the resource (published as changed after each committed write). */
  pages: PageKind;
  /** The list's page window order. */
  order: 'asc' | 'desc';
  /** The owner's table, through its repository. */
  table: CatalogTable<Row, W>;
  /** Read before a call's transaction: another domain's rows, through its service on the scope's own connection. */
  context?: (s: Scope) => Promise<C>;
  /** The rows as the staff screen shows them. */
  view: (rows: Row[], v: CatalogView<C>) => A[] | Promise<A[]>;
  /** What the audit log keeps of a row. */
  audited: (row: A) => Record<string, unknown>;
  /** What a save writes (creating, `before` is null). */
  written: (input: I, before: A | null, v: CatalogView<C>) => W;
  /** A save's checks of what the input points at (refusals: bad request). */
  check?: (input: I, before: A | null, v: CatalogView<C>) => Promise<void>;
  /** What a save writes besides the row (in the same transaction). */
  afterSave?: (id: string, input: I, before: A | null, v: CatalogView<C>) => Promise<void>;
  /** Why a row the table's guard kept is in use (its delete is refused with this). */
  inUse?: (row: A) => string;
  /** What goes with a deleted row (in the same transaction). */
  afterDelete?: (id: string, v: CatalogView<C>) => Promise<void>;
}

/** The list query as the server reads it (catalog-input.ts). */
export type CatalogListInput = Required<Pick<CatalogListQuery, 'current' | 'size'>> & {
  keyword?: string | undefined;
  id?: string | undefined;
  state?: CatalogState | undefined;
};

export interface CatalogService<A extends CatalogRow, I extends CatalogInput> {
  target: SchedulableType;
  page(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<A>>;
  save(s: Scope, actor: StaffActor, input: I): Promise<A>;
  /** Publishes or takes down a row; either one ends its schedule. */
  setState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<A>;
  /** Schedules a draft row for `at` (or moves its time): refused for a published row or a time not after now. */
  schedule(s: Scope, actor: StaffActor, id: string, at: number): Promise<A>;
  remove(s: Scope, actor: StaffActor, id: string): Promise<null>;
  /**
   * The catalog.publish job: publishes the row only if it is still a draft scheduled for `at` (one
   * conditional write), so a row published by hand, taken down, deleted or moved to another time
   * is left as it is, and a second run does nothing.
   */
  publishScheduled(s: Scope, tenantId: string, id: string, at: number): Promise<boolean>;
  /** The job was cancelled on the jobs screen: the row stays a draft, no longer scheduled for `at`. */
  unschedule(db: DB, tenantId: string, id: string, at: number): Promise<boolean>;
  /** The names of some rows (the jobs screen names what a job works on). */
  names(db: DB, tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]>;
}

const notFound = () => AppError.notFound(t('catalog.notFound'));

/** The steps every call of a resource is made of. */
function stepsOf<Row, A extends CatalogRow, I extends CatalogInput, W, C>(r: CatalogResource<Row, A, I, W, C>) {
  const { table, target } = r;
  const changed = (s: Scope, tenantId: string) => s.pageChanges.publish({ schoolId: tenantId, kinds: [r.pages] });

  /** One write in one transaction; once it is committed, the pages showing the resource are published as changed. */
  async function write<T>(s: Scope, actor: StaffActor, work: (v: CatalogView<C>) => Promise<T>): Promise<T> {
    const v = await viewOf(s, actor.tenant.id);
    const result = await s.db.transaction().execute((trx) => work({ ...v, db: trx }));
    await changed(s, actor.tenant.id);
    return result;
  }

  async function viewOf(s: Scope, tenantId: string): Promise<CatalogView<C>> {
    return { db: s.db, tenantId, now: s.now, extra: (r.context ? await r.context(s) : undefined) as C };
  }

  async function read(v: CatalogView<C>, id: string): Promise<A> {
    const row = await table.find(v.db, v.tenantId, id);
    if (row === undefined) throw notFound();
    const [shown] = await r.view([row], v);
    return shown!;
  }

  const audit = (s: Scope, v: CatalogView<C>, actor: StaffActor, action: AuditAction, id: string, before: A | null, after: A | null) =>
    auditStaffAction(v.db, s, actor, action, { type: target, id }, before && r.audited(before), after && r.audited(after));

  return { changed, write, viewOf, read, audit };
}

type Steps<A extends CatalogRow, C> = ReturnType<typeof stepsOf<unknown, A, CatalogInput, unknown, C>>;

/** A save: creates (no id) or edits, with what the resource writes besides the row, and its audit entry. */
function saveOf<Row, A extends CatalogRow, I extends CatalogInput, W, C>(
  r: CatalogResource<Row, A, I, W, C>,
  { write, read, audit }: Steps<A, C>,
): CatalogService<A, I>['save'] {
  const { table, target } = r;
  return (s, actor, input) =>
    write(s, actor, async (v) => {
      const before = input.id ? await read(v, input.id) : null;
      await r.check?.(input, before, v);
      const id = input.id ?? newId(s.now);
      await endScheduleOnPublish(v.db, s.now, target, id, before, input.state);
      // Saved as published, a scheduled row is published now (its time cleared); saved as a draft, it keeps its time.
      const stored = { ...r.written(input, before, v), ...(input.state === CATALOG_STATE.PUBLISHED ? { scheduledAt: null } : {}) };
      if (before) {
        if (!(await table.update(v.db, v.tenantId, id, stored))) throw notFound();
      } else await table.insert(v.db, { ...stored, id, tenantId: v.tenantId, createdAt: s.now });
      await r.afterSave?.(id, input, before, v);
      const after = await read(v, id);
      await audit(s, v, actor, before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate, id, before, after);
      return after;
    });
}

/** A delete: refused with the resource's reason while its guard keeps the row; its schedule goes with it. */
function removeOf<Row, A extends CatalogRow, I extends CatalogInput, W, C>(
  r: CatalogResource<Row, A, I, W, C>,
  { write, read, audit }: Steps<A, C>,
): CatalogService<A, I>['remove'] {
  const { table, target } = r;
  return (s, actor, id) =>
    write(s, actor, async (v) => {
      const before = await read(v, id);
      if (!(await table.remove(v.db, v.tenantId, id))) {
        // The table's guard kept it (or it went meanwhile): say what it still holds.
        if (r.inUse) throw AppError.conflict(r.inUse(await read(v, id)));
        throw notFound();
      }
      await r.afterDelete?.(id, v);
      await cancelCatalogPublish(v.db, s.now, target, id);
      await audit(s, v, actor, AUDIT_ACTION.catalogDelete, id, before, null);
      return null;
    });
}

export function catalogService<Row, A extends CatalogRow, I extends CatalogInput, W, C>(r: CatalogResource<Row, A, I, W, C>): CatalogService<A, I> {
  const { table, target } = r;
  const steps = stepsOf(r);
  const { changed, write, viewOf, read } = steps;
  return {
    target,
    async page(s, actor, q) {
      const v = await viewOf(s, actor.tenant.id);
      const { rows, total } = await table.page(s.db, v.tenantId, {
        ...windowOf({ current: q.current, size: q.size, order: r.order }),
        keyword: q.keyword,
        id: q.id,
        state: q.state,
      });
      return pageOf(await r.view(rows, v), total, q.current, q.size);
    },

    save: saveOf(r, steps),

    setState(s, actor, id, state) {
      return write(s, actor, async (v) => {
        const before = await read(v, id);
        const move = (fromState: CatalogState, set: { state: CatalogState; scheduledAt: null }) => table.move(v.db, v.tenantId, id, { fromState, set });
        return (await changeCatalogState(v.db, s, actor, { type: target, id, state, before, move })) ? read(v, id) : before;
      });
    },

    schedule(s, actor, id, at) {
      return write(s, actor, async (v) => {
        const before = await read(v, id);
        const move = () => table.move(v.db, v.tenantId, id, { fromState: CATALOG_STATE.DRAFT, set: { scheduledAt: at } });
        await scheduleCatalogRow(v.db, s, actor, { type: target, id, at, before, write: move });
        return read(v, id);
      });
    },

    remove: removeOf(r, steps),

    async publishScheduled(s, tenantId, id, at) {
      const set = { state: CATALOG_STATE.PUBLISHED, scheduledAt: null };
      const published = await table.move(s.db, tenantId, id, { fromState: CATALOG_STATE.DRAFT, fromAt: at, set });
      if (published) await changed(s, tenantId);
      return published;
    },

    unschedule: (db, tenantId, id, at) => table.move(db, tenantId, id, { fromState: CATALOG_STATE.DRAFT, fromAt: at, set: { scheduledAt: null } }),
    names: (db, tenantId, ids) => table.names(db, tenantId, ids),
  };
}

/** The publish job's owner of some resources of one domain (the composition root passes it to the job). */
// biome-ignore lint/suspicious/noExplicitAny: resources of any row and input types
export function catalogOwner(services: readonly CatalogService<any, any>[]): CatalogOwner {
  const serviceOf = (type: SchedulableType) => {
    const service = services.find((x) => x.target === type);
    if (!service) throw new Error(`no catalogue resource ${type}`);
    return service;
  };
  return {
    types: services.map((x) => x.target),
    publishScheduled: (s, tenantId, type, id, at) => serviceOf(type).publishScheduled(s, tenantId, id, at),
    unschedule: (db, tenantId, type, id, at) => serviceOf(type).unschedule(db, tenantId, id, at),
    namesOf: (db, tenantId, type, ids) => serviceOf(type).names(db, tenantId, ids),
  };
}
