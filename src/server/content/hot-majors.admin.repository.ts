import type { Expression, SqlBool } from 'kysely';
import { catalogTable, numberOf, optionalTextOf, stateOf, textOf, timeOf, type AnyBuilder, type CatalogTable } from '../catalog/catalog-table';
import type { CatalogState } from '~/lib/api/contracts/admin-catalog';
import type { HotMajorTable } from './content.table';

/**
 * The staff side's hot-major SQL: every major of the school whatever its state (the public queries
 * in content.repository.ts keep to published ones). Tenant id first.
 */

/** A hot major as the staff side reads it (its certificates still the stored JSON, a missing salary as 0). */
export type HotMajorRow = Omit<HotMajorTable, 'tenantId' | 'createdAt' | 'industrySalary' | 'state'> & { industrySalary: number; state: CatalogState };

/** What a save writes of a hot major. */
export type HotMajorWrite = Omit<HotMajorTable, 'id' | 'tenantId' | 'createdAt' | 'scheduledAt'> & { scheduledAt?: number | null };

/** A condition on the hot major being deleted, written by the caller that owns what it asks about. */
export type MajorGuard = (eb: AnyBuilder, tenantId: string, majorId: string) => Expression<SqlBool>;

/** The majors in ascending seq (the public list's order); one is deleted only while `inUse` does not hold. */
export function hotMajorsTable(inUse: MajorGuard): CatalogTable<HotMajorRow, HotMajorWrite> {
  return catalogTable<HotMajorRow, HotMajorWrite>({
    table: 'hotMajors',
    name: 'name',
    state: 'state',
    fields: {
      id: textOf,
      name: textOf,
      seq: numberOf,
      pic: optionalTextOf,
      // A missing salary reads as 0.
      industrySalary: (v) => Number(v ?? 0),
      employmentProspectDescribe: optionalTextOf,
      suitabilityPeopleDescribe: optionalTextOf,
      relatedCertificate: optionalTextOf,
      state: stateOf,
      scheduledAt: timeOf,
    },
    order: (q) => q.orderBy('seq').orderBy('id'),
    inUse,
  });
}
