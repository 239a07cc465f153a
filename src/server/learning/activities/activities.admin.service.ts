import { AppError } from '../../errors';
import { windowOf } from '../../db/paging';
import type { Scope } from '../../http/scope';
import { newId } from '../../ids';
import { pageOf, type Page } from '~/lib/paging';
import { t } from '~/server/i18n';
import { RECURRENCE_CAP, expandWeekly } from '~/lib/learning/recurrence';
import { ONLINE_TYPE } from '~/lib/learning/codes';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import type { ActivitiesSaved, ActivityOptions, AdminActivity, SeriesScope } from '~/lib/api/contracts/admin-activities';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditStaffAction } from '../../staff/audit/audit.service';
import { assertClassInScope } from '../classes/classes.admin.service';
import { classCourses, lessonsOf } from '../courses/courses.service';
import * as repo from './activities.admin.repository';
import * as views from './staff-activities.read-model';
import { ACTIVITY_MAX_HOURS, activityRefusal, shiftedTimes } from './activities.admin.rules';

/**
 * The staff side of class activities: the class's teachers (through the class scope) and the
 * school's administrators schedule them, once or every week on chosen weekdays (a series: every
 * occurrence carries the series id, so one occurrence or this-and-following can be changed or
 * deleted). The learner's timetable, class page and calendar feed read the same rows, so a change
 * shows there at once. Writes are audited in their own transaction.
 */

const notFound = () => AppError.notFound(t('activities.notFound'));
const BIZ_TYPE = { [ONLINE_TYPE.ONLINE]: 'ONLINE_CLASSROOM', [ONLINE_TYPE.OFFLINE]: 'OFFLINE_CLASSROOM' } as Record<number, string>;

function view(r: views.StaffActivityRow): AdminActivity {
  return {
    id: r.id,
    name: r.name,
    courseId: r.courseId,
    courseName: r.courseName,
    classroomId: r.classroomId,
    classroomName: r.classroomName,
    onlineType: r.onlineType,
    isRequired: r.isRequired,
    startAt: r.startAt,
    endAt: r.endAt,
    position: r.position,
    address: r.address,
    signIn: r.signIn === 1,
    signOut: r.signOut === 1,
    onlineAttendance: r.onlineAttendance === 1,
    seriesId: r.seriesId,
  };
}

/** What the audit log keeps of an activity. */
const audited = (a: AdminActivity) => ({
  name: a.name,
  courseId: a.courseId,
  classroomId: a.classroomId,
  onlineType: a.onlineType,
  isRequired: a.isRequired,
  startAt: a.startAt,
  endAt: a.endAt,
  position: a.position,
  address: a.address,
  signIn: a.signIn,
  signOut: a.signOut,
  onlineAttendance: a.onlineAttendance,
});

export async function pageActivities(
  s: Scope,
  actor: StaffActor,
  classId: string,
  q: { current: number; size: number; from?: number | undefined; to?: number | undefined; onlineType?: number | undefined; isRequired?: number | undefined },
): Promise<Page<AdminActivity>> {
  await assertClassInScope(s, actor, classId);
  const { rows, total } = await views.pageActivities(s.db, actor.tenant.id, classId, q, windowOf({ current: q.current, size: q.size, order: 'asc' }));
  return pageOf(rows.map(view), total, q.current, q.size);
}

/** One activity of a class in the actor's scope (404 otherwise); other domains (attendance) start here. */
export async function activityOf(s: Scope, actor: StaffActor, classId: string, activityId: string): Promise<AdminActivity> {
  await assertClassInScope(s, actor, classId);
  const row = await views.findActivity(s.db, actor.tenant.id, classId, activityId);
  if (!row) throw notFound();
  return view(row);
}

/** The class's courses and their lessons, for the form's choices. */
export async function activityOptions(s: Scope, actor: StaffActor, classId: string): Promise<ActivityOptions> {
  await assertClassInScope(s, actor, classId);
  const courses = await classCourses(s, { tenantId: actor.tenant.id, classId });
  const lessons = await lessonsOf(s, { tenantId: actor.tenant.id, courseIds: courses.map((c) => c.id) });
  return {
    courses: courses.map((c) => ({
      id: c.id,
      name: c.name,
      lessons: lessons.filter((l) => l.courseId === c.id).map((l) => ({ id: l.id, name: l.name })),
    })),
  };
}

/** An activity's fields as the route read them: the list's own fields (times in epoch ms), the repeat's end as epoch ms. */
export type ActivityFieldsInput = Pick<
  AdminActivity,
  'name' | 'courseId' | 'classroomId' | 'onlineType' | 'isRequired' | 'startAt' | 'endAt' | 'position' | 'address' | 'signIn' | 'signOut' | 'onlineAttendance'
> & {
  activityId?: string | undefined;
  repeat: { weekdays: number[]; until: number | null; count: number | null } | null;
  scope: SeriesScope;
};

async function checkFields(s: Scope, tenantId: string, classId: string, input: ActivityFieldsInput): Promise<void> {
  const refusal = activityRefusal(input);
  if (refusal) throw AppError.badRequest(t(`activities.${refusal}`, { hours: ACTIVITY_MAX_HOURS }));
  if (input.courseId === null) return;
  const courses = await classCourses(s, { tenantId, classId });
  if (!courses.some((c) => c.id === input.courseId)) throw AppError.badRequest(t('activities.courseNotInClass'));
  if (input.classroomId === null) return;
  const lessons = await lessonsOf(s, { tenantId, courseIds: [input.courseId] });
  if (!lessons.some((l) => l.id === input.classroomId)) throw AppError.badRequest(t('activities.lessonNotInCourse'));
}

function columns(input: ActivityFieldsInput): repo.ActivityFields {
  return {
    name: input.name,
    courseId: input.courseId,
    classroomId: input.classroomId,
    onlineType: input.onlineType,
    isRequired: input.isRequired,
    bizType: BIZ_TYPE[input.onlineType] ?? null,
    startAt: input.startAt,
    endAt: input.endAt,
    position: input.position,
    address: input.address,
    signIn: input.signIn ? 1 : 0,
    signOut: input.signOut ? 1 : 0,
    onlineAttendance: input.onlineAttendance ? 1 : 0,
  };
}

/**
 * Creates an activity (or a weekly series of them), or changes one: alone, or with the later
 * occurrences of its series (each moved by the same amount, see shiftedTimes).
 */
export async function saveActivity(s: Scope, actor: StaffActor, classId: string, input: ActivityFieldsInput): Promise<ActivitiesSaved> {
  const tenantId = actor.tenant.id;
  await assertClassInScope(s, actor, classId);
  await checkFields(s, tenantId, classId, input);
  const fields = columns(input);
  if (!input.activityId) {
    let times = [{ startAt: input.startAt, endAt: input.endAt }];
    let seriesId: string | null = null;
    if (input.repeat) {
      const r = expandWeekly({
        startAt: input.startAt,
        endAt: input.endAt,
        ...input.repeat,
        until: input.repeat.until ?? undefined,
        count: input.repeat.count ?? undefined,
      });
      if (!r.ok) throw AppError.badRequest(t(`activities.repeat.${r.reason}`, { max: RECURRENCE_CAP }));
      times = r.occurrences;
      seriesId = newId(s.now);
    }
    const rows = times.map((o) => ({ ...fields, ...o, id: newId(s.now), seriesId, createdAt: s.now }));
    await s.db.transaction().execute(async (trx) => {
      await assertClassInScope(s, actor, classId, trx);
      await repo.insertActivities(trx, tenantId, classId, rows);
      const after = { ...audited({ ...view({ ...rows[0]!, courseName: null, classroomName: null }) }), occurrences: rows.length, seriesId };
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.activityCreate, { type: AUDIT_TARGET.classActivity, id: rows[0]!.id }, null, after);
    });
    return { ids: rows.map((r) => r.id), seriesId };
  }
  if (input.repeat) throw AppError.badRequest(t('activities.repeatOnNewOnly'));
  const activityId = input.activityId;
  return s.db.transaction().execute(async (trx) => {
    await assertClassInScope(s, actor, classId, trx);
    const before = await views.findActivity(trx, tenantId, classId, activityId);
    if (!before) throw notFound();
    const following = input.scope === 'following' && before.seriesId !== null;
    const targets = following ? await views.seriesFrom(trx, tenantId, classId, before.seriesId!, before.startAt) : [before];
    const times = shiftedTimes(
      { startAt: before.startAt },
      input,
      targets.map((o) => ({ id: o.id, startAt: o.startAt })),
    );
    for (const o of times) {
      if (!(await repo.updateActivity(trx, tenantId, classId, o.id, { ...fields, startAt: o.startAt, endAt: o.endAt }))) throw notFound();
    }
    const target = { type: AUDIT_TARGET.classActivity, id: activityId };
    const beforeView = audited(view(before));
    const after = audited(view({ ...before, ...fields }));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.activityUpdate, target, { ...beforeView, occurrences: 0 }, { ...after, occurrences: times.length });
    return { ids: times.map((o) => o.id), seriesId: before.seriesId };
  });
}

/** Deletes an activity, or it and the later occurrences of its series; their sign-ins go with them. */
export async function deleteActivity(s: Scope, actor: StaffActor, classId: string, activityId: string, scope: SeriesScope): Promise<{ deleted: number }> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertClassInScope(s, actor, classId, trx);
    const before = await views.findActivity(trx, tenantId, classId, activityId);
    if (!before) throw notFound();
    const targets =
      scope === 'following' && before.seriesId !== null ? await views.seriesFrom(trx, tenantId, classId, before.seriesId, before.startAt) : [before];
    const deleted = await repo.deleteActivities(
      trx,
      tenantId,
      classId,
      targets.map((r) => r.id),
    );
    if (deleted === 0) throw notFound();
    const target = { type: AUDIT_TARGET.classActivity, id: activityId };
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.activityDelete, target, { ...audited(view(before)), occurrences: deleted }, null);
    return { deleted };
  });
}
