import type { z } from 'zod';
import { AUDIT_TARGET } from '~/lib/staff/roles';
import type { AdminHotMajor } from '~/lib/api/contracts/admin-catalog';
import type { hotMajorForm } from '~/lib/forms/catalog';
import { auditedFields } from '../jobs/catalog-publish.service';
import { catalogService, type CatalogResource } from '../catalog/catalog-resource';
import { hotMajorsTable, type HotMajorRow, type HotMajorWrite, type MajorGuard } from './hot-majors.admin.repository';

/**
 * The hot majors as a catalogue resource: content owns the table and declares it here. What hangs
 * off a major is the catalogue's (its common questions and product links, products/), so the
 * products domain passes those in: how a row is shown with its question count, the guard that
 * keeps a major with questions, and what goes with a deleted one.
 */

export type { HotMajorRow, MajorGuard } from './hot-majors.admin.repository';

type HotMajorInput = z.output<typeof hotMajorForm>;

export interface HotMajorLinks {
  view: CatalogResource<HotMajorRow, AdminHotMajor, HotMajorInput, HotMajorWrite>['view'];
  /** Whether the major still has what keeps it (checked in the delete's own statement). */
  inUse: MajorGuard;
  /** The refusal of a kept major's delete. */
  refusal: (row: AdminHotMajor) => string;
  afterDelete: NonNullable<CatalogResource<HotMajorRow, AdminHotMajor, HotMajorInput, HotMajorWrite>['afterDelete']>;
}

export function hotMajorResource(links: HotMajorLinks) {
  return catalogService<HotMajorRow, AdminHotMajor, HotMajorInput, HotMajorWrite, undefined>({
    target: AUDIT_TARGET.hotMajor,
    pages: 'catalogue',
    order: 'asc',
    table: hotMajorsTable(links.inUse),
    view: links.view,
    audited: ({ id: _id, questionCount: _q, ...rest }) => auditedFields(rest),
    written: ({ id: _id, relatedCertificate, ...fields }) => ({
      ...fields,
      relatedCertificate: relatedCertificate.length > 0 ? JSON.stringify(relatedCertificate) : null,
    }),
    inUse: links.refusal,
    afterDelete: links.afterDelete,
  });
}
