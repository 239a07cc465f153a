import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import type { Highlights, HighlightsRequest, OfflineClassroom, OfflineClassroomRequest } from '~/lib/api/contracts/classroom-offline';
import { studentEnrolment } from '../classes/classes.service';
import { classCourse, lessonsOf } from '../courses/courses.service';
import { studentActivity } from '../activities/activities.service';
import { activityHighlights, lessonContent } from '../offline-classroom/offline-classroom.service';

/**
 * The learner's face-to-face classroom screen: a face-to-face lesson of a course the class
 * teaches, with its notes, numbered points and teachers, and the highlights of one of the class's
 * activities. Every call starts with the token's user's enrolment in the class; the course must
 * be the class's (404 未找到该课程), the lesson the course's face-to-face lesson and the activity
 * the class's and of that lesson or course (404 otherwise). The lesson's content belongs to
 * learning/offline-classroom, which the course editor writes; this screen sits above both.
 */

const time = (ms: number | null | undefined) => (ms == null ? null : formatDateTime(ms));

export async function offlineClassroomDetail(s: Scope, input: OfflineClassroomRequest): Promise<OfflineClassroom> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.studentId });
  const course = await classCourse(s, { tenantId: e.tenantId, classId: e.classId, courseId: input.courseId });
  if (!course) throw AppError.notFound(t('learning.courseNotFound'));
  const lesson = (await lessonsOf(s, { tenantId: e.tenantId, courseIds: [course.id] })).find((l) => l.id === input.classroomId);
  if (!lesson) throw AppError.notFound(t('learning.classroomNotFound'));
  if (lesson.classroomType !== CLASSROOM_TYPE.FACE_TO_FACE) throw AppError.badRequest(t('learning.notOfflineClassroom'));
  const activity = input.activityId === undefined ? undefined : await studentActivity(s, e, input.activityId);
  if (input.activityId !== undefined && (!activity || activity.classroomId !== lesson.id)) throw AppError.notFound(t('learning.activityNotFound'));
  const { notes: desc, points, teachers } = await lessonContent(s, { tenantId: e.tenantId, lessonId: lesson.id });
  return {
    classroomId: lesson.id,
    classroomName: lesson.name,
    courseId: course.id,
    courseName: course.name,
    isRequired: (activity ? activity.isRequired : lesson.mustLearn) === 1 ? 1 : 0,
    desc,
    points: points.map((p, i) => ({ seq: i + 1, pointDesc: p.pointDesc })),
    teacherList: teachers.map((r, i) => ({ teacherName: r.teacherName, teacherAvatar: r.teacherAvatar, lead: i === 0 })),
    position: activity ? activity.position : lesson.position,
    address: activity ? activity.address : lesson.address,
    classStartTime: time(activity ? activity.startAt : lesson.classStartAt),
    classEndTime: time(activity ? activity.endAt : lesson.classEndAt),
  };
}

export async function classroomHighlights(s: Scope, input: HighlightsRequest): Promise<Highlights> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.studentId });
  const activity = await studentActivity(s, e, input.bizId);
  if (!activity) throw AppError.notFound(t('learning.activityNotFound'));
  if (activity.courseId !== input.courseId) throw AppError.notFound(t('learning.courseNotFound'));
  const rows = await activityHighlights(s, { tenantId: e.tenantId, activityId: activity.id });
  return {
    courseId: input.courseId,
    titbits: rows.map((r) => ({ id: r.id, fileType: r.fileType === 'VIDEO' ? 'VIDEO' : 'IMAGE', url: r.url, titbitName: r.titbitName, cover: r.cover })),
  };
}
