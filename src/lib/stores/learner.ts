import { atom } from 'nanostores';
import type { LearnerClass } from '../api/contracts/learning';

/**
 * The class the student is working in, shared by the learner islands: set when a class card is
 * opened on my learning, read by the class page (to show the class before its own call answers)
 * and, later, by the timetable and classrooms. The URL (classId, schoolId) stays the source of
 * truth; this is a convenience kept for the tab (sessionStorage), never for another student.
 */
export interface CurrentClass {
  classId: string;
  schoolId: string;
  className: string;
  classPeriodName: string | null;
}

const KEY = 'szyx_learner_class';

function load(): CurrentClass | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<CurrentClass>) : null;
    return value && typeof value.classId === 'string' && typeof value.className === 'string'
      ? { classId: value.classId, schoolId: value.schoolId ?? '', className: value.className, classPeriodName: value.classPeriodName ?? null }
      : null;
  } catch {
    return null;
  }
}

export const $currentClass = atom<CurrentClass | null>(typeof window === 'undefined' ? null : load());

export function setCurrentClass(value: CurrentClass | null): void {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage: the store still holds it for this page.
  }
  $currentClass.set(value);
}

/** The current class as a learner card knows it. */
export function currentClassOf(c: LearnerClass): CurrentClass {
  return { classId: c.classId, schoolId: c.tenantId, className: c.className, classPeriodName: c.classPeriodName };
}

/** The current class when it is the one named by the address, else null. */
export function currentClassFor(classId: string): CurrentClass | null {
  const c = $currentClass.get();
  return c && c.classId === classId ? c : null;
}
