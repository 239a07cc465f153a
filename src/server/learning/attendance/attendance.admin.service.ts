import { AppError } from '../../errors';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { activityExpected, activityStatus } from '~/lib/learning/attendance';
import { maskMobile } from '~/lib/learning/class-admin';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import { formatDateTime } from '~/lib/time/cst';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import type { ActivityAttendance, AdminActivity, AttendanceRow, AttendanceState } from '~/lib/api/contracts/admin-activities';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditStaffAction } from '../../staff/audit/audit.service';
import { csvFile } from '../../http/csv';
import { activityOf } from '../activities/activities.admin.service';
import { membershipsIn } from '../activities/activities.service';
import * as repo from './attendance.admin.repository';
import { classRoster } from './roster.read-model';
import { correctionRefusal } from './attendance.admin.rules';

/**
 * The staff side of attendance: for one activity of a class in the staff member's scope, every
 * student the class expects (those who never signed in too: absent, 缺勤, once it has ended), with
 * their sign-in and sign-out; a teacher's correction (set or remove a sign, with a reason) is
 * audited with before and after in the same transaction and is what the learner's own screens
 * then read (they read the same rows); the list as a CSV file.
 */

async function rowsOf(s: Scope, db: DB, tenantId: string, classId: string, activity: AdminActivity): Promise<AttendanceRow[]> {
  const now = s.now;
  const [roster, signs, memberships] = await Promise.all([
    classRoster(db, tenantId, classId, activity.id),
    repo.signsOfActivity(db, tenantId, classId, activity.id),
    membershipsIn(s, { tenantId, classId, students: 'admitted' }, db),
  ]);
  const signOf = (id: string, type: number) => signs.find((x) => x.classStudentId === id && x.type === type);
  // Only the students the activity is theirs (from their enrolment, in their periods; decision 051).
  return roster
    .filter((r) => activityExpected(activity, memberships.get(r.id) ?? []))
    .map((r) => {
      const signIn = signOf(r.id, SIGN_IN);
      const signOut = signOf(r.id, SIGN_OUT);
      const signedInAt = signIn?.signedAt ?? null;
      return {
        studentId: r.id,
        name: r.realName || r.nickName || maskMobile(r.mobile),
        mobile: maskMobile(r.mobile),
        signedInAt,
        signedOutAt: signOut?.signedAt ?? null,
        signInCorrected: !!signIn?.correctedBy,
        signOutCorrected: !!signOut?.correctedBy,
        state: activityStatus({
          onlineType: activity.onlineType,
          classroomType: r.classroomType,
          endAt: activity.endAt,
          signedInAt,
          lessonFinishedAt: r.lessonFinishedAt,
          workSubmittedAt: r.workSubmittedAt,
          now,
        }) as AttendanceState,
      };
    });
}

export async function activityAttendance(s: Scope, actor: StaffActor, classId: string, activityId: string): Promise<ActivityAttendance> {
  const activity = await activityOf(s, actor, classId, activityId);
  const rows = await rowsOf(s, s.db, actor.tenant.id, classId, activity);
  return {
    activity,
    rows,
    counts: {
      students: rows.length,
      signedIn: rows.filter((r) => r.signedInAt !== null).length,
      signedOut: rows.filter((r) => r.signedOutAt !== null).length,
      absent: rows.filter((r) => r.state === 1).length,
    },
  };
}

/** Sets (at a time) or removes one student's sign-in or sign-out of an activity, with the teacher's reason. */
export async function correctAttendance(
  s: Scope,
  actor: StaffActor,
  classId: string,
  input: { activityId: string; studentId: string; type: number; signedAt: number | null; reason: string },
): Promise<AttendanceRow> {
  const tenantId = actor.tenant.id;
  const activity = await activityOf(s, actor, classId, input.activityId);
  await s.db.transaction().execute(async (trx) => {
    const current = (await rowsOf(s, trx, tenantId, classId, activity)).find((r) => r.studentId === input.studentId);
    if (!current) throw AppError.notFound(t('attendance.studentNotFound'));
    const refusal = correctionRefusal(current, input);
    if (refusal) throw AppError.badRequest(t(`attendance.${refusal}`));
    if (input.signedAt === null) await repo.removeSign(trx, tenantId, classId, activity.id, input.studentId, input.type);
    else {
      await repo.setSign(trx, tenantId, {
        id: newId(s.now),
        classId,
        activityId: activity.id,
        classStudentId: input.studentId,
        type: input.type,
        signedAt: input.signedAt,
        correctedBy: actor.account.id,
        now: s.now,
      });
    }
    const field = input.type === SIGN_IN ? 'signIn' : 'signOut';
    const was = input.type === SIGN_IN ? current.signedInAt : current.signedOutAt;
    const text = (ms: number | null) => (ms === null ? null : formatDateTime(ms));
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.attendanceCorrect,
      { type: AUDIT_TARGET.attendance, id: activity.id },
      { [field]: text(was) },
      { student: `${current.name} ${current.mobile}`, [field]: text(input.signedAt), reason: input.reason },
    );
  });
  const rows = await rowsOf(s, s.db, tenantId, classId, activity);
  return rows.find((r) => r.studentId === input.studentId)!;
}

const STATE_KEY = ['attendance.state.0', 'attendance.state.1', 'attendance.state.2'] as const;

/** The activity's attendance as a CSV file (UTF-8 with BOM, formula-guarded: the shared CSV rules). */
export async function attendanceCsv(s: Scope, actor: StaffActor, classId: string, activityId: string): Promise<{ name: string; text: string }> {
  const { activity, rows } = await activityAttendance(s, actor, classId, activityId);
  const time = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));
  const text = csvFile(
    [
      t('attendance.csv.name'),
      t('attendance.csv.mobile'),
      t('attendance.csv.signIn'),
      t('attendance.csv.signOut'),
      t('attendance.csv.state'),
      t('attendance.csv.corrected'),
    ],
    rows.map((r) => [
      r.name,
      r.mobile,
      time(r.signedInAt),
      time(r.signedOutAt),
      t(STATE_KEY[r.state]),
      r.signInCorrected || r.signOutCorrected ? t('attendance.csv.yes') : '',
    ]),
  );
  return { name: `${t('attendance.fileName')}-${activity.name}-${formatDateTime(activity.startAt).slice(0, 10)}.csv`, text };
}
