import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import { t } from '~/server/i18n';
import { pageOf } from '~/lib/paging';
import { formatDateTime } from '~/lib/time/cst';
import { CONVERTIBLE_LEAD_STATES, LEAD_EXPORT_MAX, LEAD_STATE, type LeadState } from '~/lib/staff/leads';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import type { LeadConverted, LeadInfo, LeadPage } from '~/lib/api/contracts/staff';
import { pageProducts } from '../products/products.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { classForEnrolment, enrolIntoClass, periodForEnrolment } from '../learning/classes/classes.admin.service';
import { csvFile, maskedMobile } from './leads-csv.rules';
import type { Clue } from './leads.table';
import * as repo from './leads.repository';

/**
 * The staff side of consult leads: the school's administrators and content editors list them,
 * call people back, mark them handled with a note (who and when are kept) or re-open them, and
 * download the filtered list as CSV. Mobiles are shown whole to staff, who call them; the audit
 * log, read more widely and kept longer, gets them masked.
 */

export interface LeadListQuery {
  current: number;
  size: number;
  from?: number | undefined;
  until?: number | undefined;
  state?: LeadState | undefined;
  productId?: string | undefined;
  text?: string | undefined;
}

const filterOf = (q: Omit<LeadListQuery, 'current' | 'size'>): repo.LeadFilter => ({
  from: q.from,
  until: q.until,
  state: q.state,
  productId: q.productId,
  text: q.text,
});

/** Names of the products among `ids` (off-sale ones are named as such). */
async function productNames(s: Scope, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const page = await pageProducts(s, { current: 1, size: unique.length, order: 'asc', prodIdList: unique });
  const names = new Map(page.records.map((p) => [p.id, p.name]));
  return new Map(unique.map((id) => [id, names.get(id) ?? t('staff.lead.productGone')]));
}

function infoOf(r: Clue, names: Map<string, string>): LeadInfo {
  return {
    id: r.id,
    name: r.name,
    mobile: r.mobile,
    content: r.content,
    productId: r.productId,
    productName: r.productId ? (names.get(r.productId) ?? null) : null,
    state: r.state,
    createdAt: r.createdAt,
    handledAt: r.handledAt,
    handledByName: r.handledByName,
    note: r.handledNote,
    studentId: r.convertedUserId,
  };
}

export async function pageLeads(s: Scope, actor: StaffActor, q: LeadListQuery): Promise<LeadPage> {
  const [{ rows, total }, productIds] = await Promise.all([
    repo.pageLeads(s.db, actor.tenant.id, filterOf(q), windowOf({ current: q.current, size: q.size, order: 'desc' })),
    repo.leadProductIds(s.db, actor.tenant.id),
  ]);
  const names = await productNames(s, [...productIds, ...rows.flatMap((r) => (r.productId ? [r.productId] : []))]);
  return {
    ...pageOf(
      rows.map((r) => infoOf(r, names)),
      total,
      q.current,
      q.size,
    ),
    products: productIds.map((id) => ({ id, name: names.get(id)! })),
  };
}

/** How many of the school's leads nobody has handled yet (the dashboard's count). */
export function countNewLeads(s: Scope, actor: StaffActor): Promise<number> {
  return repo.countLeadsIn(s.db, actor.tenant.id, LEAD_STATE.new);
}

/** The filtered list as a CSV file's text (every matching lead, newest first; refused over LEAD_EXPORT_MAX). */
export async function exportLeads(s: Scope, actor: StaffActor, q: Omit<LeadListQuery, 'current' | 'size'>): Promise<string> {
  const rows = await repo.listLeads(s.db, actor.tenant.id, filterOf(q), LEAD_EXPORT_MAX + 1);
  if (rows.length > LEAD_EXPORT_MAX) throw AppError.badRequest(t('staff.lead.tooMany'));
  const names = await productNames(
    s,
    rows.flatMap((r) => (r.productId ? [r.productId] : [])),
  );
  const header = ['createdAt', 'name', 'mobile', 'product', 'content', 'state', 'handledBy', 'handledAt', 'note'].map((k) => t(`staff.lead.csv.${k}` as never));
  return csvFile(
    header,
    rows.map((r) => [
      formatDateTime(r.createdAt),
      r.name,
      r.mobile,
      r.productId ? names.get(r.productId) : '',
      r.content,
      t(`staff.lead.state.${r.state}` as never),
      r.handledByName,
      r.handledAt === null ? '' : formatDateTime(r.handledAt),
      r.handledNote,
    ]),
  );
}

/**
 * Marks a lead handled (with a note; who and when are kept) or re-opens it (the note stays for the
 * next person; who and when are cleared). The change is conditional on the state it was read in,
 * so two people marking one lead at once cannot both do it; each change is audited.
 */
export async function changeLeadState(s: Scope, actor: StaffActor, id: string, change: { state: LeadState; note?: string | undefined }): Promise<LeadInfo> {
  const updated = await s.db.transaction().execute(async (trx) => {
    const lead = await repo.findLead(trx, actor.tenant.id, id);
    if (!lead) throw AppError.notFound(t('staff.lead.notFound'));
    const handling = change.state === LEAD_STATE.handled;
    if (handling && !change.note) throw AppError.badRequest(t('staff.lead.noteRequired'));
    if (lead.state === LEAD_STATE.converted) throw AppError.conflict(t('staff.lead.alreadyConverted'));
    if (lead.state === change.state) throw AppError.conflict(t(handling ? 'staff.lead.alreadyHandled' : 'staff.lead.alreadyNew'));
    const fields = handling
      ? { state: change.state, handledAt: s.now, handledById: actor.account.id, handledByName: actor.account.name, handledNote: change.note! }
      : { state: change.state, handledAt: null, handledById: null, handledByName: null };
    if (!(await repo.updateLeadState(trx, actor.tenant.id, id, lead.state, fields))) {
      throw AppError.conflict(t(handling ? 'staff.lead.alreadyHandled' : 'staff.lead.alreadyNew'));
    }
    // Whose lead it was, for the log's reader: the name and a masked mobile, never the whole number.
    const who = { name: lead.name, mobile: maskedMobile(lead.mobile) };
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.leadState,
      { type: AUDIT_TARGET.lead, id },
      { state: lead.state, note: lead.handledNote },
      { ...who, state: change.state, note: handling ? change.note : lead.handledNote },
    );
    return (await repo.findLead(trx, actor.tenant.id, id))!;
  });
  const names = await productNames(s, updated.productId ? [updated.productId] : []);
  return infoOf(updated, names);
}

/**
 * 转为学员: the lead's mobile and name become the school's student (an existing user of the mobile is
 * found, not renamed) and are enrolled in the class through the class domain's enrolIntoClass, and
 * the lead becomes converted, in one transaction. Once: the lead's state changes first, conditional
 * on the state read, so of two conversions at once one converts and enrols and the other is refused
 * with nothing changed (on PostgreSQL it waits for the first's row, then finds it converted).
 * A person already in the class is not enrolled twice; the lead is converted all the same.
 */
export async function convertLead(s: Scope, actor: StaffActor, id: string, input: { classId: string; periodId: string | null }): Promise<LeadConverted> {
  const tenantId = actor.tenant.id;
  const done = await s.db.transaction().execute(async (trx) => {
    const lead = await repo.findLead(trx, tenantId, id);
    if (!lead) throw AppError.notFound(t('staff.lead.notFound'));
    const converted = () => AppError.conflict(t('staff.lead.alreadyConverted'));
    if (!CONVERTIBLE_LEAD_STATES.includes(lead.state)) throw converted();
    const c = await classForEnrolment(s, actor, input.classId, trx);
    const periodId = await periodForEnrolment(trx, c, input.periodId);
    const fields = {
      state: LEAD_STATE.converted,
      handledAt: s.now,
      handledById: actor.account.id,
      handledByName: actor.account.name,
      convertedClassId: c.row.id,
    };
    if (!(await repo.updateLeadState(trx, tenantId, id, lead.state, fields))) throw converted();
    const enrolled = await enrolIntoClass(trx, s, actor, c, { mobile: lead.mobile, name: lead.name }, { periodId, audit: true });
    await repo.setConvertedUser(trx, tenantId, id, enrolled.userId);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.leadConvert,
      { type: AUDIT_TARGET.lead, id },
      { state: lead.state },
      { name: lead.name, mobile: maskedMobile(lead.mobile), state: LEAD_STATE.converted, classId: c.row.id, userId: enrolled.userId, added: enrolled.added },
    );
    return { lead: (await repo.findLead(trx, tenantId, id))!, className: c.row.name, added: enrolled.added, userCreated: enrolled.userCreated };
  });
  const names = await productNames(s, done.lead.productId ? [done.lead.productId] : []);
  return { lead: infoOf(done.lead, names), className: done.className, added: done.added, userCreated: done.userCreated };
}
