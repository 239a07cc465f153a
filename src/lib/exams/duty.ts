import dayjs from 'dayjs';
import type { AttemptActivity, DutyReport } from '../api/contracts/exams';
import type { WorkQuery } from './routes';

/** The duty report's currentTime: the device's time as 'YYYY-MM-DD HH:mm:ss'. */
export function dutyTime(at: Date = new Date()): string {
  return dayjs(at).format('YYYY-MM-DD HH:mm:ss');
}

/**
 * The duty report after a submission in an activity (dutyType SUBMIT, finStatus 2, realValue 1,
 * with the activity, class and lesson). bizType, activityContentId and tenantId come from the activity as the
 * server found it when the attempt started (an address need not carry them), else the address.
 */
export function dutyReportOf(query: WorkQuery, activity: AttemptActivity | null, userId: string, at: Date = new Date()): DutyReport {
  return {
    activityId: activity?.activityId ?? query.activityId,
    bizId: query.classId,
    bizType: activity?.bizType || query.bizType || undefined,
    contentId: query.classroomId,
    currentTime: dutyTime(at),
    finStatus: 2,
    realValue: 1,
    tenantId: activity?.tenantId || undefined,
    userId,
    activityContentId: activity?.activityContentId || query.activityContentId || undefined,
    dutyType: 'SUBMIT',
    studentId: query.studentId,
  };
}
