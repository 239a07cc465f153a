import { translator } from '~/lib/i18n/translate';
import { agreement } from '~/lib/i18n/messages/agreement';
import { certificates } from '~/lib/i18n/messages/certificates';
import { certificateResult } from '~/lib/i18n/messages/certificate-result';
import { common } from '~/lib/i18n/messages/common';
import { consult } from '~/lib/i18n/messages/consult';
import { format } from '~/lib/i18n/messages/format';
import { header } from '~/lib/i18n/messages/header';
import { home } from '~/lib/i18n/messages/home';
import { learner } from '~/lib/i18n/messages/learner';
import { course } from '~/lib/i18n/messages/course';
import { learnerClass } from '~/lib/i18n/messages/learner-class';
import { timetable } from '~/lib/i18n/messages/timetable';
import { exams } from '~/lib/i18n/messages/exams';
import { login } from '~/lib/i18n/messages/login';
import { mine } from '~/lib/i18n/messages/mine';
import { player } from '~/lib/i18n/messages/player';
import { register } from '~/lib/i18n/messages/register';
import { rules } from '~/lib/i18n/messages/rules';
import { sms } from '~/lib/i18n/messages/sms';
import { sso } from '~/lib/i18n/messages/sso';
import { admin } from '~/lib/i18n/messages/admin';
import { adminContent } from '~/lib/i18n/messages/admin-content';
import { adminSchool } from '~/lib/i18n/messages/admin-school';
import { adminCatalog } from '~/lib/i18n/messages/admin-catalog';
import { adminClasses } from '~/lib/i18n/messages/admin-classes';
import { adminActivities } from '~/lib/i18n/messages/admin-activities';
import { adminJobs } from '~/lib/i18n/messages/admin-jobs';
import { adminMedia } from '~/lib/i18n/messages/admin-media';
import { adminInbox } from '~/lib/i18n/messages/admin-inbox';
import { adminCourses } from '~/lib/i18n/messages/admin-courses';
import { adminCertificates } from '~/lib/i18n/messages/admin-certificates';
import { adminMarking } from '~/lib/i18n/messages/admin-marking';
import { adminBank } from '~/lib/i18n/messages/admin-bank';
import { adminStudents } from '~/lib/i18n/messages/admin-students';
import { adminMessages } from '~/lib/i18n/messages/admin-messages';
import { messageCentre } from '~/lib/i18n/messages/message-centre';
import { serverMessages } from './messages';
import { staffServerMessages } from './staff-messages';

/**
 * Every catalogue: the browser areas (src/lib/i18n/messages) and the messages only the server
 * speaks. For server code and .astro pages, components and layouts; never for islands, which
 * import their area's `t` so that a page ships only the strings its islands use.
 */
export const catalogues = [
  common,
  header,
  format,
  home,
  player,
  sms,
  consult,
  rules,
  agreement,
  login,
  register,
  sso,
  mine,
  certificates,
  certificateResult,
  learner,
  course,
  learnerClass,
  timetable,
  exams,
  admin,
  adminContent,
  adminSchool,
  adminCatalog,
  adminClasses,
  adminActivities,
  adminInbox,
  adminJobs,
  adminMedia,
  adminCourses,
  adminCertificates,
  adminMarking,
  adminBank,
  adminStudents,
  adminMessages,
  messageCentre,
  serverMessages,
  staffServerMessages,
] as const;

export const t = translator(...catalogues);

export type MessageKey = Parameters<typeof t>[0];
