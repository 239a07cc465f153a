import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { windowOf } from '../../db/paging';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { pageOf, type Page, type PageQuery } from '~/lib/paging';
import { durationParts, hasDuration } from '~/lib/learning/display';
import { ACTIVITY_STATUS } from '~/lib/learning/attendance';
import { finishActivityRate, pastBefore, pastSums, startsWithin, todayRange } from '~/lib/learning/class-page';
import { DEFAULT_PAST_PAGE_SIZE, DYNAMIC_PAGE_SIZE, mainTabs } from '~/lib/learning/class-detail';
import type {
  ActivityDynamic,
  BehaviourCount,
  ClassFirstView,
  ClassActivityItem,
  ClassStudentCourse,
  PastActivitySum,
  TodayActivity,
  UserStatistic,
  UserStudySituation,
} from '~/lib/api/contracts/learning-class';
import { classDetailWithEnrolment, countVisit, studentEnrolment, type StudentEnrolment } from '../classes/classes.service';
import {
  classDynamics,
  countStudentDynamics,
  latestDynamicsByActivity,
  pageStudentActivities,
  studentActivities,
  studentActivity,
  type StudentActivity,
} from '../activities/activities.service';
import { courseDuties, participantsOf } from '../duties/duties.service';
import { studyTimeIn } from '../study/study.service';
import { answeringMs } from '../../exams/attempts/handed-in.service';

/**
 * The class page: the student card's statistics, today's and past
 * activities, the dynamics and the courses, each read for the token's user's own enrolment in the
 * class (studentEnrolment refuses anyone else's userId, studentId or class) and composed from the
 * learning sub-domains' services. An activity a call names must be the class's.
 */

interface ClassInput {
  classId: string;
  userId?: string | undefined;
  studentId?: string | undefined;
  schoolId?: string | undefined;
}

/** Dynamics carried by each of today's activities (the newest few; the dynamic page has them all). */
const ACTIVITY_DYNAMICS = 5;

const ref = (e: StudentEnrolment) => ({ tenantId: e.tenantId, classId: e.classId, classStudentId: e.classStudentId });
const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

/** A duration as the student card shows it: hours and minutes, or null when there is none ('--'). */
function durationText(ms: number): string | null {
  if (!hasDuration(ms)) return null;
  const { hours, minutes } = durationParts(ms);
  if (hours > 0) return t('learning.durationHours', { hours, minutes });
  if (minutes > 0) return t('learning.durationMinutes', { minutes });
  return t('learning.durationUnderMinute');
}

/** Study time credited in the class's lessons (ms): the study service's one rule. */
function creditedMs(s: Scope, e: StudentEnrolment): Promise<number> {
  return studyTimeIn(s, ref(e));
}

function activityItem(a: StudentActivity): ClassActivityItem {
  return {
    id: a.id,
    activityId: a.id,
    activityName: a.name,
    isRequired: a.isRequired,
    onlineType: a.onlineType,
    classActivityStatus: a.classActivityStatus,
    startTime: formatDateTime(a.startAt),
    endTime: formatDateTime(a.endAt),
    extendId: a.courseId,
    courseName: a.courseName,
    bizType: a.bizType,
    position: a.position,
    address: a.address,
    classroomId: a.classroomId,
    classroomName: a.classroomName,
    classroomType: a.classroomType,
    finStatus: a.finished ? 1 : 0,
    signInTime: time(a.signedInAt),
    signOutTime: time(a.signedOutAt),
  };
}

type DynamicRow = Awaited<ReturnType<typeof classDynamics>>['rows'][number];

function dynamicItem(d: DynamicRow): ActivityDynamic {
  return {
    id: d.id,
    activityId: d.activityId,
    avatar: d.avatar,
    realName: d.realName || d.nickName || '',
    content: d.content,
    type: d.type,
    createdTime: formatDateTime(d.createdAt),
  };
}

export async function userStudySituation(s: Scope, input: ClassInput & { studentId: string }): Promise<UserStudySituation> {
  return situationOf(s, await studentEnrolment(s, input));
}

async function situationOf(s: Scope, e: StudentEnrolment, every: Promise<StudentActivity[]> = studentActivities(s, ref(e), {})): Promise<UserStudySituation> {
  const [activities, studied, answered] = await Promise.all([
    every,
    creditedMs(s, e),
    answeringMs(s, { tenantId: e.tenantId, classStudentId: e.classStudentId }),
  ]);
  return {
    finishActivityRate: finishActivityRate(activities),
    studyDurationStr: durationText(studied),
    studyDuration: studied,
    answerDurationStr: durationText(answered),
    answerDuration: answered,
    evaluateStatus: e.row.evaluateStatus,
  };
}

export async function behaviourCount(s: Scope, input: ClassInput & { studentId: string; userId: string }): Promise<BehaviourCount> {
  const e = await studentEnrolment(s, input);
  const [activities, questions] = await Promise.all([studentActivities(s, ref(e), {}), countStudentDynamics(s, ref(e), 2)]);
  return {
    classroomAttendanceTotal: activities.filter((a) => a.classActivityStatus === ACTIVITY_STATUS.attended).length,
    questionCount: questions,
    // The classmate circle is a mobile-app feature, not open on the desktop: nothing to count.
    classmateCircleCount: 0,
    activityTotal: activities.length,
  };
}

export async function courseStatistic(s: Scope, input: ClassInput & { studentId: string }): Promise<{ classStudentCourseResultVOS: ClassStudentCourse[] }> {
  return coursesOf(s, await studentEnrolment(s, input));
}

async function coursesOf(s: Scope, e: StudentEnrolment): Promise<{ classStudentCourseResultVOS: ClassStudentCourse[] }> {
  const [duties, participants] = await Promise.all([courseDuties(s, ref(e)), participantsOf(s, { tenantId: e.tenantId, classId: e.classId })]);
  return {
    classStudentCourseResultVOS: duties.map(({ course: c, figures: f, requirements }) => ({
      courseId: c.id,
      courseName: c.name,
      cover: c.cover,
      courseNature: c.courseNature,
      thirdPlatformType: c.thirdPlatformType,
      learningPlatform: c.learningPlatform,
      learningUrl: c.learningUrl,
      courseClassCode: c.courseClassCode,
      learnStartTime: time(c.learnStartAt),
      learnEndTime: time(c.learnEndAt),
      introduce: c.introduce,
      faceTeachingNumber: f.faceTeachingNumber,
      finishFaceTeachingNumber: f.finishFaceTeachingNumber,
      needStudyDuration: f.studyTime,
      finishedStudyDuration: f.finishStudyTime,
      testNumber: f.testNumber,
      finishTestNumber: f.finishTestNumber,
      homeworkNumber: f.homeworkNumber,
      finishHomeworkNumber: f.finishHomeworkNumber,
      requirements,
      countResultVO: { studyNumber: participants.get(c.id) ?? 0 },
    })),
  };
}

export async function userStatistic(s: Scope, input: ClassInput & { studentId: string }): Promise<UserStatistic> {
  const e = await studentEnrolment(s, input);
  return { effectiveLearningDuration: await creditedMs(s, e), interviewClassNum: e.row.visitCount };
}

export async function todayActivities(s: Scope, input: ClassInput & { userId: string }): Promise<{ activityResultVOList: TodayActivity[] }> {
  return { activityResultVOList: await todayOf(s, await studentEnrolment(s, input)) };
}

/** Today's activities with their latest dynamics; `every` (all the student's activities, earliest first) when the caller read them already. */
async function todayOf(s: Scope, e: StudentEnrolment, every?: Promise<StudentActivity[]>): Promise<TodayActivity[]> {
  const today = todayRange(s.now);
  const activities = every ? (await every).filter((a) => startsWithin(a.startAt, today)) : await studentActivities(s, ref(e), today);
  const dynamics = await latestDynamicsByActivity(s, { tenantId: e.tenantId, classId: e.classId, activityIds: activities.map((a) => a.id) }, ACTIVITY_DYNAMICS);
  return activities.map((a) => ({ ...activityItem(a), dynamic: (dynamics.get(a.id) ?? []).map(dynamicItem) }));
}

export async function pastActivitySum(s: Scope, input: ClassInput & { userId: string }): Promise<PastActivitySum> {
  return pastSumOf(s, await studentEnrolment(s, input));
}

async function pastSumOf(s: Scope, e: StudentEnrolment): Promise<PastActivitySum> {
  return pastSums(await studentActivities(s, ref(e), { to: pastBefore(s.now) }));
}

type PastFilter = { classActivityStatus?: 0 | 1 | 2 | undefined; isRequired?: 0 | 1 | undefined };

export async function pastActivityPage(
  s: Scope,
  input: PageQuery & {
    classId: string;
    userId: string;
    schoolId?: string | undefined;
    classActivityStatus?: 0 | 1 | 2 | undefined;
    isRequired?: 0 | 1 | undefined;
  },
): Promise<Page<ClassActivityItem>> {
  return pastPageOf(s, await studentEnrolment(s, input), input);
}

async function pastPageOf(s: Scope, e: StudentEnrolment, input: PageQuery & PastFilter): Promise<Page<ClassActivityItem>> {
  const { rows, total } = await pageStudentActivities(
    s,
    ref(e),
    { to: pastBefore(s.now), status: input.classActivityStatus, isRequired: input.isRequired },
    windowOf(input),
  );
  return pageOf(rows.map(activityItem), total, input.current, input.size);
}

export async function dynamicPage(
  s: Scope,
  input: PageQuery & { classId: string; activityId?: string | undefined; schoolId?: string | undefined },
): Promise<Page<ActivityDynamic>> {
  const e = await studentEnrolment(s, input);
  if (input.activityId !== undefined && !(await studentActivity(s, ref(e), input.activityId))) throw AppError.notFound(t('learning.activityNotFound'));
  return dynamicsOf(s, e, input);
}

async function dynamicsOf(s: Scope, e: StudentEnrolment, input: PageQuery & { activityId?: string | undefined }): Promise<Page<ActivityDynamic>> {
  const { rows, total } = await classDynamics(s, { tenantId: e.tenantId, classId: e.classId, activityId: input.activityId }, windowOf(input));
  return pageOf(rows.map(dynamicItem), total, input.current, input.size);
}

/**
 * The class page's first view in one call (ClassFirstView): the detail and the enrolment it was read
 * from (found once for every part), this visit, then the card's statistics, the courses and the first
 * tab's content together, each part made by the function its own call uses.
 */
export async function classFirstView(s: Scope, input: ClassInput & { userId: string }): Promise<ClassFirstView> {
  const { detail, e } = await classDetailWithEnrolment(s, input);
  const visits = await countVisit(s, e);
  const opensOn = mainTabs(detail.teachingClassStatus).initial;
  // The student's activities, read once for the card's rate and today's list.
  const every = studentActivities(s, ref(e), {});
  const [situation, courses, today, past] = await Promise.all([
    situationOf(s, e, every),
    coursesOf(s, e),
    opensOn === 'today'
      ? Promise.all([todayOf(s, e, every), dynamicsOf(s, e, { current: 1, size: DYNAMIC_PAGE_SIZE, order: 'desc', countTotal: false })]).then(
          ([activities, dynamics]) => ({
            activities,
            dynamics: dynamics.records,
          }),
        )
      : null,
    opensOn === 'past'
      ? Promise.all([pastSumOf(s, e), pastPageOf(s, e, { current: 1, size: DEFAULT_PAST_PAGE_SIZE, order: 'desc' })]).then(([sums, page]) => ({ sums, page }))
      : null,
  ]);
  return { detail, visits, situation, courses, today, past };
}
