import type { DB } from '../db/database';
import * as repo from './hot-majors.admin.repository';

/**
 * The hot majors' rows for the staff catalogue (products/products.admin.service.ts keeps the
 * screen's rules, audit and schedule beside the questions and product links that hang off a
 * major). Each function takes the database or the caller's transaction, so a save, its audit entry
 * and its schedule stay one transaction.
 */

export type { HotMajorAdminFilter, HotMajorWrite, MajorGuard } from './hot-majors.admin.repository';

export type AdminMajorRow = NonNullable<Awaited<ReturnType<typeof repo.findMajor>>>;

export const pageAdminMajors = (db: DB, tenantId: string, f: repo.HotMajorAdminFilter) => repo.pageMajors(db, tenantId, f);
export const findAdminMajor = (db: DB, tenantId: string, id: string) => repo.findMajor(db, tenantId, id);
export const insertMajor = (db: DB, row: repo.HotMajorWrite & { id: string; tenantId: string; createdAt: number }) => repo.insertMajor(db, row);
export const updateMajor = (db: DB, tenantId: string, id: string, patch: Partial<repo.HotMajorWrite>) => repo.updateMajor(db, tenantId, id, patch);
/** Deletes the major unless `guard` holds, checked in the same statement (the guard's tables stay in their owner's file). */
export const deleteMajorUnless = (db: DB, tenantId: string, id: string, guard: repo.MajorGuard) => repo.deleteMajorUnless(db, tenantId, id, guard);
export const moveMajorSchedule = (db: DB, tenantId: string, id: string, m: Parameters<typeof repo.moveMajorSchedule>[3]) =>
  repo.moveMajorSchedule(db, tenantId, id, m);
export const majorNames = (db: DB, tenantId: string, ids: string[]) => repo.majorNames(db, tenantId, ids);
