import type { CertificationOrgAdmin, CertificationOrgInput, ProjectBlockAdmin, ProjectBlockInput } from '~/lib/api/contracts/admin-school';
import { AUDIT_ACTION, AUDIT_TARGET, type AuditAction } from '~/lib/staff/roles';
import { PUBLICATION } from '~/lib/status';
import { t } from '~/server/i18n';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditedCreate, auditedDelete, auditedOrder, auditedUpdate, type AuditedRecord } from '../staff/audit/audit.service';
import { sanitizeRichText } from '../sanitize';
import { getSchoolInfo } from '../tenant/tenant.service';
import { columnsOf as formColumns, formOf, type FieldKind } from '../form-columns';
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

/** An organisation's form fields between its id and its place, in the order the API answers them. */
const ORG_FIELDS = {
  name: 'same',
  orgType: 'same',
  certificationType: 'optional',
  serviceScope: 'optional',
  features: 'optional',
} as const satisfies Record<keyof Omit<CertificationOrgInput, 'seq' | 'published'>, FieldKind>;

function adminOf(o: CertificationOrganizationTable): CertificationOrgAdmin {
  return { id: o.id, ...formOf(ORG_FIELDS, o), seq: o.seq, published: o.state === PUBLICATION.PUBLISHED };
}

/** The audited view of an organisation: what the form shows. */
const audited = (o: CertificationOrgAdmin) => {
  const { id: _id, ...fields } = o;
  return fields;
};

function columnsOf(input: CertificationOrgInput) {
  return { ...formColumns(ORG_FIELDS, input), seq: input.seq, state: input.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT };
}

const notFound = () => AppError.notFound(t('school.admin.notFound'));

export async function listCertificationOrgsForStaff(s: Scope, actor: StaffActor): Promise<CertificationOrgAdmin[]> {
  return (await repo.listAllCertificationOrganizations(s.db, actor.tenant.id)).map(adminOf);
}

/** An organisation of the school as the audit log records a change of it. */
function orgRecord(tenantId: string, id: string, action: AuditAction): AuditedRecord<CertificationOrgAdmin> {
  return {
    action,
    target: { type: AUDIT_TARGET.certOrg, id },
    read: async (db) => {
      const row = await repo.findCertificationOrganization(db, tenantId, id);
      return row && adminOf(row);
    },
    audited,
    notFound,
  };
}

export async function createCertificationOrg(s: Scope, actor: StaffActor, input: CertificationOrgInput): Promise<CertificationOrgAdmin> {
  const tenantId = actor.tenant.id;
  const id = newId(s.now);
  const record = orgRecord(tenantId, id, AUDIT_ACTION.certOrgCreate);
  const created = await auditedCreate(s, actor, record, (trx) =>
    repo.insertCertificationOrganization(trx, { id, tenantId, createdAt: s.now, ...columnsOf(input) }),
  );
  await publish(s, tenantId);
  return created;
}

export async function updateCertificationOrg(s: Scope, actor: StaffActor, id: string, input: CertificationOrgInput): Promise<CertificationOrgAdmin> {
  const tenantId = actor.tenant.id;
  const record = orgRecord(tenantId, id, AUDIT_ACTION.certOrgUpdate);
  const updated = await auditedUpdate(s, actor, record, (trx) => repo.updateCertificationOrganization(trx, tenantId, id, columnsOf(input)));
  await publish(s, tenantId);
  return updated;
}

export async function deleteCertificationOrg(s: Scope, actor: StaffActor, id: string): Promise<void> {
  const tenantId = actor.tenant.id;
  await auditedDelete(s, actor, orgRecord(tenantId, id, AUDIT_ACTION.certOrgDelete), (trx) => repo.deleteCertificationOrganization(trx, tenantId, id));
  await publish(s, tenantId);
}

// --- /school-info's project introduction blocks ------------------------------------------------

/** The blocks under 本项目 on /school-info: information type 0, owned by the school's university id. */
const PROJECT_BLOCK_TYPE = 0;
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
  const created = await auditedCreate(s, actor, blockRecord(tenantId, universityId, id, AUDIT_ACTION.projectBlockCreate), async (trx) => {
    const current = await repo.listOwnBlocks(trx, tenantId, PROJECT_BLOCK_TYPE, universityId);
    if (current.length >= PROJECT_BLOCKS_MAX) throw AppError.conflict(t('school.blocks.tooMany', { max: PROJECT_BLOCKS_MAX }));
    const seq = current.reduce((max, b) => Math.max(max, b.seq), 0) + 1;
    await repo.insertBlock(trx, { id, tenantId, universityId, informationType: PROJECT_BLOCK_TYPE, ...columns, seq, createdAt: s.now });
  });
  await publish(s, tenantId);
  return created;
}

/** A block of the school's own information as the audit log records a change of it. */
function blockRecord(tenantId: string, universityId: string, id: string, action: AuditAction): AuditedRecord<ProjectBlockAdmin> {
  return {
    action,
    target: { type: AUDIT_TARGET.projectBlock, id },
    read: async (db) => {
      const row = await repo.findOwnBlock(db, tenantId, PROJECT_BLOCK_TYPE, universityId, id);
      return row && blockOf(row);
    },
    audited: auditedBlock,
    notFound: blockNotFound,
  };
}

export async function updateProjectBlock(s: Scope, actor: StaffActor, id: string, input: ProjectBlockInput): Promise<ProjectBlockAdmin> {
  const tenantId = actor.tenant.id;
  const record = blockRecord(tenantId, await ownerOf(s, actor), id, AUDIT_ACTION.projectBlockUpdate);
  const columns = blockColumns(input, tenantId);
  const updated = await auditedUpdate(s, actor, record, (trx) => repo.updateBlock(trx, tenantId, id, columns));
  await publish(s, tenantId);
  return updated;
}

/** The new order names every block of the school once: a list changed meanwhile is refused, not half applied. */
export async function orderProjectBlocks(s: Scope, actor: StaffActor, ids: string[]): Promise<ProjectBlockAdmin[]> {
  const tenantId = actor.tenant.id;
  const universityId = await ownerOf(s, actor);
  await s.db.transaction().execute(async (trx) => {
    await auditedOrder(trx, s, actor, {
      action: AUDIT_ACTION.projectBlockOrder,
      target: { type: AUDIT_TARGET.projectBlock, id: universityId },
      current: await repo.listOwnBlocks(trx, tenantId, PROJECT_BLOCK_TYPE, universityId),
      ids,
      incomplete: () => AppError.badRequest(t('school.blocks.orderIncomplete')),
      setSeq: (id, seq) => repo.updateBlock(trx, tenantId, id, { seq }),
    });
  });
  await publish(s, tenantId);
  return listProjectBlocks(s, actor);
}

export async function deleteProjectBlock(s: Scope, actor: StaffActor, id: string): Promise<void> {
  const tenantId = actor.tenant.id;
  const record = blockRecord(tenantId, await ownerOf(s, actor), id, AUDIT_ACTION.projectBlockDelete);
  await auditedDelete(s, actor, record, (trx) => repo.deleteBlock(trx, tenantId, id));
  await publish(s, tenantId);
}
