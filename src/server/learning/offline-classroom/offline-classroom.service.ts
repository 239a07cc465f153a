import type { Scope } from '../../http/scope';
import * as repo from './offline-classroom.repository';

/**
 * The content of face-to-face lessons: before-class notes, numbered key points and teachers (the
 * lowest seq leads), and the highlights of activities. The course editor writes a lesson's content
 * with the lesson itself: it calls these with its transaction as `s.db`, so both change together.
 * The learner's face-to-face classroom screen (learning/offline-classroom-page) reads them.
 */

/** One lesson's notes, points and teachers, for the learner's screen. */
export async function lessonContent(s: Scope, input: { tenantId: string; lessonId: string }) {
  const [notes, points, teachers] = await Promise.all([
    repo.findNotes(s.db, input.tenantId, input.lessonId),
    repo.listPoints(s.db, input.tenantId, input.lessonId),
    repo.listTeachers(s.db, input.tenantId, input.lessonId),
  ]);
  return { notes, points, teachers };
}

/** The highlights of one activity, in order. */
export function activityHighlights(s: Scope, input: { tenantId: string; activityId: string }) {
  return repo.listHighlights(s.db, input.tenantId, input.activityId);
}

/** The teachers of some face-to-face lessons (the first of each lesson leads). */
export function lessonTeachers(s: Scope, input: { tenantId: string; lessonIds: readonly string[] }) {
  return repo.lessonTeachers(s.db, input.tenantId, input.lessonIds);
}

/** The before-class notes of some face-to-face lessons. */
export function lessonNotes(s: Scope, input: { tenantId: string; lessonIds: readonly string[] }) {
  return repo.lessonNotes(s.db, input.tenantId, input.lessonIds);
}

/** The key points of some face-to-face lessons, in order. */
export function lessonPoints(s: Scope, input: { tenantId: string; lessonIds: readonly string[] }) {
  return repo.lessonPoints(s.db, input.tenantId, input.lessonIds);
}

/** Replaces a lesson's teachers (none: the lesson keeps no teacher). */
export function replaceLessonTeachers(s: Scope, input: { tenantId: string; lessonId: string; rows: Parameters<typeof repo.replaceLessonTeachers>[3] }) {
  return repo.replaceLessonTeachers(s.db, input.tenantId, input.lessonId, input.rows);
}

/** Replaces a lesson's before-class notes (null: none) and its key points. */
export function replaceLessonNotesAndPoints(
  s: Scope,
  input: { tenantId: string; lessonId: string; notes: string | null; points: readonly string[]; newId: () => string },
) {
  return repo.replaceLessonNotesAndPoints(s.db, input.tenantId, input.lessonId, input.notes, input.points, input.newId, s.now);
}
