/**
 * Where the classroom's interaction panel (questions, notes, comments: learner-area.md 2.5, 2.6)
 * mounts, beside the face-to-face and the online classroom. Built by another part of issue 12;
 * until then it renders nothing and the classroom takes the whole width.
 */
export interface InteractionSlotProps {
  classId: string;
  classroomId: string;
  courseId: string;
  /** The class student id. */
  studentId: string;
  classroomName: string;
}

export function InteractionSlot(_props: InteractionSlotProps) {
  return null;
}
