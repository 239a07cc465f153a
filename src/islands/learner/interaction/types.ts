/** What the classroom pages give the interaction panel. */
export interface PanelProps {
  classId: string;
  courseId: string;
  classroomId: string;
  classroomName: string;
  /** The token's user's class student id in the class. */
  studentId: string;
  userId: string;
  /** The like button: only content that is not a video has one. */
  showLike: boolean;
}
