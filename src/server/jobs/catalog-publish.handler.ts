import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import type { Job } from './jobs.table';
import * as products from '../products/products.admin.service';
import * as media from '../media/media.admin.service';
import * as coupons from '../leads/coupons.admin.service';
import { readPayload, type SchedulableType } from '~/lib/staff/catalog-schedule';

/**
 * The catalog.publish job: the domain that owns the row publishes it if it is still scheduled for
 * the job's time (a conditional write), so a row published by hand, taken down, deleted or moved
 * to another time is left alone and a second run of the same job does nothing.
 */
export async function runCatalogPublication(s: Scope, payload: Record<string, unknown>, job: Job): Promise<void> {
  const p = readPayload(payload);
  if (!p || !job.tenantId) throw new Error('malformed catalog.publish payload');
  await byType(p.type, {
    products: (type) => products.publishScheduled(s, job.tenantId!, type, p.id, p.at),
    media: (type) => media.publishScheduled(s, job.tenantId!, type, p.id, p.at),
    coupon: () => coupons.publishScheduled(s, job.tenantId!, p.id, p.at),
  });
}

/** The job was cancelled on the jobs screen: the row, if still scheduled for the job's time, goes back to a plain draft. */
export async function cancelCatalogPublication(db: DB, tenantId: string, payload: Record<string, unknown>): Promise<void> {
  const p = readPayload(payload);
  if (!p) return;
  await byType(p.type, {
    products: (type) => products.unschedule(db, tenantId, type, p.id, p.at),
    media: (type) => media.unschedule(db, tenantId, type, p.id, p.at),
    coupon: () => coupons.unschedule(db, tenantId, p.id, p.at),
  });
}

/** The names of the rows of one type (the jobs screen names what a job works on). */
export function catalogNames(db: DB, tenantId: string, type: SchedulableType, ids: string[]): Promise<{ id: string; name: string }[]> {
  return byType(type, {
    products: (t) => products.namesOf(db, tenantId, t, ids),
    media: (t) => media.namesOf(db, tenantId, t, ids),
    coupon: () => coupons.namesOf(db, tenantId, ids),
  });
}

function byType<R>(
  type: SchedulableType,
  run: { products: (t: products.ProductsSchedulable) => R; media: (t: media.MediaSchedulable) => R; coupon: () => R },
): R {
  if ((products.PRODUCTS_SCHEDULABLE as string[]).includes(type)) return run.products(type as products.ProductsSchedulable);
  if ((media.MEDIA_SCHEDULABLE as string[]).includes(type)) return run.media(type as media.MediaSchedulable);
  return run.coupon();
}
