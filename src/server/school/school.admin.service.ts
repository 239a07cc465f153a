import type { CertificationOrgAdmin, CertificationOrgInput, ProjectBlockAdmin, ProjectBlockInput } from '~/lib/api/contracts/admin-school';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { PUBLICATION } from '~/lib/status';
import { t } from '~/server/i18n';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import { sanitizeRichText } from '../sanitize';
import { getSchoolInfo } from '../tenant/tenant.service';
import * as repo from './school.repository';
import type { CertificationOrganizationTable, UniversityInformationTable } from './school.table';

/**
 * The staff side of certification organisations (school administrators): every organisation of
 * the school, shown or hidden, created, changed and deleted, each change audited in its
 * transaction. The public pages list the shown ones by seq (then id).
 */

/** Publishes a committed change of what /school-info shows (its organisations and introduction blocks). */
function publish(s: Scope, tenantId: string): Promise<void> {
  return s.pageChanges.publish({ schoolId: tenantId, kinds: ['school-info'] });
}

function adminOf(o: CertificationOrganizationTable): CertificationOrgAdmin {
  return {
    id: o.id,
    name: o.name,
    orgType: o.orgType,
    certificationType: o.certificationType ?? '',
    serviceScope: o.serviceScope ?? '',
    features: o.features ?? '',
    seq: o.seq,
    published: o.state === PUBLICATION.PUBLISHED,
  };
}

/** The audited view of an organisation: what the form shows. */
const audited = (o: CertificationOrgAdmin) => {
  const { id: _id, ...fields } = o;
  return fields;
};

function columnsOf(input: CertificationOrgInput) {
  return {
    name: input.name,
    orgType: input.orgType,
    certificationType: input.certificationType || null,
    serviceScope: input.serviceScope || null,
    features: input.features || null,
    seq: input.seq,
    state: input.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT,
  };
}

const notFound = () => AppError.notFound(t('school.admin.notFound'));

export async function listCertificationOrgsForStaff(s: Scope, actor: StaffActor): Promise<CertificationOrgAdmin[]> {
  return (await repo.listAllCertificationOrganizations(s.db, actor.tenant.id)).map(adminOf);
}

export async function createCertificationOrg(s: Scope, actor: StaffActor, input: CertificationOrgInput): Promise<CertificationOrgAdmin> {
  const id = newId(s.now);
  const created = await s.db.transaction().execute(async (trx) => {
    await repo.insertCertificationOrganization(trx, { id, tenantId: actor.tenant.id, createdAt: s.now, ...columnsOf(input) });
    const created = adminOf((await repo.findCertificationOrganization(trx, actor.tenant.id, id))!);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certOrgCreate, { type: AUDIT_TARGET.certOrg, id }, null, audited(created));
    return created;
  });
  await publish(s, actor.tenant.id);
  return created;
}

export async function updateCertificationOrg(s: Scope, actor: StaffActor, id: string, input: CertificationOrgInput): Promise<CertificationOrgAdmin> {
  const updated = await s.db.transaction().execute(async (trx) => {
    const before = await repo.findCertificationOrganization(trx, actor.tenant.id, id);
    if (!before) throw notFound();
    await repo.updateCertificationOrganization(trx, actor.tenant.id, id, columnsOf(input));
    const after = adminOf((await repo.findCertificationOrganization(trx, actor.tenant.id, id))!);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certOrgUpdate, { type: AUDIT_TARGET.certOrg, id }, audited(adminOf(before)), audited(after));
    return after;
  });
  await publish(s, actor.tenant.id);
  return updated;
}

export async function deleteCertificationOrg(s: Scope, actor: StaffActor, id: string): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    const before = await repo.findCertificationOrganization(trx, actor.tenant.id, id);
    if (!before || !(await repo.deleteCertificationOrganization(trx, actor.tenant.id, id))) throw notFound();
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certOrgDelete, { type: AUDIT_TARGET.certOrg, id }, audited(adminOf(before)), null);
  });
  await publish(s, actor.tenant.id);
}

// --- /school-info's project introduction blocks ------------------------------------------------

/** The blocks under 本项目 on /school-info: information type 0, owned by the school's university id. */
const PROJECT_BLOCK_TYPE = 0;
/** The longest block text kept (HTML characters), as an agreement. */
export const PROJECT_BLOCK_MAX_CHARS = 100_000;
/** A page of tabs stays readable; the public query reads at most 500 blocks. */
export const PROJECT_BLOCKS_MAX = 30;

function blockOf(r: UniversityInformationTable): ProjectBlockAdmin {
  return {
    id: r.id,
    title: r.title,
    // The stored tab label is the title when none was given (the public page shows name ?? title).
    name: r.name && r.name !== r.title ? r.name : '',
    content: sanitizeRichText(r.content, r.tenantId),
    published: r.state === PUBLICATION.PUBLISHED,
    seq: r.seq,
  };
}

/** The audited view of a block: what the form shows. */
const auditedBlock = ({ id: _id, seq: _seq, ...fields }: ProjectBlockAdmin) => fields;

/** The text as it will be shown: sanitised once here and again when the page draws it. */
function blockColumns(input: ProjectBlockInput, tenantId: string) {
  const content = sanitizeRichText(input.content, tenantId).trim();
  if (content === '' || /^(?:<p>\s*<\/p>)+$/.test(content)) throw AppError.badRequest(t('school.blocks.contentRequired'));
  return { title: input.title, name: input.name || null, content, state: input.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT };
}

const blockNotFound = () => AppError.notFound(t('school.admin.notFound'));

async function ownerOf(s: Scope, actor: StaffActor): Promise<string> {
  return (await getSchoolInfo(s, actor.tenant.id)).universityId;
}

export async function listProjectBlocks(s: Scope, actor: StaffActor): Promise<ProjectBlockAdmin[]> {
  return (await repo.listOwnBlocks(s.db, actor.tenant.id, PROJECT_BLOCK_TYPE, await ownerOf(s, actor))).map(blockOf);
}

/** A new block goes last. */
export async function createProjectBlock(s: Scope, actor: StaffActor, input: ProjectBlockInput): Promise<ProjectBlockAdmin> {
  const tenantId = actor.tenant.id;
  const universityId = await ownerOf(s, actor);
  const columns = blockColumns(input, tenantId);
  const id = newId(s.now);
  const created = await s.db.transaction().execute(async (trx) => {
    const current = await repo.listOwnBlocks(trx, tenantId, PROJECT_BLOCK_TYPE, universityId);
    if (current.length >= PROJECT_BLOCKS_MAX) throw AppError.conflict(t('school.blocks.tooMany', { max: PROJECT_BLOCKS_MAX }));
    const seq = current.reduce((max, b) => Math.max(max, b.seq), 0) + 1;
    await repo.insertBlock(trx, { id, tenantId, universityId, informationType: PROJECT_BLOCK_TYPE, ...columns, seq, createdAt: s.now });
    const after = blockOf((await repo.findOwnBlock(trx, tenantId, PROJECT_BLOCK_TYPE, universityId, id))!);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.projectBlockCreate, { type: AUDIT_TARGET.projectBlock, id }, null, auditedBlock(after));
    return after;
  });
  await publish(s, tenantId);
  return created;
}

export async function updateProjectBlock(s: Scope, actor: StaffActor, id: string, input: ProjectBlockInput): Promise<ProjectBlockAdmin> {
  const tenantId = actor.tenant.id;
  const universityId = await ownerOf(s, actor);
  const columns = blockColumns(input, tenantId);
  const updated = await s.db.transaction().execute(async (trx) => {
    const before = await repo.findOwnBlock(trx, tenantId, PROJECT_BLOCK_TYPE, universityId, id);
    if (!before) throw blockNotFound();
    await repo.updateBlock(trx, tenantId, id, columns);
    const after = blockOf((await repo.findOwnBlock(trx, tenantId, PROJECT_BLOCK_TYPE, universityId, id))!);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.projectBlockUpdate,
      { type: AUDIT_TARGET.projectBlock, id },
      auditedBlock(blockOf(before)),
      auditedBlock(after),
    );
    return after;
  });
  await publish(s, tenantId);
  return updated;
}

/** The new order names every block of the school once: a list changed meanwhile is refused, not half applied. */
export async function orderProjectBlocks(s: Scope, actor: StaffActor, ids: string[]): Promise<ProjectBlockAdmin[]> {
  const tenantId = actor.tenant.id;
  const universityId = await ownerOf(s, actor);
  await s.db.transaction().execute(async (trx) => {
    const current = await repo.listOwnBlocks(trx, tenantId, PROJECT_BLOCK_TYPE, universityId);
    const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((b) => ids.includes(b.id));
    if (!same) throw AppError.badRequest(t('school.blocks.orderIncomplete'));
    for (const [i, id] of ids.entries()) await repo.updateBlock(trx, tenantId, id, { seq: i + 1 });
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.projectBlockOrder,
      { type: AUDIT_TARGET.projectBlock, id: universityId },
      { order: current.map((b) => b.id) },
      { order: ids },
    );
  });
  await publish(s, tenantId);
  return listProjectBlocks(s, actor);
}

export async function deleteProjectBlock(s: Scope, actor: StaffActor, id: string): Promise<void> {
  const tenantId = actor.tenant.id;
  const universityId = await ownerOf(s, actor);
  await s.db.transaction().execute(async (trx) => {
    const before = await repo.findOwnBlock(trx, tenantId, PROJECT_BLOCK_TYPE, universityId, id);
    if (!before || !(await repo.deleteBlock(trx, tenantId, id))) throw blockNotFound();
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.projectBlockDelete, { type: AUDIT_TARGET.projectBlock, id }, auditedBlock(blockOf(before)), null);
  });
  await publish(s, tenantId);
}
