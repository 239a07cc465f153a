/**
 * Where the interaction panel (questions, notes, comments) and the like button of non-video
 * lessons go (learner-area.md 2.6, right panel). Another part of issue 12 builds them; until then
 * this slot renders nothing, so the classroom's layout already has its place.
 */
export function InteractionSlot(_props: { classId: string; classroomId: string; courseId: string; studentId: string; showLike: boolean }) {
  return null;
}
