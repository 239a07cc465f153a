import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import type { JobKind } from './handlers';
import { readPayload, isSchedulable, type SchedulableType } from '~/lib/staff/catalog-schedule';

/**
 * The catalog.publish job: the domain that owns the row publishes it if it is still scheduled for
 * the job's time (a conditional write), so a row published by hand, taken down, deleted or moved
 * to another time is left alone and a second run of the same job does nothing. The owners
 * (products/, media/, leads/) are passed in by the composition root.
 */

/** What a domain that owns schedulable catalogue rows does for the job. */
export interface CatalogOwner {
  types: readonly SchedulableType[];
  /** Publishes the row if it is still scheduled for `at`. */
  publishScheduled(s: Scope, tenantId: string, type: SchedulableType, id: string, at: number): Promise<unknown>;
  /** The job was cancelled on the jobs screen: the row, if still scheduled for `at`, goes back to a plain draft. */
  unschedule(db: DB, tenantId: string, type: SchedulableType, id: string, at: number): Promise<unknown>;
  /** The names of the rows of one type (the jobs screen names what a job works on). */
  namesOf(db: DB, tenantId: string, type: SchedulableType, ids: string[]): Promise<{ id: string; name: string }[]>;
}

/** The staff screen that edits a catalogue type (its list: each row is edited there). */
const CATALOG_SCREEN: Record<SchedulableType, string> = {
  product: '/admin/catalog/products',
  productCategory: '/admin/catalog/categories',
  question: '/admin/catalog/questions',
  hotMajor: '/admin/catalog/majors',
  banner: '/admin/catalog/banners',
  coupon: '/admin/catalog/coupons',
  albumCategory: '/admin/catalog/album-categories',
  material: '/admin/catalog/materials',
};

export function catalogPublishJob(owners: readonly CatalogOwner[]): JobKind {
  const ownerOf = (type: SchedulableType): CatalogOwner => {
    const owner = owners.find((o) => o.types.includes(type));
    if (!owner) throw new Error(`no owner of catalogue type ${type}`);
    return owner;
  };
  return {
    async run(s, payload, job) {
      const p = readPayload(payload);
      if (!p || !job.tenantId) throw new Error('malformed catalog.publish payload');
      await ownerOf(p.type).publishScheduled(s, job.tenantId, p.type, p.id, p.at);
    },
    item(payload) {
      const { type, id } = payload;
      if (typeof id !== 'string' || !isSchedulable(type)) return null;
      const screen = CATALOG_SCREEN[type];
      return { type, id, href: () => screen };
    },
    titles: (db, tenantId, type, ids) => (isSchedulable(type) ? ownerOf(type).namesOf(db, tenantId, type, ids) : Promise.resolve([])),
    async cancelled(trx, tenantId, payload) {
      const p = readPayload(payload);
      if (p) await ownerOf(p.type).unschedule(trx, tenantId, p.type, p.id, p.at);
    },
  };
}
