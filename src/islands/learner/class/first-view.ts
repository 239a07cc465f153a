import { send } from '~/lib/api/client';
import { classFirstView, type ClassFirstView } from '~/lib/api/contracts/learning-class';
import { $session } from '~/lib/stores/session';

/** The class page's query: classId, optionally the class's school and experience. */
export interface ClassQuery {
  classId: string;
  schoolId: string | undefined;
  /** The experience query (any value but '', 0 or false). */
  experience: boolean;
}

/** Reads the class page's query from an address's search part. */
export function readClassQuery(search: string): ClassQuery {
  const q = new URLSearchParams(search);
  const experience = q.get('experience');
  return {
    classId: q.get('classId') ?? '',
    schoolId: q.get('schoolId') || undefined,
    experience: experience !== null && !['', '0', 'false'].includes(experience),
  };
}

/** What the first view is asked with: the class, the student, and the class's school when the address names it. */
export interface FirstViewAsk {
  classId: string;
  userId: string;
  schoolId: string | undefined;
}

const sameAsk = (a: FirstViewAsk, b: FirstViewAsk) => a.classId === b.classId && a.userId === b.userId && (a.schoolId ?? '') === (b.schoolId ?? '');

/** The first view asked before the island ran (at most one per page), until the island takes it. */
let early: { ask: FirstViewAsk; answer: Promise<ClassFirstView> } | null = null;
/** The island has asked for its first view: nothing is asked early any more (a visit is counted once). */
let taken = false;

/**
 * Asks for the class page's first view as soon as the page's HTML is read (the page's own small
 * script), while React and the island still load: the answer is there when the island first renders
 * instead of being asked for only then, one round trip later (decision 069). Nothing is asked without
 * a logged-in student or a class, or when the address brings a token (the header logs in with it
 * first, then the island asks). The answer is returned for the page's script to paint the header
 * early (early-header.ts); null when nothing was asked.
 */
export function askFirstViewEarly(search: string = location.search): Promise<ClassFirstView> | null {
  const user = $session.get().user;
  const query = readClassQuery(search);
  if (taken || early || !user?.userId || !query.classId || new URLSearchParams(search).has('token')) return null;
  const ask = { classId: query.classId, userId: user.userId, schoolId: query.schoolId };
  const answer = send(classFirstView, ask, { silent: true });
  // A failure is the island's to show, once it takes the answer.
  answer.catch(() => undefined);
  early = { ask, answer };
  return answer;
}

/** The class page's first view: the one asked early when it was for the same class and student (taken once), else asked now. */
export function firstView(ask: FirstViewAsk): Promise<ClassFirstView> {
  taken = true;
  const mine = early && sameAsk(early.ask, ask) ? early.answer : null;
  early = null;
  return mine ?? send(classFirstView, ask, { silent: true });
}
