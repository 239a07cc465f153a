import { activityJump, type JumpContext } from '~/lib/learning/jumps';
import { sitePath } from '~/lib/navigation';

/** An activity as the class page and the timetable list it (extendId is its course). */
interface ListedActivity {
  id: string;
  onlineType: number;
  extendId: string | null;
  classroomId: string | null;
  bizType: string | null;
  isRequired: number;
  classroomType?: number | null | undefined;
}

/** Where a listed activity leads on this site (activityJump). */
export function activityHref(a: ListedActivity, context: JumpContext): string {
  const { id, onlineType, extendId, classroomId, bizType, isRequired, classroomType } = a;
  return sitePath(activityJump({ id, onlineType, courseId: extendId, classroomId, bizType, isRequired, classroomType }, context));
}
