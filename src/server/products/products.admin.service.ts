import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { CatalogListInput } from '../http/catalog-input';
import { sanitizeRichText } from '../sanitize';
import { t } from '~/server/i18n';
import { mapPage, pageOf, type Page } from '~/lib/paging';
import { AUDIT_ACTION, AUDIT_TARGET, type AuditTarget } from '~/lib/staff/roles';
import {
  CATALOG_STATE,
  type AdminProduct,
  type AdminHotMajor,
  type AdminProductCategory,
  type AdminQuestion,
  type HotMajorInput,
  type CatalogState,
  type MajorOption,
  type ProductCategoryInput,
  type ProductInput,
  type QuestionInput,
} from '~/lib/api/contracts/admin-catalog';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import * as content from '../content/content.service';
import * as hotMajors from '../content/hot-majors.admin.service';
import * as repo from './products.admin.repository';
import {
  auditedFields,
  cancelCatalogPublish,
  changeCatalogState,
  endScheduleOnPublish,
  scheduleCatalogRow,
  type Stateful,
} from '../jobs/catalog-publish.service';
import { parseCertificates, parsePeriodTypes } from './products.rules';

/**
 * The staff side of products, their operation categories and common questions: every row of the
 * school whatever its state, each write in one transaction with its audit entry. A draft (state 0)
 * is never shown by the public calls; publishing sets 1, taking down sets 0 again. Every committed
 * write is published as a change of the school's catalogue pages, so every cache drops them at once.
 */

const asState = (n: number): CatalogState => (n === CATALOG_STATE.PUBLISHED ? CATALOG_STATE.PUBLISHED : CATALOG_STATE.DRAFT);
const pageQuery = (q: CatalogListInput) => ({ current: q.current, size: q.size, order: 'asc' as const });
const filter = (q: CatalogListInput) => ({ ...windowOf(pageQuery(q)), keyword: q.keyword, state: q.state });

/** Tells every cache that the school's catalogue pages changed (after the commit). */
const catalogueChanged = (s: Scope, tenantId: string) => s.pageChanges.publish({ schoolId: tenantId, kinds: ['catalogue'] });

/** One write in one transaction; once it is committed, the school's catalogue pages are published as changed. */
async function write<T>(s: Scope, actor: StaffActor, work: (trx: DB) => Promise<T>): Promise<T> {
  const result = await s.db.transaction().execute(work);
  await catalogueChanged(s, actor.tenant.id);
  return result;
}

const audit =
  (s: Scope, trx: DB, actor: StaffActor, action: (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION], type: AuditTarget, id: string) =>
  (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
    auditStaffAction(trx, s, actor, action, { type, id }, before, after);

const notFound = () => AppError.notFound(t('catalog.notFound'));
const timeOf = (v: number | string | null) => (v === null ? null : Number(v));

// --- Scheduled publishing (the same steps for the four types of this file) -------------------

/** The types of this file and their tables. */
const TABLE_OF = {
  [AUDIT_TARGET.product]: 'products',
  [AUDIT_TARGET.productCategory]: 'productOperationCategories',
  [AUDIT_TARGET.question]: 'commonQuestions',
} as const;
/** The catalogue types this file schedules: its own tables, and the hot majors (content's table, moved through content's service). */
export type ProductsSchedulable = keyof typeof TABLE_OF | typeof AUDIT_TARGET.hotMajor;
export const PRODUCTS_SCHEDULABLE: ProductsSchedulable[] = [...(Object.keys(TABLE_OF) as (keyof typeof TABLE_OF)[]), AUDIT_TARGET.hotMajor];

type ScheduleMove = Parameters<typeof repo.moveSchedule>[4];

/** The one conditional write of a row's state and time, on the table of its type. */
function moveSchedule(db: DB, type: ProductsSchedulable, tenantId: string, id: string, m: ScheduleMove): Promise<boolean> {
  return type === AUDIT_TARGET.hotMajor ? hotMajors.moveMajorSchedule(db, tenantId, id, m) : repo.moveSchedule(db, TABLE_OF[type], tenantId, id, m);
}

/** Publishes or takes down a row; either one ends its schedule. */
function changeState<T extends Stateful>(
  s: Scope,
  actor: StaffActor,
  type: ProductsSchedulable,
  id: string,
  state: CatalogState,
  read: (db: DB) => Promise<T>,
): Promise<T> {
  return write(s, actor, async (trx) => {
    const before = await read(trx);
    const move = (fromState: CatalogState, set: { state: CatalogState; scheduledAt: null }) => moveSchedule(trx, type, actor.tenant.id, id, { fromState, set });
    return (await changeCatalogState(trx, s, actor, { type, id, state, before, move })) ? read(trx) : before;
  });
}

/** Schedules a draft row for `at` (or moves its time): refused for a published row or a time not after now. */
function scheduleRow<T extends Stateful>(s: Scope, actor: StaffActor, type: ProductsSchedulable, id: string, at: number, read: (db: DB) => Promise<T>) {
  return write(s, actor, async (trx) => {
    const before = await read(trx);
    await scheduleCatalogRow(trx, s, actor, {
      type,
      id,
      at,
      before,
      write: () => moveSchedule(trx, type, actor.tenant.id, id, { fromState: CATALOG_STATE.DRAFT, set: { scheduledAt: at } }),
    });
    return read(trx);
  });
}

/**
 * The catalog.publish job for a row of this file: publishes it only if it is still a draft
 * scheduled for `at` (one conditional write), so a row published by hand, taken down, deleted or
 * moved to another time is left as it is, and a second run does nothing.
 */
export async function publishScheduled(s: Scope, tenantId: string, type: ProductsSchedulable, id: string, at: number): Promise<boolean> {
  const set = { state: CATALOG_STATE.PUBLISHED, scheduledAt: null };
  const published = await moveSchedule(s.db, type, tenantId, id, { fromState: CATALOG_STATE.DRAFT, fromAt: at, set });
  if (published) await catalogueChanged(s, tenantId);
  return published;
}

/** The job of a row was cancelled on the jobs screen: the row stays a draft, no longer scheduled for `at`. */
export function unschedule(db: DB, tenantId: string, type: ProductsSchedulable, id: string, at: number): Promise<boolean> {
  return moveSchedule(db, type, tenantId, id, { fromState: CATALOG_STATE.DRAFT, fromAt: at, set: { scheduledAt: null } });
}

/** The names of rows of one type (the jobs screen names what a job works on). */
export function namesOf(db: DB, tenantId: string, type: ProductsSchedulable, ids: string[]): Promise<{ id: string; name: string }[]> {
  return type === AUDIT_TARGET.hotMajor ? hotMajors.majorNames(db, tenantId, ids) : repo.namesOf(db, TABLE_OF[type], tenantId, ids);
}

// --- Products ----------------------------------------------------------------------------------

type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.findProduct>>>;

function productOf(r: ProductRow, categoryIds: string[], tenantId: string): AdminProduct {
  return {
    id: r.id,
    name: r.name,
    pic: r.pic,
    picTag: r.picTag,
    periodTypes: parsePeriodTypes(r.onlineClassPeriodTypeList),
    certificationOrg: r.certificationOrg,
    issuingAuthorityName: r.issuingAuthorityName,
    certificateTypeDesc: r.certificateTypeDesc,
    certificateVerificationType: r.certificateVerificationType,
    certificateBenefits: r.certificateBenefits,
    detail: sanitizeRichText(r.detail, tenantId),
    schoolName: r.schoolName,
    trainingInstitutionsName: r.trainingInstitutionsName,
    defStandPrice: r.defStandPrice,
    defCouponPrice: r.defCouponPrice,
    subsidyPrice: r.subsidyPrice,
    categoryIds,
    seq: r.seq,
    state: asState(r.state),
    scheduledAt: timeOf(r.scheduledAt),
    updatedAt: Number(r.updatedAt),
  };
}

async function productsWithPlacements(db: DB, tenantId: string, rows: ProductRow[]): Promise<AdminProduct[]> {
  const placements = await repo.placementsOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    productOf(
      r,
      placements.filter((p) => p.productId === r.id).map((p) => p.bizId),
      tenantId,
    ),
  );
}

async function requireProduct(db: DB, tenantId: string, id: string): Promise<AdminProduct> {
  const row = await repo.findProduct(db, tenantId, id);
  if (!row) throw notFound();
  return (await productsWithPlacements(db, tenantId, [row]))[0]!;
}

export async function pageProducts(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminProduct>> {
  const { rows, total } = await repo.pageProducts(s.db, actor.tenant.id, filter(q));
  return pageOf(await productsWithPlacements(s.db, actor.tenant.id, rows), total, q.current, q.size);
}

/** What the audit log keeps of a product: its fields as the form shows them. */
const productFields = ({ id: _id, updatedAt: _u, ...fields }: AdminProduct) => auditedFields(fields);

export async function saveProduct(s: Scope, actor: StaffActor, input: ProductInput): Promise<AdminProduct> {
  const tenantId = actor.tenant.id;
  const { id: givenId, categoryIds: wanted, periodTypes, detail, ...fields } = input;
  const categoryIds = [...new Set(wanted)];
  return write(s, actor, async (trx) => {
    if ((await repo.countCategories(trx, tenantId, categoryIds)) !== categoryIds.length) throw AppError.badRequest(t('catalog.categoryNotFound'));
    // The detail is rich text: kept sanitised (none when nothing is left), and sanitised again when shown.
    const kept = sanitizeRichText(detail, tenantId).trim();
    const stored = {
      ...fields,
      detail: kept === '' ? null : kept,
      onlineClassPeriodTypeList: JSON.stringify([...new Set(periodTypes)].sort()),
      updatedAt: s.now,
      // Saved as published, a scheduled product is published now; saved as a draft, it keeps its time.
      ...(fields.state === CATALOG_STATE.PUBLISHED ? { scheduledAt: null } : {}),
    };
    const before = givenId ? await requireProduct(trx, tenantId, givenId) : null;
    const id = givenId ?? newId(s.now);
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.product, id, before, fields.state);
    if (before) await repo.updateProduct(trx, tenantId, id, stored);
    else await repo.insertProduct(trx, { ...stored, id, tenantId, thumbs: 0, createdAt: s.now });
    const had = before?.categoryIds ?? [];
    await repo.removePlacements(
      trx,
      tenantId,
      id,
      had.filter((c) => !categoryIds.includes(c)),
    );
    // A new placement goes to the end of its category's list.
    await repo.insertPlacements(
      trx,
      categoryIds
        .filter((c) => !had.includes(c))
        .map((bizId, i) => ({ id: newId(s.now + i), tenantId, bizId, productId: id, seq: fields.seq, createdAt: s.now })),
    );
    const after = await requireProduct(trx, tenantId, id);
    const action = before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate;
    await audit(s, trx, actor, action, AUDIT_TARGET.product, id)(before && productFields(before), productFields(after));
    return after;
  });
}

export function setProductState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminProduct> {
  return changeState(s, actor, AUDIT_TARGET.product, id, state, (db) => requireProduct(db, actor.tenant.id, id));
}

export function scheduleProduct(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminProduct> {
  return scheduleRow(s, actor, AUDIT_TARGET.product, id, at, (db) => requireProduct(db, actor.tenant.id, id));
}

/** A product goes with its placements in categories and its links to hot majors (nothing else points at it). */
export function deleteProduct(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return write(s, actor, async (trx) => {
    const before = await requireProduct(trx, actor.tenant.id, id);
    if (!(await repo.deleteProduct(trx, actor.tenant.id, id))) throw notFound();
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.product, id);
    await audit(s, trx, actor, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.product, id)(productFields(before), null);
    return null;
  });
}

// --- Operation categories ----------------------------------------------------------------------

type CategoryRow = NonNullable<Awaited<ReturnType<typeof repo.findCategory>>>;

const categoryOf = (r: CategoryRow): AdminProductCategory => ({
  id: r.id,
  name: r.name,
  seq: r.seq,
  state: asState(r.state),
  scheduledAt: timeOf(r.scheduledAt),
  productCount: Number(r.productCount ?? 0),
});

async function requireCategory(db: DB, tenantId: string, id: string): Promise<AdminProductCategory> {
  const row = await repo.findCategory(db, tenantId, id);
  if (!row) throw notFound();
  return categoryOf(row);
}

export async function pageCategories(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminProductCategory>> {
  const { rows, total } = await repo.pageCategories(s.db, actor.tenant.id, filter(q));
  return mapPage(pageOf(rows, total, q.current, q.size), categoryOf);
}

export function saveCategory(s: Scope, actor: StaffActor, input: ProductCategoryInput): Promise<AdminProductCategory> {
  const tenantId = actor.tenant.id;
  const { id: givenId, ...fields } = input;
  return write(s, actor, async (trx) => {
    const before = givenId ? await requireCategory(trx, tenantId, givenId) : null;
    const id = givenId ?? newId(s.now);
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.productCategory, id, before, fields.state);
    if (before) await repo.updateCategory(trx, tenantId, id, { ...fields, ...(fields.state === CATALOG_STATE.PUBLISHED ? { scheduledAt: null } : {}) });
    else await repo.insertCategory(trx, { ...fields, id, tenantId, isVariety: 0, createdAt: s.now });
    const after = await requireCategory(trx, tenantId, id);
    const shown = ({ name, seq, state }: AdminProductCategory) => ({ name, seq, state });
    await audit(
      s,
      trx,
      actor,
      before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate,
      AUDIT_TARGET.productCategory,
      id,
    )(before && shown(before), shown(after));
    return after;
  });
}

export function setCategoryState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminProductCategory> {
  return changeState(s, actor, AUDIT_TARGET.productCategory, id, state, (db) => requireCategory(db, actor.tenant.id, id));
}

export function scheduleCategory(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminProductCategory> {
  return scheduleRow(s, actor, AUDIT_TARGET.productCategory, id, at, (db) => requireCategory(db, actor.tenant.id, id));
}

/** Refused while products are placed in it: the school takes them out first (or deletes them). */
export function deleteCategory(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return write(s, actor, async (trx) => {
    const before = await requireCategory(trx, actor.tenant.id, id);
    if (!(await repo.deleteEmptyCategory(trx, actor.tenant.id, id))) {
      const now = await requireCategory(trx, actor.tenant.id, id);
      throw AppError.conflict(t('catalog.categoryInUse', { count: now.productCount }));
    }
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.productCategory, id);
    await audit(s, trx, actor, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.productCategory, id)({ name: before.name, seq: before.seq, state: before.state }, null);
    return null;
  });
}

// --- Common questions --------------------------------------------------------------------------

/** The school's published hot majors, by name, for the question form (a question belongs to one). */
export async function listMajors(s: Scope): Promise<MajorOption[]> {
  const page = await content.pageHotMajors(s, { current: 1, size: 100, order: 'asc' });
  return page.records.map((m) => ({ id: m.id, name: m.name }));
}

type QuestionRow = NonNullable<Awaited<ReturnType<typeof repo.findQuestion>>>;

const questionOf = (r: QuestionRow, majors: Map<string, string>, tenantId: string): AdminQuestion => ({
  id: r.id,
  majorId: r.majorId,
  majorName: majors.get(r.majorId) ?? null,
  name: r.name,
  answer: sanitizeRichText(r.answer, tenantId),
  seq: r.seq,
  state: asState(r.state),
  scheduledAt: timeOf(r.scheduledAt),
});

const majorNames = async (s: Scope) => new Map((await listMajors(s)).map((m) => [m.id, m.name]));

// The majors are read before a transaction starts: content's calls use the scope's connection, not the transaction's.
async function requireQuestion(db: DB, tenantId: string, id: string, majors: Map<string, string>): Promise<AdminQuestion> {
  const row = await repo.findQuestion(db, tenantId, id);
  if (!row) throw notFound();
  return questionOf(row, majors, tenantId);
}

export async function pageQuestions(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminQuestion>> {
  const [{ rows, total }, majors] = await Promise.all([repo.pageQuestions(s.db, actor.tenant.id, filter(q)), majorNames(s)]);
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => questionOf(r, majors, actor.tenant.id));
}

const questionFields = ({ majorId, name, answer, seq, state }: AdminQuestion) => ({ majorId, name, answer, seq, state });

/** The answer is rich text: kept as sanitised HTML, and sanitised again when shown. */
export async function saveQuestion(s: Scope, actor: StaffActor, input: QuestionInput): Promise<AdminQuestion> {
  const tenantId = actor.tenant.id;
  const { id: givenId, ...fields } = input;
  const stored = { ...fields, answer: sanitizeRichText(fields.answer, tenantId), ...(fields.state === CATALOG_STATE.PUBLISHED ? { scheduledAt: null } : {}) };
  const majors = await majorNames(s);
  const before = givenId ? await requireQuestion(s.db, tenantId, givenId, majors) : null;
  // A question may stay with the major it has; a new or moved one needs a published major of this school.
  if (before?.majorId !== stored.majorId && !majors.has(stored.majorId)) throw AppError.badRequest(t('catalog.majorNotFound'));
  return write(s, actor, async (trx) => {
    const id = givenId ?? newId(s.now);
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.question, id, before, fields.state);
    if (before) {
      if (!(await repo.updateQuestion(trx, tenantId, id, stored))) throw notFound();
    } else await repo.insertQuestion(trx, { ...stored, id, tenantId, createdAt: s.now });
    const after = await requireQuestion(trx, tenantId, id, majors);
    await audit(
      s,
      trx,
      actor,
      before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate,
      AUDIT_TARGET.question,
      id,
    )(before && questionFields(before), questionFields(after));
    return after;
  });
}

export async function setQuestionState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminQuestion> {
  const majors = await majorNames(s);
  return changeState(s, actor, AUDIT_TARGET.question, id, state, (db) => requireQuestion(db, actor.tenant.id, id, majors));
}

export async function scheduleQuestion(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminQuestion> {
  const majors = await majorNames(s);
  return scheduleRow(s, actor, AUDIT_TARGET.question, id, at, (db) => requireQuestion(db, actor.tenant.id, id, majors));
}

export async function deleteQuestion(s: Scope, actor: StaffActor, id: string): Promise<null> {
  const majors = await majorNames(s);
  return write(s, actor, async (trx) => {
    const before = await requireQuestion(trx, actor.tenant.id, id, majors);
    if (!(await repo.deleteQuestion(trx, actor.tenant.id, id))) throw notFound();
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.question, id);
    await audit(s, trx, actor, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.question, id)(questionFields(before), null);
    return null;
  });
}

// --- Hot majors --------------------------------------------------------------------------------

const majorOf = (r: hotMajors.AdminMajorRow, questionCount: number): AdminHotMajor => ({
  id: r.id,
  name: r.name,
  pic: r.pic,
  industrySalary: r.industrySalary ?? 0,
  employmentProspectDescribe: r.employmentProspectDescribe,
  suitabilityPeopleDescribe: r.suitabilityPeopleDescribe,
  relatedCertificate: parseCertificates(r.relatedCertificate),
  seq: r.seq,
  state: asState(r.state),
  scheduledAt: timeOf(r.scheduledAt),
  questionCount,
});

async function requireMajor(db: DB, tenantId: string, id: string): Promise<AdminHotMajor> {
  const row = await hotMajors.findAdminMajor(db, tenantId, id);
  if (!row) throw notFound();
  return majorOf(row, (await repo.questionCounts(db, tenantId, [id])).get(id) ?? 0);
}

const majorFields = ({ id: _id, questionCount: _q, ...rest }: AdminHotMajor) => auditedFields(rest);

export async function pageHotMajors(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminHotMajor>> {
  const { rows, total } = await hotMajors.pageAdminMajors(s.db, actor.tenant.id, filter(q));
  const counts = await repo.questionCounts(
    s.db,
    actor.tenant.id,
    rows.map((r) => r.id),
  );
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => majorOf(r, counts.get(r.id) ?? 0));
}

export function saveHotMajor(s: Scope, actor: StaffActor, input: HotMajorInput): Promise<AdminHotMajor> {
  const tenantId = actor.tenant.id;
  const { id: givenId, relatedCertificate, ...fields } = input;
  const stored = { ...fields, relatedCertificate: relatedCertificate.length > 0 ? JSON.stringify(relatedCertificate) : null };
  return write(s, actor, async (trx) => {
    const before = givenId ? await requireMajor(trx, tenantId, givenId) : null;
    const id = givenId ?? newId(s.now);
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.hotMajor, id, before, fields.state);
    if (before && fields.state === CATALOG_STATE.PUBLISHED) await hotMajors.updateMajor(trx, tenantId, id, { scheduledAt: null });
    if (before) await hotMajors.updateMajor(trx, tenantId, id, stored);
    else await hotMajors.insertMajor(trx, { ...stored, id, tenantId, createdAt: s.now });
    const after = await requireMajor(trx, tenantId, id);
    await audit(
      s,
      trx,
      actor,
      before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate,
      AUDIT_TARGET.hotMajor,
      id,
    )(before && majorFields(before), majorFields(after));
    return after;
  });
}

export function setHotMajorState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminHotMajor> {
  return changeState(s, actor, AUDIT_TARGET.hotMajor, id, state, (db) => requireMajor(db, actor.tenant.id, id));
}

export function scheduleHotMajor(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminHotMajor> {
  return scheduleRow(s, actor, AUDIT_TARGET.hotMajor, id, at, (db) => requireMajor(db, actor.tenant.id, id));
}

/** Refused while the major has common questions (they would be left without a page); its product links go with it. */
export function deleteHotMajor(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return write(s, actor, async (trx) => {
    const before = await requireMajor(trx, actor.tenant.id, id);
    if (!(await hotMajors.deleteMajorUnless(trx, actor.tenant.id, id, (eb) => repo.majorHasQuestions(eb, actor.tenant.id, id)))) {
      const now = await requireMajor(trx, actor.tenant.id, id);
      throw AppError.conflict(t('catalog.majorInUse', { count: now.questionCount }));
    }
    await repo.deleteMajorProducts(trx, actor.tenant.id, id);
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.hotMajor, id);
    await audit(s, trx, actor, AUDIT_ACTION.catalogDelete, AUDIT_TARGET.hotMajor, id)(majorFields(before), null);
    return null;
  });
}
