import type { z } from 'zod';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import { sanitizeRichText } from '../sanitize';
import { t } from '~/server/i18n';
import { AUDIT_TARGET } from '~/lib/staff/roles';
import type { AdminProduct, AdminProductCategory, AdminQuestion, MajorOption } from '~/lib/api/contracts/admin-catalog';
import type { categoryForm, productForm, questionForm } from '~/lib/forms/catalog';
import * as content from '../content/content.service';
import { hotMajorResource } from '../content/hot-majors.admin.service';
import * as repo from './products.admin.repository';
import { auditedFields } from '../jobs/catalog-publish.service';
import { catalogService, type CatalogInput, type CatalogResource, type CatalogRow } from '../catalog/catalog-resource';
import { parseCertificates } from './products.rules';

/**
 * The staff side of products, their operation categories and common questions, and what hangs off
 * a hot major (content's table): every row of the school whatever its state. A draft (state 0) is
 * never shown by the public calls; publishing sets 1, taking down sets 0 again. Every committed
 * write is published as a change of the school's catalogue pages.
 */

const PAGES = 'catalogue';

type ProductInput = z.output<typeof productForm>;

/** A product's categories, each once. */
const categoriesOf = (input: ProductInput) => [...new Set(input.categoryIds)];
/** A product's hot majors, each once. */
const majorsOf = (input: ProductInput) => [...new Set(input.majorIds)];

/** The catalogue's resources: shown on its pages, in the school's order. */
function catalogueResource<Row, A extends CatalogRow, I extends CatalogInput, W, C = undefined>(r: Omit<CatalogResource<Row, A, I, W, C>, 'pages' | 'order'>) {
  return catalogService<Row, A, I, W, C>({ pages: PAGES, order: 'asc', ...r });
}

/**
 * Products. A product belongs to hot majors (content's table, read before the call's transaction
 * through listMajors): /educational-product lists a major's published products. A link may stay
 * to a major that has since been taken down; a new one needs a published major of this school.
 */
export const products = catalogueResource({
  target: AUDIT_TARGET.product,
  table: repo.productsTable,
  context: async (s) => new Set((await listMajors(s)).map((m) => m.id)),
  async view(rows, v): Promise<AdminProduct[]> {
    const ids = rows.map((r) => r.id);
    const [placements, majorLinks] = await Promise.all([repo.placementsOf(v.db, v.tenantId, ids), repo.majorLinksOf(v.db, v.tenantId, ids)]);
    return rows.map(({ seq, state, scheduledAt, updatedAt, ...r }) => ({
      ...r,
      // Rich text is sanitised again whenever it is shown.
      detail: sanitizeRichText(r.detail, v.tenantId),
      categoryIds: placements.filter((p) => p.productId === r.id).map((p) => p.bizId),
      majorIds: majorLinks.filter((l) => l.productId === r.id).map((l) => l.majorId),
      seq,
      state,
      scheduledAt,
      updatedAt,
    }));
  },
  audited: ({ id: _id, updatedAt: _u, ...fields }) => auditedFields(fields),
  async check(input: ProductInput, before, v) {
    const categoryIds = categoriesOf(input);
    if ((await repo.countCategories(v.db, v.tenantId, categoryIds)) !== categoryIds.length) throw AppError.badRequest(t('catalog.categoryNotFound'));
    const kept = before?.majorIds ?? [];
    if (majorsOf(input).some((m) => !kept.includes(m) && !v.extra.has(m))) throw AppError.badRequest(t('catalog.majorNotFound'));
  },
  written({ id: _id, categoryIds: _c, majorIds: _m, periodTypes, detail, ...fields }, before, v) {
    // The detail is rich text: kept sanitised (none when nothing is left).
    const kept = sanitizeRichText(detail, v.tenantId).trim();
    return {
      ...fields,
      detail: kept === '' ? null : kept,
      onlineClassPeriodTypeList: JSON.stringify([...new Set(periodTypes)].sort()),
      updatedAt: v.now,
      ...(before ? {} : { thumbs: 0 }),
    };
  },
  /** The product's placements follow its categories; a new placement goes to the end of its category's list. */
  async afterSave(id, input, before, v) {
    const categoryIds = categoriesOf(input);
    const had = before?.categoryIds ?? [];
    await repo.removePlacements(
      v.db,
      v.tenantId,
      id,
      had.filter((c) => !categoryIds.includes(c)),
    );
    await repo.insertPlacements(
      v.db,
      categoryIds
        .filter((c) => !had.includes(c))
        .map((bizId, i) => ({ id: newId(v.now + i), tenantId: v.tenantId, bizId, productId: id, seq: input.seq, createdAt: v.now })),
    );
    // The links follow the chosen majors; a new one is ordered by the product's seq among the major's products.
    const majorIds = majorsOf(input);
    const linked = before?.majorIds ?? [];
    await repo.removeMajorLinks(
      v.db,
      v.tenantId,
      id,
      linked.filter((m) => !majorIds.includes(m)),
    );
    await repo.insertMajorLinks(
      v.db,
      majorIds.filter((m) => !linked.includes(m)).map((majorId) => ({ tenantId: v.tenantId, majorId, productId: id, seq: input.seq })),
    );
  },
});

const categoryFields = ({ name, seq, state }: AdminProductCategory) => ({ name, seq, state });

/** Refused while products are placed in it: the school takes them out first (or deletes them). */
export const categories = catalogueResource({
  target: AUDIT_TARGET.productCategory,
  table: repo.categoriesTable,
  view: (rows) => rows,
  audited: categoryFields,
  written: ({ id: _id, ...fields }: z.output<typeof categoryForm>, before) => ({ ...fields, ...(before ? {} : { isVariety: 0 }) }),
  inUse: (row) => t('catalog.categoryInUse', { count: row.productCount }),
});

/** The school's published hot majors, by name, for the question form (a question belongs to one). */
export async function listMajors(s: Scope): Promise<MajorOption[]> {
  const page = await content.pageHotMajors(s, { current: 1, size: 100, order: 'asc' });
  return page.records.map((m) => ({ id: m.id, name: m.name }));
}

/**
 * Common questions. The majors are read before a call's transaction (content's calls use the
 * scope's connection). The answer is rich text: kept as sanitised HTML, and sanitised again when shown.
 */
export const questions = catalogueResource({
  target: AUDIT_TARGET.question,
  table: repo.questionsTable,
  context: async (s) => new Map((await listMajors(s)).map((m) => [m.id, m.name])),
  view: (rows, v): AdminQuestion[] =>
    rows.map((r) => ({
      id: r.id,
      majorId: r.majorId,
      majorName: v.extra.get(r.majorId) ?? null,
      name: r.name,
      answer: sanitizeRichText(r.answer, v.tenantId),
      seq: r.seq,
      state: r.state,
      scheduledAt: r.scheduledAt,
    })),
  audited: ({ majorId, name, answer, seq, state }) => ({ majorId, name, answer, seq, state }),
  // A question may stay with the major it has; a new or moved one needs a published major of this school.
  async check(input: z.output<typeof questionForm>, before, v) {
    if (before?.majorId !== input.majorId && !v.extra.has(input.majorId)) throw AppError.badRequest(t('catalog.majorNotFound'));
  },
  written: ({ id: _id, ...fields }, _before, v) => ({ ...fields, answer: sanitizeRichText(fields.answer, v.tenantId) }),
});

/** Hot majors: refused while the major has common questions (they would be left without a page); its product links go with it. */
export const hotMajors = hotMajorResource({
  async view(rows, v) {
    const counts = await repo.questionCounts(
      v.db,
      v.tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      pic: r.pic,
      industrySalary: r.industrySalary,
      employmentProspectDescribe: r.employmentProspectDescribe,
      suitabilityPeopleDescribe: r.suitabilityPeopleDescribe,
      relatedCertificate: parseCertificates(r.relatedCertificate),
      seq: r.seq,
      state: r.state,
      scheduledAt: r.scheduledAt,
      questionCount: counts.get(r.id) ?? 0,
    }));
  },
  inUse: repo.majorHasQuestions,
  refusal: (row) => t('catalog.majorInUse', { count: row.questionCount }),
  afterDelete: (id, v) => repo.deleteMajorProducts(v.db, v.tenantId, id),
});
