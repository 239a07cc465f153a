import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { t } from '~/server/i18n';
import { ErrorCode } from '~/lib/envelope';
import { courseEntry } from '~/lib/learning/course';
import { studentEnrolment } from '../classes/classes.service';
import { classCourse } from '../courses/courses.service';
import { createPlatformClient, PlatformError } from './third-party.provider';
import { allowedPlatformUrl, sameSiteBackUrl } from './third-party.rules';

/**
 * Entering a third-party platform course (decision 021): the student's own
 * enrolment and a course of that class first, then, server to server, the user is synced to the
 * platform, a single-sign-on code is obtained and the classroom URL is requested with the page to
 * come back to, the course's class code and type 'S'. The browser gets only the URL, and only an
 * http(s) one.
 */

const unavailable = (key: 'learning.platformFailed') => new AppError(ErrorCode.UNAVAILABLE, t(key));

/** This site is connected to the third-party platform: its address and its secret are configured. */
export function platformReady(s: Scope): boolean {
  return !!s.config.THIRD_PARTY_PLATFORM_URL && !!s.config.THIRD_PARTY_PLATFORM_SECRET;
}

export async function launchThirdParty(
  s: Scope,
  input: { courseId: string; classId: string; classStudentId: string; userId?: string | undefined; backUrl: string },
): Promise<{ url: string }> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.classStudentId });
  const course = await classCourse(s, { tenantId: e.tenantId, classId: e.classId, courseId: input.courseId });
  if (!course) throw AppError.notFound(t('learning.courseNotFound'));
  const entry = courseEntry({ ...course, platformReady: platformReady(s) });
  if (entry === 'closed') throw AppError.conflict(t('learning.courseNotOpen'));
  if (entry === 'internal') throw AppError.conflict(t('learning.notThirdPartyCourse'));
  // Not a failure of the platform: this site is not connected to it, which the course page says too.
  if (entry === 'thirdPartyUnavailable') throw AppError.conflict(t('learning.platformNotConfigured'));
  const backUrl = sameSiteBackUrl(input.backUrl, s.host);
  if (!backUrl) throw AppError.badRequest(t('learning.badBackUrl'));

  const { THIRD_PARTY_PLATFORM_URL: base, THIRD_PARTY_PLATFORM_SECRET: secret } = s.config;
  if (!base || !secret) throw AppError.conflict(t('learning.platformNotConfigured'));
  const platform = createPlatformClient(base, secret, () => s.now);
  const user = e.student.user;
  const learningPlatform = course.learningPlatform;
  try {
    const platformUserId = await platform.syncUser({
      learningPlatform,
      thirdPlatformType: course.thirdPlatformType!,
      tenantId: e.tenantId,
      userId: user.id,
      mobile: user.mobile ?? null,
      realName: user.realName ?? null,
      nickName: user.nickName ?? null,
    });
    const code = await platform.ssoCode({ learningPlatform, platformUserId });
    const raw = await platform.classroomUrl({ learningPlatform, code, backUrl, classroomCode: course.courseClassCode ?? '', type: 'S' });
    const url = allowedPlatformUrl(raw);
    if (!url) throw new PlatformError('the classroom URL is not an http(s) URL');
    return { url };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    s.logger.warn('third-party platform failed', { requestId: s.requestId, courseId: course.id, error: error.message });
    throw unavailable('learning.platformFailed');
  }
}
