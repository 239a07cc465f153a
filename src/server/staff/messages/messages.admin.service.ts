import type { Scope } from '../../http/scope';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { AppError } from '../../errors';
import { t } from '~/server/i18n';
import type { ClassNotice, NoticeInput, SmsSettings, SmsSettingsInput } from '~/lib/api/contracts/admin-messages';
import type { StaffActor } from '../accounts/sessions.service';
import { auditStaffAction, auditStaffChange } from '../audit/audit.service';
import { assertClassInScope, classStudentsOf } from '../../learning/classes/classes.admin.service';
import { classNotices, postClassNotice } from '../../messages/messages.service';
import { saveSmsSettings, smsSettingsView } from '../../sms/sms-outbox.service';
import { contactsOf } from '../../identity/identity.service';

/**
 * Class notices and the school's SMS settings for its staff (decision 077). A notice is the class
 * domain's audience (its students, in the actor's class scope: a teacher's own classes only) and
 * the messages domain's delivery, written in one transaction with its audit entry; the SMS
 * settings are the sms domain's, changed by administrators (the access table) and audited.
 */

/** A class's notices, newest first; a class out of the actor's reach is the same 404 as none. */
export async function listNotices(s: Scope, actor: StaffActor, classId: string): Promise<ClassNotice[]> {
  await assertClassInScope(s, actor, classId);
  return classNotices(s.db, actor.tenant.id, classId);
}

/** Writes a notice to every student of the class (with an SMS each when urgent and the school sends them), audited. */
export async function postNotice(s: Scope, actor: StaffActor, classId: string, input: NoticeInput): Promise<ClassNotice> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const c = await assertClassInScope(s, actor, classId, trx);
    const enrolments = await classStudentsOf(trx, tenantId, classId);
    if (enrolments.length === 0) throw AppError.conflict(t('notices.noStudents'));
    const notice = await postClassNotice(
      trx,
      s.now,
      { tenantId, schoolName: actor.tenant.name, classId, className: c.row.name, author: { id: actor.account.id, name: actor.account.name } },
      input,
      enrolments,
    );
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.classNoticePost, { type: AUDIT_TARGET.teachingClass, id: classId, name: c.row.name }, null, {
      title: notice.title,
      urgent: notice.urgent,
      recipients: notice.recipients,
      smsQueued: notice.smsQueued,
    });
    return notice;
  });
}

const studentNames = async (s: Scope, userIds: string[]) => new Map([...(await contactsOf(s.db, userIds))].map(([id, c]) => [id, c.name]));

export function smsSettings(s: Scope, actor: StaffActor): Promise<SmsSettings> {
  return smsSettingsView(s.db, actor.tenant, s.now, (ids) => studentNames(s, ids));
}

/** Saves the school's SMS settings; audited with the fields that changed. */
export async function saveSms(s: Scope, actor: StaffActor, input: SmsSettingsInput): Promise<SmsSettings> {
  await s.db.transaction().execute(async (trx) => {
    const changed = await saveSmsSettings(trx, actor.tenant.id, s.now, input);
    if (Object.keys(changed).length > 0) {
      await auditStaffChange(trx, s, actor, AUDIT_ACTION.smsSettingsSave, { type: AUDIT_TARGET.school, id: actor.tenant.id, name: actor.tenant.name }, changed);
    }
  });
  return smsSettings(s, actor);
}
