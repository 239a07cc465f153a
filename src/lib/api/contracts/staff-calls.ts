import { callsOf } from '../contract';
import * as staff from './staff';
import * as content from './admin-content';
import * as school from './admin-school';
import * as classes from './admin-classes';
import * as jobs from './admin-jobs';
import * as media from './admin-media';
import * as activities from './admin-activities';
import * as interaction from './admin-interaction';
import * as progress from './admin-progress';
import * as certificates from './admin-certificates';
import * as courses from './admin-courses';
import * as marking from './admin-marking';
import * as bank from './admin-bank';
import * as dashboard from './admin-dashboard';
import * as students from './admin-students';
import * as messages from './admin-messages';
import { CATALOG_CALLS } from './admin-catalog';

/**
 * Every staff call by name: the router serves each through the access table under the same name.
 * Each module's calls are read from its exports, so a call declared in a staff contract module is
 * here, and the access table (which must name every one) does not compile until it is gated.
 */
export const STAFF_CALLS = {
  ...callsOf(staff),
  ...callsOf(content),
  ...callsOf(school),
  ...CATALOG_CALLS,
  ...callsOf(classes),
  ...callsOf(jobs),
  ...callsOf(media),
  ...callsOf(activities),
  ...callsOf(interaction),
  ...callsOf(progress),
  ...callsOf(certificates),
  ...callsOf(courses),
  ...callsOf(marking),
  ...callsOf(bank),
  ...callsOf(dashboard),
  ...callsOf(students),
  ...callsOf(messages),
};

export type StaffCallName = keyof typeof STAFF_CALLS;
